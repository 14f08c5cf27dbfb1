"""The resources pass, over the checked program: what its maps cost and whether they can all be
handed to a kernel (at most `contract.MAX_MAPS`, the shims' table size), and maps no probe writes
(a warning at the declaration: the buffer is allocated, copied and stays empty)."""
from __future__ import annotations

from neutrino_py.contract.manifest import MAX_MAPS
from neutrino_py.probe import ast
from neutrino_py.probe.passes import HOW_TO_WRITE, Pass
from neutrino_py.probe.walk import maps_written


class Resources(Pass):
    def run(self, program: ast.ProbeProgram) -> None:
        maps = list(program.maps.values())
        if len(maps) > MAX_MAPS:
            raise self.error(f"{len(maps)} maps: a probe file may declare at most {MAX_MAPS}",
                             maps[MAX_MAPS].span, hint="merge maps of the same kind and level "
                             "into one with more fields")
        written = maps_written(program)
        for m in maps:
            if m.name not in written:
                self.warn(f"map '{m.name}' is never written", m.span, hint=HOW_TO_WRITE[m.kind])
