"""Operand helpers of a probe (ADDR, BYTES, OUT, IN1..3, PC, OPCODE) bound to one instruction.

Values the instruction may destroy (its address register, its sources) are captured into scratch
registers *before* it runs, so an `after` probe sees what the instruction used, not what it left
behind; OUT is read after. Where an operand is, the target says (`targets.TargetKernel`).
"""
from __future__ import annotations

from typing import Any

from neutrino_py.asm.ptx_isa import opcode_id
from neutrino_py.ops import Imm, Scratch, Stmt, Value
from neutrino_py.targets import TargetKernel, Unreadable


def bind(kernel: TargetKernel, ins: Any, pc: int, names: set[str], scope: Scratch,
         before: list[Stmt], after: list[Stmt], missing: dict[str, str | None]) -> dict[str, Value]:
    """Values for `names`; ops computing them are appended to `before` (captures) or `after`
    (OUT). An operand the instruction does not have (OUT of a store, IN2 of a `mov`), or one
    with no value at all (`Unreadable.absent`: a branch's label), reads 0 and goes into
    `missing` (with None, or why it has no value: the splicer refuses a probe that reads it at
    no instruction that has a value there); one whose value cannot be read raises `Unreadable`
    naming the helper."""
    out: dict[str, Value] = {}
    for name in sorted(names):
        why = None
        try:
            value = _operand(kernel, ins, name, pc, scope, before, after)
        except Unreadable as err:
            if not err.absent:
                raise Unreadable(err.reason, name) from None
            value, why = None, err.reason
        if value is None:
            missing[name] = why
            value = Imm(0, "u64")
        out[name] = value
    return out


def _operand(kernel: TargetKernel, ins: Any, name: str, pc: int, scope: Scratch, before: list[Stmt],
             after: list[Stmt]) -> Value | None:
    """The value of one operand helper at `ins` (None: the instruction has no such operand)."""
    if name == "PC":
        return Imm(pc, "u32")
    if name == "OPCODE":
        return Imm(opcode_id(kernel.pattern(ins)[0]), "u32")
    if name == "BYTES":
        return kernel.bytes(ins, scope, before)
    if name == "ADDR":
        return kernel.address(ins, scope, before)
    if name == "OUT":
        return kernel.dest(ins, scope, after)
    return kernel.source(ins, int(name[2:]) - 1, scope, before)
