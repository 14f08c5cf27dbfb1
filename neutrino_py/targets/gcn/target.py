"""The GCN `Target`: kernels of an `asm.gcn.GcnModule`, operand binding, rendering, finishing.

- registers are physical: the instrumentation's frame sits above ``.amdhsa_next_free_vgpr/sgpr``,
  both raised to cover it (and ``.vgpr_count``/``.sgpr_count`` in the metadata); what passes a
  register limit is stashed around every site (`stash`);
- a prologue at entry saves the kernarg pointer, the workgroup ids and the work-item ids (the
  kernel overwrites them later); workgroup ids y/z and work-item ids y/z are enabled when that
  shifts none of the kernel's own SGPRs;
- the header and map pointers are appended as explicit ``global_buffer`` arguments after the
  kernel's own, before the hidden arguments, which move up; the kernel's own ``s_load`` of
  hidden arguments through the kernarg pointer (or copies of it) are moved with them; where one
  cannot move, the pointers follow the hidden arguments instead;
- every site saves SCC in an SGPR and restores it; EXEC is restored by the templates that narrow
  it; VCC is never written; a site that issued memory operations waits for them before the
  kernel's code continues (so the kernel's own ``s_waitcnt`` counts stay right);
- probes at a scalar memory access run once per wave, in lane 0, whatever EXEC holds (0
  included), as the access does (`runs_once`, `render.Once`): EXEC saved in a scratch SGPR pair
  the descriptor counts, set to lane 0, restored;
- blocks start at a label or after a terminator, and their probes run past the EXEC switches
  that open them (a join's ``s_or_b64 exec``, an else branch's ``s_andn2_saveexec_b64``), on the
  lanes that run the block; `@bra` patterns match ``s_cbranch_*`` as the guarded branch, and code
  after one runs on the path that does not take it; no code goes after another terminator.
"""
from __future__ import annotations

import functools
import itertools
from typing import Sequence

from neutrino_py import ops
from neutrino_py.asm import gcn_opcodes as opcodes
from neutrino_py.asm.gcn import (PROCESSORS, SUPPORTED, Comment, Func, GcnModule, Imm,
                                 Instruction, Label, Loc, Modified, Register, Statement, Sym,
                                 APERTURES, WIDE_SPECIALS, evaluate)
from neutrino_py.asm.gcn_cfg import basic_blocks, label_named, labelled_blocks, successors
from neutrino_py.errors import SourceError
from neutrino_py.ops import Scratch, Src, Stmt, Value
from neutrino_py.probe.ast import is_mark
from neutrino_py.targets import Finished, Guard, SiteCode, Unreadable, numbered_comments
from neutrino_py.targets.gcn import hazards, pcrel, stash
from neutrino_py.targets.gcn.render import LABEL_PREFIX, Facts, Frame, Once, Wide
from neutrino_py.targets.gcn.render import Site as RenderSite
from neutrino_py.targets.gcn.render import render

# code object v5 hidden args the probes read: kind -> (offset from the hidden block, size);
# added to the metadata (so the runtime fills them) where the compiler left them out
V5_HIDDEN = {"hidden_block_count_x": (0, 4), "hidden_block_count_y": (4, 4),
             "hidden_block_count_z": (8, 4), "hidden_group_size_x": (12, 2),
             "hidden_group_size_y": (14, 2), "hidden_group_size_z": (16, 2)}
HIDDEN_BYTES = 256           # code object v5's hidden argument block
SYSTEM_SGPRS = ("workgroup_id_x", "workgroup_id_y", "workgroup_id_z", "workgroup_info")
# 64-bit integer operations the templates implement
VGPRS = 256                 # architectural VGPRs a lane can name
WIDE_INT_FNS = ("and", "or", "xor", "shl", "shr", "add", "sub", "mul", "min", "max", "div", "rem")


# special registers an operand may read as raw bits: 64-bit pairs, their 32-bit halves, M0, the
# apertures (64-bit)
READABLE_SPECIALS = WIDE_SPECIALS + tuple(f"{r}_{h}" for r in WIDE_SPECIALS for h in ("lo", "hi")) \
    + ("m0",) + APERTURES
CONFLICT = "conflict"     # an SGPR pair holding a kernarg pointer on some paths only, or different ones


def _join(a: dict, b: dict) -> dict:
    """Pointers at a block reached with states `a` and `b`: a pair on which they disagree (or
    that one lacks) may hold a pointer, or not: CONFLICT."""
    return {p: a.get(p) if a.get(p) == b.get(p) else CONFLICT for p in a.keys() | b.keys()}


def _index_mode(body: Sequence[Statement]) -> tuple[dict[int, Instruction], dict[int, Instruction]]:
    """VGPR index mode (``s_set_gpr_idx_on`` ... ``s_set_gpr_idx_off``: gfx9's dynamic vector
    indexing; while it is on, M0's index is added to the VGPR operands of every VALU instruction,
    the instrumentation's too): id(instruction) -> the ``s_set_gpr_idx_on`` in force just before
    it, and just after it."""
    before: dict[int, Instruction] = {}
    after: dict[int, Instruction] = {}
    on: Instruction | None = None
    for s in body:
        if not isinstance(s, Instruction):
            continue
        if on is not None:
            before[id(s)] = on
        on = s if s.opcode == "s_set_gpr_idx_on" else None if s.opcode == "s_set_gpr_idx_off" else on
        if on is not None:
            after[id(s)] = on
    return before, after


def _unindexed(code: list[Statement], on: Instruction | None) -> list[Statement]:
    """`code` with VGPR index mode off, turned on again after it as `on` had set it (M0 keeps
    the index: nothing of the instrumentation writes M0)."""
    if not code or on is None:
        return code
    return [Instruction("s_set_gpr_idx_off"), *code,
            Instruction("s_set_gpr_idx_on", [Register("m0"), on.operands[1]])]


class Stuck(Exception):
    """A read of hidden kernel arguments that cannot move (at source `line`)."""

    def __init__(self, reason: str, line: int) -> None:
        super().__init__(reason)
        self.line = line


class _Tmp:
    """The lowering's scope: scratch `ops.Reg`s numbered after the persistent ones, per site."""

    def __init__(self, persistent: dict[str, int]) -> None:
        self.persistent, self.used = persistent, {}

    def tmp(self, type_: str) -> ops.Reg:
        n = self.used.get(type_, 0)
        self.used[type_] = n + 1
        return ops.Reg(type_, self.persistent.get(type_, 0) + n)


# scalar instructions a block's probes are not moved past to reach its EXEC switch: branches
# and calls, and the waits for other waves (the probes' clocks would move past them)
_SCAN_STOPS = ("s_swappc", "s_setpc", "s_barrier", "s_sleep", "s_branch", "s_cbranch", "s_endpgm")


def _writes_exec(ins: Instruction) -> bool:
    """Whether a scalar instruction writes EXEC (``s_*_saveexec_b64``, or EXEC or a half of it
    as its destination)."""
    return ins.opcode.startswith("s_") and ("saveexec" in ins.opcode or bool(ins.operands)
                                            and str(ins.operands[0]) in ("exec", "exec_lo", "exec_hi"))


def _switches_exec(ins: Instruction) -> bool:
    """Whether `ins` sets EXEC to the lanes of the path that starts with it: a join's
    ``s_or_b64 exec, exec, s[..]`` (the lanes that skipped the branch before it come back), or
    the head of an else branch, LLVM's ``s_andn2_saveexec_b64 s[..], s[..]`` or
    ``s_or_saveexec_b64 s[..], s[..]`` and the ``s_xor_b64 exec, exec, s[..]`` after it (the
    lanes the then-part left out); EXEC sources in either order."""
    ops_ = ins.operands
    if not all(isinstance(o, Register) for o in ops_):
        return False
    if ins.opcode in ("s_andn2_saveexec_b64", "s_or_saveexec_b64"):
        return len(ops_) == 2 and all(o.file == "s" for o in ops_)
    return ins.opcode in ("s_or_b64", "s_xor_b64") and len(ops_) == 3 \
        and ops_[0] == Register("exec") and Register("exec") in ops_[1:]


class GcnKernel:
    """One kernel of a GCN module being instrumented."""

    def __init__(self, module: GcnModule, name: str, persistent: dict[str, int],
                 params: list) -> None:
        self.module, self.name, self.file, self.persistent = module, name, module.file, persistent
        self.view = module.kernel(name)
        self.desc, self.meta = self.view.descriptor, self.view.metadata
        self.facts = Facts(module.target)
        self.constants = module.constants()     # .set / .equ symbols an operand may name
        self.warnings: list[str] = []
        self.occupancy = (0, 0)
        self.inserts: dict[int, tuple[list[Statement], list[Statement]]] = {}
        self.widen: set[int] = set()        # ids of the exits' `s_mov_b64 exec, <entry lanes>`
        self.lane0: set[tuple[int, int]] = set()   # (id(anchor), side) whose code has a `Once`
        self.entry_lanes: set[tuple[int, int]] = set()   # ... a `Wide`
        self.entry = 0                      # id of the entry anchor (the prologue's)
        self.setup: list[Statement] = []    # before the prologue: a private-memory stash's resource
        self.check_processor()
        self.check_no_gds()
        self.start = self.code_start()      # statements[start:view.end] is the code that runs
        self.lines_of = self.source_lines(module.files())
        self.check_not_instrumented()
        self.v0, self.s0 = self.desc.get("next_free_vgpr"), self.desc.get("next_free_sgpr")
        # labels are numbered per kernel and carry the kernel's place in the module (llvm-mc's
        # .L labels are the file's): the same kernel and probe give the same text in any process
        self.labels = itertools.count()
        self.label_stem = f"{LABEL_PREFIX}{module.kernel_names().index(name)}_"
        self.frame = self.make_frame(self.append_params(params))

    def new_label(self) -> str:
        return f"{self.label_stem}{next(self.labels)}"

    def error(self, message: str, hint: str, line: int = 0) -> SourceError:
        return SourceError(f"{self.name}: {message}", file=self.module.file,
                           line=line or self.desc.line, col=1, hint=hint)

    def check_processor(self) -> None:
        if self.module.target not in PROCESSORS:
            raise self.error(f"{self.module.target} is not a processor neutrino_py instruments",
                             f"it instruments {SUPPORTED} (waves of 64 and the unified VGPR/AGPR "
                             f"file its sites use); trace the kernel as a launch only",
                             self.module.target_directive().line)

    def check_no_gds(self) -> None:
        """A ``ds_*`` instruction with the ``gds`` modifier addresses the GDS, not the LDS, and
        the processors instrumented (gfx90a and later) have no GDS: llvm-mc refuses the modifier
        there. Refused at the instruction, where it was matched as an LDS access."""
        for s in self.module.statements[self.view.start:self.view.end]:
            if isinstance(s, Instruction) and s.modifier("gds") is not None:
                raise self.error(f"`{s.to_text().strip()}` accesses the GDS, which "
                                 f"{self.module.target} does not have (llvm-mc refuses `gds` "
                                 "for it)", "remove the `gds` modifier, or assemble for a processor "
                                 "with a GDS (neutrino_py does not instrument those)", s.line)

    def code_start(self) -> int:
        """Where the kernel's code starts: past the header of a kernel that preloads its
        arguments (`asm.gcn.preload_entry`: firmware that preloads enters 256 bytes in, so code
        put before that point, the prologue too, would not run there, and would push the code
        past it). The header gets no sites: where the firmware cannot preload, it runs and
        branches to the code, or traps."""
        if self.view.entry is None:
            raise self.error("the kernel preloads kernel arguments, and no `.fill` or `.p2align 8` "
                             "ends the 256-byte header its firmware skips",
                             "instrument the assembly LLVM writes for the kernel (its preload "
                             "header as written)", self.desc.line)
        return self.view.entry

    def check_not_instrumented(self) -> None:
        used = [s.name for s in self.body() if isinstance(s, Label) and s.name.startswith(LABEL_PREFIX)]
        if used or any(str(a.get(".name", "")).startswith("__nt_") for a in (self.meta or {}).get(".args", [])):
            raise self.error("the kernel is already instrumented",
                             "instrument the original assembly, not an instrumented one")

    # -------------------------------------------------------------- kernel arguments

    def append_params(self, params: list) -> dict[str, int]:
        """Insert the pointers after the explicit args; hidden args move up by the same shift,
        and so do the kernel's reads of them. Where a read cannot move (`Stuck`), the pointers
        go after the hidden args instead, which then stay where they are."""
        if self.meta is None:
            raise self.error("no .amdgpu_metadata entry", "assemble with code object v4 or newer")
        args = self.meta.setdefault(".args", [])
        explicit = [a for a in args if not a[".value_kind"].startswith("hidden_")]
        hidden = [a for a in args if a[".value_kind"].startswith("hidden_")]
        end = max((a[".offset"] + a[".size"] for a in explicit), default=0)
        first = -(-end // 8) * 8            # code object v5: hidden args start 8-aligned
        shift = 8 * len(params)
        try:
            preloaded = 4 * (self.desc.get("user_sgpr_kernarg_preload_offset")
                             + self.desc.get("user_sgpr_kernarg_preload_length"))
            if hidden and preloaded > first:
                raise Stuck("the kernel preloads hidden arguments into SGPRs", self.desc.line)
            moves = self.hidden_reads(first, shift) if hidden else []
        except Stuck as why:
            self.warnings.append(f"{self.module.file}:{why.line}: {why}; the map pointers follow "
                                 "the hidden arguments")
            moves, shift = [], 0
            start = -(-max([self.meta.get(".kernarg_segment_size", 0), first + HIDDEN_BYTES]
                           + [a[".offset"] + a[".size"] for a in args]) // 8) * 8
        else:
            start = first
        for ins, offset in moves:
            ins.operands[2] = Imm(offset)
        offsets = {p.name: start + 8 * i for i, p in enumerate(params)}
        base = first + shift
        for a in hidden:
            a[".offset"] += shift
        have = {a[".value_kind"] for a in hidden}
        hidden += [{".offset": base + off, ".size": size, ".value_kind": kind}
                   for kind, (off, size) in V5_HIDDEN.items() if kind not in have]
        hidden.sort(key=lambda a: a[".offset"])
        new_args = [{".address_space": "global", ".name": p.name, ".offset": offsets[p.name],
                     ".size": 8, ".value_kind": "global_buffer"} for p in params]
        self.meta[".args"] = explicit + new_args + hidden if shift else explicit + hidden + new_args
        need = -(-max(a[".offset"] + a[".size"] for a in self.meta[".args"]) // 8) * 8   # dword reads
        size = max(self.meta.get(".kernarg_segment_size", 0) + shift, need)
        self.meta[".kernarg_segment_size"] = size
        self.desc.set("kernarg_size", max(self.desc.get("kernarg_size") + shift, size))
        return offsets

    def kernarg_sgpr(self) -> int:
        d = self.desc
        return 4 * d.get("user_sgpr_private_segment_buffer") + 2 * d.get("user_sgpr_dispatch_ptr") \
            + 2 * d.get("user_sgpr_queue_ptr")

    def hidden_reads(self, hidden_start: int, shift: int) -> list[tuple[Instruction, str]]:
        """The kernel's reads of hidden args, moved by `shift`: (instruction, new offset of its
        third operand) for `s_load`s through its kernarg pointer, copies of it (``s_mov_b64``)
        and pointers it derives from it (``s_add_u32 lo, k, IMM; s_addc_u32 hi, k+1, 0``, LLVM's
        implicit-argument pointer) when they point into the hidden args. Followed over the
        kernel's control flow: a pair holds a pointer where every path there leaves it so, and
        is `CONFLICT` where only some do (a register reused in a loop, overwritten on one
        branch). Raises `Stuck` where a read cannot move, or where such a pointer, or a pair
        that may hold one, goes anywhere else (its reads are unknown)."""
        k = self.kernarg_sgpr()
        blocks = labelled_blocks(self.body())
        if not blocks:
            return []
        succs = successors(blocks)
        into: dict[int, dict] = {0: {(k, k + 1): (0, None)}}
        moves: dict[int, tuple[Instruction, str]] = {}
        work = [0]
        while work:
            b = work.pop()
            out = self._follow(blocks[b][1], dict(into[b]), hidden_start, shift, moves)
            for n in succs[b]:
                joined = out if n not in into else _join(into[n], out)
                if n not in into or joined != into[n]:
                    into[n] = joined
                    work.append(n)
        unknown = {p: CONFLICT for state in into.values() for p in state}
        for b in range(len(blocks)):           # reached only by indirect jumps: anything may hold
            if b not in into:
                self._follow(blocks[b][1], dict(unknown), hidden_start, shift, moves)
        return list(moves.values())

    def _follow(self, code: list[Instruction], pointers: dict, hidden_start: int, shift: int,
                moves: dict[int, tuple[Instruction, str]]) -> dict:
        """One block of `hidden_reads`: `pointers` (SGPR pair -> (kernarg offset, the s_add that
        made it) or CONFLICT) at its start, updated to its end; moves recorded by instruction."""
        pending: dict[int, tuple[int, Instruction]] = {}
        for s in code:
            ops_ = s.operands
            src = ops_[1] if len(ops_) > 1 else None
            spair = (src.first, src.first + 1) if isinstance(src, Register) and src.file == "s" \
                and src.first is not None else None
            known = pointers.get(spair) if spair in pointers and pointers[spair] is not CONFLICT else None
            dst = ops_[0] if ops_ and isinstance(ops_[0], Register) and ops_[0].file == "s" else None
            if s.opcode == "s_add_u32" and known and isinstance(ops_[2], Imm) and dst:
                # the source pair is remembered: `s_add_u32 s0, s0, 32` overwrites its low half
                pending[dst.first] = (known[0] + int(ops_[2].value), s, spair)
                self._kill(pointers, set(dst.indices))
                continue
            low = (spair[0] - 1, spair[0]) if spair else None
            made = pending.get(dst.first - 1) if dst else None
            if s.opcode == "s_addc_u32" and made and made[2] == low and isinstance(ops_[2], Imm) \
                    and ops_[2].value == 0 and (pointers.get(low, CONFLICT) is not CONFLICT
                                                or made[1].operands[0].first == low[0]):
                delta, add, _ = pending.pop(dst.first - 1)
                if delta >= hidden_start:
                    moves[id(add)] = (add, str(delta + shift))
                self._kill(pointers, {dst.first})
                pointers[(dst.first - 1, dst.first)] = (delta, add)
                continue
            if s.opcode == "s_mov_b64" and known and dst:
                self._kill(pointers, set(dst.indices))
                pointers[(dst.first, dst.first + 1)] = known
                continue
            load = s.opcode.startswith("s_load") and known is not None and isinstance(ops_[2], Imm)
            if load:
                delta, add = known
                off = delta + int(ops_[2].value)
                size = opcodes.width(s.opcode) or 4
                if off < hidden_start < off + size:
                    raise Stuck("a load reads explicit and hidden arguments together", s.line)
                if off >= hidden_start and add is None:
                    moves[id(s)] = (s, hex(off + shift))
                elif off >= hidden_start and delta < hidden_start:
                    raise Stuck(f"a pointer made at line {add.line} into the explicit arguments "
                                "reads hidden arguments", s.line)
            n = self.destinations(s)
            read = {i for op in ops_[n:] if isinstance(op, Register) and op.file == "s" for i in op.indices}
            if not load and any(read & set(p) for p in pointers):
                raise Stuck(f"the kernarg pointer reaches `{s.opcode}`, whose reads cannot be "
                            "followed", s.line)
            written = {i for op in ops_[:n] if isinstance(op, Register) and op.file == "s"
                       for i in op.indices}
            if s.opcode.startswith("s_cmov"):           # written only where SCC is set
                for p in [p for p in pointers if written & set(p)]:
                    pointers[p] = CONFLICT
            else:
                self._kill(pointers, written)
        return pointers

    @staticmethod
    def _kill(pointers: dict, written: set[int]) -> None:
        for p in [p for p in pointers if written & set(p)]:
            del pointers[p]

    # -------------------------------------------------------------- frame and prologue

    def enable_ids(self) -> tuple[list[Register | Imm], list[Register]]:
        """Enable the workgroup id SGPRs (where no other SGPR moves) and all work-item ids;
        returns (source register of wg x, y, z or 0, source VGPRs of the work-item ids)."""
        d = self.desc
        enabled = [d.get("system_sgpr_" + s) for s in SYSTEM_SGPRS]
        after_private = d.get("system_sgpr_private_segment_wavefront_offset") or \
            d.get("enable_private_segment")
        sources: list[Register | Imm] = []
        pos = d.get("user_sgpr_count")
        for i, dim in enumerate("xyz"):
            later = any(enabled[i + 1:]) or after_private
            if not enabled[i] and not later:
                enabled[i] = 1
                d.set(f"system_sgpr_workgroup_id_{dim}", 1)
            if enabled[i]:
                sources.append(Register("s", pos))
                pos += 1
            else:
                sources.append(Imm("0"))
                self.warnings.append(f"workgroup id {dim} is not available (the kernel's system "
                                     f"SGPRs would move): block indices assume {dim} = 0")
        self.system_end = pos + sum(enabled[3:]) + bool(after_private)
        d.set("system_vgpr_workitem_id", max(2, d.get("system_vgpr_workitem_id")))
        return sources, [Register("v", i) for i in range(1 if self.facts.packed_tid else 3)]

    def make_frame(self, params: dict[str, int]) -> Frame:
        hidden = {a[".value_kind"]: a[".offset"] for a in self.meta[".args"]
                  if a[".value_kind"].startswith("hidden_")}
        wg, tid = self.enable_ids()
        d = self.desc
        vbase = max(self.arch_vgprs(), len(tid))
        sbase = max(d.get("next_free_sgpr"), self.system_end)
        frame = Frame(self.facts, vbase + vbase % 2, sbase + sbase % 2, dict(self.persistent),
                      hidden=hidden, params=params)
        k = self.kernarg_sgpr()
        self.prologue = [Instruction("s_mov_b64", [frame.kernarg, Register("s", k, 2, True)]),
                         Instruction("s_mov_b64", [frame.entry_exec, Register("exec")]),
                         *(Instruction("s_mov_b32", [d, s]) for d, s in zip(frame.wgid, wg)),
                         *(Instruction("v_mov_b32", [d, s]) for d, s in zip(frame.tid, tid))]
        return frame

    # -------------------------------------------------------------- code facts

    def body(self) -> list[Statement]:
        return self.module.statements[self.start:self.view.end]

    def instructions(self) -> Sequence[Instruction]:
        return [s for s in self.body() if isinstance(s, Instruction)]

    def comments(self) -> list[tuple[Comment, int]]:
        return numbered_comments(self.body(), Comment, Instruction)

    def blocks(self) -> list[list[Instruction]]:
        return basic_blocks(self.body())

    def block_anchor(self, block: list[Instruction]) -> Instruction:
        """The block's first instruction past the EXEC switches that open it (`_switches_exec`:
        a join's ``s_or_b64 exec, exec, s[..]``, an else branch's ``s_andn2_saveexec_b64``, or
        ``s_or_saveexec_b64`` ... ``s_xor_b64 exec, exec, s[..]`` with scalar code LLVM put
        between them): before them EXEC holds the lanes of the path that falls into the block
        (none where the branch to it was taken with EXEC 0), not the lanes that run it. Only
        scalar instructions are passed over, up to one that writes EXEC otherwise, a call or a
        barrier."""
        anchor = 0
        for k, ins in enumerate(block[:-1]):
            if _switches_exec(ins):
                anchor = k + 1
            elif not ins.opcode.startswith("s_") or ins.opcode.startswith(_SCAN_STOPS) \
                    or "saveexec" in ins.opcode or ins.operands[:1] == [Register("exec")]:
                break
        return block[anchor]

    def successors(self) -> list[list[int]] | None:
        """Each block's successors; None when the kernel jumps to a computed address."""
        blocks = labelled_blocks(self.body())
        if any(code[-1].opcode == "s_setpc_b64" for _, code in blocks):
            return None
        return successors(blocks)

    def entry_anchor(self) -> Instruction | Comment | None:
        """The first instruction, or a mark before it: entry code runs before any mark's."""
        return next((s for s in self.body() if isinstance(s, Instruction)
                     or isinstance(s, Comment) and is_mark(s.body)), None)

    def pattern(self, ins: Instruction) -> tuple[str, bool]:
        """The PTX-like name probe patterns match; `s_cbranch_*` count as guarded (`@bra`)."""
        return (opcodes.ptx_name(ins.opcode, [m.name for m in ins.modifiers]),
                ins.opcode.startswith("s_cbranch"))

    def is_exit(self, ins: Instruction) -> bool:
        return ins.opcode == "s_endpgm"

    def source_line(self, ins: Instruction) -> tuple[str, int] | None:
        return self.lines_of.get(id(ins))

    def source_lines(self, files: dict[int, str]) -> dict[int, tuple[str, int]]:
        """id(instruction) -> (source path, line) from ``.loc`` (clang -g), for every instruction
        of the kernel; `files` is the module's file table."""
        out, loc = {}, None
        for s in self.body():
            if isinstance(s, Loc):
                loc = (files.get(s.file, ""), s.source_line)
            elif isinstance(s, Instruction) and loc is not None:
                out[id(s)] = loc
        return out

    def guard(self, ins: Instruction) -> Guard | None:
        return None

    def keeps_guard(self, ins: Instruction, guard: Guard) -> bool:
        """GCN code is gated by EXEC, never by a guard predicate (`guard` is always None)."""
        raise AssertionError("GCN instructions have no guard predicate")

    def is_terminator(self, ins: Instruction) -> bool:
        return opcodes.is_terminator(ins.opcode)

    def after_refusal(self, ins: Instruction) -> tuple[str, str] | None:
        """`after` an unconditional branch, ``s_endpgm`` or ``s_setpc_b64`` is nowhere; after an
        ``s_cbranch_*`` (the guarded branch of `@bra`) it is the path that does not take it,
        as after a guarded PTX branch: code put after it runs only there."""
        if opcodes.is_terminator(ins.opcode) and not ins.opcode.startswith("s_cbranch_"):
            return ins.opcode, "use `before` for branches and s_endpgm, or narrow the opcode pattern"
        return None

    # -------------------------------------------------------------- operand binding

    def bytes(self, ins: Instruction, scope: Scratch, code: list[Stmt]) -> Value:
        return ops.Imm(opcodes.width(ins.opcode), "u32")

    @staticmethod
    def destinations(ins: Instruction) -> int:
        """How many leading operands `ins` writes: OUT is the first, IN1.. the operands after
        them (a carry-out, `v_add_co_u32_e32 v2, vcc, s2, v0`'s VCC, is not a source)."""
        return opcodes.destinations(ins.opcode, [m.name for m in ins.modifiers],
                                    ins.operands[0] if ins.operands else None)

    def dest(self, ins: Instruction, scope: Scratch, code: list[Stmt]) -> Value | None:
        """OUT, read once the instruction's memory operation (if any) has completed; None where
        it writes no operand (a store, a compare to SCC, a branch)."""
        if not self.destinations(ins):
            return None
        if opcodes.memory_space(ins.opcode):
            code.append(ops.WaitMemory())
        return self.operand(ins, 0, scope, code)

    def source(self, ins: Instruction, k: int, scope: Scratch, code: list[Stmt]) -> Value | None:
        """IN(k+1), captured before `ins`; None where it has fewer sources. Where `ins` writes
        EXEC (a join's ``s_or_b64 exec`` enables lanes), the capture runs in every lane the wave
        started with (`render.Wide`), so that an `after` probe reads it in the lanes `ins`
        enables too."""
        n = self.destinations(ins) + k
        if n >= len(ins.operands):
            return None
        if not _writes_exec(ins):
            return self.operand(ins, n, scope, code)
        op, captured = ins.operands[n], []
        if not (isinstance(op, Register) and op.file in ("exec", "exec_lo", "exec_hi")):
            value = self.operand(ins, n, scope, captured)
            code += [Wide(ops.Imm(1, "pred"), tuple(captured))] if captured else []
            return value
        whole = scope.tmp("u64")            # EXEC itself: as it was before the widening
        value = whole if op.file == "exec" else scope.tmp("u64")
        if op.file != "exec":
            fn, k = ("and", (1 << 32) - 1) if op.file == "exec_lo" else ("shr", 32)
            captured.append(ops.Binary(value, fn, whole, ops.Imm(k, "u64")))
        code.append(Wide(ops.Imm(1, "pred"), tuple(captured), exec_copy=whole))
        return value

    def operand(self, ins: Instruction, n: int, scope: Scratch, code: list[Stmt]) -> Value:
        """Operand `n` of `ins` as OUT/IN read it: raw bits, except that a lane mask gives this
        lane's bit, 0 or 1, as the predicate PTX would hold there does."""
        value = self.raw(ins.operands[n], scope, code, ins.opcode, n - self.destinations(ins))
        if not opcodes.lane_mask(ins.opcode, n, self.destinations(ins), len(ins.operands)):
            return value
        lane = scope.tmp("u32")
        code.append(ops.ReadSpecial(lane, "thread_linear"))
        code.append(ops.Binary(lane, "and", lane, ops.Imm(63, "u32")))
        shift, bit = scope.tmp("u64"), scope.tmp("u64")
        code.append(ops.Convert(shift, lane))
        code.append(ops.Binary(bit, "shr", value, shift))
        code.append(ops.Binary(bit, "and", bit, ops.Imm(1, "u64")))
        return bit

    def raw(self, op, scope: Scratch, code: list[Stmt], opcode: str, source: int) -> Value:
        """An operand's raw bits, zero-extended: the register (an input modifier or SDWA's
        ``sext()`` left out), a float constant's bits as `opcode` reads it, a symbol's value
        where the module sets one, an aperture register as source `source` of `opcode` reads it
        (its 64 bits, or as a 32-bit operand its low dword), SCC as the site saved it; 0 where it
        has none here (a relocation, ``null``). A label, and the other special registers (the EXEC
        and VCC zero tests, LDS direct, TBA/TMA), are refused: `Unreadable`."""
        while isinstance(op, Modified) or isinstance(op, Func) and op.name == "sext" and len(op.args) == 1:
            op = op.inner if isinstance(op, Modified) else op.args[0]
        if isinstance(op, Imm) and isinstance(op.value, int):
            return ops.Imm(op.value % (1 << 64), "u64")
        if isinstance(op, Imm):
            return ops.Imm(opcodes.constant_bits(opcode, op.value), "u64")
        if isinstance(op, Sym) and (value := evaluate(op.text, self.constants)) is not None:
            return ops.Imm(value % (1 << 64), "u64")
        if isinstance(op, Register) and (op.first is not None or op.file in READABLE_SPECIALS):
            dst = scope.tmp("u64")
            wide = op.count >= 2 or op.file in WIDE_SPECIALS \
                or op.file in APERTURES and opcodes.source_dwords(opcode, source) == 2
            first = Register(op.file, op.first, 2, True) if wide and op.first is not None else op
            code.append(ops.ZeroExtend(dst, Src(str(first), "u64" if wide else "u32"),
                                       64 if wide else 32))
            return dst
        if isinstance(op, Register) and op.file in ("scc", "src_scc"):
            dst = scope.tmp("u64")
            code.append(ops.ZeroExtend(dst, Src(str(self.frame.scc), "u32"), 32))
            return dst
        if isinstance(op, Register) and op.file != "null":
            raise Unreadable(f"`{op}` is a special register whose value a probe cannot read")
        if isinstance(op, Sym) and label_named(op.text) in self.label_names:
            raise Unreadable(f"the operand is the label {op.text}, which has no value", absent=True)
        return ops.Imm(0, "u64")

    @functools.cached_property
    def label_names(self) -> frozenset[str]:
        """The module's labels: a branch's or a call's operand names one, which has no value a
        probe could read (as a PTX label)."""
        return frozenset(s.name for s in self.module.statements if isinstance(s, Label))

    def address(self, ins: Instruction, scope: Scratch, code: list[Stmt]) -> Value:
        """ADDR: global/flat: the 64-bit address; LDS: the offset in the workgroup's LDS (M0's for
        the LDS counters); scalar memory: the wave's address (`scalar_address`), the same in
        every lane; buffer/scratch: 0 (needs the resource descriptor and the lane's index)."""
        op, mods = ins.opcode, [m.name for m in ins.modifiers]
        if len(ins.operands) < (1 if op.startswith(opcodes.M0_ADDRESSED) else 2):
            raise self.error(f"{op} has {len(ins.operands)} operand(s): too few for a memory access",
                             "check the instruction (llvm-mc refuses it too)", ins.line)
        offsets = [evaluate(m.value, self.constants) for m in ins.modifiers
                   if m.name in ("offset", "offset0") and isinstance(m.value, str)]
        if None in offsets:
            raise self.error(f"{op} has an offset that is not a number", "write offset:N with a "
                             "number or a symbol the module sets (.set), as llvm-mc does", ins.line)
        offset = opcodes.ds_offset_unit(op) * sum(offsets)
        dst = scope.tmp("u64")
        if op.startswith(("global_", "flat_")):
            i = 0 if not opcodes.writes_first(op, mods) else 1
            vaddr, saddr = ins.operands[i], ins.operands[-1]
            if isinstance(saddr, Register) and saddr.file == "s":
                code.append(ops.Convert(dst, Src(str(vaddr), "u32")))
                code.append(ops.Binary(dst, "add", dst, Src(str(saddr), "u64")))
            else:
                code.append(ops.Move(dst, Src(str(vaddr), "u64")))
        elif op.startswith(opcodes.M0_ADDRESSED):
            code.append(ops.Convert(dst, Src("m0", "u32")))
        elif op.startswith("ds_"):
            i = 0 if not opcodes.writes_first(op, mods) else 1
            code.append(ops.Convert(dst, Src(str(ins.operands[i]), "u32")))
        elif opcodes.is_scalar_memory(op) and not op.startswith("s_scratch_"):
            offset += self.scalar_address(ins, dst, scope, code)
        else:
            return ops.Imm(0, "u64")
        if offset:
            code.append(ops.Binary(dst, "add", dst, ops.Imm(offset, "u64")))
        return dst

    @staticmethod
    def scalar_address(ins: Instruction, dst: Value, scope: Scratch, code: list[Stmt]) -> int:
        """Put a scalar access's base (+ its SGPR or M0 offset) in `dst`; return its constant
        offset. `s_load`/`s_store`/`s_atomic` read the SGPR pair they name, `s_buffer_*` the base
        address of their descriptor (its low 48 bits). Scalar instructions run once per wave
        whatever EXEC holds, and so does a probe there (in lane 0: `once`); an offset that is an
        expression (a relocation) has no value here."""
        base, off = (ins.operands + [None, None])[1:3]
        if not isinstance(base, Register) or base.first is None:
            raise Unreadable(f"the base of `{ins.opcode}` is `{base}`, not a register pair")
        code.append(ops.Move(dst, Src(str(Register(base.file, base.first, 2, True)), "u64")))
        if ins.opcode.startswith("s_buffer_"):
            code.append(ops.Binary(dst, "and", dst, ops.Imm((1 << 48) - 1, "u64")))
        if off is None or isinstance(off, Imm):
            return 0 if off is None else int(off.value)
        if not isinstance(off, Register) or off.count != 1 or \
                (off.first is None and off.file != "m0"):
            raise Unreadable(f"the offset of `{ins.opcode}` is `{off}`, whose value is not known "
                             "before it is linked")
        t = scope.tmp("u64")
        code.append(ops.Convert(t, Src(str(off), "u32")))
        code.append(ops.Binary(dst, "add", dst, t))
        return 0

    # -------------------------------------------------------------- rendering

    def runs_once(self, ins: Instruction) -> bool:
        """Scalar memory accesses run once per wave whatever EXEC holds (0 included), and so
        do the probes attached to them (`once`)."""
        return opcodes.is_scalar_memory(ins.opcode)

    def once(self, code: list[Stmt]) -> list[Stmt]:
        """`code` run once per wave, in lane 0, whatever EXEC holds (`render.Once`)."""
        return [Once(ops.Imm(1, "pred"), tuple(code))] if code else []

    def scope(self) -> _Tmp:
        return _Tmp(self.persistent)

    def emit(self, site: SiteCode) -> None:
        """Render a site; its captures and `before` code share registers with its `after` code.
        At an exit, every lane the wave started with runs the exit code, once."""
        frame = self.frame
        rs = RenderSite(frame, self.new_label)
        if site.entry:
            self.entry = id(site.anchor)
            self.inserts.setdefault(id(site.anchor), ([], []))[0].extend(
                hazards.pad(self.prologue + render(site.before, rs)))
            return
        code = hazards.pad(render(site.before, rs))
        if site.exit:
            widen = Instruction("s_mov_b64", [Register("exec"), frame.entry_exec])
            self.widen.add(id(widen))
            code += [widen, *hazards.pad(render(site.exit, rs))]
        self.queue(site.anchor, 0, code)
        if site.after:
            self.queue(site.anchor, 1, hazards.pad(render(site.after, rs)))
        for side, stmts in enumerate((site.before, site.after)):
            if any(isinstance(s, Once) for s in stmts):
                self.lane0.add((id(site.anchor), side))
            if any(isinstance(s, Wide) for s in stmts):
                self.entry_lanes.add((id(site.anchor), side))

    def queue(self, anchor: Statement, side: int, code: list[Statement]) -> None:
        """Insert rendered code before (`side` 0) or after (1) `anchor`, SCC kept, memory
        drained, a matrix instruction's result written before the code may read it."""
        if not code:
            return
        if any(isinstance(s, Instruction) and opcodes.is_vector_memory(s.opcode) for s in code):
            code += [Instruction("s_waitcnt", [Func("vmcnt", (Imm("0"),))])]
        scc = self.frame.scc
        code = [*(hazards.after_matrix(anchor) if side else []),
                Instruction("s_cselect_b32", [scc, Imm("1"), Imm("0")]), *code,
                Instruction("s_cmp_lg_u32", [scc, Imm("0")])]
        self.inserts.setdefault(id(anchor), ([], []))[side].extend(code)

    def finish(self) -> Finished:
        moves = self.relocations()
        indexed = _index_mode(self.body())
        edits: list[pcrel.Edit] = []
        for s in self.body():
            edit = self.inserts.get(id(s))
            if not edit:
                edits.append((s, [], []))
                continue
            before, after = edit
            wide = [(id(s), k) in self.entry_lanes for k in (0, 1)]
            lane0 = [self.lane0_pair() if (id(s), k) in self.lane0 or wide[k] else None
                     for k in (0, 1)]
            for m in moves:
                before, after = (m.wrap(side, self.widen, pair, self.frame.entry_exec if w else None)
                                 if side else side for side, pair, w in zip((before, after), lane0, wide))
            before, after = (_unindexed(side, modes.get(id(s))) for side, modes in zip((before, after), indexed))
            if id(s) == self.entry:
                before = self.setup + before
            edits.append((s, before, after))
        edits = pcrel.anchor(edits, self.new_label, self.module.file)
        self.module.statements[self.start:self.view.end] = [
            x for s, before, after in edits for x in (*before, s, *after)]
        self.update_registers(moves)
        return Finished({"vgpr": self.desc.get("next_free_vgpr") - self.v0,
                         "sgpr": self.desc.get("next_free_sgpr") - self.s0},
                        self.warnings, self.occupancy)

    def lane0_pair(self) -> Register:
        """An SGPR pair free outside a site's code (its first scratch pair, which the `Once`
        there reserved already), where a VGPR stash keeps EXEC while it takes lane 0 too."""
        first = self.frame.ssite + self.frame.ssite % 2
        self.frame.reach((0, first + 2))
        return Register("s", first, 2, True)

    def sgpr_cap(self) -> int:
        """SGPRs the code may name: the processor's budget (`Facts.sgprs`), or what the kernel
        already names where its compiler knew better."""
        return max(self.s0, self.facts.sgprs)

    def relocations(self) -> list[stash.Relocation]:
        """Where the frame passes a register limit, its registers beyond it move onto the
        kernel's, stashed around every site (`stash`); refused where neither file has room."""
        f = self.frame
        inserted = [s for edit in self.inserts.values() for side in edit for s in side]
        vstash = max(self.arch_vgprs(), f.vhigh)
        scc = f.scc.first
        carried = self.carried()
        try:
            moves = [stash.relocate("s", f.sbase, f.shigh, self.sgpr_cap(),
                                    (set(range(f.sbase, f.ssite)) | carried["s"]) - {scc}, vstash,
                                    inserted, self.instructions()),
                     stash.relocate("v", f.vbase, f.vhigh, VGPRS, set(range(f.vbase, f.vsite)) | carried["v"],
                                    self.agprs(), inserted, self.instructions())]
        except stash.NoRoom as e:
            raise self.error(f"the kernel is at its register limit and {e}",
                             "use fewer shared registers or simpler probe expressions") from None
        sm, vm = moves
        if sm and (vm or vstash + -(-sm.slots // 64) > VGPRS):
            raise self.error(f"the probe needs SGPRs up to s{f.shigh - 1} and VGPRs up to "
                             f"v{f.vhigh - 1}, past both register limits; a site needs one file "
                             "free to stash the other", "use fewer shared registers or simpler "
                             "probe expressions")
        if vm and VGPRS + self.agprs() + vm.slots > self.facts.vgpr_file:
            vm.scratch = self.private_stash(vm.slots)
        return [m for m in moves if m]

    def carried(self) -> dict[str, set[int]]:
        """The probe's registers that a site's code before its instruction hands to the code
        after it (an `after` probe's captured ADDR, say): a stash restores the kernel's values
        between the two insertions, so these are kept in it like the persistent registers."""
        f = self.frame
        low = {"s": f.sbase, "v": f.vbase}
        out: dict[str, set[int]] = {"s": set(), "v": set()}

        def named(code: list[Statement]) -> set[tuple[str, int]]:
            return {(r.file, i) for s in code if isinstance(s, Instruction) for r in s.regs()
                    if r.file in out for i in r.indices if i >= low[r.file]}

        for before, after in self.inserts.values():
            if before and after:
                for file, i in named(before) & named(after):
                    out[file].add(i)
        return out

    def private_stash(self, slots: int) -> stash.Scratch:
        """`slots` dwords per lane after the kernel's private segment, for a VGPR stash where the
        AGPRs are taken. gfx94x: architected flat scratch, enabled in the descriptor. gfx90a: the
        private segment buffer resource (user SGPRs 0-3) with the wave's offset (a system SGPR,
        enabled after the others: nothing moves) folded into its base, in an SGPR quad above the
        frame, set before the prologue. Refused where the kernel's stack grows at run time (calls,
        dynamic stack: it would run over the slots), the offsets pass a MUBUF immediate, or gfx90a
        lacks the resource or an SGPR quad under the budget."""
        d, f, meta = self.desc, self.frame, self.meta

        def why(reason: str) -> SourceError:
            return self.error("the kernel is at its VGPR limit with its AGPRs taken, and the probe's VGPRs "
                              f"cannot be stashed in private memory: {reason}",
                              "use fewer shared registers or simpler probe expressions")

        if d.get("uses_dynamic_stack") or any(s.opcode in ("s_swappc_b64", "s_setpc_b64")
                                               for s in self.instructions()):
            raise why("the kernel's stack grows past its fixed private segment (calls)")
        offset = -(-d.get("private_segment_fixed_size") // 4) * 4
        if offset + 4 * slots - 4 > stash.MAX_OFFSET:
            raise why(f"{slots} dwords past the kernel's {offset} bytes exceed the {stash.MAX_OFFSET}-byte "
                      "immediate offset")
        d.set("private_segment_fixed_size", offset + 4 * slots)
        meta[".private_segment_fixed_size"] = offset + 4 * slots
        if self.facts.gfx94x:
            d.set("enable_private_segment", 1)
            return stash.Scratch(offset, None, self.facts.mcpu)
        if not d.get("user_sgpr_private_segment_buffer"):
            raise why("gfx90a needs the private segment buffer, and enabling it would move the "
                      "kernel's SGPR inputs")
        quad = -(-f.shigh // 4) * 4
        if quad + 4 > self.sgpr_cap():
            raise why(f"no SGPR quad for the private segment resource under s{self.sgpr_cap()}")
        wave = d.get("user_sgpr_count") + sum(d.get("system_sgpr_" + s) for s in SYSTEM_SGPRS)
        d.set("system_sgpr_private_segment_wavefront_offset", 1)
        self.frame.shigh = quad + 4
        res = Register("s", quad, 4, True)
        self.setup = [Instruction("s_add_u32", [Register("s", quad), Register("s", 0), Register("s", wave)]),
                      Instruction("s_addc_u32", [Register("s", quad + 1), Register("s", 1), Imm("0")]),
                      Instruction("s_mov_b64", [Register("s", quad + 2, 2, True), Register("s", 2, 2, True)])]
        return stash.Scratch(offset, res, self.facts.mcpu)

    def agprs(self) -> int:
        """Accumulation registers the kernel uses (MFMA on gfx90a/gfx94x): in the unified
        register file they sit above the architectural VGPRs, from ``.amdhsa_accum_offset``."""
        return int(self.meta.get(".agpr_count", 0)) if ".amdhsa_accum_offset" in self.desc.fields else 0

    def arch_vgprs(self) -> int:
        """Architectural VGPRs the kernel may use: below the AGPRs' offset when it has AGPRs."""
        return self.desc.get("accum_offset") if self.agprs() else self.desc.get("next_free_vgpr")

    def update_registers(self, moves: list[stash.Relocation]) -> None:
        """Descriptor and metadata cover the frame; with AGPRs the accumulation offset moves up
        past the new architectural VGPRs (a0.. are numbered from it, so the code is unchanged).
        With a VGPR stash the architectural VGPRs stop at the limit and the stash's AGPRs follow
        the kernel's; an SGPR stash adds its VGPRs."""
        d, meta, frame, v0, s0 = self.desc, self.meta, self.frame, self.v0, self.s0
        arch0, agprs = self.arch_vgprs(), self.agprs()
        arch1, s1, stashed = max(arch0, frame.vhigh), max(s0, frame.shigh), 0
        for m in moves:
            if m.file == "v":
                arch1, stashed = VGPRS, 0 if m.scratch else m.slots
            else:
                s1 = self.sgpr_cap()
                arch1 = m.stash + -(-m.slots // 64)
        accum = max(4, -(-arch1 // 4) * 4)
        v1 = accum + agprs + stashed if agprs or stashed else arch1
        if v1 > self.facts.vgpr_file:
            raise self.error(f"the probe needs VGPRs up to v{arch1 - 1}; with the kernel's {agprs} "
                             f"AGPRs that exceeds the {self.facts.vgpr_file} registers of a lane",
                             "use fewer shared registers or simpler probe expressions")
        d.set("next_free_vgpr", v1)
        d.set("next_free_sgpr", s1)
        if ".amdhsa_accum_offset" in d.fields:
            d.set("accum_offset", accum)
        if stashed:
            meta[".agpr_count"] = agprs + stashed
        before = self.facts.occupancy(meta.get(".vgpr_count", v0), meta.get(".sgpr_count", s0))
        meta[".vgpr_count"] = meta.get(".vgpr_count", v0) + (v1 - v0)
        meta[".sgpr_count"] = meta.get(".sgpr_count", s0) + (s1 - s0)
        after = self.facts.occupancy(meta[".vgpr_count"], meta[".sgpr_count"])
        self.occupancy = (before, after)
        if after < before:
            self.warnings.append(f"occupancy drops from {before} to {after} waves per SIMD "
                                 f"(+{v1 - v0} VGPRs, +{s1 - s0} SGPRs)")
        for m in moves:
            self.warnings.append(f"at the {'VGPR' if m.file == 'v' else 'SGPR'} limit: "
                                 f"{len(m.displaced)} of the kernel's registers are stashed "
                                 f"{'in private memory ' if m.scratch else ''}around every site" + (", which first waits for the wave's memory "
                                                         "operations (s_waitcnt 0)" if m.drain else ""))


class GcnTarget:
    """AMD GCN (gfx9: gfx90a, gfx942), code object v5."""
    name = "gcn"
    warp_slots = False          # no VoteAny/WarpSync templates
    shard_pools = False         # no ShardReserve template
    warp_sum = True
    prefetch = False            # no L2 prefetch hint: `m.prefetch()` lowers to nothing
    vector_store = 0            # one global_store per field (no StoreVector template)
    compress_leads = False      # its leader is two scalar instructions per half already
    lane_tiles = False          # a wave's tiles are kept lane by lane
    shared_sites = True         # one SCC save and one register frame per anchor
    defer_saves = False
    generic_spaces = ("global", "shared", "local")   # flat: LDS and scratch by their apertures

    def kernels(self, module: GcnModule) -> list[tuple[str, str]]:
        return [(name, name) for name in module.kernel_names()]

    def open(self, module: GcnModule, kernel: str, persistent: dict[str, int],
             params: list) -> GcnKernel:
        return GcnKernel(module, kernel, persistent, params)

    def device_functions(self, module: GcnModule) -> list:
        return []

    def illegal(self, stmt: Stmt) -> str | None:
        if isinstance(stmt, ops.Binary) and stmt.dst.type in ("u64", "s64") \
                and stmt.fn not in WIDE_INT_FNS:
            return f"64-bit integer {stmt.fn} is not supported on GCN yet; compute it in 32 bits"
        return None


GCN = GcnTarget()
