"""What the C shims and the Python side say to each other (contracts §6, hook/shim.c).

A message on the engine's socket is a u32 header length, the header text (a verb line, then
`key value` lines), a u64 payload length and the payload, all little-endian. An `instrument` reply
carries one `map` line per map with its sizing rule; the HIP shim reads the same rule from a
twin file (`hook.build_hip.write_twin`). Both line formats are written here; the sizes and limits
the shims need come from the generated C header (`contract.cheader`).
"""
from __future__ import annotations

import struct

from neutrino_py.contract.manifest import MapSpec

HEADER_LENGTH = struct.Struct("<I")       # bytes of the header text
PAYLOAD_LENGTH = struct.Struct("<Q")      # bytes of the payload after it


def map_line(spec: MapSpec) -> str:
    """An `instrument` reply's line for one map: `map <unit> <per_unit> <fixed> <pool_item> <slot>
    <capacity>`; `capacity` is a fixed-capacity record map's records per unit (the shim counts the
    records kept from the u32 counts closing its buffer), 0 for other kinds."""
    rule = spec.size_rule()
    capacity = spec.capacity if spec.kind == "record" and spec.capacity is not None else 0
    return f"map {rule.unit} {rule.per_unit} {rule.fixed} {rule.pool_item} {spec.header_slot} {capacity}"


def twin_line(param: str, spec: MapSpec) -> str:
    """A HIP twin file's line for one map's buffer: `<param> <level> <per_unit> <fixed>`."""
    rule = spec.size_rule()
    return f"{param} {spec.level} {rule.per_unit} {rule.fixed}"
