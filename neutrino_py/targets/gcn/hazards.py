"""Wait states the instrumentation's own code needs: llvm-mc does not insert them (the compiler
does, for the kernel's code), so the splicer pads what the templates rendered.

Two gfx9 rules cover every instruction the templates emit:
- a VALU instruction that writes an SGPR (compare masks, carry-outs, ``v_readlane``) is followed by
  ``s_nop 4``: 5 wait states cover the longest gfx90a/gfx94x consumer (a VMEM reading the SGPR;
  a VALU reading it as a mask or lane select needs 2 to 4);
- a transcendental (``v_rcp*``, ...) is followed by ``s_nop 0`` before a VALU reads its result
  (gfx94x).
Inserting code between two of the kernel's instructions only lengthens distances the compiler
already made safe, except after a matrix instruction: code there may read its result (an
``after mma`` probe's OUT) before it is written, so it starts with `AFTER_MATRIX`.
"""
from __future__ import annotations

from neutrino_py.asm import gcn_opcodes as opcodes
from neutrino_py.asm.gcn import Imm, Instruction, Register, Statement

TRANS = ("v_rcp", "v_rsq", "v_sqrt", "v_exp", "v_log", "v_sin", "v_cos")
# wait states before reading a matrix instruction's result: 24, past the longest gfx90a/gfx94x
# need (a 16-pass MFMA, 32x32 or f64 16x16, read by a VALU or memory instruction: 18-19)
AFTER_MATRIX = 3


def after_matrix(anchor: Statement) -> list[Statement]:
    """The ``s_nop``s code inserted right after `anchor` starts with (none unless a matrix
    instruction)."""
    if not (isinstance(anchor, Instruction) and anchor.opcode.startswith(opcodes.MATRIX)):
        return []
    return [Instruction("s_nop", [Imm("7")]) for _ in range(AFTER_MATRIX)]


def _writes_sgpr(ins: Instruction) -> bool:
    if not ins.opcode.startswith("v_") or not ins.operands:
        return False
    carry = any(c in ins.opcode for c in opcodes.CARRY_OUT)
    firsts = ins.operands[:2] if carry else ins.operands[:1]
    return any(isinstance(op, Register) and (op.file == "s" or op.file in ("vcc", "exec"))
               for op in firsts)


def pad(statements: list[Statement]) -> list[Statement]:
    """`statements` with the wait states above inserted."""
    out: list[Statement] = []
    for s in statements:
        out.append(s)
        if isinstance(s, Instruction):
            if _writes_sgpr(s):
                out.append(Instruction("s_nop", [Imm("4")]))
            elif s.opcode.startswith(TRANS):
                out.append(Instruction("s_nop", [Imm("0")]))
    return out
