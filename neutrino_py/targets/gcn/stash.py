"""Kernels at the register limit: the instrumentation's registers beyond the limit move onto
kernel registers, whose values wait in a stash while a site runs.

- VGPRs: a kernel that needs all 256 architectural VGPRs still has the accumulation registers
  (AGPRs) of gfx90a/gfx94x's unified file. Each site saves the displaced kernel VGPRs into AGPRs
  (``v_accvgpr_write``) and restores them after (``v_accvgpr_read``); both follow EXEC, and so
  does every instruction of a site, so the lanes a site does not run keep the kernel's values.
  A scalar memory site's code runs in lane 0 whatever EXEC holds (`render.Once`): there the
  saves and restores take lane 0 as well.
  Where the AGPRs are taken too, the displaced VGPRs go to private memory (`Scratch`): dword
  slots per lane after the kernel's own private segment, with ``scratch_store/load`` on
  architected flat scratch (gfx94x) or ``buffer_store/load`` through a copy of the private
  segment buffer resource (gfx90a); a site waits for its stores before it overwrites what they
  read and for its loads before anything reads what they wrote.
- SGPRs: a kernel at the SGPR limit gets one more VGPR whose lanes hold the displaced SGPRs
  (``v_writelane``/``v_readlane``, which ignore EXEC).

Persistent instrumentation registers (the frame's kernarg pointer, entry EXEC and ids, shared
probe registers, counters) that are displaced live in the stash between sites: a site loads
them after saving the kernel's values and stores them back before restoring. At an exit, where
EXEC widens to the lanes the wave started with, displaced persistent VGPRs are stored before and
loaded after the widening (the wave ends there, so the kernel's values in the newly enabled lanes
are not needed again).

Displaced kernel registers are whole aligned blocks (VGPR pairs, SGPR quads), so the frame's
aligned ranges stay aligned, chosen from the top down among registers that no instrumentation
code reads (operands it captures, the prologue's sources), first among those no asynchronous
instruction of the kernel names: a load may land, a store or an MFMA may read its operands, any
time before the kernel's own ``s_waitcnt``, when a site may hold something else there. Where
those are too few, registers that only memory instructions name are taken too, and every site
then drains the wave's memory counters (``s_waitcnt 0``) before it saves them: no load is left to
land in them and no store to read them. Registers an MFMA names are never taken.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Iterable

from neutrino_py.asm import gcn_opcodes as opcodes
from neutrino_py.asm.gcn import Func, Imm, Instruction, Modified, Modifier, Operand, Register, Statement, Sym
from neutrino_py.targets.gcn import hazards

BLOCK = {"v": 2, "s": 4}


MAX_OFFSET = 4095          # the largest immediate offset of a MUBUF / scratch instruction


@dataclass(frozen=True)
class Scratch:
    """A VGPR stash in private memory: slot k of a lane is the dword at `offset` + 4 k of the
    lane's private segment; `resource` is gfx90a's buffer resource (the wave's base folded in),
    None with architected flat scratch; `mcpu` the processor."""
    offset: int
    resource: Register | None
    mcpu: str

    def access(self, kind: str, reg: int, slot: int) -> Instruction:
        """``kind`` ("store" or "load") of v`reg` to or from `slot` (a store with the cache bits
        `mcpu` forces on it)."""
        opcode = f"scratch_{kind}_dword" if self.resource is None else f"buffer_{kind}_dword"
        v, off = Register("v", reg), Sym("off")
        at = [Modifier("offset", str(self.offset + 4 * slot)),
              *map(Modifier, opcodes.forced_store_bits(self.mcpu, opcode))]
        if self.resource is None:
            return Instruction(opcode, [off, v, off] if kind == "store" else [v, off, off], at)
        return Instruction(opcode, [v, off, self.resource, Imm("0")], at)


class NoRoom(Exception):
    """The kernel has too few registers that can be displaced; the message says which."""


@dataclass
class Relocation:
    """Instrumentation registers of one file (``v`` or ``s``) moved onto kernel registers."""
    file: str
    rename: dict[int, int]          # instrumentation register -> the kernel register it takes
    displaced: list[int]            # kernel registers saved around every site
    persistent: list[int]           # displaced registers holding persistent state (new numbers)
    stash: int                      # first AGPR (v) or stash VGPR (s)
    drain: bool = False             # some displaced register is named by a memory instruction
    scratch: Scratch | None = None  # VGPRs: private memory instead of AGPRs

    @property
    def slots(self) -> int:
        """Stash slots: AGPRs (v) or VGPR lanes (s)."""
        return len(self.displaced) + len(self.persistent)

    def operand(self, op: Operand) -> Operand:
        if isinstance(op, Register) and op.file == self.file and op.first in self.rename:
            first = self.rename[op.first]
            assert all(self.rename.get(i) == first + i - op.first for i in op.indices), op
            return dataclasses.replace(op, first=first)
        if isinstance(op, Modified):
            return dataclasses.replace(op, inner=self.operand(op.inner))
        return op

    def _save(self, reg: int, slot: int) -> Instruction:
        if self.scratch:
            return self.scratch.access("store", reg, slot)
        if self.file == "v":
            return Instruction("v_accvgpr_write_b32", [Register("a", self.stash + slot), Register("v", reg)])
        return Instruction("v_writelane_b32", [Register("v", self.stash + slot // 64), Register("s", reg),
                                               Imm(str(slot % 64))])

    def _load(self, slot: int, reg: int) -> Instruction:
        if self.scratch:
            return self.scratch.access("load", reg, slot)
        if self.file == "v":
            return Instruction("v_accvgpr_read_b32", [Register("v", reg), Register("a", self.stash + slot)])
        return Instruction("v_readlane_b32", [Register("s", reg), Register("v", self.stash + slot // 64),
                                              Imm(str(slot % 64))])

    def _persist(self, load: bool) -> list[Instruction]:
        n = len(self.displaced)
        return self._waited([self._load(n + j, r) if load else self._save(r, n + j)
                             for j, r in enumerate(self.persistent)])

    def _waited(self, code: list[Instruction]) -> list[Instruction]:
        """Private-memory accesses complete before the registers they name are used again."""
        return [*code, Instruction("s_waitcnt", [Func("vmcnt", (Imm("0"),))])] if self.scratch and code else code

    def wrap(self, code: list[Statement], widen: set[int], lane0: Register | None = None,
             entry: Register | None = None) -> list[Statement]:
        """`code` (one insertion of the instrumentation) renamed and wrapped in the stash; the
        instructions in `widen` (ids) set EXEC to the wave's entry lanes. With `lane0` (an SGPR
        pair free outside the code) the code runs something in lane 0 whatever EXEC holds (a
        scalar memory site's `render.Once`): a VGPR stash's saves and loads then take lane 0 too,
        EXEC kept in `lane0` meanwhile (``s_bitset1_b32`` leaves SCC alone: it is not saved yet);
        with `entry` too (the SGPR pair of the wave's entry lanes) something in every lane the
        wave started with (`render.Wide`), and the saves and loads take those lanes."""
        nop = [Instruction("s_nop", [Imm("1")])] if self.file == "v" else []   # DPP / trans reads
        drain = [Instruction("s_waitcnt", [Imm("0")])] if self.drain else []
        head = drain + self._waited([self._save(r, k) for k, r in enumerate(self.displaced)]) \
            + self._persist(load=True)
        tail = self._persist(load=False) + self._waited([self._load(k, r) for k, r in enumerate(self.displaced)])
        if lane0 is not None and self.file == "v":
            head, tail = (_with_lanes(side, lane0, entry) for side in (head, tail))
        body: list[Statement] = []
        for s in code:
            wide = id(s) in widen and self.file == "v"
            if isinstance(s, Instruction):
                s = dataclasses.replace(s, operands=[self.operand(op) for op in s.operands])
            body += [*self._persist(load=False), s, *self._persist(load=True)] if wide else [s]
        return hazards.pad([*nop, *head]) + body + hazards.pad([*tail, *nop])


def _with_lanes(code: list[Instruction], saved: Register, entry: Register | None) -> list[Instruction]:
    """`code` run in lane 0 as well as in EXEC's lanes, or with `entry` in the lanes it holds
    (the wave's entry lanes, which hold EXEC's and lane 0), EXEC kept in `saved`."""
    if not code:
        return code
    take = Instruction("s_mov_b64", [Register("exec"), entry]) if entry is not None else \
        Instruction("s_bitset1_b32", [Register("exec_lo"), Imm("0")])
    return [Instruction("s_mov_b64", [saved, Register("exec")]), take,
            *code, Instruction("s_mov_b64", [Register("exec"), saved])]


def relocate(file: str, low: int, high: int, cap: int, persistent: Iterable[int], stash: int,
             inserted: Iterable[Statement], kernel: Iterable[Instruction]) -> Relocation | None:
    """Move the instrumentation's registers ``[low, high)`` of `file` that lie at or above `cap`
    onto kernel registers below `low` (None: nothing is above `cap`); `stash` is where the
    stash starts (first AGPR or stash VGPR). Raises `NoRoom` when too few can be displaced."""
    if high <= cap:
        return None
    g = BLOCK[file]
    moved = [b for b in range(low - low % g, high, g) if b + g > cap]
    read = {i for s in inserted if isinstance(s, Instruction) for r in s.regs() if r.file == file
            for i in r.indices if i < low}
    kernel = list(kernel)

    def named(matrix: bool) -> set[int]:
        return {i for s in kernel if opcodes.is_asynchronous(s.opcode)
                and s.opcode.startswith(opcodes.MATRIX) == matrix for r in s.regs() if r.file == file for i in r.indices}

    memory, fixed = named(False), read | named(True)
    blocks = [set(range(b, b + g)) for b in range(min(low, cap) // g * g - g, -1, -g)]
    idle = [min(b) for b in blocks if not b & (fixed | memory)]
    free = idle + [min(b) for b in blocks if not b & fixed and b & memory]
    if len(free) < len(moved):
        raise NoRoom(f"{len(free)} of the kernel's {'VGPR pairs' if file == 'v' else 'SGPR quads'} "
                     f"can hold the probe's registers while a site runs, {len(moved)} are needed "
                     "(the others feed matrix instructions, or the probe reads them)")
    rename = {m + k: f + k for m, f in zip(moved, free) for k in range(g) if m + k >= low}
    displaced = sorted({f + k for f in free[:len(moved)] for k in range(g)})
    return Relocation(file, rename, displaced, sorted(rename[i] for i in persistent if i in rename), stash,
                      drain=len(moved) > len(idle))
