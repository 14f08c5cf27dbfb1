"""Where a probe's position falls in one function: the statements to insert code around.

Matching reads what the target says about the code (`targets.Code`: instructions with the names
probe patterns match, comments, basic blocks, source lines); it changes nothing.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from neutrino_py.probe import ast
from neutrino_py.targets import Code


@dataclass(frozen=True)
class Match:
    """One place a probe runs: code goes before or after `anchor`.

    `instruction` is the instruction the probe is attached to — its operands can be read and its
    guard predicate gates the probe (None at entry, marks and blocks); `pc` its index among the
    function's instructions (at a block its first instruction's, at a mark the next one's);
    `block` the basic block's instructions for `block` positions.
    """
    anchor: Any
    where: str
    instruction: Any = None
    pc: int = 0
    block: tuple[Any, ...] = ()


class Pcs(dict):
    """id(instruction) -> its index in `instructions`, made at the first lookup: only block
    positions need it (making it for every kernel cost a pass over its instructions)."""

    def __init__(self, instructions: list) -> None:
        super().__init__()
        self.instructions = instructions
        self._patterns: list | None = None

    def patterns(self, code: Code) -> list:
        """`code.pattern` of every instruction, made once for all the probes of a function
        (gmem_bytes's three probes asked each of a module's 31,000 instructions three times)."""
        if self._patterns is None:
            self._patterns = [code.pattern(i) for i in self.instructions]
        return self._patterns

    def __missing__(self, key: int) -> int:
        if self:
            raise KeyError(key)
        self.update({id(i): n for n, i in enumerate(self.instructions)})
        return self[key]


def straight(code: Code) -> list[list]:
    """The blocks `block` probes see: each one control enters only by falling from the one
    before, which goes nowhere else and exits no lane (a guarded `ret`), joined to it (a label
    no branch names, such as a debug line's ``$L__tmp3``, splits no block: Triton's softmax,
    with no branch, had 36); empty blocks left out. All blocks as they are where the jumps are
    not known."""
    blocks, succs = code.blocks(), code.successors()
    if succs is None:
        return [b for b in blocks if b]
    entries = Counter(t for s in succs for t in s)
    out: list[list] = []
    for n, b in enumerate(blocks):
        last = blocks[n - 1][-1] if n and blocks[n - 1] else None
        if b and out and out[-1][-1] is last and succs[n - 1] == [n] and entries[n] == 1 \
                and not code.is_exit(last):
            out[-1] = out[-1] + b
        elif b:
            out.append(b)
    return out


def matches(code: Code, instructions: list, position: ast.Position,
            pcs: Pcs, seen: dict[tuple[str, bool], bool] | None = None) -> list[Match]:
    """Every place `position` selects in `code` (in text order). `instructions`: the code's
    instructions (a match's `pc` is its index there); `pcs`: id(instruction) -> index, read for
    block starts only (a `Pcs` builds it then); `seen`: whether an opcode spelling (and
    guard) matches `position`, kept by the caller across the functions of a module (a module of
    420 kernels matched the same spellings 37,000 times)."""
    when, target = position.when, position.target
    if when == "entry":
        anchor = code.entry_anchor()
        return [] if anchor is None else [Match(anchor, "before")]
    if when == "exit":
        return [Match(i, "before", i, n) for n, i in enumerate(instructions) if code.is_exit(i)]
    if when == "block":
        return [Match(code.block_anchor(b), "before", None, pcs[id(b[0])], tuple(b))
                for b in straight(code)]
    if isinstance(target, ast.Mark):
        return [Match(s, when, None, pc) for s, pc in code.comments() if target.matches(s.body)]
    if isinstance(target, ast.Lines):
        out = []
        for n, i in enumerate(instructions):
            loc = code.source_line(i)
            if loc is not None and target.matches_file(loc[0]) and target.first <= loc[1] <= target.last:
                out.append(Match(i, when, i, n))
        return out
    seen = {} if seen is None else seen           # opcode spellings repeat: match each once
    out = []
    for n, key in enumerate(pcs.patterns(code)):
        hit = seen.get(key)
        if hit is None:
            hit = seen[key] = target.matches(*key)
        if hit:
            i = instructions[n]
            out.append(Match(i, when, i, n))
    return out
