"""The one constant folder: C arithmetic on Python numbers, for the probe checker (constant
expressions, capacities) and for the lowering (ops on two immediates). Ops are named by their
probe symbol (``"+"``) or their ops name (``"add"``); the callers check operand kinds and ranges
and say what is wrong in the user's words."""
from __future__ import annotations

import operator
from typing import Callable

NAMES = {"+": "add", "-": "sub", "*": "mul", "/": "div", "%": "rem", "&": "and", "|": "or",
         "^": "xor", "<<": "shl", ">>": "shr", "&&": "and", "||": "or"}
COMPARE_NAMES = {"==": "eq", "!=": "ne", "<": "lt", "<=": "le", ">": "gt", ">=": "ge"}


def _divide(op: str, x: int | float, y: int | float) -> int | float:
    """C division and remainder: integer quotients truncate toward zero."""
    if isinstance(x, float) or isinstance(y, float):
        return x / y
    q = abs(x) // abs(y) * (1 if (x < 0) == (y < 0) else -1)
    return q if op == "div" else x - y * q


_APPLY: dict[str, Callable] = {
    "add": operator.add, "sub": operator.sub, "mul": operator.mul, "and": operator.and_,
    "or": operator.or_, "xor": operator.xor, "shl": operator.lshift, "shr": operator.rshift,
    "div": lambda x, y: _divide("div", x, y), "rem": lambda x, y: _divide("rem", x, y),
    "eq": operator.eq, "ne": operator.ne, "lt": operator.lt, "le": operator.le,
    "gt": operator.gt, "ge": operator.ge}
# Ops whose result modulo 2**bits depends only on the operands modulo 2**bits: the lowering may
# fold them on fixed-width immediates.
WRAPPING = frozenset({"add", "sub", "mul", "and", "or", "xor", "shl"})


def apply(op: str, x: int | float, y: int | float) -> int | float | bool:
    """`x op y` with C semantics (the caller rules out division by zero and bad shifts)."""
    return _APPLY[NAMES.get(op) or COMPARE_NAMES.get(op) or op](x, y)


def unary(op: str, x: int | float) -> int | float:
    """Unary ``-x`` or ``~x`` of an integer or float constant."""
    return -x if op == "-" else ~x


def wrapped(op: str, x: int, y: int, bits: int) -> int:
    """`x op y` on `bits`-wide integers, as the GPU computes it (`op` in WRAPPING): a shift's
    amount is a u32 and PTX clamps one past the width, which shifts everything out."""
    if op == "shl":
        y %= 1 << 32
        return 0 if y >= bits else (x << y) % (1 << bits)
    return apply(op, x, y) % (1 << bits)


def fitted(v: int, bits: int, signed: bool) -> int:
    """`v` as a `bits`-wide integer holds it: wrapped to the width, negative where `signed` and
    the top bit is set."""
    v %= 1 << bits
    return v - (1 << bits) if signed and v >> (bits - 1) else v
