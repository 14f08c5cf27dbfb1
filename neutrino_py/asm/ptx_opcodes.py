"""PTX opcode facts, kept once: the known base opcodes and what each kind does. The IR
(`ir.Instruction.touches_memory`, destinations), the probe checker (patterns, ADDR/BYTES, `after`
a branch) and the splicer (exits, OPCODE values) all read them here.

`OPCODE` in a probe is `opcode_id(base)`: a stable small integer, 0 for an opcode not listed
here, so a `hist` indexed by `OPCODE` can be decoded with `OPCODES`.
"""
from __future__ import annotations

import fnmatch

from neutrino_py.asm.ptx_isa import OPCODES  # Index i + 1 is the OPCODE id of OPCODES[i]

# Opcodes with one address operand and a known access width: where ADDR and BYTES exist.
MEMORY: frozenset[str] = frozenset({"ld", "ldu", "st", "atom", "red"})
# Opcodes whose address operand reads or writes memory (surface and texture instructions take
# a handle, not an address, and are not counted).
ADDRESSED: frozenset[str] = MEMORY | {"cp", "ldmatrix", "stmatrix", "prefetch", "prefetchu",
                                      "multimem", "mbarrier", "wmma"}
# Opcodes without a register destination: every operand is a source.
NO_DEST: frozenset[str] = frozenset({
    "st", "red", "bra", "brx", "call", "ret", "exit", "trap", "bar", "barrier", "membar", "fence",
    "prefetch", "prefetchu", "sust", "sured", "stmatrix", "cp", "nanosleep", "pmevent", "brkpt",
    "griddepcontrol", "setmaxnreg", "discard", "applypriority"})
# Where control leaves the instruction stream or may jump away from the next instruction.
CONTROL: frozenset[str] = frozenset({"bra", "brx", "ret", "exit", "trap", "brkpt"})
# Where a thread ends: `exit` probes run before these.
EXITS: tuple[str, ...] = ("ret", "exit")

_IDS = {name: i + 1 for i, name in enumerate(OPCODES)}


def opcode_id(base: str) -> int:
    """OPCODE value of a base opcode (``ld`` for ``ld.global.f32``); 0 when unknown."""
    return _IDS.get(base.split(".", 1)[0], 0)


def bases_matching(glob: str) -> list[str]:
    """Known base opcodes a pattern's first part matches."""
    return [op for op in OPCODES if fnmatch.fnmatchcase(op, glob)]
