"""Render `ops` statements into PTX with this folder's Jinja templates.

The templates hold all PTX syntax; this module only names registers, formats constants and hands
each template its statement's fields. Registers the instrumentation owns are spelled with the
reserved prefix ``%nt_`` so they never collide with the kernel's own.
"""
from __future__ import annotations

import copy
import struct
from dataclasses import fields
from functools import lru_cache
from pathlib import Path
from typing import Callable, Iterable

from neutrino_py.asm import ir, parse_statements
from neutrino_py.ops import Imm, If, Reg, Stmt, Value, bits
from neutrino_py.targets import templates

PREFIX = "%nt_"
LABEL_PREFIX = "$nt_L"
# register type -> name stem after the prefix (declared as `.reg .<type> %nt_<stem><N>;`)
STEMS = {"u32": "r", "u64": "rd", "s32": "s", "s64": "sd", "f32": "f", "f64": "fd", "pred": "p"}


def reg_name(r: Reg) -> str:
    """The PTX name of an instrumentation register; the ``%nt_`` prefix keeps it apart from the
    kernel's own."""
    return f"{PREFIX}{STEMS[r.type]}{r.n}"


def format_imm(value: int | float, type_: str) -> str:
    """A PTX literal of `type_`: floats as exact hex (0f/0d), ints wrapped to the type's width."""
    if type_ == "f32":
        return "0f%08X" % struct.unpack("<I", struct.pack("<f", value))[0]
    if type_ == "f64":
        return "0d%016X" % struct.unpack("<Q", struct.pack("<d", value))[0]
    if type_ == "pred":
        return "1" if value else "0"
    width = bits(type_)
    v = int(value) % (1 << width)
    if type_[0] == "s" and v >= 1 << (width - 1):
        return str(v - (1 << width))
    return str(v) if v < 1 << 31 else hex(v)


def spell(v: Value) -> str:
    """How a template writes an operand: register name, PTX literal, or the user's own text."""
    if isinstance(v, Reg):
        return reg_name(v)
    if isinstance(v, Imm):
        return format_imm(v.value, v.type)
    return v.text


def declarations(counts: dict[str, int]) -> list[str]:
    """`.reg` lines declaring registers 0..n-1 of every type in `counts`."""
    return [f".reg .{t} {PREFIX}{STEMS[t]}<{n}>;" for t, n in counts.items() if n]


class Scope:
    """Fresh scratch registers and labels for one site. `take` reserves a register type's
    numbers below `base` for the persistent registers; scratch numbering restarts per site."""

    def __init__(self, base: dict[str, int], new_label: Callable[[], str]) -> None:
        self.base = dict(base)
        self.used: dict[str, int] = {}
        self.label = new_label

    def tmp(self, type_: str) -> Reg:
        n = self.used.get(type_, 0)
        self.used[type_] = n + 1
        return Reg(type_, self.base.get(type_, 0) + n)

    def high_water(self) -> dict[str, int]:
        """Registers of each type this site needs, persistent ones included."""
        return {t: self.base.get(t, 0) + self.used.get(t, 0) for t in STEMS}


_template = templates.loader(Path(__file__).parent, vec=lambda *xs: "{" + ", ".join(xs) + "}")


# (statement, scope numbering before) -> (lines, scope numbering after): a template's output
# depends on nothing else, and sites repeat the same statements many times.
_RENDERED: dict[tuple, tuple[list[str], dict[str, int]]] = {}


# Opcodes whose result does not depend on which lanes are active: a short body of these under an
# `If` is predicated rather than branched around, so that a counter add at a guarded load stays
# inside the basic block ptxas schedules (a branch per access cost 1.45x on a Triton matmul).
PREDICABLE = frozenset({"add", "sub", "mul", "mad", "min", "max", "and", "or", "xor", "not", "shl",
                        "shr", "cvt", "mov", "setp", "selp"})
PREDICATED_MAX = 4


def predicable(lines: list[str], cond: str) -> bool:
    """Whether `lines` can run as predicated (by `cond`) instructions instead of behind a branch:
    a few lane-independent instructions, none guarded already, none touching `cond`."""
    return 0 < len(lines) <= PREDICATED_MAX and all(
        not line.startswith("@") and line.split(".", 1)[0].split()[0] in PREDICABLE
        and "%lanemask" not in line and cond not in line.replace(",", " ").replace(";", " ").split()
        for line in lines)


def render(stmts: Iterable[Stmt], scope: Scope) -> list[str]:
    """PTX lines for `stmts`; scratch registers and labels come from `scope`."""
    out: list[str] = []
    for stmt in stmts:
        key = None
        if not isinstance(stmt, If):               # an If takes a fresh label: never memoized
            key = (stmt, tuple(sorted(scope.base.items())), tuple(sorted(scope.used.items())))
            hit = _RENDERED.get(key)
            if hit is not None:
                out += hit[0]
                scope.used = dict(hit[1])
                continue
        ctx = {f.name: getattr(stmt, f.name) for f in fields(stmt)}
        if isinstance(stmt, If):
            ctx["body"] = render(stmt.body, scope)
            if predicable(ctx["body"], spell(stmt.cond)):
                guard = f"@{'!' if stmt.negate else ''}{spell(stmt.cond)}"
                out += [f"{guard} {line}" for line in ctx["body"]]
                continue
        labels: list[str] = []

        def label() -> str:
            labels.append(scope.label())
            return labels[-1]

        text = _template(stmt.op).render(
            ctx, reg=spell, tmp=lambda t: reg_name(scope.tmp(t)), label=label)
        lines = [line.strip() for line in text.splitlines() if line.strip()]
        if key is not None and not labels:       # a template with labels is rendered afresh
            if len(_RENDERED) > 1 << 17:          # a long-lived engine: keep the memo bounded
                _RENDERED.clear()
            _RENDERED[key] = (lines, dict(scope.used))
        out += lines
    return out


@lru_cache(maxsize=1 << 16)
def _parsed(line: str) -> tuple[ir.Statement, ...]:
    return tuple(parse_statements(line))


def _fresh(s: ir.Statement) -> ir.Statement:
    """A copy of a cached parse that shares no mutable list with other insertions."""
    if isinstance(s, ir.Instruction):
        return ir.Instruction(s.opcode, list(s.modifiers), list(s.operands), s.guard,
                              s.guard_negated)
    return copy.copy(s)


def statements(stmts: Iterable[Stmt], scope: Scope) -> list[ir.Statement]:
    """IR statements of `stmts` rendered (each distinct line is parsed once per process)."""
    return [_fresh(s) for line in render(stmts, scope) for s in _parsed(line)]
