"""The resources pass, over the checked program: what its maps cost and whether they can all be
handed to a kernel (at most `contract.MAX_MAPS`, the shims' table size; pools and hists of at
most `MAX_MAP_BYTES`), and maps no probe writes (a warning at the declaration: the buffer is
allocated, copied and stays empty)."""
from __future__ import annotations

from neutrino_py.contract.manifest import MAX_MAPS, item_layout
from neutrino_py.probe import ast
from neutrino_py.probe.passes import HOW_TO_WRITE, MAX_MAP_BYTES, Pass
from neutrino_py.probe.walk import maps_written


class Resources(Pass):
    def run(self, program: ast.ProbeProgram) -> None:
        maps = list(program.maps.values())
        if len(maps) > MAX_MAPS:
            raise self.error(f"{len(maps)} maps: a probe file may declare at most {MAX_MAPS}",
                             maps[MAX_MAPS].span, hint="merge maps of the same kind and level "
                             "into one with more fields")
        for m in maps:
            self.check_bytes(m)
        written = maps_written(program)
        for m in maps:
            if m.name not in written:
                self.warn(f"map '{m.name}' is never written", m.span, hint=HOW_TO_WRITE[m.kind])

    def check_bytes(self, m: ast.MapDecl) -> None:
        """A pool's or hist's buffer, fixed by the file alone, must fit a GPU: capacities are
        limited in items, so wide items could still ask for terabytes (per-unit maps grow with
        the grid, known only at launch)."""
        items = m.pool if m.pool is not None else m.capacity if m.kind == "hist" else None
        if items is None:
            return
        item = item_layout(m.dtype)[1]
        if items * item > MAX_MAP_BYTES:
            raise self.error(f"map '{m.name}' needs {items * item / 2**30:,.0f} GiB ({items} x "
                             f"{item} B): at most {MAX_MAP_BYTES >> 30} GiB per map", m.span,
                             hint="a smaller pool (dropped records are counted), or fewer or "
                                  "narrower fields")
