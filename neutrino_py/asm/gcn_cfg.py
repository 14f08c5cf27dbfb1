"""Basic blocks of a GCN kernel: a label, or the instruction after a terminator, starts a block
(``block`` probes run at each block's first instruction)."""
from __future__ import annotations

from typing import Iterable

from neutrino_py.asm.gcn import Instruction, Label, Statement
from neutrino_py.asm.gcn_opcodes import is_terminator


def labelled_blocks(statements: Iterable[Statement]) -> list[tuple[list[str], list[Instruction]]]:
    """The instructions of `statements` split into basic blocks, in text order, each with the
    labels that name its start."""
    out: list[tuple[list[str], list[Instruction]]] = [([], [])]
    pending: list[str] = []
    for s in statements:
        if isinstance(s, Label):
            pending.append(s.name)
        elif isinstance(s, Instruction):
            if out[-1][1] and (pending or is_terminator(out[-1][1][-1].opcode)):
                out.append(([], []))
            out[-1][0].extend(pending)
            out[-1][1].append(s)
            pending = []
    return [b for b in out if b[1]]


def basic_blocks(statements: Iterable[Statement]) -> list[list[Instruction]]:
    """The instructions of `statements` split into basic blocks, in text order."""
    return [instructions for _, instructions in labelled_blocks(statements)]


def successors(blocks: list[tuple[list[str], list[Instruction]]]) -> list[list[int]]:
    """Each block's successors: the block a branch names, and the next block unless the last
    instruction always jumps or ends the wave (an indirect jump's targets are not known)."""
    at = {label: n for n, (labels, _) in enumerate(blocks) for label in labels}
    out = []
    for n, (_, instructions) in enumerate(blocks):
        last = instructions[-1]
        succs = {at[str(op)] for op in last.operands if str(op) in at} if is_terminator(last.opcode) else set()
        if last.opcode not in ("s_branch", "s_endpgm", "s_setpc_b64", "s_trap") and n + 1 < len(blocks):
            succs.add(n + 1)
        out.append(sorted(succs))
    return out
