"""PTX opcode facts the probe checker needs: the known base opcodes and which ones touch memory.

`OPCODE` in a probe is `opcode_id(base)`: a stable small integer, 0 for an opcode not listed
here, so a `hist` indexed by `OPCODE` can be decoded with `OPCODES`.
"""
from __future__ import annotations

import fnmatch

# Index i + 1 is the OPCODE id of OPCODES[i]; append only, never reorder.
OPCODES: tuple[str, ...] = (
    "abs", "activemask", "add", "addc", "alloca", "and", "applypriority", "atom", "bar", "barrier",
    "bfe", "bfi", "bfind", "bmsk", "bra", "brev", "brkpt", "brx", "call", "clz", "cnot",
    "copysign", "cos", "cp", "cvt", "cvta", "discard", "div", "dp2a", "dp4a", "elect", "ex2",
    "exit", "fence", "fma", "fns", "getctarank", "griddepcontrol", "isspacep", "istypeof", "ld",
    "ldmatrix", "ldu", "lg2", "lop3", "mad", "mad24", "madc", "mapa", "match", "max", "mbarrier",
    "membar", "min", "mma", "mov", "movmatrix", "mul", "mul24", "multimem", "nanosleep", "neg",
    "not", "or", "pmevent", "popc", "prefetch", "prefetchu", "prmt", "rcp", "red", "redux", "rem",
    "ret", "rsqrt", "sad", "selp", "set", "setmaxnreg", "setp", "shf", "shfl", "shl", "shr", "sin",
    "slct", "sqrt", "st", "stackrestore", "stacksave", "stmatrix", "sub", "subc", "suld", "suq",
    "sured", "sust", "szext", "tanh", "tcgen05", "tensormap", "testp", "tex", "tld4", "trap",
    "txq", "vabsdiff", "vabsdiff2", "vabsdiff4", "vadd", "vadd2", "vadd4", "vavrg2", "vavrg4",
    "vmad", "vmax", "vmax2", "vmax4", "vmin", "vmin2", "vmin4", "vote", "vset", "vset2", "vset4",
    "vshl", "vshr", "vsub", "vsub2", "vsub4", "wgmma", "wmma", "xor",
)

# Opcodes with one address operand and a known access width: where ADDR and BYTES exist.
MEMORY: frozenset[str] = frozenset({"ld", "ldu", "st", "atom", "red"})

_IDS = {name: i + 1 for i, name in enumerate(OPCODES)}


def opcode_id(base: str) -> int:
    """OPCODE value of a base opcode (``ld`` for ``ld.global.f32``); 0 when unknown."""
    return _IDS.get(base.split(".", 1)[0], 0)


def bases_matching(glob: str) -> list[str]:
    """Known base opcodes a pattern's first part matches."""
    return [op for op in OPCODES if fnmatch.fnmatchcase(op, glob)]
