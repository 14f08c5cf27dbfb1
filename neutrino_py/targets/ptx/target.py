"""The PTX `Target`: kernels of an `asm.ir.Module`, operand binding, rendering and finishing.

Values the instruction may destroy (its address register, its sources, its own guard predicate)
are captured into scratch registers by the splicer *before* it runs; this module says where they
are. Rendered code goes into the IR around its anchor; registers are declared once per kernel,
sized to the largest site; map pointers are appended as ``.param .u64``. The registers, labels
and params the instrumentation makes take prefixes no name of the kernel starts with
(`render.free_prefix`), so any kernel can be instrumented, an instrumented one included.
"""
from __future__ import annotations

import dataclasses
import itertools
import math
import struct
from functools import lru_cache
from typing import Iterable, Sequence

from neutrino_py import ops
from neutrino_py.asm import cfg, ir, ptx_isa
from neutrino_py.asm.ptx_isa import EXITS
from neutrino_py.errors import SourceError, ToolError
from neutrino_py.ops import Imm, Scratch, Src, Stmt, Value
from neutrino_py.probe.ast import is_mark
from neutrino_py.targets import Finished, Guard, SiteCode, Unreadable, numbered_comments
from neutrino_py.targets.ptx import outline
from neutrino_py.targets.ptx import render as ptx
from neutrino_py.targets.ptx.address_roots import AddressRoots
from neutrino_py.targets.ptx.reg_scopes import Decl, RegScopes, bits_in, decl_bits

# Special registers that are not 32 bits wide (every other undeclared register is): 64-bit
# counters and handles, and the one predicate.
SPECIAL_BITS = {"%clock64": 64, "%globaltimer": 64, "%gridid": 64, "%current_graph_exec": 64,
                **{f"%pm{i}_64": 64 for i in range(8)}, "%is_explicit_cluster": 1}
RAW_TYPES = {1: "pred", 64: "u64"}
FLT_MAX = 3.4028234663852886e38
_STEM_TYPES = {stem: t for t, stem in ptx.STEMS.items()}    # %nt_rd -> u64


class PtxCode:
    """One PTX function as matching sees it: instructions, comments, blocks, `.loc` lines."""

    def __init__(self, module: ir.Module, fn: ir.Function, files: dict[int, str]) -> None:
        self.fn, self.files, self.name, self.file = fn, files, fn.name, module.file
        self._comments: list[tuple[ir.Comment, int]] | None = None
        self._cfg: tuple[list, int, list[ir.BasicBlock]] | None = None

    def instructions(self) -> Sequence[ir.Instruction]:
        return list(self.fn.instructions())

    def comments(self) -> Iterable[tuple[ir.Comment, int]]:
        """The body's comments, each with the index of the instruction after it (a mark's PC;
        kept: every `mark` probe asks, before anything is inserted)."""
        if self._comments is None:
            self._comments = numbered_comments(ir.walk(self.fn.body), ir.Comment, ir.Instruction)
        return self._comments

    def _blocks(self) -> list[ir.BasicBlock]:
        """The body's basic blocks, kept while the body is the same list of the same length
        (inserting code makes a new list, declaring a register lengthens it): matching, runs
        of saves and counter bounds each ask, and building them twice or three times was
        0.01-0.02 s of a module of 420 kernels."""
        body = self.fn.body
        if self._cfg is None or self._cfg[0] is not body or self._cfg[1] != len(body):
            self._cfg = (body, len(body), self.fn.blocks())
        return self._cfg[2]

    def blocks(self) -> list[list[ir.Instruction]]:
        return [b.instructions for b in self._blocks()]

    def block_anchor(self, block: list[ir.Instruction]) -> ir.Instruction:
        """The block's first instruction: a warp's lanes that enter a block all run it."""
        return block[0]

    def successors(self) -> list[list[int]]:
        return [b.succs for b in self._blocks()]

    def entry_anchor(self) -> ir.Statement | None:
        """First statement that runs, or a mark before it: code before it runs once, before
        any label a branch may name can loop back and before any mark's probes (a label no
        branch names, such as `$L__func_begin0:`, is passed: the code is the same with and
        without it)."""
        named = cfg.jump_targets(ir.flat(self.fn.body))
        for s in self.fn.body:
            kind = type(s)
            if kind is ir.Instruction or kind is ir.Block \
                    or kind is ir.Label and (named is None or s.name in named) \
                    or kind is ir.Comment and is_mark(s.body):
                return s
        return None

    def pattern(self, ins: ir.Instruction) -> tuple[str, bool]:
        return ins.name, ins.guard is not None

    def is_exit(self, ins: ir.Instruction) -> bool:
        return ins.opcode in EXITS

    def source_line(self, ins: ir.Instruction) -> tuple[str, int] | None:
        if ins.loc is None or ins.loc.file not in self.files:
            return None
        return self.files[ins.loc.file], ins.loc.source_line


class PtxKernel(PtxCode):
    """One kernel being instrumented."""

    def __init__(self, module: ir.Module, fn: ir.Function, files: dict[int, str],
                 persistent: dict[str, int], params: list) -> None:
        super().__init__(module, fn, files)
        self.persistent = persistent
        self.version, self.sm = _version(module), _sm(module)
        self.module = module
        self.queued: list[tuple[ir.Statement, bool, Sequence[ir.Statement]]] = []
        # registers of each type the largest site needs (persistent ones first, then each
        # type's 0, in `STEMS` order: the order `finish` declares them in)
        self.high = {**persistent, **{t: 0 for t in ptx.STEMS if t not in persistent}}
        self.labels = itertools.count()
        # (name, count, bits) of every `.reg` name in order: ``%r<200>`` is looked up by its
        # number (spelling out the 200 names of every declaration cost 4% of a splice)
        self.decls: list[Decl] = []
        self.vectors: list[Decl] = []        # those of a vector type (``.reg .v4 .b32 %v;``)
        self.label_names: set[str] = set()
        self.call_params: set[str] = set()
        instruction, reg_decl, label, var_decl = ir.Instruction, ir.RegDecl, ir.Label, ir.VarDecl
        stmts, pragmas, variables = ir.flat(fn.body), False, []
        for s in stmts:                                  # one walk for every fact kept
            kind = type(s)
            if kind is instruction:
                continue
            if kind is reg_decl:
                bits = decl_bits(s)
                self.decls.extend((name, count, bits) for name, count in s.names)
                if s.type[0] == "v":
                    self.vectors.extend((name, count, bits) for name, count in s.names)
            elif kind is label:
                self.label_names.add(s.name)
            elif kind is var_decl:
                variables.append(s.name)
                if s.space == "param":
                    self.call_params.add(s.name)
            elif kind is ir.Directive and s.name == "pragma":
                pragmas = True
        # names the prefixes below must not start (every one of which holds "nt")
        names = itertools.chain(self.label_names, variables, (p.name for p in fn.params),
                                (name for name, _, _ in self.decls), _symbols(module))
        taken = [n for n in names if "nt" in n]
        self.label_prefix = ptx.free_prefix(ptx.LABEL_PREFIXES, taken)
        self.names = ptx.Names(ptx.free_prefix(ptx.REG_PREFIXES, taken),
                               ptx.free_prefix(ptx.PARAM_PREFIXES, taken))
        # the params to append, as this kernel names them (the contract's names where it can)
        self.params = params if self.names == ptx.NAMES else [
            dataclasses.replace(p, name=self.names.appended(p.name)) for p in params]
        # where code queued before a statement goes instead (`code_places`)
        self.places = code_places(stmts) if pragmas else {}
        self._roots: AddressRoots | None = None
        # the body's declarations by scope, where a nested scope declares registers
        self._scopes: RegScopes | None = None
        self._scoped = ir.Block in map(type, fn.body)

    # -------------------------------------------------------------- facts the splicer asks

    def guard(self, ins: ir.Instruction) -> Guard | None:
        if ins.guard is None:
            return None
        return Guard(Src(ins.guard.name, "pred"), ins.guard_negated,
                     ins.guard.name in ins.regs_written())

    def keeps_guard(self, ins: ir.Instruction, guard: Guard) -> bool:
        """Whether `ins` leaves `guard`'s predicate register as it found it."""
        return guard.cond.text not in ins.regs_written()

    def after_refusal(self, ins: ir.Instruction) -> tuple[str, str] | None:
        if ins.is_terminator and ins.guard is None:
            return ins.name, (f"use `before`, narrow the opcode pattern, or `after @{ins.opcode}` "
                              f"for where a guarded one is not taken")
        return None

    def is_terminator(self, ins: ir.Instruction) -> bool:
        return ins.is_terminator

    def runs_once(self, ins: ir.Instruction) -> bool:
        """No PTX instruction runs in lanes that are not active."""
        return False

    def once(self, code: list[Stmt]) -> list[Stmt]:
        raise AssertionError("no PTX instruction runs once per warp")

    def reads_any(self, ins: ir.Instruction, names: set[str]) -> bool:
        """Whether `ins` reads one of the registers `names` (its guard included). Operands still
        held as text are parsed only where one of the names occurs in that text: most
        instructions a held-back save passes (`splice.splicer._Deferred`) are never parsed."""
        if ins.guard is not None and ins.guard.name in names:
            return True
        if ins.args is not None and not any(name in ins.args for name in names):
            return False
        return not names.isdisjoint(ins.regs_read())

    def writes(self, ins: ir.Instruction) -> set[str]:
        return ins.regs_written()

    # -------------------------------------------------------------- operand binding

    def bytes(self, ins: ir.Instruction, scope: Scratch, code: list[Stmt]) -> Value:
        """BYTES: the access's width, or the count a sized form (`st.bulk`, `cp.async.bulk`)
        reads from a register, as u32 (0 where neither is known)."""
        size = ins.size_operand
        if ins.width is not None or not isinstance(size, ir.Register):
            return Imm(ins.width or 0, "u32")
        count = scope.tmp("u32")
        code.append(ops.Convert(count, self.raw(size, ins, scope, code)))
        return count

    def reg_width(self, reg: ir.Register, at: ir.Instruction | None = None) -> int:
        """Bits of `reg` as instruction `at` reads it (None: the body's own scope)."""
        bits = self.declared_bits(reg.name, at)
        if bits is not None:
            return bits
        return SPECIAL_BITS.get(reg.name, 32)

    def declared_bits(self, name: str, at: ir.Instruction | None = None) -> int | None:
        """Width of a register the kernel declares, in the scope of `at` (None: the body's own);
        None for one not declared (a special register)."""
        if self._scoped:
            if self._scopes is None:
                self._scopes = RegScopes(self.fn.unqueued)
            if self._scopes.declared_nested(name):
                return self._scopes.bits(name, at)
        return bits_in(self.decls, name)

    def address_delta(self, first: ir.Instruction, later: ir.Instruction) -> int | None:
        """d with ADDR at `later` = ADDR at `first` + d in every lane (mod 2**64): both address
        one register value plus a constant, in one state space (`address_roots`: within a
        block, or through blocks that only one other block leads into); None where that is not
        known."""
        if self._roots is None:
            self._roots = AddressRoots(self.blocks(), lambda name: self.declared_bits(name) == 64,
                                       self.successors)
        a, b = self._roots.root(first), self._roots.root(later)
        if a is None or b is None or a[0] != b[0] or first.space != later.space:
            return None
        return (b[1] - a[1]) % (1 << 64)

    def dest(self, ins: ir.Instruction, scope: Scratch, code: list[Stmt]) -> Value | None:
        wait = ptx_isa.written_after(ins.opcode, ins.modifiers)
        if wait is not None:
            raise Unreadable(f"its registers are written asynchronously and hold their value "
                             f"only after `{wait}`: read them after that instead")
        dests = ins.dests
        return self.raw(dests[0], ins, scope, code) if dests else None

    def source(self, ins: ir.Instruction, k: int, scope: Scratch, code: list[Stmt]) -> Value | None:
        srcs = ins.srcs
        return self.raw(srcs[k], ins, scope, code) if k < len(srcs) else None

    def address(self, ins: ir.Instruction, scope: Scratch, code: list[Stmt]) -> Value:
        """ADDR: the accessed address as u64; `.global` addresses in generic form (the value of
        the user's pointer), other state spaces as state-space addresses, `.param` as the offset."""
        addr = ins.address
        if addr is None:                       # the checker allows ADDR at memory opcodes only
            return Imm(0, "u64")
        space = ins.space
        base = addr.base
        if space == "param" or isinstance(base, ir.Immediate):
            value = addr.offset + (int(base.value) if isinstance(base, ir.Immediate) else 0)
            return Imm(value, "u64")
        dst = scope.tmp("u64")
        if isinstance(base, ir.Register) and self.reg_width(base, ins) == 32:
            code.append(ops.Convert(dst, Src(base.name, "u32")))
        else:
            code.append(ops.Move(dst, Src(str(base), "u64")))
        if addr.offset:
            code.append(ops.Binary(dst, "add", dst, Imm(addr.offset, "u64")))
        if space == "global":
            code.append(ops.ToGeneric(dst, dst, "global"))
        return dst

    def raw(self, op: ir.Operand, at: ir.Instruction, scope: Scratch, code: list[Stmt]) -> Value:
        """Raw bits of an operand of instruction `at`, zero-extended to u64 (first element of a
        pair, a vector or a call's parameter list, in that order: `{%f1, ..}|%p` gives %f1; the
        address of a memory operand; 0 for ``_`` and an empty list). A label (a branch's
        operand) has no value: `Unreadable` with `absent`, which reads 0 where another matched
        instruction has a value there (as on GCN); a call's parameter is refused."""
        if isinstance(op, ir.PredPair):
            op = op.first
        if isinstance(op, (ir.Vector, ir.ParamList)):
            if not op.items:
                return Imm(0, "u64")
            op = op.items[0]
        if isinstance(op, ir.Immediate):
            value = op.value
            return Imm(float_bits(op, at) if isinstance(value, float) else value, "u64")
        if isinstance(op, ir.Address):
            return self.address_value(op, at, scope, code)
        if isinstance(op, ir.Symbol):
            if op.name in self.label_names:
                raise Unreadable(f"the operand is the label {op.name}, which has no value",
                                 absent=True)
            if op.name in self.call_params:
                raise Unreadable(f"the operand is {op.name}, a parameter of one call, which has "
                                 "no address")
            dst = scope.tmp("u64")
            code.append(ops.Move(dst, Src(op.name, "u64")))
            return dst
        if isinstance(op, ir.SymbolAddress):
            dst = scope.tmp("u64")
            code.append(ops.Move(dst, Src(str(op), "u64")))
            return dst
        if isinstance(op, (ir.Register, ir.Negated)):
            reg = op.operand if isinstance(op, ir.Negated) else op
            base, dot, part = reg.name.partition(".")
            if dot and part[0] in "bh" and part[1:].isdigit():
                reg = ir.Register(base)           # a video selector (`%r1.b0`): the register's bits
            elif self.vectors and not dot and bits_in(self.vectors, reg.name):
                reg = ir.Register(f"{reg.name}.x")      # a whole vector register: as `{a, b}`
            dst = scope.tmp("u64")
            width = self.reg_width(reg, at)
            src: Value = Src(reg.name, RAW_TYPES.get(width, "u32"))
            if width == 1 and reg.name in SPECIAL_BITS:     # selp takes no special register
                src = scope.tmp("pred")
                code.append(ops.Move(src, Src(reg.name, "pred")))
            code.append(ops.ZeroExtend(dst, src, width))
            if isinstance(op, ir.Negated):
                code.append(ops.Binary(dst, "xor", dst, Imm(1, "u64")))
            return dst
        return Imm(0, "u64")

    def address_value(self, addr: ir.Address, at: ir.Instruction, scope: Scratch,
                      code: list[Stmt]) -> Value:
        """base + offset of a memory operand of `at` appearing as a source (a store's address)."""
        if isinstance(addr.base, ir.Immediate):
            return Imm(int(addr.base.value) + addr.offset, "u64")
        dst = self.raw(addr.base, at, scope, code)
        if addr.offset:
            code.append(ops.Binary(dst, "add", dst, Imm(addr.offset, "u64")))
        return dst

    # -------------------------------------------------------------- rendering and finishing

    def scope(self) -> ptx.Scope:
        return ptx.Scope(self.persistent, lambda: f"{self.label_prefix}{next(self.labels)}",
                         self.sm, self.names)

    def emit(self, site: SiteCode) -> None:
        """Render the site's code into statements queued around its anchor."""
        scope = site.scope
        before = site.before + site.exit
        if before:
            code = ptx.render(before, scope)
            at, first = self.places.get(id(site.anchor), (site.anchor, True))
            (self.fn.insert_before if first else self.fn.insert_after)(at, code)
            self.queued.append((at, first, code))
        if site.after:
            code = ptx.render(site.after, scope)
            self.fn.insert_after(site.anchor, code)
            self.queued.append((site.anchor, False, code))
        high, base = self.high, scope.base
        for t, n in scope.used.items():              # a type no tmp took stays at its base
            n += base.get(t, 0)
            if n > high[t]:
                high[t] = n

    def finish(self) -> Finished:
        shared = self.share()
        added = {t: n for t, n in self.high.items() if n}
        prefix = self.names.reg
        for t, n in added.items():
            self.fn.add_reg(t, f"{prefix}{ptx.STEMS[t]}", n)
        for width, n in shared.params.items():
            t = outline.PARAM_TYPES[width]
            self.fn.add_reg(t, f"{prefix}{outline.PARAM_STEMS[width]}", n)
            added[t] = added.get(t, 0) + n
        if shared.replaced:
            self.fn.add_reg("u32", prefix + outline.RETURN)
            added["u32"] = added.get("u32", 0) + 1
        params = [ir.VarDecl("param", "u64", p.name) for p in self.params]
        before, after = ir.param_layout(self.fn.params)[1], ir.param_layout([*self.fn.params, *params])[1]
        limit = PARAM_LIMIT_81 if self.version >= (8, 1) else PARAM_LIMIT
        if after > limit:
            raise SourceError(f"kernel {self.name}: its parameters take {before} bytes, and the "
                              f"probe's {len(params)} map pointers would take them to {after}, past "
                              f"PTX {'.'.join(map(str, self.version))}'s limit of {limit} bytes",
                              file=self.module.file, line=self.fn.line, col=self.fn.col,
                              hint=f"leave the kernel out (-k '^(?!{self.name}$)' instruments the "
                                   "others) or use a probe with fewer maps"
                                   + (" (PTX 8.1 and later allow 32764 bytes)"
                                      if limit == PARAM_LIMIT else ""))
        self.fn.params += params
        if self.version < FLOOR_VERSION or 0 < self.sm < FLOOR_SM:    # once: later kernels see it
            raise_floor(self.module)
        return Finished(added, [], params=self.params)

    def share(self) -> outline.Shared:
        """Repeated site code kept once (`outline`), its sites' code replaced."""
        if sum(len(code) for _, _, code in self.queued) < outline.MIN_SITE_CODE \
                or self.version < (6, 0):
            return outline.Shared()
        segs, nested, heads = outline.segments(self.fn.unqueued)
        sites = []
        for anchor, before, code in self.queued:
            seg = segs.get(id(anchor))
            if seg is None:                      # not a statement of the body as parsed
                seg = -len(sites) - 1
            elif before and id(anchor) in heads:
                seg -= 1
            elif not before and type(anchor) is ir.Instruction and anchor.is_terminator:
                seg += 1
            sites.append(outline.Site(code, seg, anchor, id(anchor) in nested))
        shared = outline.share(sites, self.bits, self.scope().label, self.names.reg)
        for site, code in shared.replaced:
            self.fn.requeue(site.anchor, site.code, code)
        return shared

    def bits(self, name: str) -> int | None:
        """Width of a register, the instrumentation's own included (None: a special one)."""
        prefix = self.names.reg
        if name.startswith(prefix):
            t = _STEM_TYPES.get(name[len(prefix):].rstrip("0123456789"))
            return None if t is None else (1 if t == "pred" else 8 * ir.TYPE_BYTES[t])
        return self.declared_bits(name)


# bytes of a kernel's parameters (PTX ISA, "Kernel parameter attributes"): before PTX 8.1, and
# from 8.1 on (sm_70 and later)
PARAM_LIMIT, PARAM_LIMIT_81 = 4352, 32764


class PtxTarget:
    """NVIDIA PTX."""
    name = "ptx"
    warp_slots = True
    shard_pools = True
    warp_sum = True
    prefetch = True
    vector_store = 16           # st.global.v4.b32 / v2.b64
    compress_leads = True       # from the lane index the compression reads: no %lanemask_lt
    lane_tiles = True           # two-level tiles of a whole warp (ops.LaneCompress.tile)
    shared_sites = False
    defer_saves = True
    generic_spaces = ("global", "shared", "local", "const")   # not shared::cluster: sm_90 only

    def kernels(self, module: ir.Module) -> list[tuple[str, ir.Function]]:
        check_floor(module)
        return [(fn.name, fn) for fn in module.kernels()]

    def open(self, module: ir.Module, kernel: ir.Function, persistent: dict[str, int],
             params: list) -> PtxKernel:
        if runs_off_the_end(kernel.body):
            kernel.body.append(ir.Instruction("ret"))    # what the end does: exit probes run there
        return PtxKernel(module, kernel, _files(module), persistent, params)

    def device_functions(self, module: ir.Module) -> list[PtxCode]:
        """`.func` bodies: only kernels get map params, so code there is not instrumented."""
        files = _files(module)
        return [PtxCode(module, fn, files) for fn in module.functions() if not fn.is_kernel]

    def illegal(self, stmt: Stmt) -> str | None:
        return None


def runs_off_the_end(body: list[ir.Statement]) -> bool:
    """Whether control can reach the closing brace of a kernel (which returns, as `ret` does):
    its last block does not end in an unguarded branch, `ret`, `exit` or `trap` and is entered
    (a label after the last `ret` that nothing branches to, as nvcc -G and Triton write
    `$L__func_end0:`, starts no block: the block before it ends the kernel)."""
    stmts = ir.flat(body)
    last = next((s for s in reversed(stmts) if type(s) in (ir.Instruction, ir.Label)), None)
    if type(last) is ir.Instruction:
        return last.guard is not None or last.opcode not in ir.TERMINATORS
    blocks = cfg.basic_blocks(body)
    end = blocks[-1] if blocks else None
    if end is not None and end.instructions:
        final = end.instructions[-1]
        if final.guard is None and final.opcode in ir.TERMINATORS:
            return False
    return end is None or end.index == 0 or bool(end.preds)


def code_places(stmts: list[ir.Statement]) -> dict[int, tuple[ir.Statement, bool]]:
    """Where code that goes before a statement of `stmts` (the body, flat) must go instead so
    that statement-level pragmas keep their place (`ptx_isa.PRAGMA_PLACES`), by the statement's
    identity, as (statement, before it): before the "next" pragmas (those after the last "block"
    one) that precede an instruction, for the instruction and a mark among them; after the last
    "block" pragma for a mark before it. Only statements between two instructions or labels are
    moved past."""
    places: dict[int, tuple[ir.Statement, bool]] = {}
    run: list[ir.Statement] = []              # what stands since the last instruction or label
    for s in stmts:
        kind = type(s)
        if kind is ir.Label:
            run = []
        elif kind is not ir.Instruction:
            run.append(s)
        elif run:
            kinds = [ptx_isa.pragma_place(p.args) if type(p) is ir.Directive and p.name == "pragma"
                     else None for p in run]
            block = max((n for n, k in enumerate(kinds) if k == "block"), default=-1)
            first = next((n for n, k in enumerate(kinds) if k == "next" and n > block), None)
            for n, p in enumerate(run):
                if type(p) is not ir.Comment or not is_mark(p.body):
                    continue
                if n < block:
                    places[id(p)] = (run[block], False)
                elif first is not None and n > first:
                    places[id(p)] = (run[first], True)
            if first is not None:
                places[id(s)] = (run[first], True)
            run = []
    return places


# The ISA the instrumentation's code needs at least: `.sync` warp operations and `activemask`
# (PTX 6.2), 64-bit `red.max` (sm_32). A module declaring less is raised to it when instrumented:
# no GPU a current driver runs is older, and what the module's own code means does not change
# below PTX 6.4 (from there warp operations without `.sync` stop assembling for sm_70 and later).
# Instructions of later targets (match.any, redux.sync) are chosen by the templates (`sm`).
FLOOR_VERSION, FLOOR_SM = (6, 2), 32


def float_bits(imm: ir.Immediate, at: ir.Instruction) -> int:
    """Raw bits of a floating-point immediate as `at` reads it: in its type's width (f64 where
    its last float type is, else f32: the source type of a ``cvt``; a ``0d`` literal's own
    where it has none), so that ``1.5`` gives 0x3FC00000, not 1; ``0f``/``0d`` of that width
    as written (NaN payloads kept)."""
    types = [m for m in at.modifiers if m in ("f32", "f64")]
    text = imm.text.lstrip("-")
    prefix = text[:2].lower()
    wide = types[-1] == "f64" if types else prefix == "0d"
    if prefix == ("0d" if wide else "0f"):
        return int(text[2:], 16)
    value = float(imm.value)
    if not wide and abs(value) > FLT_MAX:               # past f32: ptxas rounds it to infinity
        value = math.copysign(math.inf, value)
    return int.from_bytes(struct.pack("<d" if wide else "<f", value), "little")


def check_floor(module: ir.Module) -> None:
    """Refuse a module for sm_1x: raising its target would change what its own code computes
    (single precision flushes denormals there, ``map_f64_to_f32`` makes doubles floats); and
    one declaring 32-bit addresses, which the probes' 64-bit map pointers cannot address."""
    sm = _sm(module)
    if 0 < sm < 20:
        target = next(item for item in module.items if isinstance(item, ir.Target))
        raise SourceError(f"PTX for {module.arch} cannot be instrumented: the probes' code needs "
                          f"sm_{FLOOR_SM} or later, and raising this module's target would change "
                          "its floating-point results", file=module.file, line=target.line,
                          col=target.col, hint="compile the kernel for sm_20 or later (nvcc "
                          "-arch=sm_52 is the oldest current toolkits accept)")
    narrow = next((item for item in module.items
                   if isinstance(item, ir.AddressSize) and item.bits == 32), None)
    if narrow is not None:
        raise SourceError("32-bit PTX (`.address_size 32`) cannot be instrumented: the probes' "
                          "maps are 64-bit pointers, and no current ptxas assembles 32-bit code",
                          file=module.file, line=narrow.line, col=narrow.col,
                          hint="compile the kernel for 64-bit addresses (`.address_size 64`, "
                          "nvcc's only mode since CUDA 12)")


def raise_floor(module: ir.Module) -> None:
    """Raise the module's `.version` and `.target` to what instrumentation code needs
    (`FLOOR_VERSION`, `FLOOR_SM`) where they declare less."""
    old_version, arch = _version(module) < FLOOR_VERSION, module.arch
    old_target = 0 < _sm(module) < FLOOR_SM
    for item in module.items:
        if isinstance(item, ir.Version) and old_version:
            item.text = ".".join(map(str, FLOOR_VERSION))
        elif isinstance(item, ir.Target) and old_target:
            item.names = [f"sm_{FLOOR_SM}" if n == arch else n for n in item.names]


def _sm(module: ir.Module) -> int:
    """The number of the module's ``sm_XX`` target; `render.SM_ANY` without one."""
    sm = ir.sm_number(module.arch or "")
    return ptx.SM_ANY if sm is None else sm


def _version(module: ir.Module) -> tuple[int, ...]:
    """The PTX ISA version (``brx.idx`` needs 6.0)."""
    try:
        return tuple(int(x) for x in (module.version or "0").split("."))
    except ValueError:
        return (0,)


@lru_cache(maxsize=4)
def _symbols(module: ir.Module) -> tuple[str, ...]:
    """Names the module declares at its top (variables, functions), which a label must not take."""
    return tuple(item.name for item in module.items if isinstance(item, (ir.VarDecl, ir.Function)))


@lru_cache(maxsize=4)
def _files(module: ir.Module) -> dict[int, str]:
    """The module's ``.file`` table (kept for the few modules in use: a module of 420 kernels
    opened each kernel by walking all its items)."""
    return {item.index: item.path for item in module.items if isinstance(item, ir.File)}


PTX = PtxTarget()
