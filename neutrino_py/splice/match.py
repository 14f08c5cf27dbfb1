"""Where a probe's position falls in one function's IR: the statements to insert code around.

Matching reads the IR only (instructions, comments, `.loc`, basic blocks); it changes nothing.
"""
from __future__ import annotations

from dataclasses import dataclass

from neutrino_py.asm import ir
from neutrino_py.probe import ast

EXITS = ("ret", "exit")


@dataclass(frozen=True)
class Match:
    """One place a probe runs: code goes before or after `anchor`.

    `instruction` is the instruction the probe is attached to — its operands can be read and its
    guard predicate gates the probe (None at entry, marks and blocks); `pc` its index among the function's instructions; `block` the basic block's
    instructions for `block` positions.
    """
    anchor: ir.Statement
    where: str
    instruction: ir.Instruction | None = None
    pc: int = 0
    block: tuple[ir.Instruction, ...] = ()


def entry_anchor(fn: ir.Function) -> ir.Statement | None:
    """First statement that runs: code before it runs once, before any label can loop back."""
    for s in fn.body:
        if isinstance(s, (ir.Instruction, ir.Label, ir.Block)):
            return s
    return None


def matches(fn: ir.Function, files: dict[int, str], position: ast.Position,
            pcs: dict[int, int]) -> list[Match]:
    """Every place `position` selects in `fn` (in text order). `pcs`: id(instruction) -> index."""
    when, target = position.when, position.target
    if when == "entry":
        anchor = entry_anchor(fn)
        return [] if anchor is None else [Match(anchor, "before")]
    if when == "exit":
        return [Match(i, "before", i, pcs[id(i)]) for i in fn.instructions() if i.opcode in EXITS]
    if when == "block":
        out = []
        for b in fn.blocks():
            if b.instructions:
                first = b.instructions[0]
                out.append(Match(first, "before", None, pcs[id(first)], tuple(b.instructions)))
        return out
    if isinstance(target, ast.Mark):
        return [Match(s, when) for s in ir.walk(fn.body)
                if isinstance(s, ir.Comment) and target.matches(s.body)]
    if isinstance(target, ast.Lines):
        wanted = {i for i, path in files.items() if target.matches_file(path)}
        return [Match(i, when, i, pcs[id(i)]) for i in fn.instructions()
                if i.loc is not None and i.loc.file in wanted
                and target.first <= i.loc.source_line <= target.last]
    seen: dict[tuple[str, bool], bool] = {}       # opcode spellings repeat: match each once
    out = []
    for i in fn.instructions():
        key = (i.name, i.guard is not None)
        hit = seen.get(key)
        if hit is None:
            hit = seen[key] = target.matches(*key)
        if hit:
            out.append(Match(i, when, i, pcs[id(i)]))
    return out
