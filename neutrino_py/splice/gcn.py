"""Splice a checked probe program into the kernels of an AMDGCN module.

The GCN counterpart of `splice.instrument`: the same `Lowerer` turns probes into `ops`, the
`targets.gcn` templates render them, the GCN parser turns the rendered lines into IR, and the
kernel's descriptor and metadata are updated:

- registers are physical: the instrumentation's frame sits above ``.amdhsa_next_free_vgpr/sgpr``,
  both raised to cover it (and ``.vgpr_count``/``.sgpr_count`` in the metadata);
- a prologue at entry saves the kernarg pointer, the workgroup ids and the work-item ids (the
  kernel overwrites them later); workgroup ids y/z and work-item ids y/z are enabled when that
  shifts none of the kernel's own SGPRs;
- the header and map pointers are appended as explicit ``global_buffer`` arguments after the
  kernel's own, before the hidden arguments, which move up; the kernel's own ``s_load`` of
  hidden arguments through the kernarg pointer are moved with them;
- every site saves SCC in an SGPR and restores it; EXEC is restored by the templates that narrow
  it; VCC is never written; a site that issued memory operations waits for them before the
  kernel's code continues (so the kernel's own ``s_waitcnt`` counts stay right).
"""
from __future__ import annotations

import dataclasses
import functools
import re
from collections import Counter
from dataclasses import dataclass, field

from neutrino_py.asm.gcn import (Comment, GcnModule, Imm, Instruction, Label, Loc, Modified, Reg,
                                 Statement)
from neutrino_py.asm.gcn_parse import parse_gcn
from neutrino_py.errors import SourceError
from neutrino_py.probe import ast
from neutrino_py.probe.opcodes import opcode_id
from neutrino_py.splice import ops
from neutrino_py.splice.splicer import _count, operand_names
from neutrino_py.splice.lower import Lowerer, Site
from neutrino_py.contract.manifest import Manifest, params_for
from neutrino_py.splice.ops import Src, Stmt, Value
from neutrino_py.targets.gcn import hazards, opcodes
from neutrino_py.targets.gcn.render import LABEL_PREFIX, MAX_SGPRS, Facts, Frame
from neutrino_py.targets.gcn.render import Site as RenderSite
from neutrino_py.targets.gcn.render import render

# code object v5 hidden args the probes read: kind -> (offset from the hidden block, size);
# added to the metadata (so the runtime fills them) where the compiler left them out
V5_HIDDEN = {"hidden_block_count_x": (0, 4), "hidden_block_count_y": (4, 4),
             "hidden_block_count_z": (8, 4), "hidden_group_size_x": (12, 2),
             "hidden_group_size_y": (14, 2), "hidden_group_size_z": (16, 2)}
SYSTEM_SGPRS = ("workgroup_id_x", "workgroup_id_y", "workgroup_id_z", "workgroup_info")


@dataclass
class InstrumentedGcn:
    """The instrumented module (edited in place), one manifest per kernel, and per kernel the
    occupancy (waves per SIMD) before and after."""
    module: GcnModule
    manifests: dict[str, Manifest] = field(default_factory=dict)
    occupancy: dict[str, tuple[int, int]] = field(default_factory=dict)


def instrument_gcn(module: GcnModule, program: ast.ProbeProgram,
                   kernels: str | None = None) -> InstrumentedGcn:
    """Instrument every kernel of `module` whose name `kernels` (a regex, searched) matches."""
    pattern = re.compile(kernels) if kernels else None
    result = InstrumentedGcn(module)
    files = module.files()
    for name in module.kernel_names():
        if pattern is None or pattern.search(name):
            splice = _KernelSplice(module, name, files, program)
            result.manifests[name] = splice.run()
            result.occupancy[name] = splice.occupancy
    return result


class _Tmp:
    """The lowering's scope: scratch `ops.Reg`s numbered after the persistent ones, per site."""

    def __init__(self, persistent: dict[str, int]) -> None:
        self.persistent, self.used = persistent, {}

    def tmp(self, type_: str) -> ops.Reg:
        n = self.used.get(type_, 0)
        self.used[type_] = n + 1
        return ops.Reg(type_, self.persistent.get(type_, 0) + n)


@functools.lru_cache(maxsize=1 << 16)
def _parsed(line: str, file: str) -> tuple[Statement, ...]:
    return tuple(parse_gcn(line, file).statements)


def _to_statements(lines: list[str], file: str) -> list[Statement]:
    """IR statements of rendered lines, wait states padded (each distinct line is parsed once per
    process; instructions are copied so no two insertions share an operand list)."""
    return hazards.pad([dataclasses.replace(s, operands=list(s.operands), modifiers=list(s.modifiers))
                        if isinstance(s, Instruction) else dataclasses.replace(s)
                        for line in lines for s in _parsed(line, file)])


def _ptx_name(ins: Instruction) -> str:
    return opcodes.ptx_name(ins.opcode, [m.name for m in ins.modifiers])


def _guarded(ins: Instruction) -> bool:
    return ins.opcode.startswith("s_cbranch")


class _KernelSplice:
    def __init__(self, module: GcnModule, name: str, files: dict[int, str],
                 program: ast.ProbeProgram) -> None:
        self.module, self.name, self.program = module, name, program
        self.view = module.kernel(name)
        self.desc, self.meta = self.view.descriptor, self.view.metadata
        self.facts = Facts(module.target)
        self.low = Lowerer(program, warp_slots=False, shard_pools=False,   # templates it lacks
                           warp_sum=False)
        self.inserts: list[tuple[int, list[Statement]]] = []
        self.warnings: list[str] = []
        self.occupancy = (0, 0)
        self.reads_out: set[int] = set()
        self.lines_of = self.source_lines(files)

    def error(self, message: str, hint: str, line: int = 0) -> SourceError:
        return SourceError(f"{self.name}: {message}", file=self.module.file,
                           line=line or self.desc.line, col=1, hint=hint)

    # -------------------------------------------------------------- kernel arguments

    def append_params(self, params: list) -> dict[str, int]:
        """Insert the pointers after the explicit args; hidden args move up by the same shift."""
        if self.meta is None:
            raise self.error("no .amdgpu_metadata entry", "assemble with code object v4 or newer")
        args = self.meta.setdefault(".args", [])
        explicit = [a for a in args if not a[".value_kind"].startswith("hidden_")]
        hidden = [a for a in args if a[".value_kind"].startswith("hidden_")]
        end = max((a[".offset"] + a[".size"] for a in explicit), default=0)
        first = -(-end // 8) * 8            # code object v5: hidden args start 8-aligned
        offsets = {p.name: first + 8 * i for i, p in enumerate(params)}
        base = first + 8 * len(params)
        shift = base - first
        for a in hidden:
            a[".offset"] += shift
        if hidden:
            self.relocate_hidden_loads(first, shift)
        have = {a[".value_kind"] for a in hidden}
        hidden += [{".offset": base + off, ".size": size, ".value_kind": kind}
                   for kind, (off, size) in V5_HIDDEN.items() if kind not in have]
        hidden.sort(key=lambda a: a[".offset"])
        new_args = [{".address_space": "global", ".name": p.name, ".offset": offsets[p.name],
                     ".size": 8, ".value_kind": "global_buffer"} for p in params]
        self.meta[".args"] = explicit + new_args + hidden
        need = -(-max(a[".offset"] + a[".size"] for a in self.meta[".args"]) // 8) * 8   # dword reads
        size = max(self.meta.get(".kernarg_segment_size", 0) + shift, need)
        self.meta[".kernarg_segment_size"] = size
        self.desc.set("kernarg_size", max(self.desc.get("kernarg_size") + shift, size))
        return offsets

    def kernarg_sgpr(self) -> int:
        d = self.desc
        return 4 * d.get("user_sgpr_private_segment_buffer") + 2 * d.get("user_sgpr_dispatch_ptr") \
            + 2 * d.get("user_sgpr_queue_ptr")

    def relocate_hidden_loads(self, hidden_start: int, shift: int) -> None:
        """Move the kernel's reads of hidden args by `shift`: `s_load`s through its kernarg
        pointer, and pointers it derives from it (``s_add_u32 lo, k, IMM; s_addc_u32 hi, k+1,
        0``, LLVM's implicit-argument pointer) when they point into the hidden args."""
        if shift == 0:
            return
        k = self.kernarg_sgpr()
        pointers = {(k, k + 1): (0, None)}     # SGPR pair -> (kernarg offset, the s_add)
        pending: dict[int, tuple[int, Instruction]] = {}
        escaped = 0
        for s in self.body():
            if not isinstance(s, Instruction):
                continue
            ops_ = s.operands
            src = ops_[1] if len(ops_) > 2 else None
            if s.opcode == "s_add_u32" and isinstance(src, Reg) and src.file == "s" \
                    and src.first == k and isinstance(ops_[2], Imm) and isinstance(ops_[0], Reg):
                pending[ops_[0].first] = (int(ops_[2].value), s)
                continue
            if s.opcode == "s_addc_u32" and isinstance(src, Reg) and src.first == k + 1 \
                    and isinstance(ops_[2], Imm) and ops_[2].value == 0 and isinstance(ops_[0], Reg) \
                    and ops_[0].first - 1 in pending:
                delta, add = pending.pop(ops_[0].first - 1)
                if delta >= hidden_start:
                    add.operands[2] = Imm(str(delta + shift))
                pointers[(ops_[0].first - 1, ops_[0].first)] = (delta, add)
                continue
            base = ops_[1] if s.opcode.startswith("s_load") and len(ops_) > 2 else None
            pair = (base.first, base.first + 1) if isinstance(base, Reg) and base.file == "s" \
                and base.count == 2 else None
            if pair in pointers and isinstance(ops_[2], Imm):
                delta, add = pointers[pair]
                off = delta + int(ops_[2].value)
                size = opcodes.width(s.opcode) or 4
                if off < hidden_start < off + size:
                    raise self.error("a load reads explicit and hidden arguments together",
                                     "map pointers cannot be inserted between them", s.line)
                if off >= hidden_start and add is None:
                    if escaped:
                        raise self.error(
                            "cannot move the kernel's read of its hidden arguments",
                            f"the kernarg pointer is copied or overwritten first (line {escaped}); "
                            "map pointers cannot be appended", s.line)
                    s.operands[2] = Imm(hex(off + shift))
                elif off >= hidden_start and delta < hidden_start:
                    raise self.error(
                        "a pointer into the explicit arguments reads hidden arguments",
                        f"it is made at line {add.line}; map pointers cannot be inserted between "
                        "them", s.line)
            written = set(ops_[0].indices) if ops_ and isinstance(ops_[0], Reg) and ops_[0].file == "s" \
                and opcodes.writes_first(s.opcode, [m.name for m in s.modifiers]) else set()
            for p in [p for p in pointers if written & set(p)]:
                if p == (k, k + 1):
                    escaped = escaped or s.line
                del pointers[p]
            if (k, k + 1) in pointers and pair != (k, k + 1) and \
                    any({k, k + 1} & set(r.indices) for r in s.regs() if r.file == "s"):
                escaped = escaped or s.line

    # -------------------------------------------------------------- frame and prologue

    def enable_ids(self) -> tuple[list[str], list[str]]:
        """Enable the workgroup id SGPRs (where no other SGPR moves) and all work-item ids;
        returns (source register of wg x, y, z or "0", source VGPRs of the work-item ids)."""
        d = self.desc
        enabled = [d.get("system_sgpr_" + s) for s in SYSTEM_SGPRS]
        after_private = d.get("system_sgpr_private_segment_wavefront_offset") or \
            d.get("enable_private_segment")
        sources: list[str] = []
        pos = d.get("user_sgpr_count")
        for i, dim in enumerate("xyz"):
            later = any(enabled[i + 1:]) or after_private
            if not enabled[i] and not later:
                enabled[i] = 1
                d.set(f"system_sgpr_workgroup_id_{dim}", 1)
            if enabled[i]:
                sources.append(f"s{pos}")
                pos += 1
            else:
                sources.append("0")
                self.warnings.append(f"workgroup id {dim} is not available (the kernel's system "
                                     f"SGPRs would move): block indices assume {dim} = 0")
        self.system_end = pos + sum(enabled[3:]) + bool(after_private)
        d.set("system_vgpr_workitem_id", max(2, d.get("system_vgpr_workitem_id")))
        return sources, (["v0"] if self.facts.packed_tid else ["v0", "v1", "v2"])

    def make_frame(self, params: dict[str, int]) -> Frame:
        if self.meta.get(".agpr_count", 0):
            raise self.error("the kernel uses AGPRs", "instrumenting MFMA kernels with AGPRs is "
                             "not supported yet on GCN")
        hidden = {a[".value_kind"]: a[".offset"] for a in self.meta[".args"]
                  if a[".value_kind"].startswith("hidden_")}
        wg, tid = self.enable_ids()
        d = self.desc
        vbase = max(d.get("next_free_vgpr"), len(tid))
        sbase = max(d.get("next_free_sgpr"), self.system_end)
        frame = Frame(self.facts, vbase + vbase % 2, sbase + sbase % 2, dict(self.low.persistent),
                      hidden=hidden, params=params)
        k = self.kernarg_sgpr()
        prologue = [f"s_mov_b64 {frame.kernarg}, s[{k}:{k + 1}]", f"s_mov_b64 {frame.entry_exec}, exec"]
        prologue += [f"s_mov_b32 {dst}, {src}" for dst, src in zip(frame.wgid, wg)]
        prologue += [f"v_mov_b32 {dst}, {src}" for dst, src in zip(frame.tid, tid)]
        self.prologue = prologue
        return frame

    # -------------------------------------------------------------- sites

    def body(self) -> list[Statement]:
        return self.module.statements[self.view.start:self.view.end]

    def lines(self, stmts: list[Stmt], site: RenderSite) -> list[str]:
        try:
            return render(stmts, site)
        except ValueError as e:          # an operation the GCN templates do not implement
            raise SourceError(f"{self.name}: {e}", file=self.program.file, line=1, col=1,
                              source=self.program.text,
                              hint="rewrite the probe expression (see README, AMD)") from None

    def queue(self, index: int, text: list[str]) -> None:
        """Insert rendered lines at statement `index` of the module, SCC kept, memory drained."""
        if not text:
            return
        if any(t.startswith(("global_", "flat_", "buffer_")) for t in text):
            text = text + ["s_waitcnt vmcnt(0)"]
        scc = self.frame.scc
        code = [f"s_cselect_b32 {scc}, 1, 0", *text, f"s_cmp_lg_u32 {scc}, 0"]
        self.inserts.append((index, _to_statements(code, self.module.file)))

    def site_ops(self, probe: ast.Probe, ins: Instruction | None, pc: int,
                 block: list[Instruction], scope: _Tmp, before: list[Stmt]) -> list[Stmt]:
        """The probe's body at one place; captures go to `before`, the body reads OUT first."""
        names = operand_names(probe)
        late: list[Stmt] = []
        operands = {} if ins is None else self.bind(ins, pc, names, scope, before, late)
        count = functools.partial(_count, Counter((_ptx_name(i), _guarded(i)) for i in block))
        return late + self.low.probe(probe, Site(operands, count), scope)

    def bind(self, ins: Instruction, pc: int, names: set[str], scope: _Tmp,
             before: list[Stmt], after: list[Stmt]) -> dict[str, Value]:
        """Operand helpers of one instruction; values it may overwrite are captured before it,
        OUT is read after it (once its memory operation completed)."""
        out: dict[str, Value] = {}
        mods = [m.name for m in ins.modifiers]
        ptx = _ptx_name(ins)
        for name in sorted(names):
            if name == "PC":
                out[name] = ops.Imm(pc, "u32")
            elif name == "OPCODE":
                out[name] = ops.Imm(opcode_id(ptx), "u32")
            elif name == "BYTES":
                out[name] = ops.Imm(opcodes.width(ins.opcode), "u32")
            elif name == "ADDR":
                out[name] = self.address(ins, scope, before)
            elif name == "OUT":
                first = ins.operands[:1] if opcodes.writes_first(ins.opcode, mods) else []
                out[name] = self.raw(first[0] if first else None, scope, after)
            else:
                srcs = ins.operands[1:] if opcodes.writes_first(ins.opcode, mods) else ins.operands
                k = int(name[2:]) - 1
                out[name] = self.raw(srcs[k] if k < len(srcs) else None, scope, before)
        return out

    def raw(self, op, scope: _Tmp, code: list[Stmt]) -> Value:
        if isinstance(op, Modified):
            op = op.inner
        if isinstance(op, Imm) and isinstance(op.value, int):
            return ops.Imm(op.value % (1 << 64), "u64")
        if isinstance(op, Reg) and (op.first is not None or op.file in ("vcc", "exec", "m0")):
            dst = scope.tmp("u64")
            wide = op.count >= 2 or op.file in ("vcc", "exec")
            first = Reg(op.file, op.first, 2, True) if wide and op.first is not None else op
            code.append(ops.ZeroExtend(dst, Src(str(first), "u64" if wide else "u32"),
                                       64 if wide else 32))
            return dst
        return ops.Imm(0, "u64")

    def address(self, ins: Instruction, scope: _Tmp, code: list[Stmt]) -> Value:
        """ADDR: global/flat: the 64-bit address; LDS: the offset in the workgroup's LDS;
        scalar loads: base + offset; buffer/scratch: 0 (needs the resource descriptor)."""
        op, mods = ins.opcode, [m.name for m in ins.modifiers]
        offset = sum(int(m.value, 0) for m in ins.modifiers
                     if m.name in ("offset", "offset0") and isinstance(m.value, str))
        dst = scope.tmp("u64")
        if op.startswith(("global_", "flat_")):
            i = 0 if not opcodes.writes_first(op, mods) else 1
            vaddr, saddr = ins.operands[i], ins.operands[-1]
            if isinstance(saddr, Reg) and saddr.file == "s":
                code.append(ops.Convert(dst, Src(str(vaddr), "u32")))
                code.append(ops.Binary(dst, "add", dst, Src(str(saddr), "u64")))
            else:
                code.append(ops.Move(dst, Src(str(vaddr), "u64")))
        elif op.startswith("ds_"):
            i = 0 if not opcodes.writes_first(op, mods) else 1
            code.append(ops.Convert(dst, Src(str(ins.operands[i]), "u32")))
        elif op.startswith("s_load") and isinstance(ins.operands[2], Imm):
            code.append(ops.Move(dst, Src(str(ins.operands[1]), "u64")))
            offset += int(ins.operands[2].value)
        else:
            return ops.Imm(0, "u64")
        if offset:
            code.append(ops.Binary(dst, "add", dst, ops.Imm(offset, "u64")))
        return dst

    def matches(self, probe: ast.Probe, instructions: list[tuple[int, Instruction]],
                blocks: list[list[tuple[int, Instruction]]]) -> list[tuple[int, str, Instruction | None, list]]:
        """(statement index, before/after, instruction, block) for every place `probe` runs."""
        pos = probe.position
        if pos.when == "block":
            return [(b[0][0], "before", None, [i for _, i in b]) for b in blocks if b]
        if pos.when in ("entry", "exit"):
            return []
        if isinstance(pos.target, ast.Mark):
            return [(n, pos.when, None, []) for n, s in enumerate(self.body(), self.view.start)
                    if isinstance(s, Comment) and pos.target.matches(s.body)]
        if isinstance(pos.target, ast.Lines):
            return [(n, pos.when, i, []) for n, i in instructions
                    if (loc := self.lines_of.get(n)) is not None and pos.target.matches_file(loc[0])
                    and pos.target.first <= loc[1] <= pos.target.last]
        found = [(n, pos.when, i, []) for n, i in instructions
                 if pos.target.matches(_ptx_name(i), _guarded(i))]
        if pos.when == "after":
            for n, _, i, _ in found:
                if opcodes.is_terminator(i.opcode):
                    raise SourceError(
                        f"`after` cannot follow `{i.opcode}` (in {self.name}, "
                        f"{self.module.file}:{i.line}): control never reaches the next instruction",
                        file=self.program.file, line=pos.span.line, col=pos.span.col,
                        source=self.program.text, width=pos.span.width,
                        hint="use `before` for branches and s_endpgm, or narrow the opcode pattern")
        return found

    def source_lines(self, files: dict[int, str]) -> dict[int, tuple[str, int]]:
        """Statement index -> (source path, line) from ``.loc`` (clang -g), for every instruction
        of the kernel; `files` is the module's file table."""
        out, loc = {}, None
        for n in range(self.view.start, self.view.end):
            s = self.module.statements[n]
            if isinstance(s, Loc):
                loc = (files.get(s.file, ""), s.source_line)
            elif isinstance(s, Instruction) and loc is not None:
                out[n] = loc
        return out

    def blocks(self) -> list[list[tuple[int, Instruction]]]:
        """Basic blocks: a label or the instruction after a branch starts a new one."""
        out: list[list[tuple[int, Instruction]]] = [[]]
        labelled = False
        for n in range(self.view.start, self.view.end):
            s = self.module.statements[n]
            if isinstance(s, Label):
                labelled = True
            elif isinstance(s, Instruction):
                if out[-1] and (labelled or opcodes.is_terminator(out[-1][-1][1].opcode)):
                    out.append([])
                out[-1].append((n, s))
                labelled = False
        return [b for b in out if b]

    # -------------------------------------------------------------- driver

    def run(self) -> Manifest:
        program, view = self.program, self.view
        used = [s.name for s in self.body() if isinstance(s, Label) and s.name.startswith(LABEL_PREFIX)]
        if used or any(str(a.get(".name", "")).startswith("__nt_") for a in (self.meta or {}).get(".args", [])):
            raise self.error("the kernel is already instrumented",
                             "instrument the original assembly, not an instrumented one")
        v0, s0 = self.desc.get("next_free_vgpr"), self.desc.get("next_free_sgpr")
        params = params_for(list(self.low.specs.values()))
        self.frame = frame = self.make_frame(self.append_params(params))
        instructions = [(n, s) for n, s in enumerate(self.body(), view.start) if isinstance(s, Instruction)]
        pcs = {id(i): k for k, (_, i) in enumerate(instructions)}
        blocks = self.blocks()

        entry = [p for p in program.probes if p.position.when == "entry"]
        scope = _Tmp(self.low.persistent)
        code = list(self.low.entry())
        for p in entry:
            code += self.low.probe(p, Site(), scope)
        first = instructions[0][0] if instructions else view.start
        entry_lines = self.prologue + self.lines(code, RenderSite(frame))

        positions: dict[str, int] = {}
        scopes: dict[int, _Tmp] = {}
        sites: dict[int, dict[str, list[Stmt]]] = {}     # anchor -> before / after / exit ops
        for p in program.probes:
            found = self.matches(p, instructions, blocks)
            positions[p.label] = len(found) if p.position.when not in ("entry", "exit") else (
                1 if p.position.when == "entry" else sum(i.opcode == "s_endpgm" for _, i in instructions))
            for n, where, ins, block in found:
                scope = scopes.setdefault(n, _Tmp(self.low.persistent))
                site = sites.setdefault(n, {"before": [], "after": [], "exit": []})
                before: list[Stmt] = []
                pc = pcs[id(ins)] if ins else (pcs[id(block[0])] if block else 0)
                body = self.site_ops(p, ins, pc, block, scope, before)
                if ins is not None and "OUT" in operand_names(p) and opcodes.memory_space(ins.opcode):
                    self.reads_out.add(n)
                site["before"] += before + (body if where == "before" else [])
                site["after"] += body if where == "after" else []
        exits = [p for p in program.probes if p.position.when == "exit"]
        if exits or self.low.has_exit_state:
            for n, i in instructions:
                if i.opcode == "s_endpgm":
                    scope = scopes.setdefault(n, _Tmp(self.low.persistent))
                    code = [s for p in exits for s in self.low.probe(p, Site(), scope)]
                    sites.setdefault(n, {"before": [], "after": [], "exit": []})["exit"] = \
                        code + self.low.flush(scope)

        # captures before an instruction and the bodies after it share one site's registers
        rendered: list[tuple[int, list[str]]] = []
        after: list[tuple[int, list[str]]] = []
        for n, parts in sites.items():
            site = RenderSite(frame)
            text = self.lines(parts["before"], site)
            if parts["exit"]:      # every lane the wave started with exits here, once
                text += [f"s_mov_b64 exec, {frame.entry_exec}"] + self.lines(parts["exit"], site)
            rendered.append((n, text))
            wait = ["s_waitcnt vmcnt(0) lgkmcnt(0)"] if n in self.reads_out else []
            after.append((n + 1, wait + self.lines(parts["after"], site) if parts["after"] else []))
        for n, text in rendered + after:
            self.queue(n, text)
        for n, stmts in sorted(self.inserts, key=lambda x: x[0], reverse=True):
            self.module.statements[n:n] = stmts
        self.module.statements[first:first] = _to_statements(entry_lines, self.module.file)

        self.update_registers(frame, v0, s0)
        for label, n in positions.items():
            if n == 0:
                self.warnings.append(f"{label} matched nothing in {self.name}")
        return Manifest(kernel=self.name, target="gcn",
                        probe={"hash": program.hash, "text": program.text, "file": program.file},
                        params=params, maps=list(self.low.specs.values()), positions=positions,
                        registers_added={"vgpr": self.desc.get("next_free_vgpr") - v0,
                                         "sgpr": self.desc.get("next_free_sgpr") - s0},
                        warnings=self.warnings)

    def update_registers(self, frame: Frame, v0: int, s0: int) -> None:
        d, meta = self.desc, self.meta
        v1, s1 = max(v0, frame.vhigh), max(s0, frame.shigh)
        extra = meta.get(".sgpr_count", s0) - s0
        if s1 + max(extra, 0) > MAX_SGPRS + 6:
            raise self.error(f"the probe needs SGPRs up to s{s1 - 1}; with the kernel's "
                             f"{meta.get('.sgpr_count')} SGPRs that exceeds the 102 of gfx9",
                             "use fewer shared registers or simpler probe expressions")
        if v1 > 256:
            raise self.error(f"the probe needs VGPRs up to v{v1 - 1} (more than 256)",
                             "use fewer shared registers or simpler probe expressions")
        d.set("next_free_vgpr", v1)
        d.set("next_free_sgpr", s1)
        if ".amdhsa_accum_offset" in d.fields:
            d.set("accum_offset", max(4, -(-v1 // 4) * 4))
        before = self.facts.occupancy(meta.get(".vgpr_count", v0), meta.get(".sgpr_count", s0))
        meta[".vgpr_count"] = meta.get(".vgpr_count", v0) + (v1 - v0)
        meta[".sgpr_count"] = meta.get(".sgpr_count", s0) + (s1 - s0)
        after = self.facts.occupancy(meta[".vgpr_count"], meta[".sgpr_count"])
        self.occupancy = (before, after)
        if after < before:
            self.warnings.append(f"occupancy drops from {before} to {after} waves per SIMD "
                                 f"(+{v1 - v0} VGPRs, +{s1 - s0} SGPRs)")
