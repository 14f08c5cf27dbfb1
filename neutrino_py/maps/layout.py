"""Map layouts of one launch: how many bytes each map of a manifest takes, and its NumPy dtype.

The sizing rules are the manifest's own (`contract.manifest.MapSpec`, contracts §4); this module
turns them into the concrete offsets a launcher allocates and a reader slices for one grid/block.
"""
from __future__ import annotations

import math
import operator
from dataclasses import dataclass
from typing import Any, Sequence

import numpy as np

from neutrino_py.contract.manifest import KINDS, Manifest, units
from neutrino_py.errors import ToolError

Dim3 = Sequence[int]


@dataclass(frozen=True)
class MapLayout:
    """Where one map lives in its device buffer for one launch."""

    name: str
    kind: str                  # record | counter | hist
    level: str                 # thread | warp | block | sm | kernel
    dtype: np.dtype            # one item, aligned struct layout
    units: int                 # threads or warps of the launch
    capacity: int | None       # records per unit (fixed records) or hist bins
    items: int                 # items of `dtype` in the buffer
    counts_offset: int | None  # byte offset of the per-unit u32 counts (fixed records)
    nbytes: int                # whole buffer, counts included
    header_slot: int
    shards: int = 1            # unbounded records: pool shards (cursors at the buffer's start)
    first: int = 0             # unbounded records: items before the first record
    fold: int = 1              # coarse counters: device rows summed into each row read back
    block: int = 1             # pools reserving blocks of slots (lanes companions): read whole
    chains: tuple = ()         # sharded pools: `Manifest.chains` of this map, unfolded on reading


def as_manifest(manifest: Manifest | dict | str) -> Manifest:
    """A Manifest from the object itself, its JSON dict, or its JSON text."""
    return manifest if isinstance(manifest, Manifest) else Manifest.from_json(manifest)


# What CUDA and HIP launch at most: a grid below 2**31 blocks in each dimension (CUDA stops y and
# z at 65535, HIP does not); a block of 1024 threads in all, at most 1024 in x and y and 64 in z.
# Past these a launch is damage, and its unit counts would size absurd buffers.
GRID_MOST = (2**31 - 1, 2**31 - 1, 2**31 - 1)
BLOCK_MOST = (1024, 1024, 64)
BLOCK_THREADS = 1024


def dim3(value: int | Sequence[int]) -> tuple[int, int, int]:
    """`(x, y, z)` from an int or a 1-3 item sequence, as CUDA launches take them."""
    try:
        dims = (operator.index(value),) if not hasattr(value, "__len__") else tuple(map(operator.index, value))
    except TypeError:                 # a float, a string, None: a launch takes whole numbers
        dims = ()
    if not 1 <= len(dims) <= 3 or any(d < 1 for d in dims):
        raise ToolError(f"bad launch dimension {value!r}", "give 1 to 3 positive integers, e.g. (64, 1, 1)")
    return dims + (1,) * (3 - len(dims))


def shape_problem(dims: Sequence[int], what: str) -> str | None:
    """Why 1 to 3 positive sizes are not a `what` ("grid" or "block") a GPU launches, or None."""
    most, total = (GRID_MOST, None) if what == "grid" else (BLOCK_MOST, BLOCK_THREADS)
    past = [f"{'xyz'[i]} = {d} > {m}" for i, (d, m) in enumerate(zip(dims, most)) if d > m]
    if past:
        return f"past what a GPU launches ({', '.join(past)})"
    threads = math.prod(dims)
    return (f"past what a GPU launches ({threads} threads in a block, at most {total})"
            if total is not None and threads > total else None)


def launch_shape(grid: Dim3 | int, block: Dim3 | int) -> tuple[tuple[int, int, int], tuple[int, int, int]]:
    """`dim3` of a launch's grid and block, refused (ToolError) past what a GPU launches: map
    sizes follow from them, and a damaged shape must not size buffers of exabytes."""
    shape = dim3(grid), dim3(block)
    for dims, what in zip(shape, ("grid", "block")):
        why = shape_problem(dims, what)
        if why:
            raise ToolError(f"launch {what} {dims} is {why}",
                            "give the grid and block the kernel was launched with")
    return shape


def record_problem(dtype: np.dtype) -> str | None:
    """Why `dtype` cannot be a map's record, or None: maps hold plain numbers (booleans,
    integers, floats, in structs and fixed arrays); an object field would make NumPy read
    pointers out of a file, and a record of no bytes has no rows."""
    if dtype.itemsize == 0:
        return f"dtype {dtype} has no bytes"
    if dtype.fields is None:
        base = dtype.subdtype[0] if dtype.subdtype else dtype
        return (None if base.fields is not None and record_problem(base) is None
                or base.kind in "biuf" else f"dtype {dtype} is not made of numbers")
    for name, (field, *_) in dtype.fields.items():
        why = record_problem(field)
        if why:
            return f"field {name!r}: {why}"
    return None


def header_nbytes(manifest: Any) -> int:
    return as_manifest(manifest).header_nbytes()


def layout(manifest: Any, grid: Dim3 | int, block: Dim3 | int) -> list[MapLayout]:
    """Every map's buffer for a launch of `grid` x `block`, in declaration (= parameter) order."""
    grid, block = launch_shape(grid, block)
    manifest = as_manifest(manifest)
    out = []
    for spec in manifest.maps:
        if spec.kind not in KINDS:
            raise ToolError(f"map {spec.name!r} has unknown kind {spec.kind!r}",
                            "the manifest is newer than this maps/ module; update neutrino_py")
        if spec.kind == "record" and spec.capacity is None and not spec.pool:
            raise ToolError(f"map {spec.name!r} is an unbounded record without a pool size",
                            "the splicer must set `pool` for unbounded records")
        dtype = spec.numpy_dtype()
        why = record_problem(dtype)
        if why:
            raise ToolError(f"map {spec.name!r} has an unreadable record type: {why}",
                            "the manifest is damaged or was not written by neutrino_py")
        out.append(MapLayout(spec.name, spec.kind, spec.level, dtype,
                             units(spec.level, grid, block), spec.capacity, spec.items(grid, block),
                             spec.counts_offset(grid, block), spec.nbytes(grid, block),
                             spec.header_slot, spec.shards,
                             spec.first_item if spec.kind == "record" and spec.capacity is None else 0,
                             spec.device_rows_per_row, spec.block,
                             tuple(manifest.chains.get(spec.name, ()))))
    return out
