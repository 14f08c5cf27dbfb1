"""Basic blocks of a GCN kernel: a label, or the instruction after a terminator, starts a block
(``block`` probes run at each block's first instruction)."""
from __future__ import annotations

from typing import Iterable

from neutrino_py.asm.gcn import Instruction, Label, Statement
from neutrino_py.asm.gcn_opcodes import is_terminator


def basic_blocks(statements: Iterable[Statement]) -> list[list[Instruction]]:
    """The instructions of `statements` split into basic blocks, in text order."""
    out: list[list[Instruction]] = [[]]
    labelled = False
    for s in statements:
        if isinstance(s, Label):
            labelled = True
        elif isinstance(s, Instruction):
            if out[-1] and (labelled or is_terminator(out[-1][-1].opcode)):
                out.append([])
            out[-1].append(s)
            labelled = False
    return [b for b in out if b]
