"""Raw map buffers of one launch → NumPy structured arrays trimmed to what the kernel wrote."""
from __future__ import annotations

from typing import Any, Mapping

import numpy as np

from neutrino_py.contract.manifest import HEADER_SLOT_BYTES, SHARD_CHUNK, SHARD_SLOT_BYTES, shard_item
from neutrino_py.errors import ToolError
from neutrino_py.maps.lanes import chained, lanes_fields, unchain
from neutrino_py.maps.layout import Dim3, MapLayout, layout

UNIT_FIELD = "unit"
COUNT_DTYPE = np.dtype("<u4")


class Maps(dict):
    """`name -> ndarray` for one launch, with `dropped[name]`: events that did not fit."""

    def __init__(self, arrays: Mapping[str, np.ndarray], dropped: Mapping[str, int]) -> None:
        super().__init__(arrays)
        self.dropped = dict(dropped)

    def __repr__(self) -> str:
        parts = [f"{name}: {len(arr)} x {arr.dtype.names or arr.dtype}" for name, arr in self.items()]
        lost = {k: v for k, v in self.dropped.items() if v}
        return f"Maps({', '.join(parts)}{f', dropped={lost}' if lost else ''})"


def header_pairs(header: bytes, count: int) -> np.ndarray:
    """`(count, 2)` u64 array of (cursor, dropped), one row per header slot."""
    need = HEADER_SLOT_BYTES * count
    if len(header) < need:
        raise ToolError(f"map header holds {len(header)} bytes, {need} expected",
                        "read back the whole header block the launcher allocated")
    return np.frombuffer(header, dtype="<u8", count=2 * count).reshape(count, 2)


def _fixed_records(lay: MapLayout, raw: bytes) -> tuple[np.ndarray, int]:
    """Valid records of every unit, unit-major, with the unit index added as a field."""
    n = int(lay.capacity)
    items = np.frombuffer(raw, dtype=lay.dtype, count=lay.items).reshape(lay.units, n)
    counts = np.frombuffer(raw, dtype=COUNT_DTYPE, count=lay.units, offset=lay.counts_offset)
    valid = np.minimum(counts, n)
    mask = np.arange(n)[None, :] < valid[:, None]
    records = items[mask]
    dropped = int(np.maximum(counts.astype(np.int64) - n, 0).sum())
    if UNIT_FIELD in (lay.dtype.names or ()):
        return records.copy(), dropped
    fields = [(name, lay.dtype.fields[name][0]) for name in lay.dtype.names] + [(UNIT_FIELD, "<u4")]
    out = np.empty(len(records), dtype=np.dtype(fields, align=True))
    for name in lay.dtype.names:
        out[name] = records[name]
    out[UNIT_FIELD] = np.nonzero(mask)[0]
    return out, dropped


def is_pool(lay: MapLayout) -> bool:
    return lay.kind == "record" and lay.capacity is None


def by_shard(lay: MapLayout) -> bool:
    """Whether a pool is read shard by shard (its records found from the shards' cursors);
    every other pool is read whole up to its header cursor (`whole_pool_counts`)."""
    return is_pool(lay) and lay.shards > 1 and lay.block == 1


def whole_pool_counts(lay: MapLayout, cursor: int, dropped: int) -> tuple[int, int]:
    """(records, dropped) of a pool read whole: items up to the header cursor; what did not
    fit is past the pool's end, or, for a pool reserved in blocks, the header's `dropped`."""
    return min(cursor, lay.items), max(cursor - lay.items, 0) if lay.block == 1 else dropped


def _shard_slots(lay: MapLayout, raw: Any, cut: bool = False) -> tuple[np.ndarray, np.ndarray, int]:
    """The pool's items as laid in `raw`, the index of every slot the shards reserved (each
    shard's in reservation order, shard after shard), and the events that did not fit in their
    shard. `raw` may stop at the header cursor: every record lies before it, and a pool cut to
    nothing has no records. A `cut` buffer (its file ends early) keeps the slots it still holds."""
    if len(raw) < lay.first * lay.dtype.itemsize:
        return np.zeros(0, dtype=lay.dtype), np.zeros(0, np.int64), 0
    step = SHARD_SLOT_BYTES // 8
    # a cursor past 2**63 is damage, not records: read as none
    cursors = np.maximum(np.frombuffer(raw, dtype="<u8", count=lay.shards * step)[::step]
                         .astype(np.int64), 0)
    per = (lay.items - lay.first) // lay.shards
    items = np.frombuffer(raw, dtype=lay.dtype, count=len(raw) // lay.dtype.itemsize)
    # each shard's records up to its cursor, never more than the buffer holds: a cursor is read
    # from the file, and a damaged one must not size an index of terabytes
    counts = [min(int(c), per) for c in cursors]
    held = [_shard_held(lay, s, len(items)) for s in range(lay.shards)]
    past = [s for s, (n, h) in enumerate(zip(counts, held)) if n > h]
    if past and not cut:
        s = past[0]
        raise ToolError(f"map {lay.name!r} buffer holds {len(raw)} bytes, its shard cursors need "
                        f"{(int(shard_item(lay.first, lay.shards, s, counts[s] - 1)) + 1) * lay.dtype.itemsize}",
                        "copy the pool back up to the header cursor (maps.needed_bytes)")
    where = np.concatenate([np.zeros(0, np.int64)] + [
        shard_item(lay.first, lay.shards, s, np.arange(min(n, h), dtype=np.int64))
        for s, (n, h) in enumerate(zip(counts, held))])
    return items, where, sum(max(int(c) - per, 0) for c in cursors)    # no int64 wrap


def _shard_held(lay: MapLayout, shard: int, items: int) -> int:
    """Records of `shard` whose slots lie in the first `items` items of the pool's buffer."""
    room = max(0, items - lay.first)
    rounds, rest = divmod(room, lay.shards * SHARD_CHUNK)
    return rounds * SHARD_CHUNK + min(SHARD_CHUNK, max(0, rest - shard * SHARD_CHUNK))


def _sharded_pool(lay: MapLayout, raw: Any, cut: bool = False) -> tuple[np.ndarray, int]:
    """Records of every shard, the runs' holes left out and the chains' followers put back,
    and the events that did not fit in their shard. Slots a run reserved and left empty have a
    zero mask (contracts §4)."""
    items, where, dropped = _shard_slots(lay, raw, cut)
    records = gather(items, where)
    lanes = lanes_fields(lay.dtype)
    if lanes:
        records = gather(records, records[lanes[0] + "_mask"] != 0)
    if lay.chains:
        records = unchain(records, lay.chains)
    return records, dropped             # gathered by index: a copy already, not a view of `raw`


def gather(items: np.ndarray, index: np.ndarray) -> np.ndarray:
    """`items[index]` copied as whole records: NumPy copies structured items field by field,
    raw bytes about four times faster (a sharded pool is gathered whole on every read)."""
    raw = np.dtype((np.void, items.dtype.itemsize))
    return np.ascontiguousarray(items).view(raw)[index].view(items.dtype)


def sharded_pool_counts(lay: MapLayout, raw: Any) -> tuple[int, int]:
    """(records, dropped) as `read_one` gives them for a pool read shard by shard, from the
    mask and `_at` columns alone (4 of a record's bytes each): the runs' holes not counted, the
    chains' followers counted without being made."""
    items, where, dropped = _shard_slots(lay, raw)
    lanes = lanes_fields(lay.dtype)
    if not lanes:
        return len(where), dropped
    made = items[lanes[0] + "_mask"][where] != 0
    count = int(np.count_nonzero(made))
    if lay.chains:
        count += chained(items[lanes[0] + "_at"][where][made])
    return count, dropped


def needed_bytes(lay: MapLayout, cursor: int) -> int:
    """Bytes of the buffer that hold data: a pool only up to its written records."""
    return min(cursor, lay.items) * lay.dtype.itemsize if is_pool(lay) else lay.nbytes


def read_one(lay: MapLayout, raw: Any, cursor: int, dropped: int,
             copy: bool = True, cut: bool = False) -> tuple[np.ndarray, int]:
    """One map's array and dropped count from its raw buffer (a pool's may stop at its records).
    `copy=False` returns a view of `raw` where the layout allows one (counters, histograms,
    unsharded pools, pools reserved in blocks): a trace reader's memory-mapped bytes stay
    mapped. `cut=True` takes a buffer whose end was lost (a file cut short) for the rows it still
    holds whole: pool records, and counter or histogram rows, before the cut."""
    need = needed_bytes(lay, cursor)
    if len(raw) < need and not cut:
        raise ToolError(f"map {lay.name!r} buffer holds {len(raw)} bytes, {need} expected",
                        "allocate maps with maps.layout() for the same grid and block")
    if len(raw) < need and is_fixed(lay):
        raise ToolError(f"map {lay.name!r} was cut after {len(raw)} of its {need} bytes, and its "
                        "per-unit counts, which say which records are valid, follow the records",
                        "this launch's map is lost; the maps written before it read whole")
    if by_shard(lay):
        return _sharded_pool(lay, raw, cut)
    if is_fixed(lay):
        return _fixed_records(lay, raw)
    count, lost = whole_pool_counts(lay, cursor, dropped) if is_pool(lay) else (lay.items, dropped)
    whole = len(raw) // lay.dtype.itemsize // lay.fold * lay.fold    # rows the bytes hold whole
    array = np.frombuffer(raw, dtype=lay.dtype, count=min(count, whole))
    if lay.fold > 1:
        return folded(array, lay.fold), lost
    return (array.copy() if copy else array), lost


def is_fixed(lay: MapLayout) -> bool:
    """Fixed-capacity records (`record(N)`): the only kind whose buffer, cut short, no longer
    says which of its rows are valid (their per-unit counts come after the records)."""
    return lay.kind == "record" and not is_pool(lay)


def folded(array: np.ndarray, fold: int) -> np.ndarray:
    """Each run of `fold` device rows of a coarse counter summed into one row (integers modulo
    2**bits, as the atomics that filled them wrap)."""
    out = np.zeros(len(array) // fold, array.dtype)
    for name in array.dtype.names:
        out[name] = array[name].reshape(-1, fold).sum(axis=1, dtype=array.dtype[name])
    return out


def read(manifest: Any, grid: Dim3 | int, block: Dim3 | int, header: bytes,
         buffers: Mapping[str, bytes]) -> Maps:
    """Every map of a launch as a structured array trimmed to what was written.

    Fixed-capacity records (`record(N)` per thread, warp or block) come back flat, unit-major,
    with a `unit` field (thread, warp or block index; the checker keeps the name for it);
    unbounded records in reservation order; counters one item per unit; histograms whole. `Maps.dropped` counts
    events that did not fit, exactly.
    """
    return read_layouts(layout(manifest, grid, block), header, buffers)


def read_layouts(lays: list[MapLayout], header: bytes, buffers: Mapping[str, bytes]) -> Maps:
    """`read()` for layouts the caller already has (a launcher that allocated from them)."""
    pairs = header_pairs(header, len(lays))
    arrays, dropped = {}, {}
    for lay in lays:
        cursor, lost = (int(v) for v in pairs[lay.header_slot])
        arrays[lay.name], dropped[lay.name] = read_one(lay, buffers[lay.name], cursor, lost)
    return Maps(arrays, dropped)
