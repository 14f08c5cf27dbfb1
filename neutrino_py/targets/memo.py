"""Renderings kept for reuse, shared by the targets' renderers (`targets/ptx`, `targets/gcn`).

A template's output depends on nothing but its statement and the state of the site's registers
before it (the key a renderer builds), and sites repeat the same statements many times. Each
rendering is kept with the state it leaves behind, and its IR nodes are shared between the
sites that use it (inserted code is never edited in place). A rendering that made labels comes
back with fresh ones: the statements naming one are new nodes, the others are shared. Those
copies are kept too, by their label names: label numbering restarts in every kernel, so the
kernels of a module that repeat a site's code ask for the same copy again (memtrace on 420
kernels relabelled 22,000 statements, nearly all of them copies made before), and sharing its
nodes lets the printer reuse their text.
"""
from __future__ import annotations

from typing import Any, Callable, Generic, Hashable, Iterable, Sequence, TypeVar

S = TypeVar("S")
LIMIT = 1 << 17            # a long-lived engine: keep the memo bounded


class Renderings(Generic[S]):
    """`names(s)`: the label names statement `s` defines or refers to; `relabel(s, fresh)`: a
    copy of `s` with those names mapped through `fresh`."""

    def __init__(self, names: Callable[[S], Iterable[str]],
                 relabel: Callable[[S, dict[str, str]], S]) -> None:
        self.names, self.relabel = names, relabel
        # [statements, state, made, uses or None, copies by their labels' names]
        self.kept: dict[Hashable, list] = {}
        self.size = 0                              # renderings and copies kept

    def get(self, key: Hashable, new_label: Callable[[], str]) -> tuple[Sequence[S], Any] | None:
        """(statements, state after) of the rendering kept under `key`, labels made anew with
        `new_label` in the order the rendering first made them; None when there is none."""
        hit = self.kept.get(key)
        if hit is None:
            return None
        stmts, state, made, uses, copies = hit
        if not made:
            return stmts, state
        fresh = tuple([new_label() for _ in made])
        copy = copies.get(fresh)
        if copy is not None:
            return copy, state
        if uses is None:         # which statements name a label, found at the first copy: many
            wanted = set(made)   # renderings that make labels hold a site's own PC and are
            names = self.names   # never reused
            uses = hit[3] = tuple([n for n, s in enumerate(stmts)
                                   if not wanted.isdisjoint(names(s))])
        renamed = dict(zip(made, fresh))
        out = list(stmts)
        for n in uses:
            out[n] = self.relabel(out[n], renamed)
        copy = copies[fresh] = tuple(out)
        self._grown()
        return copy, state

    def put(self, key: Hashable, stmts: Sequence[S], state: Any, made: Sequence[str]) -> None:
        """Keep a rendering, the state it left and the labels it made (in order)."""
        stmts, made = tuple(stmts), tuple(made)
        self._grown()
        self.kept[key] = [stmts, state, made, None, {made: stmts}]

    def _grown(self) -> None:
        """Count one more rendering or copy, forgetting them all past `LIMIT`."""
        self.size += 1
        if self.size > LIMIT:
            self.kept.clear()
            self.size = 1
