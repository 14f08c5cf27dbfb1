"""The data formats stages share, in one leaf package that imports nothing else of neutrino_py
(DESIGN §1: errors/paths → contract → everything else).

- `manifest`: the `Manifest` of an instrumented kernel and its JSON form, `MapSpec` with the
  buffer geometry (`size_rule()`: per unit, fixed, pool item), the header block's layout, units.
- `wire`: the shim ↔ engine message framing and the map lines the shims read.
- `cheader`: the C header with the constants the shims share (`hook/neutrino_contract.h`).
"""
from neutrino_py.contract.manifest import Manifest, MapSpec, Param, SizeRule

__all__ = ["Manifest", "MapSpec", "Param", "SizeRule"]
