"""Register widths by scope. A ``{ }`` scope (inline asm) may declare a name that the body or
another scope declares with another width (``.reg .b64 t;`` in one, ``.reg .b32 t;`` in the
next, or a ``.reg .b64 %r1;`` over the body's ``%r<9>``): an operand means the declaration of
its own scope, else of the nearest scope around it, as ptxas reads it."""
from __future__ import annotations

from typing import Sequence

from neutrino_py.asm import ir
from neutrino_py.asm.cfg import scopes_of

# (name, count, bits) of one `.reg` name: count None for a single register, N for ``name<N>``
Decl = tuple[str, int | None, int]


def decl_bits(s: ir.RegDecl) -> int:
    """Bits of the registers a declaration makes (a predicate: 1; a vector register's,
    ``.reg .v2 .f64 %v``, those of each component)."""
    element = s.type.rpartition(".")[2]
    return 1 if element == "pred" else 8 * ir.TYPE_BYTES.get(element, 4)


def bits_in(decls: Sequence[Decl], name: str) -> int | None:
    """Width of `name` by the last of `decls` that declares it (``%r<200>`` declares ``%r0`` …
    ``%r199``, looked up by number; a vector register's component ``%v.y`` by ``%v``); None
    when none does."""
    name = name.partition(".")[0]
    for decl, count, bits in reversed(decls):
        if count is None:
            if name == decl:
                return bits
        elif name.startswith(decl):
            n = name[len(decl):]
            if n.isascii() and n.isdigit() and (n == "0" or n[0] != "0") and int(n) < count:
                return bits
    return None


class RegScopes:
    """The declarations of each scope of a body holding ``.reg``s in nested scopes, and the
    scope of each instruction in one (most stand in the body's own, which is not stored)."""

    def __init__(self, body: list[ir.Statement]) -> None:
        stmts, scopes, self.parents = scopes_of(body)
        self.decls: list[list[Decl]] = [[] for _ in self.parents]
        self.scope_of: dict[int, int] = {}
        for s, scope in zip(stmts, scopes):
            kind = type(s)
            if kind is ir.Instruction:
                if scope:
                    self.scope_of[id(s)] = scope
            elif kind is ir.RegDecl:
                bits = decl_bits(s)
                self.decls[scope].extend((name, count, bits) for name, count in s.names)
        nested = [d for scope in self.decls[1:] for d in scope]
        self.names = {name for name, count, _ in nested if count is None}
        self.ranges = [d for d in nested if d[1] is not None]

    def declared_nested(self, name: str) -> bool:
        """Whether some nested scope declares `name` (else its width is the same everywhere)."""
        return name in self.names or (bool(self.ranges) and bits_in(self.ranges, name) is not None)

    def bits(self, name: str, at: ir.Instruction | None) -> int | None:
        """Width of `name` as `at` reads it (None: at the body's own scope)."""
        scope = 0 if at is None else self.scope_of.get(id(at), 0)
        while scope >= 0:
            bits = bits_in(self.decls[scope], name)
            if bits is not None:
                return bits
            scope = self.parents[scope]
        return None
