"""Filters a kernel decides before anything runs: a shared register that no probe matched in a
kernel ever writes keeps the value entry gave it (0), so an exit filter such as time_range's
`passes != 0` is false in every kernel without marks, and its probe (a test and a branch at
every exit) is left out there instead of costing each warp at run time."""
from __future__ import annotations

from typing import Iterable

from neutrino_py.probe import ast, fold
from neutrino_py.probe.walk import probe_nodes


def written(probes: Iterable[ast.Probe]) -> set[str]:
    """Shared registers these probes assign."""
    return {n.reg for p in probes for n in probe_nodes(p) if isinstance(n, ast.Assign)}


def never_runs(probe: ast.Probe, assigned: set[str]) -> bool:
    """Whether `probe`'s filter is false whenever registers outside `assigned` hold 0."""
    return probe.filter is not None and _value(probe.filter, assigned) is False


def _value(e: ast.Expr, assigned: set[str]) -> int | bool | None:
    """`e`'s value where it follows from integer constants and unwritten registers alone, else
    None (floats are left to run time: their rounding is the GPU's)."""
    if e.type.is_float:
        return None
    if isinstance(e, ast.Const):
        return _fit(int(e.value), e.type)
    if isinstance(e, ast.RegRead):
        return None if e.name in assigned else 0
    if isinstance(e, (ast.Cast, ast.Unary)):
        v = _value(e.operand, assigned)
        if v is None:
            return None
        if isinstance(e, ast.Unary):
            return (not v) if e.op == "!" else _fit(fold.unary(e.op, int(v)), e.type)
        return bool(v) if e.type is ast.Type.BOOL else _fit(int(v), e.type)
    if isinstance(e, ast.Binary):
        a, b = _value(e.left, assigned), _value(e.right, assigned)
        if e.op == "&&":
            return False if a is False or b is False else (None if a is None or b is None else a and b)
        if e.op == "||":
            return True if a is True or b is True else (None if a is None or b is None else a or b)
        if a is None or b is None or (e.op in ("/", "%") and b == 0) \
                or (e.op in ("<<", ">>") and not 0 <= b < e.type.bits):
            return None
        v = fold.apply(e.op, a, b)
        return v if isinstance(v, bool) else _fit(int(v), e.type)
    return None


def _fit(v: int, type_: ast.Type) -> int:
    return fold.fitted(v, type_.bits, type_.is_signed)
