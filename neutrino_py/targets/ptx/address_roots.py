"""Which memory accesses of a basic block address one register value plus a constant.

Two accesses whose addresses are one 64-bit value plus different constants, in every lane, are
affine over the same lanes together, with one stride, and each one's lowest lane's address is
the other's plus the difference of the constants: a chain of held-back saves then needs one
compression (`lower._Ctx.compress_lanes` with followers). Triton's unrolled accesses
(``add.s64 %rd2, %rd1, 512`` ... ``[%rd2]``) and vectorised offsets (``[%rd1+16]``) are such.
An access's root is the register its address is built from and the definition of it that
reaches the access in its block (or the block's entry), found by looking back through unguarded
64-bit copies and additions or subtractions of a constant; its offset is what those add, plus
the address operand's own. The look-back passes into the block before where that block leads
only to this one and is its only way in (a label no branch names splits them, as Triton's line
labels split its additions from its stores): one value in each lane all the same. Equal roots
mean one value in each lane.
"""
from __future__ import annotations

from typing import Callable, Hashable

from neutrino_py.asm import ir

WIDE = frozenset(("s64", "u64", "b64"))
MAX_CHAIN = 64          # copies and additions looked back through, at most, for one access
# instructions looked back over, at most, for one definition (further: not known). In the
# corpus Triton kernels an address's additions stand at most 17 instructions before it
# (matmul_kernel's roots, 240-254 back, make no chain); looking over whole blocks for every
# access's root cost a cold memtrace on 40 large Triton kernels about 0.1 s
MAX_LOOKBACK = 64
# blocks the look-back passes into, at most (0: each access's own block only): those entered
# only from the one before, which leads only to them (Triton's line labels, which made 17 such
# blocks between softmax_kernel's stores and their additions, start none since `asm.cfg` leaves
# labels no branch names out); the MAX_LOOKBACK instructions bound it first
MAX_PASSED = 64
FAR = -1                # `last_def`: the definition lies beyond MAX_LOOKBACK


class AddressRoots:
    """Roots of accesses (`root`) over the blocks of one kernel; `declared(name)`: whether a
    register is one of the kernel's own 64-bit registers (special registers such as
    ``%globaltimer`` are never looked through: two reads differ)."""

    def __init__(self, blocks: list[list[ir.Instruction]], declared: Callable[[str], bool],
                 succs: Callable[[], list[list[int]] | None] = lambda: None) -> None:
        self.blocks, self.declared, self.succs = blocks, declared, succs
        self.where = {id(i): (b, n) for b, block in enumerate(blocks) for n, i in enumerate(block)}
        self.roots: dict[int, tuple[Hashable, int] | None] = {}     # id(access) -> `root`
        self._only_from: dict[int, int] | None = None

    @property
    def only_from(self) -> dict[int, int]:
        """Block -> the block every entry into it comes from, where that block leads only to it
        (a label no branch names splits them: Triton's line labels). Made from `succs` the
        first time a look-back reaches a block's start: most kernels' accesses never do, and
        their control flow is then not asked for."""
        if self._only_from is None:
            succs = self.succs()
            preds: dict[int, list[int]] = {}
            for b, out in enumerate(succs or ()):
                for t in out:
                    preds.setdefault(t, []).append(b)
            self._only_from = {b: p[0] for b, p in preds.items()
                               if len(p) == 1 and p[0] != b and succs[p[0]] == [b]}
        return self._only_from

    def root(self, ins: ir.Instruction) -> tuple[Hashable, int] | None:
        """(root, offset): the address of `ins` is the root's value plus `offset` (mod 2**64) in
        every lane; None where not known (no register base, a 32-bit or special one)."""
        key = id(ins)
        if key not in self.roots:
            self.roots[key] = self.find(ins)
        return self.roots[key]

    def find(self, ins: ir.Instruction) -> tuple[Hashable, int] | None:
        addr = ins.address
        place = self.where.get(id(ins))
        if addr is None or place is None or not isinstance(addr.base, ir.Register) \
                or not self.declared(addr.base.name):
            return None
        b, n = place
        name, offset = addr.base.name, addr.offset
        budget, passed = MAX_LOOKBACK, 0
        for _ in range(MAX_CHAIN):
            q = self.last_def(b, name, n, budget)
            while q is None and passed < MAX_PASSED and budget > n and b in self.only_from:
                passed += 1
                budget -= n
                b = self.only_from[b]
                n = len(self.blocks[b])
                q = self.last_def(b, name, n, budget)
            if q == FAR:
                return None
            if q is None:
                return (name, "entry", b), offset % (1 << 64)
            budget -= n - q
            d = self.blocks[b][q]
            step = self.shifted(d)
            if step is None:
                return (name, id(d)), offset % (1 << 64)
            name, n = step[0], q
            offset += step[1]
        return None

    def last_def(self, b: int, name: str, n: int, budget: int) -> int | None:
        """Position of the last instruction before `n` in block `b` that writes `name` (None:
        none does; `FAR`: none of the `budget` before it does, and there are more), looked
        for backwards: the definitions an address is built from mostly stand just before it.
        Operands still held as text are parsed only where the name occurs in them."""
        block = self.blocks[b]
        stop = max(n - 1 - budget, -1)
        for q in range(n - 1, stop, -1):
            i = block[q]
            if (i.args is None or name in i.args) and name in i.regs_written():
                return q
        return FAR if stop >= 0 else None

    def shifted(self, d: ir.Instruction) -> tuple[str, int] | None:
        """(register, constant): `d` writes that register's value plus the constant, in 64 bits
        and in every lane (no guard); None for any other definition."""
        if d.guard is not None or len(d.modifiers) != 1 or d.modifiers[0] not in WIDE:
            return None
        srcs = d.srcs
        regs = [s for s in srcs if isinstance(s, ir.Register)]
        if len(regs) != 1 or not self.declared(regs[0].name):
            return None
        if d.opcode == "mov" and len(srcs) == 1:
            return regs[0].name, 0
        consts = [s.value for s in srcs if isinstance(s, ir.Immediate)]
        if len(srcs) != 2 or len(consts) != 1 or not isinstance(consts[0], int):
            return None
        if d.opcode == "add":
            return regs[0].name, consts[0]
        if d.opcode == "sub" and srcs[0] is regs[0]:
            return regs[0].name, -consts[0]
        return None
