"""The manifest of one instrumented kernel, and the buffer layout rules it implies (contracts §4).

The manifest is everything a launcher and a reader need to know without the probe or the PTX:
which params were appended, and for each map its dtype, level, kind and how big its buffer is for
a given grid and block (`MapSpec.size_rule`). The splicer builds manifests; the device code it
emits, `maps/`, the runtime, the hook's engine and both C shims (through `contract.cheader`)
follow the rules here.
"""
from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from dataclasses import fields as dataclass_fields
from functools import lru_cache
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import numpy as np

VERSION = 1
HEADER_SLOT_BYTES = 16          # per map: u64 cursor, u64 dropped
HEADER_CURSOR = 0               # byte offsets of the two u64 inside a map's header slot
HEADER_DROPPED = 8
# The appended params' names start with PARAM_PREFIX; a kernel whose own params start with it
# gets them with another prefix (PTX: `__nt1_`...), and its manifest names those (§4)
PARAM_PREFIX = "__nt_"
HEADER_PARAM = f"{PARAM_PREFIX}hdr"
KINDS = ("record", "counter", "hist")
LEVELS = ("thread", "warp", "block", "sm", "kernel")
GRID_UNITS = ("thread", "warp", "block")   # levels whose rows grow with the launch
WARP = 32
# Rows of an [sm]-level map: row = SM id (%smid) modulo SM_ROWS (a power of two). Every NVIDIA
# GPU so far has fewer SM ids (H100: 132 SMs); gfx94x ids carry the XCD above the CU (bit 8 up),
# so its XCDs share rows: sums stay exact, nothing is dropped.
SM_ROWS = 256
# A coarse counter ([sm], [kernel]) keeps SM_ROWS x COARSE_SPREAD rows on the device: a warp adds
# to row (SM id, hardware warp slot modulo COARSE_SPREAD), so the warps of one SM spread their
# atomics over COARSE_SPREAD addresses instead of queueing on one (H100, vector add: [sm] 1.81x,
# [kernel] 11x with one row; H200, gmem_bytes on vector add 1.117x with 8, 1.056x with 32, the
# same with 128); the reader folds them into SM_ROWS rows, or one. A manifest says its maps'
# `spread` (1 in traces written before it, 8 in those of 2026-11-26 to 28).
COARSE_SPREAD = 32
COUNT_BYTES = 4                 # the u32 event count per unit after a fixed record's items
MAX_MAPS = 16                   # maps one probe may declare (the shims keep fixed-size tables)
# Sharded pools (contracts §4): a shard's u64 cursor and dropped count sit alone in one L2 line at
# the start of the buffer; a shard fills chunks of SHARD_CHUNK records, interleaved with the others.
SHARD_SLOT_BYTES = 128
SHARD_CHUNK = 256
MAX_SHARDS = 64
# A sharded `lanes` companion reserves LANE_BLOCK slots per event (a warp's lanes side by side,
# found from the record's `_at`): blocks divide a chunk, so none straddles two.
LANE_BLOCK = 32


def pool_shards(pool: int) -> int:
    """Shards of an unbounded pool: the most, a power of two up to MAX_SHARDS, that split it into
    whole chunks (1 for pools smaller than two chunks). More shards spread the reservations that
    bound record-heavy probes over more atomic cursors."""
    shards = MAX_SHARDS
    while shards > 1 and pool % (shards * SHARD_CHUNK):
        shards //= 2
    return shards


def shard_item(first: int, shards: int, shard: int, k: Any) -> Any:
    """Item index of record `k` (int or NumPy array) of `shard` in a pool's buffer whose records
    start after `first` items: chunks of SHARD_CHUNK records, shard after shard, round by round."""
    return first + k // SHARD_CHUNK * (shards * SHARD_CHUNK) + shard * SHARD_CHUNK + k % SHARD_CHUNK

def map_param(name: str) -> str:
    """Name of the kernel param that carries map `name`'s buffer pointer."""
    return f"{PARAM_PREFIX}map_{name}"


def item_dtype(fields: list[list[str]] | list[tuple[str, str]]) -> "np.dtype":
    """One map item: the NumPy struct of `fields` (`[[name, "<u8"], ...]`), aligned like C."""
    import numpy as np                  # only readers need NumPy: instrumenting starts faster
    return np.dtype([(n, t) for n, t in fields], align=True)


def item_layout(fields: list[list[str]] | list[tuple[str, str]]) -> tuple[dict[str, int], int]:
    """Byte offset of every field and the item size of `item_dtype(fields)`, without NumPy: each
    field aligned to its own size, the item to its largest field (C's layout)."""
    return _layout(tuple((name, t) for name, t in fields))


@lru_cache(maxsize=1024)
def _layout(fields: tuple[tuple[str, str], ...]) -> tuple[dict[str, int], int]:
    offsets, at, align = {}, 0, 1
    for name, t in fields:
        size = int(t[2:])
        at = -(-at // size) * size
        offsets[name] = at
        at += size
        align = max(align, size)
    return offsets, -(-at // align) * align


def _prod(dims: Any) -> int:
    return math.prod(dims) if isinstance(dims, (tuple, list)) else int(dims)


# What a `lanes` field NAME stores: NAME = the lowest active lane's value (u64), NAME_stride =
# the step per lane (s64), NAME_mask = the active lanes (u32), NAME_at = where the lanes' values
# are in the companion map NAME's map + "__" + NAME (u32), or LANES_AFFINE when every lane's
# value is NAME + (lane - lowest lane) * NAME_stride and nothing was written there.
LANE_PARTS = (("", "<u8"), ("_stride", "<i8"), ("_mask", "<u4"), ("_at", "<u4"))
LANES_AFFINE = 0xFFFFFFFF
# A NAME_at of CHAIN_MARK or more needs no companion either (companion items are below 2**31).
# Where its complement has LANES_TILE set, the lanes are a tile of the whole warp: with k = the
# complement's low 5 bits, lane i held NAME + (i mod 2**k - l mod 2**k) * lo
# + ((i >> k) - (l >> k)) * hi, lo and hi the signed low and high halves of NAME_stride and l the
# lowest lane. Otherwise it is affine; as stored by a chain's first (`Manifest.chains`), its
# complement is the chain's index << CHAIN_BITS | the followers whose records the reader makes
# from it (bit k: follower k). Readers unfold both.
CHAIN_MARK = 1 << 31
CHAIN_BITS = 8
LANES_TILE = 1 << 30
# the most chains a map may have: their indexes leave LANES_TILE clear
MAX_CHAINS = LANES_TILE >> CHAIN_BITS


def companion(map_name: str, field_name: str) -> str:
    """Name of the map holding the per-lane values of `lanes` field `field_name`."""
    return f"{map_name}__{field_name}"


def units(level: str, grid: Any, block: Any) -> int:
    """Rows a per-unit map has for a launch: its threads, warps or blocks, SM_ROWS SM ids, or one
    row for the whole kernel."""
    if level == "kernel":
        return 1
    if level == "sm":
        return SM_ROWS
    per_block = {"thread": _prod(block), "warp": -(-_prod(block) // WARP), "block": 1}[level]
    return _prod(grid) * per_block


@dataclass(frozen=True)
class SizeRule:
    """A map buffer's size for any launch: `per_unit * units + fixed` bytes, `units` being the
    launch's threads, warps or blocks (`unit`; "none" for a size fixed whatever the launch).
    `pool_item` is the record size of an unbounded pool (0 otherwise): a launcher copies a pool
    back only up to its cursor."""
    unit: str                   # thread | warp | block | none
    per_unit: int
    fixed: int
    pool_item: int = 0

    def nbytes(self, grid: Any, block: Any) -> int:
        count = 0 if self.unit == "none" else units(self.unit, grid, block)
        return self.per_unit * count + self.fixed


@dataclass
class MapSpec:
    """One map as the launcher and reader see it.

    kind: ``record`` (fixed ``capacity`` per unit, or unbounded into a ``pool``), ``counter`` (one
    item per unit) or ``hist`` (``capacity`` bins, device-global). ``dtype`` is a NumPy field list
    ``[[name, "<u8"], ...]`` packed with ``align=True``. A pool of ``shards > 1`` starts with the
    shards' cursors (`first_item` items) and interleaves their chunks after them (`shard_item`).
    A pool with ``block > 1`` (a sharded `lanes` companion) reserves `block` slots at a time and
    is read whole: its items are found by index (the records' ``_at``), not shard by shard.
    """
    name: str
    kind: str
    level: str
    dtype: list[list[str]]
    capacity: int | None = None
    pool: int | None = None
    header_slot: int = 0
    shards: int = 1
    spread: int = 1             # device rows per row of a coarse counter (COARSE_SPREAD)
    block: int = 1              # slots a pool reserves at a time (LANE_BLOCK: lanes companions)

    def numpy_dtype(self) -> "np.dtype":
        return item_dtype(self.dtype)

    def field_offsets(self) -> dict[str, tuple[int, str]]:
        """Field name -> (byte offset in the item, NumPy type string)."""
        offsets = item_layout(self.dtype)[0]
        return {n: (offsets[n], t) for n, t in self.dtype}

    @property
    def itemsize(self) -> int:
        return item_layout(self.dtype)[1]

    def items(self, grid: Any, block: Any) -> int:
        """How many dtype items the buffer holds for this launch."""
        if self.kind == "hist":
            return int(self.capacity)
        if self.kind == "counter":
            return units(self.level, grid, block) * self.device_rows_per_row
        if self.capacity is None:
            return self.first_item + int(self.pool)
        return units(self.level, grid, block) * int(self.capacity)

    @property
    def device_rows_per_row(self) -> int:
        """Device rows folded into one row the reader returns: SM_ROWS x spread fold into one
        [kernel] row, `spread` into each [sm] row; 1 for every other map."""
        if self.kind != "counter" or self.spread == 1:
            return 1
        return self.spread * (SM_ROWS if self.level == "kernel" else 1)

    @property
    def first_item(self) -> int:
        """Items before a pool's first record: the shard cursors when it has more than one."""
        return 0 if self.shards == 1 else -(-self.shards * SHARD_SLOT_BYTES // self.itemsize)

    def counts_offset(self, grid: Any, block: Any) -> int | None:
        """Byte offset of the per-unit u32 event counts (fixed-capacity records only)."""
        if self.kind == "record" and self.capacity is not None:
            return self.items(grid, block) * self.itemsize
        return None

    def size_rule(self) -> SizeRule:
        """How the buffer's bytes grow with the launch: the one sizing rule that `nbytes`, the
        hook's engine and both shims (through the engine's reply or the HIP twin file) apply."""
        item = self.itemsize
        if self.kind == "hist":
            return SizeRule("none", 0, int(self.capacity) * item)
        unit = self.level if self.level in GRID_UNITS else "none"
        if self.capacity is None and self.kind == "record":
            return SizeRule(unit, 0, (self.first_item + int(self.pool)) * item, item)
        per = item if self.kind == "counter" else int(self.capacity) * item + COUNT_BYTES
        if unit == "none":                           # [sm], [kernel]: a fixed number of rows
            return SizeRule(unit, 0, per * units(self.level, 1, 1) * self.device_rows_per_row)
        return SizeRule(unit, per, 0)

    def nbytes(self, grid: Any, block: Any) -> int:
        """Bytes to allocate (and zero) for this map's buffer."""
        return self.size_rule().nbytes(grid, block)

    def rule(self) -> str:
        """The sizing rule in words, for people reading a manifest."""
        u = {"thread": "threads", "warp": "warps", "block": "blocks", "sm": f"{SM_ROWS} SM ids",
             "kernel": "1 row"}[self.level]
        if self.kind == "hist":
            return f"{self.capacity} x {self.itemsize} B"
        if self.kind == "counter":
            spread = f" (x {self.device_rows_per_row} on the device)" if self.device_rows_per_row > 1 else ""
            return f"{u} x {self.itemsize} B{spread}"
        if self.capacity is None and self.shards > 1:
            blocks = f", reserved {self.block} at a time" if self.block > 1 else ""
            return (f"pool {self.pool} x {self.itemsize} B in {self.shards} shards of "
                    f"{self.pool // self.shards}{blocks}, after {self.first_item} x "
                    f"{self.itemsize} B of shard cursors")
        if self.capacity is None:
            return f"pool {self.pool} x {self.itemsize} B"
        return f"{u} x ({self.capacity} x {self.itemsize} B) + {u} x 4 B counts"


@dataclass
class Param:
    name: str
    role: str                   # "header" | "map"
    map: str | None = None

    def to_json(self) -> dict[str, Any]:
        out = {"name": self.name, "role": self.role}
        if self.map is not None:
            out["map"] = self.map
        return out


@dataclass
class Manifest:
    """What instrumenting one kernel produced (contracts §4)."""
    kernel: str
    probe: dict[str, Any]
    params: list[Param]
    maps: list[MapSpec]
    positions: dict[str, int] = field(default_factory=dict)
    registers_added: dict[str, int] = field(default_factory=dict)
    warnings: list[str] = field(default_factory=list)
    target: str = "ptx"
    version: int = VERSION
    # map -> its chains of held-back saves whose followers store nothing (`CHAIN_MARK`): for
    # each, for each follower, {"delta": its ADDR less the first's (mod 2**64), "values": its
    # other fields, constants}
    chains: dict[str, list[list[dict[str, Any]]]] = field(default_factory=dict)

    def header_nbytes(self) -> int:
        return HEADER_SLOT_BYTES * len(self.maps)

    def map(self, name: str) -> MapSpec:
        return next(m for m in self.maps if m.name == name)

    def bytes_per_launch(self, grid: Any, block: Any) -> list[tuple[str, int, str]]:
        """(map, bytes one launch of `grid` x `block` writes at most, its rule) per map: what
        `neutrino instrument` and the trace summary print, so a terabyte is seen before it is
        written."""
        return [(m.name, m.nbytes(grid, block), m.rule()) for m in self.maps]

    def to_json(self) -> dict[str, Any]:
        return {**self.head_json(), **self.program_json(), **self.tail_json()}

    def head_json(self) -> dict[str, Any]:
        """The first keys of `to_json`: version, kernel, target."""
        return {"version": self.version, "kernel": self.kernel, "target": self.target}

    def program_json(self) -> dict[str, Any]:
        """The middle keys of `to_json`: probe, params and maps, which every kernel a program
        instruments shares (a writer of many manifests encodes them once)."""
        return {"probe": dict(self.probe), "params": [p.to_json() for p in self.params],
                "maps": [{**_fields(m), "rule": m.rule()} for m in self.maps]}

    def tail_json(self) -> dict[str, Any]:
        """The last keys of `to_json`: what was found and added in this kernel."""
        out = {"positions": dict(self.positions), "registers_added": dict(self.registers_added),
               "warnings": list(self.warnings)}
        if self.chains:              # written only where there are some, as `block`
            out["chains"] = self.chains
        return out

    def dumps(self) -> str:
        return json.dumps(self.to_json(), indent=2)

    @classmethod
    def from_json(cls, data: dict[str, Any] | str) -> Manifest:
        if isinstance(data, str):
            data = json.loads(data)
        if data.get("version") != VERSION:
            raise ValueError(f"manifest version {data.get('version')!r}, expected {VERSION}")
        maps = [MapSpec(name=m["name"], kind=m["kind"], level=m["level"],
                        dtype=[list(f) for f in m["dtype"]], capacity=m.get("capacity"),
                        pool=m.get("pool"), header_slot=m.get("header_slot", i),
                        shards=m.get("shards", 1), spread=m.get("spread", 1),
                        block=m.get("block", 1))
                for i, m in enumerate(data["maps"])]
        params = [Param(p["name"], p["role"], p.get("map")) for p in data["params"]]
        return cls(kernel=data["kernel"], probe=dict(data["probe"]), params=params, maps=maps,
                   positions=dict(data.get("positions", {})),
                   registers_added=dict(data.get("registers_added", {})),
                   warnings=list(data.get("warnings", [])), target=data.get("target", "ptx"),
                   version=data["version"], chains=_chains(data.get("chains", {}), maps))


def _chains(data: Any, maps: list[MapSpec]) -> dict[str, list[list[dict[str, Any]]]]:
    """`Manifest.chains` as read, each entry checked against its map: a record map with a
    `lanes` field, at most MAX_CHAINS chains of at most CHAIN_BITS followers, each an integer
    delta below 2**64 and integer values of the map's other fields. ValueError names what is
    wrong (a manifest written by hand, or cut)."""
    if not isinstance(data, dict):
        raise ValueError("manifest 'chains' is not an object")
    dtypes = {m.name: {str(f[0]) for f in m.dtype} for m in maps}
    for name, chains in data.items():
        names = dtypes.get(name, set())
        lanes = {f[:-len("_at")] for f in names if f.endswith("_at")
                 and all(f[:-len("_at")] + suffix in names for suffix, _ in LANE_PARTS)}
        parts = {lane + suffix for lane in lanes for suffix, _ in LANE_PARTS}
        if not lanes:
            raise ValueError(f"manifest 'chains' names map {name!r}, which has no lanes field")
        if not isinstance(chains, list) or len(chains) > MAX_CHAINS:
            raise ValueError(f"manifest 'chains' of map {name!r} is not a list of chains "
                             f"(at most {MAX_CHAINS})")
        for chain in chains:
            if not isinstance(chain, list) or len(chain) > CHAIN_BITS or not all(
                    isinstance(f, dict) and isinstance(f.get("delta"), int)
                    and 0 <= f["delta"] < 1 << 64 and isinstance(f.get("values"), dict)
                    and all(n in names and n not in parts and isinstance(v, int) and v >= 0
                            for n, v in f["values"].items()) for f in chain):
                raise ValueError(f"manifest 'chains' of map {name!r} holds a chain that is not a "
                                 f"list of at most {CHAIN_BITS} followers with an integer delta "
                                 f"and integer values of its other fields: {chain!r:.80}")
    return {name: [list(c) for c in chains] for name, chains in data.items()}


def _fields(spec: MapSpec) -> dict[str, Any]:
    """`dataclasses.asdict(spec)` without its generic deep copy (a map's fields are scalars and
    the dtype's list of pairs; `asdict` cost a 420-kernel module's manifests 20 ms)."""
    out = {f.name: getattr(spec, f.name) for f in dataclass_fields(spec)}
    out["dtype"] = type(spec.dtype)(type(f)(f) for f in spec.dtype)
    if spec.block == 1:              # written only where it says something: manifests of every
        del out["block"]             # other map read as before it existed
    return out


def params_for(maps: list[MapSpec]) -> list[Param]:
    """The params appended to a kernel, in contract order: header, then one per map."""
    return [Param(HEADER_PARAM, "header")] + [Param(map_param(m.name), "map", m.name) for m in maps]
