"""Map layouts: how many bytes each map of a manifest takes for one launch, and its NumPy dtype.

The rules are the manifest contract's (docs/contracts.md §4): units follow the map's level, items
use NumPy's aligned struct layout, fixed-capacity records keep a u32 event count per unit after the
items, and the header block holds a (cursor, dropped) pair of u64 per map.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Mapping, Sequence

import numpy as np

from neutrino_py.errors import ToolError

HEADER_SLOT_BYTES = 16
COUNT_DTYPE = np.dtype("<u4")
KINDS = ("record", "counter", "hist")
LEVELS = ("thread", "warp")

Dim3 = Sequence[int]


@dataclass(frozen=True)
class MapLayout:
    """Where one map lives in its device buffer for one launch."""

    name: str
    kind: str                 # record | counter | hist
    level: str | None         # thread | warp (None for hist)
    dtype: np.dtype           # one item, aligned struct layout
    units: int                # threads or warps of the launch
    capacity: int | None      # records per unit (fixed records) or hist entries
    pool: int | None          # records in the pool (unbounded records)
    items: int                # items of `dtype` in the buffer
    nbytes: int               # whole buffer, counts included
    header_slot: int

    @property
    def counts_offset(self) -> int | None:
        """Byte offset of the per-unit u32 counts (fixed records only)."""
        if self.kind == "record" and self.capacity is not None:
            return self.items * self.dtype.itemsize
        return None


def manifest_dict(manifest: Any) -> Mapping[str, Any]:
    """The manifest as its JSON structure, whether given as a dict or as splice's object."""
    if isinstance(manifest, Mapping):
        return manifest
    for method in ("to_dict", "to_json_dict", "as_dict"):
        if hasattr(manifest, method):
            return getattr(manifest, method)()
    if hasattr(manifest, "to_json"):
        import json
        return json.loads(manifest.to_json())
    raise TypeError(f"not a manifest: {type(manifest).__name__}")


def dim3(value: int | Sequence[int]) -> tuple[int, int, int]:
    """`(x, y, z)` from an int or a 1-3 item sequence, as CUDA launches take them."""
    dims = (int(value),) if isinstance(value, (int, np.integer)) else tuple(int(v) for v in value)
    if not 1 <= len(dims) <= 3 or any(d < 1 for d in dims):
        raise ToolError(f"bad launch dimension {value!r}", "give 1 to 3 positive integers, e.g. (64, 1, 1)")
    return dims + (1,) * (3 - len(dims))


def units(level: str | None, grid: Dim3 | int, block: Dim3 | int) -> int:
    """Threads or warps of a launch, counting a partial warp as one."""
    blocks, per_block = math.prod(dim3(grid)), math.prod(dim3(block))
    if level == "warp":
        return blocks * math.ceil(per_block / 32)
    return blocks * per_block


def item_dtype(fields: Sequence[Sequence[str]]) -> np.dtype:
    return np.dtype([(str(name), str(code)) for name, code in fields], align=True)


def header_nbytes(manifest: Any) -> int:
    return HEADER_SLOT_BYTES * len(manifest_dict(manifest)["maps"])


def layout(manifest: Any, grid: Dim3 | int, block: Dim3 | int) -> list[MapLayout]:
    """Every map's buffer for a launch of `grid` x `block`, in declaration (= parameter) order."""
    out = []
    for spec in manifest_dict(manifest)["maps"]:
        kind, level = spec["kind"], spec.get("level")
        if kind not in KINDS:
            raise ToolError(f"map {spec['name']!r} has unknown kind {kind!r}",
                            "the manifest is newer than this maps/ module; update neutrino_py")
        dtype = item_dtype(spec["dtype"])
        n_units = units(level, grid, block)
        capacity, pool = spec.get("capacity"), spec.get("pool")
        extra = 0
        if kind == "record" and capacity is not None:
            items = n_units * int(capacity)
            extra = n_units * COUNT_DTYPE.itemsize
        elif kind == "record":
            if not pool:
                raise ToolError(f"map {spec['name']!r} is an unbounded record without a pool size",
                                "the splicer must set `pool` for unbounded records")
            items = int(pool)
        elif kind == "counter":
            items = n_units
        else:
            items = int(capacity)
        out.append(MapLayout(spec["name"], kind, level, dtype, n_units, capacity, pool, items,
                             items * dtype.itemsize + extra, int(spec.get("header_slot", len(out)))))
    return out
