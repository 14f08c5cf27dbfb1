"""Per-lane values back from warp-compressed `lanes` fields (probes/README.md, contracts §4).

A `[warp]` record with a field ``lanes addr;`` stores, per warp-level event, ``addr`` (the lowest
active lane's value), ``addr_stride``, ``addr_mask`` (the active lanes) and ``addr_at``: either
`LANES_AFFINE` (every lane's value is ``addr + (lane - lowest) * addr_stride``) or the index in the
companion map ``<map>__addr`` of the first of the lanes' values, stored lane after lane. `expand`
turns such records into one row per active lane, exactly.
"""
from __future__ import annotations

from typing import Mapping

import numpy as np

from neutrino_py.contract.manifest import LANE_PARTS, LANES_AFFINE, companion

LANE_FIELD = "lane"
EVENT_FIELD = "event"


def lanes_fields(dtype: np.dtype) -> list[str]:
    """The `lanes` fields of a record dtype: names with all of their `LANE_PARTS` present."""
    names = set(dtype.names or ())
    return [n for n in dtype.names or () if all(n + suffix in names for suffix, _ in LANE_PARTS)
            and not any(n.endswith(suffix) for suffix, _ in LANE_PARTS[1:])]


def expanded_dtype(dtype: np.dtype, fields: list[str]) -> np.dtype:
    """One lane's row: the record's own fields with each lanes field as a u64 value, plus the
    record's index (`event`) and the `lane`."""
    parts = {f + suffix for f in fields for suffix, _ in LANE_PARTS[1:]}
    keep = [(n, dtype.fields[n][0]) for n in dtype.names if n not in parts]
    return np.dtype(keep + [(EVENT_FIELD, "<u8"), (LANE_FIELD, "<u4")], align=True)


def expand(records: np.ndarray, values: Mapping[str, np.ndarray], first_event: int = 0,
           ) -> tuple[np.ndarray, int]:
    """One row per active lane of every record (record order, then lane order), and how many
    lanes were lost (their values did not fit the companion pool: counted in its `dropped`,
    left out here). `values[field]` is the companion map of each lanes field; `first_event`
    numbers the `event` field when records come in chunks."""
    fields = lanes_fields(records.dtype)
    out_dtype = expanded_dtype(records.dtype, fields)
    if not fields:
        raise ValueError("records have no lanes field")
    mask = np.asarray(records[fields[0] + "_mask"], np.uint32)
    bits = (mask[:, None] >> np.arange(32, dtype=np.uint32)) & 1
    event, lane = np.nonzero(bits)
    rank = np.cumsum(bits, axis=1)[event, lane] - 1
    lowest = np.argmax(bits, axis=1)[event]
    keep = np.ones(len(event), bool)
    lanes_values = {}
    rec = records[event]
    for f in fields:
        base = np.asarray(rec[f], np.uint64)
        stride = np.asarray(rec[f + "_stride"], np.int64).view(np.uint64)
        at = np.asarray(rec[f + "_at"], np.uint64)
        affine = at == LANES_AFFINE
        with np.errstate(over="ignore"):
            value = base + (lane - lowest).astype(np.uint64) * stride
        where = at + rank.astype(np.uint64)
        pool = np.asarray(values[f]["value"] if values[f].dtype.names else values[f], np.uint64)
        inside = ~affine & (where < len(pool))
        value[inside] = pool[where[inside].astype(np.int64)]
        keep &= affine | inside
        lanes_values[f] = value
    out = np.zeros(int(keep.sum()), out_dtype)
    for name in out_dtype.names:
        if name == EVENT_FIELD:
            out[name] = event[keep] + first_event
        elif name == LANE_FIELD:
            out[name] = lane[keep]
        elif name in lanes_values:
            out[name] = lanes_values[name][keep]
        else:
            out[name] = records[name][event[keep]]
    return out, int((~keep).sum())


def companions(map_name: str, dtype: np.dtype) -> dict[str, str]:
    """`lanes` field -> name of the map holding its per-lane values."""
    return {f: companion(map_name, f) for f in lanes_fields(dtype)}
