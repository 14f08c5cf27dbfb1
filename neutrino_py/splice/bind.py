"""Operand helpers of a probe (ADDR, BYTES, OUT, IN1..3, PC, OPCODE) bound to one instruction.

Values the instruction may destroy (its address register, its sources) are captured into scratch
registers *before* it runs, so an `after` probe sees what the instruction used, not what it left
behind; OUT is read after. Where an operand is, the target says (`targets.Kernel`).
"""
from __future__ import annotations

from typing import Any

from neutrino_py.ops import Imm, Scratch, Stmt, Value
from neutrino_py.probe.opcodes import opcode_id
from neutrino_py.targets import Kernel


def bind(kernel: Kernel, ins: Any, pc: int, names: set[str], scope: Scratch,
         before: list[Stmt], after: list[Stmt]) -> dict[str, Value]:
    """Values for `names`; ops computing them are appended to `before` (captures) or `after`
    (OUT)."""
    out: dict[str, Value] = {}
    for name in sorted(names):
        if name == "PC":
            out[name] = Imm(pc, "u32")
        elif name == "OPCODE":
            out[name] = Imm(opcode_id(kernel.pattern(ins)[0]), "u32")
        elif name == "BYTES":
            out[name] = Imm(kernel.width(ins), "u32")
        elif name == "ADDR":
            out[name] = kernel.address(ins, scope, before)
        elif name == "OUT":
            out[name] = kernel.dest(ins, scope, after)
        else:
            out[name] = kernel.source(ins, int(name[2:]) - 1, scope, before)
    return out
