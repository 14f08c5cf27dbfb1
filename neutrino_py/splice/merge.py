"""Constant adds of one basic block folded into its first site.

A counter add of a constant at every access (`gmem.loaded += BYTES` before each of the 128
guarded loads of a Triton matmul's main loop) is one 64-bit add per access on the kernel's
critical path (1.42x on the H100). Within a basic block every instruction runs whenever the first
one does, so the adds of consecutive sites that do nothing else, under one guard predicate that
nothing in between writes, are summed at compile time into the first of them: one add per block
entry, the same counter values at every exit. A call in between (its callee may exit) or a site
that does anything else ends the run.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Sequence

from neutrino_py import ops
from neutrino_py.ops import Imm, Stmt
from neutrino_py.targets import Guard, SiteCode


@dataclass
class Candidate:
    """A site with its anchor instruction's index and guard, in the order it was made."""
    site: SiteCode
    pc: int
    guard: Guard | None
    plain: bool           # an instruction site with code only before it


def _adds(stmts: Sequence[Stmt]) -> list[ops.Binary] | None:
    """The statements if every one is `r = r + constant` on an integer register, else None."""
    out = []
    for s in stmts:
        if not (isinstance(s, ops.Binary) and s.fn == "add" and s.a == s.dst
                and isinstance(s.b, Imm) and s.dst.type[0] in "us"):
            return None
        out.append(s)
    return out


def _pure(c: Candidate) -> list[ops.Binary] | None:
    """The site's adds if its whole code is constant adds under its anchor's guard, else None."""
    if not c.plain or c.site.after or c.site.exit or not c.site.before:
        return None
    body = c.site.before
    if c.guard is None:
        return _adds(body)
    if len(body) == 1 and isinstance(body[0], ops.If) and body[0].cond == c.guard.cond \
            and body[0].negate == c.guard.negated:
        return _adds(body[0].body)
    return None


def _same_guard(a: Guard | None, b: Guard | None) -> bool:
    if a is None or b is None:
        return a is b
    return a.cond == b.cond and a.negated == b.negated and not a.overwritten and not b.overwritten


def _summed(first: list[ops.Binary], more: list[ops.Binary]) -> list[ops.Binary]:
    """One add per register of everything `first` and `more` add (one site may add to a
    register twice: `m.f += 1; m.f += 2;`)."""
    out: dict = {}
    for s in (*first, *more):
        have = out.get(s.dst)
        value = s.b.value + (have.b.value if have else 0)
        out[s.dst] = ops.Binary(s.dst, "add", s.dst, Imm(value % (1 << ops.bits(s.dst.type)), s.dst.type))
    return list(out.values())


def _with(c: Candidate, adds: list[ops.Binary]) -> None:
    if c.guard is None:
        c.site.before = list(adds)
    else:
        c.site.before = [ops.If(c.guard.cond, tuple(adds), negate=c.guard.negated)]


def fold(candidates: list[Candidate], instructions: Sequence[Any],
         blocks: Callable[[], dict[int, int]], keeps_guard: Callable[[Any, Guard], bool],
         is_call: Callable[[Any], bool]) -> int:
    """Fold each run of pure sites of a block into its first site; returns the sites emptied.
    `blocks` gives the basic block of each instruction (by id), asked for only when two pure
    sites follow each other: most probes have none, and the CFG costs a walk of the kernel."""
    folded = 0
    known: dict[int, int] | None = None
    by_pc = sorted(candidates, key=lambda c: c.pc)
    head: Candidate | None = None
    head_adds: list[ops.Binary] = []
    for c in by_pc:
        adds = _pure(c)
        ins = instructions[c.pc] if c.plain else None
        if head is not None and adds is not None:
            known = blocks() if known is None else known
        if head is not None and adds is not None \
                and known.get(id(ins)) == known.get(id(instructions[head.pc])) \
                and _same_guard(head.guard, c.guard) \
                and all(not is_call(i) and (head.guard is None or keeps_guard(i, head.guard))
                        for i in instructions[head.pc:c.pc]):
            head_adds = _summed(head_adds, adds)
            _with(head, head_adds)
            c.site.before = []
            folded += 1
            continue
        head, head_adds = (c, adds) if adds is not None else (None, [])
    return folded
