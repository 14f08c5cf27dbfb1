"""The one constant folder: C arithmetic on Python numbers, for the probe checker (constant
expressions, capacities) and for the lowering (ops on two immediates). Ops are named by their
probe symbol (``"+"``) or their ops name (``"add"``); the callers check operand kinds and ranges
and say what is wrong in the user's words."""
from __future__ import annotations

import math
import operator
import struct
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


def to_f32(value: int | float) -> float:
    """`value` rounded once to the nearest f32, ties to even, as the GPU's `cvt.rn.f32` rounds it:
    an int from its exact value (not through a double, which would round twice), an infinity
    past f32's range."""
    if isinstance(value, float):
        try:
            return struct.unpack("<f", struct.pack("<f", value))[0]
        except OverflowError:
            return math.copysign(math.inf, value)
    n = abs(value)
    drop = max(n.bit_length() - 24, 0)
    q, r = divmod(n, 1 << drop)
    if drop and (r > 1 << (drop - 1) or r == 1 << (drop - 1) and q & 1):
        q += 1
    n = q << drop
    return math.copysign(math.inf if n >= 1 << 128 else float(n), -1 if value < 0 else 1)


def converted(value: int | float, src: str, dst: str) -> int | float:
    """A constant of type `src` cast to `dst` (type names: ``u32`` ... ``f64``) as the GPU's
    `cvt` converts it: integers wrap to the width (sign-extended from a signed source), floats
    round to nearest, floats become integers toward zero, clamped to the type's range (NaN: 0)."""
    if src[0] != "f":
        value = fitted(int(value), int(src[1:]), src[0] == "s")
    if dst == "f32":
        return to_f32(value)
    if dst == "f64":
        return float(value)
    bits, signed = int(dst[1:]), dst[0] == "s"
    if src[0] != "f":
        return fitted(value, bits, signed)
    if math.isnan(value):
        return 0
    lo, hi = (-(1 << (bits - 1)), (1 << (bits - 1)) - 1) if signed else (0, (1 << bits) - 1)
    return hi if value >= hi else lo if value <= lo else math.trunc(value)
