"""Per-lane values back from warp-compressed `lanes` fields (probes/README.md, contracts §4).

A `[warp]` record with a field ``lanes addr;`` stores, per warp-level event, ``addr`` (the lowest
active lane's value), ``addr_stride``, ``addr_mask`` (the active lanes) and ``addr_at``: either
`LANES_AFFINE` (every lane's value is ``addr + (lane - lowest) * addr_stride``) or the index in the
companion map ``<map>__addr`` of the first of the lanes' values, stored lane after lane, or a
tile of the whole warp (`LANES_TILE`: two steps, one within the tile's rows and one between
them). `expand` turns such records into one row per active lane, exactly.
"""
from __future__ import annotations

from typing import Mapping, Sequence

import numpy as np

from neutrino_py.contract.manifest import (CHAIN_BITS, CHAIN_MARK, LANE_PARTS, LANES_AFFINE,
                                           LANES_TILE, companion)
from neutrino_py.errors import ToolError

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
    lanes of these records were lost: their values lie past what `values` holds (they did not
    fit the companion pool, or it was read short), so they are left out here (`lost_lanes`
    counts them without expanding; contracts §4 "Lost lanes"). `values[field]` is the companion
    map of each lanes field; `first_event` numbers the `event` field when records come in
    chunks."""
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
        affine = at >= CHAIN_MARK
        with np.errstate(over="ignore"):
            value = base + (lane - lowest).astype(np.uint64) * stride
            tile = tiles(at)
            if tile.any():
                value[tile] = tiled(base[tile], stride[tile], (~at[tile] & 31).astype(np.uint32),
                                    lane[tile].astype(np.uint32), lowest[tile].astype(np.uint32))
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


def active_lanes(records: np.ndarray) -> np.ndarray:
    """Active lanes of each record with `lanes` fields (the popcount of its mask, int64): how many
    threads' accesses one warp-level record stands for. Every `lanes` field of a save has the
    same mask, so the first one's is read."""
    mask = np.ascontiguousarray(records[lanes_fields(records.dtype)[0] + "_mask"], np.uint32)
    return np.unpackbits(mask.view(np.uint8).reshape(-1, 4), axis=1).sum(axis=1, dtype=np.int64)


def lost_lanes(records: np.ndarray, held: Mapping[str, int]) -> int:
    """Lanes of `records` that `expand` leaves out, from the mask and `_at` columns alone:
    `held[field]` values of each `lanes` field's companion map can be read (its length; 0 where
    it cannot be read), and a lane is lost where its value in any field lies at or past that.
    A record's values are stored lane after lane, so each field loses a suffix of its lanes and
    the lanes lost in any field are the longest such suffix. Affine, tile and chain records
    need no companion and lose none. Lanes of records that were themselves dropped are not
    here (the records are counted in the map's `dropped`)."""
    active = active_lanes(records)
    lost = np.zeros(len(records), np.int64)
    for field, n in held.items():
        at = np.asarray(records[field + "_at"], np.uint64)
        listed = at < CHAIN_MARK
        past = at[listed].astype(np.int64) + active[listed] - np.int64(min(n, 2 ** 62))
        lost[listed] = np.maximum(lost[listed], np.clip(past, 0, active[listed]))
    return int(lost.sum())


def tiles(at: np.ndarray) -> np.ndarray:
    """Which `_at` values mark a tile record (`LANES_TILE` in a complement of 2**31 or more)."""
    at = np.asarray(at, np.uint64)
    return (at >= CHAIN_MARK) & ((~at & LANES_TILE) != 0)


def tiled(base: np.ndarray, stride: np.ndarray, k: np.ndarray, lane: np.ndarray,
          lowest: np.ndarray) -> np.ndarray:
    """Each lane's value in a tile record (`LANES_TILE`): `base` is the lowest lane's, the
    stride's signed low half the step within a row of 2**k lanes, its high half the step
    between rows (u64 arithmetic, modulo 2**64)."""
    lo = (stride & 0xFFFFFFFF).astype(np.uint32).view(np.int32).astype(np.int64).view(np.uint64)
    hi = (stride >> 32).astype(np.uint32).view(np.int32).astype(np.int64).view(np.uint64)
    col = (lane & ((1 << k) - 1)).astype(np.int64) - (lowest & ((1 << k) - 1)).astype(np.int64)
    row = (lane >> k).astype(np.int64) - (lowest >> k).astype(np.int64)
    with np.errstate(over="ignore"):
        return base + col.view(np.uint64) * lo + row.view(np.uint64) * hi


def _chain_marks(at: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Of each record's `_at` (`CHAIN_MARK`): whether it leads followers, its chain's index and
    the bits of the followers it covered (u8: `CHAIN_BITS` of them)."""
    at = np.asarray(at, np.uint32)
    marked = (at >= CHAIN_MARK) & ~tiles(at)
    code = np.where(marked, ~at, 0).astype(np.uint32)
    return (marked, (code >> CHAIN_BITS).astype(np.int64),
            (code & ((1 << CHAIN_BITS) - 1)).astype(np.uint8))


def chained(at: np.ndarray) -> int:
    """How many followers' records `unchain` puts back among records with these `_at`s, without
    making them (a trace's record counts)."""
    _, _, bits = _chain_marks(at)
    return int(np.unpackbits(bits).sum())


def unchain(records: np.ndarray, chains: Sequence[Sequence[Mapping]]) -> np.ndarray:
    """`records` with the records of the chains' followers put back after their first's
    (contracts §4 "Chains"): a first's `lanes` field marks the followers it covered
    (`CHAIN_MARK`); each of their records is the first's with the base moved by the follower's
    delta and its other fields the follower's constants. Every such `_at` reads `LANES_AFFINE`
    afterwards, as the followers' own records would."""
    field = lanes_fields(records.dtype)[0]
    marked, index, bits = _chain_marks(records[field + "_at"])
    if not marked.any():
        return records
    # follower k of chain c: its delta and its fields' values; `known` where it exists
    known = np.zeros((len(chains) + 1, CHAIN_BITS), bool)
    delta = np.zeros(known.shape, np.uint64)
    names = sorted({n for c in chains for f in c for n in f["values"]})
    values = {n: np.zeros(known.shape, np.uint64) for n in names}
    for c, followers in enumerate(chains):
        for k, f in enumerate(followers[:CHAIN_BITS]):
            known[c, k], delta[c, k] = True, f["delta"]
            for n, v in f["values"].items():
                values[n][c, k] = v
    index = np.minimum(index, len(chains))          # past the table: no follower is known
    flags = np.unpackbits(bits[:, None], axis=1, bitorder="little").astype(bool)
    if (flags & ~known[index]).any():
        row = int(np.argmax((flags & ~known[index]).any(axis=1)))
        raise ToolError(f"record {row} of a chain names a follower its manifest lacks",
                        "read the trace with the manifest it was written with")
    counts = 1 + flags.sum(axis=1)
    start = np.cumsum(counts) - counts
    out = np.repeat(records, counts)
    out[field + "_at"][start[marked]] = LANES_AFFINE
    for k in range(CHAIN_BITS):
        has = np.nonzero(flags[:, k])[0]
        if not len(has):
            continue
        where = start[has] + 1 + flags[has, :k].sum(axis=1)
        c = index[has]
        with np.errstate(over="ignore"):
            out[field][where] = np.asarray(records[field][has], np.uint64) + delta[c, k]
        out[field + "_at"][where] = LANES_AFFINE
        for n in names:
            out[n][where] = values[n][c, k].astype(out.dtype[n])
    return out


def companions(map_name: str, dtype: np.dtype) -> dict[str, str]:
    """`lanes` field -> name of the map holding its per-lane values."""
    return {f: companion(map_name, f) for f in lanes_fields(dtype)}
