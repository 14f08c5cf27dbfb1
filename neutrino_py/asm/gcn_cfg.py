"""Basic blocks of a GCN kernel: a label a branch names, or the instruction after a terminator,
starts a block (``block`` probes run at each block's first instruction). A label no branch names
(clang -g's ``.Ltmp12:`` line labels, ``.Lfunc_end0:``) starts none, so that a kernel has the
same blocks, and gets the same instrumentation, with and without them (as `asm.cfg` on PTX);
every label does where an ``s_setpc_b64`` jumps to an address not known here."""
from __future__ import annotations

import re
from typing import Iterable

from neutrino_py.asm.gcn import Instruction, Label, Statement
from neutrino_py.asm.gcn_opcodes import is_terminator


def labelled_blocks(statements: Iterable[Statement]) -> list[tuple[list[str], list[Instruction]]]:
    """The instructions of `statements` split into basic blocks, in text order, each with the
    labels that name its start (those a branch may jump to: `jump_targets`)."""
    statements = list(statements)
    named = jump_targets(statements)
    out: list[tuple[list[str], list[Instruction]]] = [([], [])]
    pending: list[str] = []
    for s in statements:
        if isinstance(s, Label):
            if named is None or s.name in named:
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


_LOCAL_REF = re.compile(r"(\d+)([fb])")


def label_named(op: str) -> str:
    """The label a branch operand names: the operand, or for a GNU local reference ``1f``/``1b``
    the label ``1``."""
    m = _LOCAL_REF.fullmatch(op)
    return op if m is None else m[1]


def jump_targets(statements: Iterable[Statement]) -> set[str] | None:
    """The labels a branch may jump to: the operands of ``s_branch`` and ``s_cbranch_*`` (a GNU
    local reference ``1f``/``1b`` names label ``1``); None where one may jump to any (an
    ``s_setpc_b64``, whose address is computed)."""
    named: set[str] = set()
    for s in statements:
        if isinstance(s, Instruction):
            if s.opcode == "s_setpc_b64":
                return None
            if s.opcode == "s_branch" or s.opcode.startswith("s_cbranch_"):
                named.update(label_named(str(op)) for op in s.operands)
    return named


def _target(op: str, n: int, blocks: list[tuple[list[str], list[Instruction]]],
            at: dict[str, int]) -> int | None:
    """The block the branch operand `op` ending block `n` names: a label's, or for a GNU local
    label reference (``1f``: the next ``1:``, ``1b``: the previous one; inline assembly writes
    these, and may define such a label again) the nearest block that defines it that way."""
    m = _LOCAL_REF.fullmatch(op)
    if m is None:
        return at.get(op)
    order = range(n + 1, len(blocks)) if m[2] == "f" else range(n, -1, -1)
    return next((k for k in order if m[1] in blocks[k][0]), None)


def successors(blocks: list[tuple[list[str], list[Instruction]]]) -> list[list[int]]:
    """Each block's successors: the block a branch names, and the next block unless the last
    instruction always jumps or ends the wave (an indirect jump's targets are not known)."""
    at = {label: n for n, (labels, _) in enumerate(blocks) for label in labels}
    out = []
    for n, (_, instructions) in enumerate(blocks):
        last = instructions[-1]
        targets = (_target(str(op), n, blocks, at) for op in last.operands) \
            if is_terminator(last.opcode) else ()
        succs = {t for t in targets if t is not None}
        if last.opcode not in ("s_branch", "s_endpgm", "s_setpc_b64", "s_trap") and n + 1 < len(blocks):
            succs.add(n + 1)
        out.append(sorted(succs))
    return out
