"""Map layouts and reads from hand-made buffers: sizes, trimming, unit indices, dropped counts."""
from __future__ import annotations

import numpy as np
import pytest

from neutrino_py import maps
from neutrino_py.errors import ToolError

REC = [["clock", "<u8"], ["addr", "<u8"], ["bytes", "<u4"]]


def manifest(*specs):
    return {"version": 1, "kernel": "k", "target": "ptx", "probe": {}, "params": [], "maps": [
        dict(spec, header_slot=i) for i, spec in enumerate(specs)]}


def header(*pairs):
    return np.array(pairs, dtype="<u8").tobytes()


def test_units_follow_level_and_round_partial_warps_up():
    man = manifest({"name": "t", "kind": "counter", "level": "thread", "dtype": [["x", "<u4"]]},
                   {"name": "w", "kind": "counter", "level": "warp", "dtype": [["x", "<u4"]]})
    assert [m.units for m in maps.layout(man, (4, 2, 1), (48, 1, 1))] == [8 * 48, 8 * 2]
    assert [m.units for m in maps.layout(man, 3, (8, 8, 2))] == [3 * 128, 3 * 4]


def test_layout_sizes_per_kind():
    man = manifest(
        {"name": "dmat", "kind": "record", "level": "thread", "dtype": REC, "capacity": 4, "pool": None},
        {"name": "log", "kind": "record", "level": "warp", "dtype": REC, "capacity": None, "pool": 1000},
        {"name": "n", "kind": "counter", "level": "warp", "dtype": [["loads", "<u8"]], "capacity": None},
        {"name": "pages", "kind": "hist", "level": "thread", "dtype": [["count", "<u4"]], "capacity": 65536})
    dmat, log, n, pages = maps.layout(man, (10, 1, 1), (64, 1, 1))
    assert dmat.dtype.itemsize == 24                       # aligned: 8 + 8 + 4 + 4 padding
    assert (dmat.units, dmat.items, dmat.nbytes) == (640, 2560, 2560 * 24 + 640 * 4)
    assert dmat.counts_offset == 2560 * 24
    assert (log.items, log.nbytes, log.counts_offset) == (1000, 24000, None)
    assert (n.units, n.nbytes) == (20, 160)
    assert (pages.items, pages.nbytes) == (65536, 262144)
    assert maps.header_nbytes(man) == 64


def test_fixed_records_trimmed_unit_major_with_unit_index_and_exact_drops():
    man = manifest({"name": "dmat", "kind": "record", "level": "thread", "dtype": REC, "capacity": 2})
    (lay,) = maps.layout(man, 1, 3)
    items = np.zeros(lay.items, dtype=lay.dtype)
    items["addr"] = np.arange(6) * 100
    counts = np.array([1, 0, 5], dtype="<u4")              # thread 2 saw 5 events, kept 2
    raw = items.tobytes() + counts.tobytes()
    out = maps.read(man, 1, 3, header((6, 3)), {"dmat": raw})
    assert out["dmat"]["addr"].tolist() == [0, 400, 500]
    assert out["dmat"]["unit"].tolist() == [0, 2, 2]
    assert out.dropped == {"dmat": 3}


def test_record_one_per_warp_gives_exactly_one_row_per_warp():
    man = manifest({"name": "sched", "kind": "record", "level": "warp",
                    "dtype": [["start", "<u8"], ["elapsed", "<u8"], ["sm", "<u4"]], "capacity": 1})
    (lay,) = maps.layout(man, (2, 2), 96)
    items = np.zeros(lay.units, dtype=lay.dtype)
    items["sm"] = np.arange(lay.units) % 7
    raw = items.tobytes() + np.ones(lay.units, dtype="<u4").tobytes()
    out = maps.read(man, (2, 2), 96, header((12, 0)), {"sched": raw})
    assert len(out["sched"]) == 12
    assert out["sched"]["unit"].tolist() == list(range(12))
    assert out["sched"]["sm"].tolist() == (np.arange(12) % 7).tolist()


def test_pool_records_trimmed_to_cursor_and_overflow_counted():
    man = manifest({"name": "log", "kind": "record", "level": "thread", "dtype": REC,
                    "capacity": None, "pool": 4})
    items = np.zeros(4, dtype=maps.layout(man, 1, 32)[0].dtype)
    items["clock"] = [7, 8, 9, 10]
    short = maps.read(man, 1, 32, header((3, 0)), {"log": items.tobytes()})
    assert short["log"]["clock"].tolist() == [7, 8, 9] and short.dropped["log"] == 0
    full = maps.read(man, 1, 32, header((11, 7)), {"log": items.tobytes()})
    assert full["log"]["clock"].tolist() == [7, 8, 9, 10] and full.dropped["log"] == 7
    (lay,) = maps.layout(man, 1, 32)
    assert maps.needed_bytes(lay, 2) == 2 * 24 and maps.needed_bytes(lay, 99) == 4 * 24
    cut = maps.read(man, 1, 32, header((2, 0)), {"log": items.tobytes()[:48]})
    assert cut["log"]["clock"].tolist() == [7, 8]


def test_lanes_companion_in_blocks_is_read_whole_with_its_header_dropped_count():
    """A sharded `lanes` companion (blocks of 32 slots per gather, contracts §4) comes back whole
    up to the header cursor, shard cursors and empty slots included, so that a record's `_at` is
    an index into it; lanes of a block past its shard are the header's `dropped`, and `expand`
    leaves them out and counts them."""
    from neutrino_py.contract.manifest import LANE_BLOCK, LANE_PARTS, LANES_AFFINE
    from neutrino_py.maps.lanes import expand
    rec_dtype = [["pc", "<u4"], ["bytes", "<u4"]] + [["addr" + sfx, t] for sfx, t in LANE_PARTS]
    man = manifest({"name": "mem", "kind": "record", "level": "warp", "dtype": rec_dtype,
                    "capacity": None, "pool": 1024},
                   {"name": "mem__addr", "kind": "record", "level": "thread",
                    "dtype": [["value", "<u8"]], "capacity": None, "pool": 8192, "shards": 2,
                    "block": LANE_BLOCK})
    lay = maps.layout(man, 1, 64)[1]
    assert (lay.shards, lay.first, lay.block) == (2, 32, LANE_BLOCK)
    values = np.zeros(lay.items, dtype="<u8")
    first = lay.first + 256                      # shard 1's first chunk: a block of 3 lanes
    values[first:first + 3] = [0x1000, 0x2004, 0x3008]
    records = np.zeros(3, dtype=maps.layout(man, 1, 64)[0].dtype)
    records["addr_mask"] = [0b1011, 0xFFFFFFFF, 0b11]
    records["addr"] = [0x1000, 0x5000, 0x9000]
    records["addr_stride"] = [0, 4, 0]
    records["addr_at"] = [first, LANES_AFFINE, lay.items]        # the last block did not fit
    cursor = lay.first + 2 * 256                 # the header: one round of chunks
    got = maps.read(man, 1, 64, header((3, 0), (cursor, 2)),
                    {"mem": records.tobytes(), "mem__addr": values.tobytes()[:cursor * 8]})
    assert len(got["mem__addr"]) == cursor and got.dropped["mem__addr"] == 2
    lanes, lost = expand(got["mem"], {"addr": got["mem__addr"]})
    assert lost == 2 and lanes["addr"].tolist() == [0x1000, 0x2004, 0x3008] + [
        0x5000 + 4 * i for i in range(32)]
    assert lanes["lane"].tolist()[:3] == [0, 1, 3]


def test_counters_and_hist_come_back_whole_and_results_own_their_memory():
    man = manifest({"name": "n", "kind": "counter", "level": "thread", "dtype": [["x", "<u4"]]},
                   {"name": "h", "kind": "hist", "level": "thread", "dtype": [["count", "<u4"]], "capacity": 8})
    raw_n = bytearray(np.arange(64, dtype="<u4").tobytes())
    raw_h = np.array([0, 1, 0, 3, 0, 0, 0, 9], dtype="<u4").tobytes()
    out = maps.read(man, 2, 32, header((0, 0), (0, 0)), {"n": bytes(raw_n), "h": raw_h})
    assert out["n"]["x"].sum() == 64 * 63 // 2
    assert out["h"]["count"].tolist() == [0, 1, 0, 3, 0, 0, 0, 9]
    assert out.dropped == {"n": 0, "h": 0}
    assert out["n"].flags.writeable and out["h"].flags.owndata
    again = maps.read_layouts(maps.layout(man, 2, 32), header((0, 0), (0, 0)), {"n": bytes(raw_n), "h": raw_h})
    assert {k: v.tolist() for k, v in again.items()} == {k: v.tolist() for k, v in out.items()}
    assert again.dropped == out.dropped


def test_short_buffers_are_reported_not_misread():
    man = manifest({"name": "h", "kind": "hist", "level": "thread", "dtype": [["count", "<u4"]], "capacity": 8})
    with pytest.raises(ToolError, match="16 bytes, 32 expected"):
        maps.read(man, 1, 1, header((0, 0)), {"h": bytes(16)})
    with pytest.raises(ToolError, match="map header"):
        maps.read(man, 1, 1, b"", {"h": bytes(32)})


def test_bad_launch_dimensions_are_refused():
    with pytest.raises(ToolError):
        maps.dim3((1, 2, 3, 4))
    assert maps.dim3(5) == (5, 1, 1) and maps.dim3([2, 3]) == (2, 3, 1)


@pytest.mark.parametrize("spread", [1, 8, 32])
def test_coarse_counters_fold_by_the_spread_their_manifest_says(spread):
    """A trace keeps the spread it was written with (1 before spreading, 8 until 2026-11-28, 32
    since): each manifest's device rows fold into 256 [sm] rows and one [kernel] row (a
    [kernel] counter of spread 1 had one device row)."""
    from neutrino_py.contract.manifest import SM_ROWS
    dtype = [["loaded", "<u8"], ["stored", "<u8"]]
    man = manifest({"name": "sm", "kind": "counter", "level": "sm", "dtype": dtype, "spread": spread},
                   {"name": "all", "kind": "counter", "level": "kernel", "dtype": dtype,
                    "spread": spread})
    lays = maps.layout(man, 1000, 256)
    rows = SM_ROWS * spread
    raw = {}
    for lay, n in zip(lays, (rows, rows if spread > 1 else 1)):
        assert lay.nbytes == n * 16
        device = np.zeros(n, dtype=lay.dtype)
        device["loaded"] = np.arange(n)
        device["stored"] = 2 ** 64 - 1            # wraps: each sum is -count modulo 2**64
        raw[lay.name] = device.tobytes()
    out = maps.read(man, 1000, 256, header((0, 0), (0, 0)), raw)
    sm = out["sm"]
    assert len(sm) == SM_ROWS
    want = np.arange(rows).reshape(SM_ROWS, spread).sum(axis=1)
    assert sm["loaded"].tolist() == want.tolist()
    assert sm["stored"].tolist() == [(-spread) % 2 ** 64] * SM_ROWS
    n = rows if spread > 1 else 1
    assert out["all"]["loaded"].tolist() == [n * (n - 1) // 2]
    assert out["all"]["stored"].tolist() == [(-n) % 2 ** 64]


def test_chains_unfold_after_their_first_with_each_followers_delta_and_constants():
    """A chain's first marks the followers it covered in its `_at` (contracts §4 "Chains"):
    the reader puts their records back after it, in follower order, with the base moved by
    each follower's delta and its constant fields; gathers and unmarked records pass as they
    are, as are tiles, and a mark naming a follower the manifest lacks is refused."""
    from neutrino_py.contract.manifest import CHAIN_BITS, LANES_AFFINE, LANES_TILE
    from neutrino_py.maps.lanes import unchain
    dtype = np.dtype([("pc", "<u4"), ("bytes", "<u4"), ("addr", "<u8"), ("addr_stride", "<i8"),
                      ("addr_mask", "<u4"), ("addr_at", "<u4")], align=True)
    chains = [[{"delta": 512, "values": {"pc": 11, "bytes": 4}},
               {"delta": 1024, "values": {"pc": 12, "bytes": 4}},
               {"delta": (1 << 64) - 8, "values": {"pc": 13, "bytes": 8}}],
              [{"delta": 16, "values": {"pc": 21, "bytes": 4}}]]
    mark = lambda index, bits: LANES_AFFINE ^ (index << CHAIN_BITS | bits)
    tile = lambda k: LANES_AFFINE ^ (LANES_TILE | k)
    records = np.array([(10, 4, 0x1000, 4, 0xFFFFFFFF, mark(0, 0b101)),
                        (5, 4, 0x9000, 0, 0x3, 7),                     # a gather: as it is
                        (20, 4, 0x2000, 8, 0xFFFF, mark(1, 0b1)),
                        (10, 4, 0x3000, 4, 0x1, mark(0, 0)),            # no follower covered
                        (30, 4, 0x4000, 4, 0x1, LANES_AFFINE),
                        (40, 4, 0x5000, 8 << 32 | 4, 0xFFFFFFFF, tile(3))], dtype)
    out = unchain(records, chains)
    assert out[["pc", "bytes", "addr", "addr_stride", "addr_mask", "addr_at"]].tolist() == [
        (10, 4, 0x1000, 4, 0xFFFFFFFF, LANES_AFFINE),
        (11, 4, 0x1200, 4, 0xFFFFFFFF, LANES_AFFINE),
        (13, 8, 0xFF8, 4, 0xFFFFFFFF, LANES_AFFINE),
        (5, 4, 0x9000, 0, 0x3, 7),
        (20, 4, 0x2000, 8, 0xFFFF, LANES_AFFINE),
        (21, 4, 0x2010, 8, 0xFFFF, LANES_AFFINE),
        (10, 4, 0x3000, 4, 0x1, LANES_AFFINE),
        (30, 4, 0x4000, 4, 0x1, LANES_AFFINE),
        (40, 4, 0x5000, 8 << 32 | 4, 0xFFFFFFFF, tile(3))]               # a tile: as it is
    assert unchain(records[[1, 4, 5]], chains).tolist() == records[[1, 4, 5]].tolist()
    for bad in (mark(1, 0b10), mark(2, 0b1)):
        broken = records.copy()
        broken["addr_at"][0] = bad
        with pytest.raises(ToolError, match="names a follower its manifest lacks"):
            unchain(broken, chains)


@pytest.mark.parametrize("held", [(0, 0), (6, 100), (100, 6), (9, 11), (100, 100), (2, 0)])
def test_lost_lanes_counts_from_the_columns_what_expand_leaves_out(held):
    """`lost_lanes` (the tools' `lanes_lost`) counts, from the mask and `_at` columns alone,
    exactly the lanes `expand` leaves out: per record the lanes whose value in either field lies
    past what its companion holds (values are stored lane after lane, so a field loses a
    suffix of the lanes and two fields the longer one); affine, tile and chain records lose
    none; a companion of 0 values is one that cannot be read."""
    from neutrino_py.contract.manifest import CHAIN_MARK, LANES_AFFINE, LANES_TILE
    from neutrino_py.maps.lanes import expand, lost_lanes
    dtype = np.dtype([(f + sfx, t) for f in ("a", "b") for sfx, t in
                      [("", "<u8"), ("_stride", "<i8"), ("_mask", "<u4"), ("_at", "<u4")]],
                     align=True)
    records = np.zeros(6, dtype)
    masks = [0xF, 0xF0F0, 0x7, 0xFFFFFFFF, 0x3, 0x1]
    for f in ("a", "b"):
        records[f + "_mask"] = masks
    records["a_at"] = [0, 4, 8, LANES_AFFINE, LANES_AFFINE ^ (LANES_TILE | 2), CHAIN_MARK]
    records["b_at"] = [3, LANES_AFFINE, 7, 11, LANES_AFFINE, 2 ** 31 - 1]
    values = {"a": np.arange(held[0], dtype=np.uint64), "b": np.arange(held[1], dtype=np.uint64)}
    rows, lost = expand(records, values)
    assert lost_lanes(records, dict(zip("ab", held))) == lost
    assert len(rows) + lost == sum(bin(m).count("1") for m in masks)
    if held == (9, 11):     # by hand: record 0: a 0..3 and b 3..6 fit; 1: a 4..11 loses 3
        # (b affine); 2: a 8..10 loses 2, b 7..9 fits; 3: b 11..42 loses 32 (a affine);
        # 4: a tile, b affine; 5: a a chain's first, b past: 1
        assert lost == 3 + 2 + 32 + 1


def test_tile_records_give_each_lane_its_row_and_column_step_from_any_lowest_lane():
    """A tile record (`LANES_TILE | k` in `_at`'s complement) rebuilds lane i as the lowest
    lane's value plus the column step (the stride's signed low half) per lane within a row of
    2**k and the row step (its signed high half) per row, modulo 2**64; the device makes them
    from whole warps only, but the reader takes any lowest lane."""
    from neutrino_py.contract.manifest import LANES_AFFINE, LANES_TILE
    from neutrino_py.maps.lanes import expand
    dtype = np.dtype([("pc", "<u4"), ("bytes", "<u4"), ("addr", "<u8"), ("addr_stride", "<i8"),
                      ("addr_mask", "<u4"), ("addr_at", "<u4")], align=True)
    steps = lambda lo, hi: int(np.array([(hi & 0xFFFFFFFF) << 32 | lo & 0xFFFFFFFF],
                                        np.uint64).view(np.int64)[0])
    records = np.array([(1, 4, 0x10000, steps(4, -4096), 0xFFFFFFFF,   # rows of 8, going up
                         LANES_AFFINE ^ (LANES_TILE | 3)),
                        (2, 2, 0x20000, steps(-2, 64), 0xFFFFFF00, LANES_AFFINE ^ (LANES_TILE | 4)),
                        (3, 8, 12, 8 << 32, 0x3, LANES_AFFINE ^ (LANES_TILE | 0))], dtype)
    lanes, lost = expand(records, {"addr": np.zeros(0, np.uint64)})
    want = [0x10000 + 4 * (i % 8) - 4096 * (i // 8) for i in range(32)]
    want += [0x20000 - 2 * (i % 16 - 8) + 64 * (i // 16) for i in range(8, 32)]
    want += [12, 20]
    assert lost == 0 and lanes["addr"].tolist() == want
    assert lanes["lane"].tolist() == [*range(32), *range(8, 32), 0, 1]
    assert lanes["event"].tolist() == [0] * 32 + [1] * 24 + [2] * 2


@pytest.mark.parametrize("chains, says", [
    ({"mem": [[{"delta": -1, "values": {}}]]}, "integer delta"),
    ({"mem": [[{"delta": 4, "values": {"addr_at": 3}}]]}, "integer values of its other fields"),
    ({"mem": [[{"delta": 4, "values": {"pc": 1}}]] * 1 + [[{"delta": 4, "values": {}}] * 9]},
     "at most 8 followers"),
    ({"other": []}, "no lanes field"),
    ({"mem": "x"}, "not a list of chains"),
    ([], "not an object"),
])
def test_manifest_chains_that_do_not_fit_their_map_are_refused(chains, says):
    """A manifest's `chains` (contracts §4 "Chains") is checked against its maps when read: a
    hand-edited or cut one is refused with what is wrong, never misread."""
    from neutrino_py.contract.manifest import Manifest
    manifest = {"version": 1, "kernel": "k", "target": "ptx", "probe": {}, "params": [],
                "maps": [{"name": "mem", "kind": "record", "level": "warp", "pool": 1024,
                          "dtype": [["pc", "<u4"], ["bytes", "<u4"], ["addr", "<u8"],
                                    ["addr_stride", "<i8"], ["addr_mask", "<u4"],
                                    ["addr_at", "<u4"]]},
                         {"name": "other", "kind": "counter", "level": "warp",
                          "dtype": [["n", "<u8"]]}],
                "chains": chains}
    with pytest.raises(ValueError, match=says):
        Manifest.from_json(manifest)
    manifest["chains"] = {"mem": [[{"delta": 4, "values": {"pc": 1}}]]}
    assert Manifest.from_json(manifest).chains == manifest["chains"]


def test_layout_refuses_a_launch_shape_no_gpu_runs():
    """A damaged grid sized every per-unit map in exabytes; past CUDA's and HIP's launch limits
    it is refused, the largest shape they launch still laid out."""
    man = manifest({"name": "t", "kind": "counter", "level": "thread", "dtype": [["x", "<u4"]]})
    assert maps.layout(man, (2 ** 31 - 1, 65535, 65535), (1024,))[0].units == \
        (2 ** 31 - 1) * 65535 * 65535 * 1024
    with pytest.raises(ToolError, match=r"launch grid \(2147483648, 2147483648, 65535\) is past "
                                        r"what a GPU launches \(x = 2147483648 > 2147483647"):
        maps.layout(man, (2 ** 31, 2 ** 31, 65535), 32)
    for block in ((1024, 2), (1, 1, 65), (1025,)):
        with pytest.raises(ToolError, match=r"launch block .* is past what a GPU launches"):
            maps.layout(man, 1, block)
