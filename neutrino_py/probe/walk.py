"""One walker for probe trees (syntax nodes and the typed `ast` alike): every node is a frozen
dataclass, its children are the fields holding nodes or tuples of them. Passes and the splicer
look at trees through `walk` instead of each knowing which node holds which."""
from __future__ import annotations

import dataclasses
from typing import Any, Callable, Iterator

from neutrino_py.probe import ast


def children(node: Any) -> Iterator[Any]:
    """The direct child nodes of `node`, in field order (spans and plain values skipped)."""
    for f in dataclasses.fields(node):
        value = getattr(node, f.name)
        if isinstance(value, (tuple, list)):
            yield from (v for v in value if dataclasses.is_dataclass(v) and not isinstance(v, ast.Span))
        elif dataclasses.is_dataclass(value) and not isinstance(value, (ast.Span, ast.Position)):
            yield value


def rebuild(node: Any, fn: Callable[[Any], Any]) -> Any:
    """`node` with every node below it replaced by `fn` of it, bottom up (`fn` returns its
    argument for nodes it keeps); nodes whose children are unchanged are kept as they are."""
    changes = {}
    for f in dataclasses.fields(node):
        value = getattr(node, f.name)
        if isinstance(value, tuple) and any(_is_node(v) for v in value):
            new = tuple(rebuild(v, fn) if _is_node(v) else v for v in value)
            changed = any(a is not b for a, b in zip(new, value))
        elif _is_node(value):
            new = rebuild(value, fn)
            changed = new is not value
        else:
            continue
        if changed:
            changes[f.name] = new
    return fn(dataclasses.replace(node, **changes) if changes else node)


def _is_node(value: Any) -> bool:
    return dataclasses.is_dataclass(value) and not isinstance(value, (ast.Span, ast.Position))


def walk(node: Any) -> Iterator[Any]:
    """`node` and every node below it, depth first, parents before children. A stack, not
    nested generators: each node yielded through those passed up every level above it, which
    made a deep expression (a long chain of `+`) quadratic in its depth."""
    stack = [node]
    while stack:
        node = stack.pop()
        yield node
        stack.extend(reversed(tuple(children(node))))


def probe_nodes(probe: ast.Probe) -> Iterator[Any]:
    """Every node of a probe's filter and body (not its position)."""
    if probe.filter is not None:
        yield from walk(probe.filter)
    for stmt in probe.body:
        yield from walk(stmt)


def operands_read(probe: ast.Probe) -> dict[str, ast.Span]:
    """Operand helpers (ADDR, OUT, ...) a probe reads, in its filter or body, with where each is
    first read."""
    out: dict[str, ast.Span] = {}
    for n in probe_nodes(probe):
        if isinstance(n, ast.Operand):
            out.setdefault(n.name, n.span)
    return out


def maps_written(program: ast.ProbeProgram) -> set[str]:
    """Maps some probe writes (saves to, adds to)."""
    return {n.map for p in program.probes for n in probe_nodes(p)
            if isinstance(n, (ast.Save, ast.CounterAdd, ast.HistAdd))}
