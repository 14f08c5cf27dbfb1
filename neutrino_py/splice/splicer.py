"""Splice a checked probe program into the kernels of a PTX module (contracts §3).

For each kernel: find every place each probe runs (`match`), bind operands (`bind`), lower the
probe bodies to ops (`lower`), render them to PTX (`targets.ptx`), parse the rendered lines with
the PTX parser and insert the statements into the IR. Registers are declared once per kernel,
sized to the largest site; map pointers are appended as params; a `Manifest` records it all.
Code that shares an anchor (every probe before and after one instruction) is one site, so values
captured before an instruction survive until the probes after it have run.
"""
from __future__ import annotations

import copy
import functools
import itertools
import re
from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache

from neutrino_py.asm import ir, parse_statements
from neutrino_py.errors import SourceError
from neutrino_py.probe import ast
from neutrino_py.splice import ops
from neutrino_py.splice.bind import Binder
from neutrino_py.splice.lower import Lowerer, Site
from neutrino_py.contract.manifest import Manifest, params_for
from neutrino_py.splice.match import EXITS, Match, entry_anchor, matches
from neutrino_py.splice.ops import Src, Stmt
from neutrino_py.targets.ptx import render as ptx

RESERVED_PARAM = "__nt_"


@dataclass
class Instrumented:
    """The instrumented module (the input module, edited in place) and one manifest per kernel."""
    module: ir.Module
    manifests: dict[str, Manifest] = field(default_factory=dict)


def instrument(module: ir.Module, program: ast.ProbeProgram,
               kernels: str | None = None) -> Instrumented:
    """Instrument every kernel of `module` whose name `kernels` (a regex, searched) matches."""
    if not isinstance(module, ir.Module):        # an AMDGCN module (asm.gcn.GcnModule)
        from neutrino_py.splice.gcn import instrument_gcn
        return instrument_gcn(module, program, kernels)
    pattern = re.compile(kernels) if kernels else None
    files = {item.index: item.path for item in module.items if isinstance(item, ir.File)}
    result = Instrumented(module)
    for fn in list(module.kernels()):
        if pattern is None or pattern.search(fn.name):
            result.manifests[fn.name] = _KernelSplice(fn, files, program, module.file).run()
    unreached = _device_function_matches(module, files, program)
    for manifest in result.manifests.values():
        manifest.warnings += unreached
    return result


def _device_function_matches(module: ir.Module, files: dict[int, str],
                             program: ast.ProbeProgram) -> list[str]:
    """Warnings for places in `.func` bodies a probe would match: only kernels get map params,
    so code there is not instrumented (the accesses are not in the maps)."""
    out = []
    for fn in module.functions():
        if fn.is_kernel:
            continue
        pcs = {id(i): n for n, i in enumerate(fn.instructions())}
        for p in program.probes:
            if p.position.when in ("before", "after"):
                n = len(matches(fn, files, p.position, pcs))
                if n:
                    out.append(f"{p.label} matches {n} place(s) in device function {fn.name}, "
                               f"which is not instrumented (maps reach kernels only)")
    return out


def operand_names(probe: ast.Probe) -> set[str]:
    """Operand helpers (ADDR, OUT, ...) a probe reads, in its filter or body."""
    names: set[str] = set()

    def visit(node) -> None:
        if isinstance(node, ast.Operand):
            names.add(node.name)
        elif isinstance(node, (ast.Unary, ast.Cast)):
            visit(node.operand)
        elif isinstance(node, ast.Binary):
            visit(node.left)
            visit(node.right)

    if probe.filter is not None:
        visit(probe.filter)
    for s in probe.body:
        for e in {ast.Assign: lambda: [s.value], ast.Save: lambda: list(s.args),
                  ast.CounterAdd: lambda: [s.value],
                  ast.HistAdd: lambda: [s.index, s.value]}[type(s)]():
            visit(e)
    return names


@lru_cache(maxsize=1 << 16)
def _parsed(line: str) -> tuple[ir.Statement, ...]:
    return tuple(parse_statements(line))


def _fresh(s: ir.Statement) -> ir.Statement:
    """A copy of a cached parse that shares no mutable list with other insertions."""
    if isinstance(s, ir.Instruction):
        return ir.Instruction(s.opcode, list(s.modifiers), list(s.operands), s.guard,
                              s.guard_negated)
    return copy.copy(s)


def to_statements(lines: list[str]) -> list[ir.Statement]:
    """IR statements of rendered lines (each distinct line is parsed once per process)."""
    return [_fresh(s) for line in lines for s in _parsed(line)]


@lru_cache(maxsize=1 << 16)
def _counts(node: ast.Count, opcode: str, guarded: bool) -> bool:
    return node.matches(opcode, guarded)


def _count(block: Counter, node: ast.Count) -> int:
    """How many instructions of a block (a Counter of (opcode, guarded)) `node` counts."""
    return sum(n for (opcode, guarded), n in block.items() if _counts(node, opcode, guarded))


class _KernelSplice:
    """Instruments one kernel: its sites, registers, params and manifest."""

    def __init__(self, fn: ir.Function, files: dict[int, str], program: ast.ProbeProgram,
                 ptx_file: str) -> None:
        self.fn, self.files, self.program, self.ptx_file = fn, files, program, ptx_file
        self.low = Lowerer(program)
        self.binder = Binder(fn)
        self.labels = itertools.count()
        self.high = dict(self.low.persistent)
        self.operands = {p.index: operand_names(p) for p in program.probes}
        self.warnings: list[str] = []

    def scope(self) -> ptx.Scope:
        return ptx.Scope(self.low.persistent, lambda: f"{ptx.LABEL_PREFIX}{next(self.labels)}")

    def emit(self, anchor: ir.Statement, before: list[Stmt], after: list[Stmt],
             scope: ptx.Scope) -> None:
        """Render and queue the site's code around `anchor`."""
        if before:
            self.fn.insert_before(anchor, to_statements(ptx.render(before, scope)))
        if after:
            self.fn.insert_after(anchor, to_statements(ptx.render(after, scope)))
        for t, n in scope.high_water().items():
            self.high[t] = max(self.high.get(t, 0), n)

    def run(self) -> Manifest:
        self.check_reserved()
        fn, program = self.fn, self.program
        instructions = list(fn.instructions())
        pcs = {id(i): n for n, i in enumerate(instructions)}
        found = {p.index: matches(fn, self.files, p.position, pcs) for p in program.probes}
        for p in program.probes:
            self.check_after(p, found[p.index])

        # sites, in the order their code is queued: entry, blocks, instructions/marks, exits
        entry = [p for p in program.probes if p.position.when == "entry"]
        exits = [p for p in program.probes if p.position.when == "exit"]
        sites: dict[tuple[int, bool], tuple[Match, list[tuple[ast.Probe, Match]]]] = {}
        for when in ("block", "before", "after"):
            for p in program.probes:
                if p.position.when == when:
                    for m in found[p.index]:
                        key = (id(m.anchor), when == "block")
                        sites.setdefault(key, (m, []))[1].append((p, m))

        anchor = entry_anchor(fn)
        if anchor is not None:
            scope = self.scope()
            code = self.low.entry()
            for p in entry:
                code += self.low.probe(p, Site(), scope)
            self.emit(anchor, code, [], scope)
        for m, pairs in sites.values():
            self.site(m, pairs)
        if self.low.has_exit_state and not any(i.opcode in EXITS for i in instructions):
            self.warnings.append(f"{fn.name} has no ret/exit: counters and per-thread record "
                                 f"counts are never stored")
        if exits or self.low.has_exit_state:
            for i in instructions:
                if i.opcode in EXITS:
                    scope = self.scope()
                    code = [s for p in exits for s in self.low.probe(p, Site(), scope)]
                    code += self.low.flush(scope)
                    self.emit(i, self.gated(code, i, None), [], scope)

        for t, n in self.high.items():
            if n:
                fn.add_reg(t, f"{ptx.PREFIX}{ptx.STEMS[t]}", n)
        params = params_for(list(self.low.specs.values()))
        for p in params:
            fn.params.append(ir.VarDecl("param", "u64", p.name))
        positions = {p.label: len(found[p.index]) for p in program.probes}
        warnings = [f"{label} matched nothing in {fn.name}" for label, n in positions.items()
                    if n == 0] + self.warnings
        return Manifest(kernel=fn.name, target="ptx",
                        probe={"hash": program.hash, "text": program.text, "file": program.file},
                        params=params, maps=list(self.low.specs.values()), positions=positions,
                        registers_added={t: n for t, n in self.high.items() if n},
                        warnings=warnings)

    def site(self, first: Match, pairs: list[tuple[ast.Probe, Match]]) -> None:
        """All probes at one anchor: captures and `before` bodies, then `after` bodies."""
        scope = self.scope()
        ins = first.instruction
        before: list[Stmt] = []
        after: list[Stmt] = []
        after_guard = None
        if ins is not None and ins.guard is not None and ins.guard.name in ins.regs_written():
            after_guard = scope.tmp("pred")
            before.append(ops.Move(after_guard, Src(ins.guard.name, "pred")))
        for probe, m in pairs:
            names = self.operands[probe.index]
            captured: list[Stmt] = []
            late: list[Stmt] = []
            operands = {} if ins is None else self.binder.bind(ins, m.pc, names, scope,
                                                               captured, late)
            count = functools.partial(_count, Counter((i.name, i.guard is not None)
                                                      for i in m.block))
            body = self.low.probe(probe, Site(operands, count), scope)
            if m.where == "before":
                before += self.gated(captured + body, ins, None)
            elif ins is not None and ins.is_terminator:
                before += captured             # after a guarded branch: only lanes not taking
                after += late + body           # it get here, the guard already decided
            else:
                before += captured
                after += self.gated(late + body, ins, after_guard)
        self.emit(first.anchor, before, after, scope)

    @staticmethod
    def gated(code: list[Stmt], ins: ir.Instruction | None, copy_of_guard) -> list[Stmt]:
        """`code` run only where `ins` executes (its guard predicate holds)."""
        if not code or ins is None or ins.guard is None:
            return code
        cond = copy_of_guard or Src(ins.guard.name, "pred")
        return [ops.If(cond, tuple(code), negate=ins.guard_negated)]

    # -------------------------------------------------------------- refusals

    def error(self, message: str, span: ast.Span, hint: str) -> SourceError:
        return SourceError(message, file=self.program.file, line=span.line, col=span.col,
                           source=self.program.text, hint=hint, width=span.width)

    def check_after(self, probe: ast.Probe, found: list[Match]) -> None:
        if probe.position.when != "after":
            return
        for m in found:
            ins = m.instruction
            if ins is not None and ins.is_terminator and ins.guard is None:
                raise self.error(
                    f"`after` cannot follow `{ins.name}` (in {self.fn.name}, "
                    f"{self.ptx_file}:{ins.line}): control never reaches the next instruction",
                    probe.position.span,
                    f"use `before`, narrow the opcode pattern, or `after @{ins.opcode}` for "
                    f"where a guarded one is not taken")

    def check_reserved(self) -> None:
        regs = [r for r in self.fn.declared_registers() if r.startswith(ptx.PREFIX)]
        names = [p.name for p in self.fn.params if p.name.startswith(RESERVED_PARAM)]
        if regs or names:
            raise SourceError(
                f"kernel {self.fn.name} already uses the reserved name {(regs + names)[0]}",
                file=self.ptx_file, line=self.fn.line, col=self.fn.col,
                hint="instrument the original PTX, not an instrumented one")
