"""Stand-ins for a statement's constants and operands while a renderer renders its shape.

Sites repeat statements with other operands: memtrace stores each access's PC and reads its
address register and guard predicate, so at the 290 accesses of five Triton kernels hardly a
statement rendered twice. A renderer that renders a statement with `Hole`s in place of its
`Imm` values and `Src` texts, and fills them with the real operands afterwards, renders each
shape once. That is exact only where the template passes the value through to an operand and
never looks at it: a hole raises `Read` at any look (comparing, arithmetic, truth, formatting,
length, attributes), and the statement is then rendered with its own values.
"""
from __future__ import annotations

from typing import Any, NoReturn


class Read(Exception):
    """A template looked at a hole's value: this statement's rendering depends on it."""


class Hole:
    """The `n`-th distinct operand of a statement, standing where its value would be."""
    __slots__ = ("n",)

    def __init__(self, n: int) -> None:
        self.n = n

    def __hash__(self) -> int:
        return self.n

    def __repr__(self) -> str:
        return f"Hole({self.n})"

    def __getattr__(self, name: str) -> NoReturn:
        raise Read(name)

    def _read(self, *args: Any) -> NoReturn:
        raise Read(self.n)

    __eq__ = __ne__ = __lt__ = __le__ = __gt__ = __ge__ = _read
    __bool__ = __int__ = __float__ = __index__ = __complex__ = __round__ = _read
    __trunc__ = __floor__ = __ceil__ = __str__ = __format__ = __bytes__ = _read
    __len__ = __iter__ = __getitem__ = __contains__ = _read
    __neg__ = __pos__ = __abs__ = __invert__ = _read
    __add__ = __radd__ = __sub__ = __rsub__ = __mul__ = __rmul__ = _read
    __truediv__ = __rtruediv__ = __floordiv__ = __rfloordiv__ = _read
    __mod__ = __rmod__ = __divmod__ = __rdivmod__ = __pow__ = __rpow__ = _read
    __and__ = __rand__ = __or__ = __ror__ = __xor__ = __rxor__ = _read
    __lshift__ = __rlshift__ = __rshift__ = __rrshift__ = _read


HOLES = tuple(Hole(n) for n in range(64))     # shared, so that equal shapes are equal keys
