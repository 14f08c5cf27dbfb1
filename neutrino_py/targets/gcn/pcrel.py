"""PC-relative operands stay right when a site's code goes between ``s_getpc_b64`` and them.

LLVM reaches a symbol with ``s_getpc_b64 s[4:5]`` then ``s_add_u32 s4, s4, f@rel32@lo+4`` and
``s_addc_u32 s5, s5, f@rel32@hi+12``: the relocation is relative to the literal's own address,
and the addends 4 and 12 are its distance from the address ``s_getpc_b64`` returned (the end of
``s_getpc_b64``) in the code as written. Code inserted in between moves the literals away and
the sum points that many bytes short of the symbol (a call jumps into the wrong code). Where that
happens, the distance is written as a label difference the assembler measures: a label after
``s_getpc_b64``, one at each using instruction, and the addend
``(.Luse - .Lpc) + (addend - distance as written)``.

The distance as written is known where every instruction between ``s_getpc_b64`` and a use is
itself a 32-bit scalar ALU instruction with a relocated literal (8 bytes), as LLVM writes it;
other code there is refused where a site would go between.
"""
from __future__ import annotations

import re
from typing import Callable

from neutrino_py.asm.gcn import Instruction, Label, Register, Statement, Sym
from neutrino_py.errors import SourceError

# a relocated, PC-relative operand: `f@rel32@lo+4`, `f@gotpcrel32@hi+12`
_PCREL = re.compile(r"(?P<sym>[\w.$]+@(?:rel32|gotpcrel32|gotpcrel)@(?:lo|hi))(?P<add>[+-]\d+)?")
LITERAL_SOP = 8                 # bytes of a SOP2 instruction with a 32-bit literal

Edit = tuple[Statement, list[Statement], list[Statement]]   # a statement, code before, code after


def _pcrel(ins: Instruction) -> tuple[int, re.Match] | None:
    """(operand index, match) of an instruction's PC-relative operand, or None."""
    for k, op in enumerate(ins.operands):
        if isinstance(op, Sym) and (m := _PCREL.fullmatch(op.text)):
            return k, m
    return None


def _uses(edits: list[Edit], start: int) -> tuple[list[int], list[int]]:
    """Indices in `edits` of the instructions after the ``s_getpc_b64`` at `start`, up to the
    next label or write of the pair, that add a PC-relative literal to the pair it wrote: those
    right after it, one after the other (LLVM's sequence), and any others (their distance is
    not known here)."""
    pair = edits[start][0].operands[0]
    run: list[int] = []
    others: list[int] = []
    consecutive = True
    for k in range(start + 1, len(edits)):
        s = edits[k][0]
        if isinstance(s, Label):
            break
        if not isinstance(s, Instruction):
            continue
        dst = s.operands[0] if s.operands else None
        use = _pcrel(s) is not None and isinstance(dst, Register) and dst.file == "s" \
            and dst.first in pair.indices
        if use and consecutive:
            run.append(k)
        elif use:
            others.append(k)
        elif isinstance(dst, Register) and dst.file == "s" and set(dst.indices) & set(pair.indices):
            break                       # the pair is made anew: later uses are another window's
        else:
            consecutive = False
    return run, others


def _past_labels(edits: list[Edit], start: int) -> None:
    """Move the code after the ``s_getpc_b64`` at `start` past the labels right after it: LLVM's
    long branch measures from such a label (``(.LBB0_2-.Lpost_getpc0)&4294967295``), which must
    stay at the address ``s_getpc_b64`` returns (nothing branches to it)."""
    s, before, after = edits[start]
    edits[start] = (s, before, [])
    k = start + 1
    while k + 1 < len(edits) and isinstance(edits[k + 1][0], Label):
        k += 1
    label, label_before, label_after = edits[k]
    edits[k] = (label, label_before, [*after, *label_after])


def anchor(edits: list[Edit], new_label: Callable[[], str], file: str) -> list[Edit]:
    """`edits` with the PC-relative operands of every ``s_getpc_b64`` window that inserted code
    splits rewritten to label differences (see the module's docstring); a SourceError where
    such code would split a window whose distances are not known."""
    for start, (s, _, after) in enumerate(edits):
        if not (isinstance(s, Instruction) and s.opcode == "s_getpc_b64" and s.operands
                and isinstance(s.operands[0], Register)):
            continue
        if after and start + 1 < len(edits) and isinstance(edits[start + 1][0], Label):
            _past_labels(edits, start)
            continue
        run, others = _uses(edits, start)
        last = max(run + others, default=start)
        window = range(start + 1, last + 1)
        if not (after or any(edits[k][1] for k in window) or any(edits[k][2] for k in window[:-1])):
            continue
        if others:
            ins = edits[others[0]][0]
            raise SourceError(f"a probe's code would go between `s_getpc_b64` (line {s.line}) and "
                              f"`{ins.opcode}`, whose PC-relative literal assumes the distance "
                              "between them as written", file=file, line=ins.line, col=ins.col,
                              hint="put the probe elsewhere, or write the PC-relative sequence "
                                   "as LLVM does (s_add_u32/s_addc_u32 right after s_getpc_b64)")
        pc = new_label()
        edits[start] = (s, edits[start][1], [Label(pc), *after])
        for n, k in enumerate(run):
            ins, before, later = edits[k]
            index, m = _pcrel(ins)
            lit = new_label()
            addend = int(m["add"] or 0) - LITERAL_SOP * n
            ins.operands[index] = Sym(f"{m['sym']}+({lit}-{pc}){addend:+d}")
            edits[k] = (ins, [*before, Label(lit)], later)
    return edits
