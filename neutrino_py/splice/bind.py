"""Operand helpers of a probe (ADDR, BYTES, OUT, IN1..3, PC, OPCODE) bound to one instruction.

Values the instruction may destroy (its address register, its sources, its own guard predicate)
are captured into scratch registers *before* it runs, so an `after` probe sees what the
instruction used, not what it left behind. OUT is read after.
"""
from __future__ import annotations

from neutrino_py.asm import ir
from neutrino_py.probe.opcodes import opcode_id
from neutrino_py.splice import ops
from neutrino_py.splice.lower import Scratch
from neutrino_py.splice.ops import Imm, Src, Stmt, Value

# Special registers that are 64 bits wide; every other undeclared register is 32.
WIDE_SPECIALS = {"%clock64", "%globaltimer", "%gridid"}
RAW_TYPES = {1: "pred", 64: "u64"}


class Binder:
    """Binds operands of instructions of one function (whose `.reg` types it knows)."""

    def __init__(self, fn: ir.Function) -> None:
        self.widths = {name: 1 if t == "pred" else 8 * ir.TYPE_BYTES.get(t, 4)
                       for name, t in fn.declared_registers().items()}

    def width(self, reg: ir.Register) -> int:
        return self.widths.get(reg.name, 64 if reg.name in WIDE_SPECIALS else 32)

    def bind(self, ins: ir.Instruction, pc: int, names: set[str], scope: Scratch,
             before: list[Stmt], after: list[Stmt]) -> dict[str, Value]:
        """Values for `names`; ops computing them are appended to `before` (captures) or
        `after` (OUT)."""
        out: dict[str, Value] = {}
        for name in sorted(names):
            if name == "PC":
                out[name] = Imm(pc, "u32")
            elif name == "OPCODE":
                out[name] = Imm(opcode_id(ins.opcode), "u32")
            elif name == "BYTES":
                out[name] = Imm(ins.width or 0, "u32")
            elif name == "ADDR":
                out[name] = self.address(ins, scope, before)
            elif name == "OUT":
                dests = ins.dests
                out[name] = self.raw(dests[0] if dests else ir.Sink(), scope, after)
            else:
                srcs = ins.srcs
                k = int(name[2:]) - 1
                out[name] = self.raw(srcs[k] if k < len(srcs) else ir.Sink(), scope, before)
        return out

    def address(self, ins: ir.Instruction, scope: Scratch, code: list[Stmt]) -> Value:
        """ADDR: the accessed address as u64; `.global` addresses in generic form (the value of
        the user's pointer), other state spaces as state-space addresses, `.param` as the offset."""
        addr = ins.address
        if addr is None:                       # the checker allows ADDR at memory opcodes only
            return Imm(0, "u64")
        space = ins.space
        base = addr.base
        if space == "param" or isinstance(base, ir.Immediate):
            value = addr.offset + (int(base.value) if isinstance(base, ir.Immediate) else 0)
            return Imm(value, "u64")
        dst = scope.tmp("u64")
        if isinstance(base, ir.Register) and self.width(base) == 32:
            code.append(ops.Convert(dst, Src(base.name, "u32")))
        else:
            code.append(ops.Move(dst, Src(str(base), "u64")))
        if addr.offset:
            code.append(ops.Binary(dst, "add", dst, Imm(addr.offset, "u64")))
        if space == "global":
            code.append(ops.ToGeneric(dst, dst, "global"))
        return dst

    def raw(self, op: ir.Operand, scope: Scratch, code: list[Stmt]) -> Value:
        """Raw bits of an operand, zero-extended to u64 (first element of a vector or pair;
        the address of a memory operand; 0 for ``_``)."""
        if isinstance(op, ir.Vector):
            op = op.items[0]
        if isinstance(op, ir.PredPair):
            op = op.first
        if isinstance(op, ir.Immediate):
            text = op.text.lstrip("-")
            if text[:2].lower() in ("0f", "0d"):
                return Imm(int(text[2:], 16), "u64")
            return Imm(int(op.value), "u64")
        if isinstance(op, ir.Address):
            return self.address_value(op, scope, code)
        if isinstance(op, ir.Symbol):
            dst = scope.tmp("u64")
            code.append(ops.Move(dst, Src(op.name, "u64")))
            return dst
        if isinstance(op, (ir.Register, ir.Negated)):
            reg = op.operand if isinstance(op, ir.Negated) else op
            dst = scope.tmp("u64")
            width = self.width(reg)
            code.append(ops.ZeroExtend(dst, Src(reg.name, RAW_TYPES.get(width, "u32")), width))
            if isinstance(op, ir.Negated):
                code.append(ops.Binary(dst, "xor", dst, Imm(1, "u64")))
            return dst
        return Imm(0, "u64")

    def address_value(self, addr: ir.Address, scope: Scratch, code: list[Stmt]) -> Value:
        """base + offset of a memory operand appearing as a source (the address of a store)."""
        if isinstance(addr.base, ir.Immediate):
            return Imm(int(addr.base.value) + addr.offset, "u64")
        dst = self.raw(addr.base, scope, code)
        if addr.offset:
            code.append(ops.Binary(dst, "add", dst, Imm(addr.offset, "u64")))
        return dst
