"""PTX opcode facts the probe checker needs: the known base opcodes and which ones touch memory.

`OPCODE` in a probe is `opcode_id(base)`: a stable small integer, 0 for an opcode not listed
here, so a `hist` indexed by `OPCODE` can be decoded with `OPCODES`.
"""
from __future__ import annotations

import fnmatch

from neutrino_py.asm.ptx_isa import OPCODES  # Index i + 1 is the OPCODE id of OPCODES[i]

# Opcodes with one address operand and a known access width: where ADDR and BYTES exist.
MEMORY: frozenset[str] = frozenset({"ld", "ldu", "st", "atom", "red"})

_IDS = {name: i + 1 for i, name in enumerate(OPCODES)}


def opcode_id(base: str) -> int:
    """OPCODE value of a base opcode (``ld`` for ``ld.global.f32``); 0 when unknown."""
    return _IDS.get(base.split(".", 1)[0], 0)


def bases_matching(glob: str) -> list[str]:
    """Known base opcodes a pattern's first part matches."""
    return [op for op in OPCODES if fnmatch.fnmatchcase(op, glob)]
