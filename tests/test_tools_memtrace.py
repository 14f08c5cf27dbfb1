"""dmat and hotness read memtrace traces (warp records with a `lanes addr` field) lane by lane:
the same accesses, bytes, lines and pages as from dmat's per-thread records of the same run.
Both traces come from the CPU warp simulator running the same gather kernels. Where pools are too
small, every tool counts dropped records and lost lanes apart, each once (contracts §4 "Lost
lanes")."""
from __future__ import annotations

import numpy as np
import pytest

import neutrino_py as nt
from neutrino_py.probe import load
from neutrino_py.tracedir import TraceWriter
from test_splice_simulated import CASES, GATHER, gather_run, launch, stock


def traced(tmp_path, name: str, maps) -> nt.Trace:
    w = TraceWriter.start(tmp_path / name, command=["gather"], device={"name": "sim"})
    k = w.kernel("gather", ptx="// gather", instrumented_ptx="// +", source="nvcc",
                 manifest={"maps": []})
    w.launch(k, grid=3, block=48, start_ns=0, end_ns=1000, maps=dict(maps), dropped=maps.dropped)
    w.close()
    return nt.Trace(tmp_path / name)


@pytest.mark.parametrize("case", ["contiguous", "gather", "divergent_gather"])
def test_dmat_and_hotness_agree_on_memtrace_and_dmat_traces(tmp_path, case):
    idx, skip = CASES[case]
    dmat = traced(tmp_path, "dmat", gather_run(stock("dmat"), idx, skip)[0])
    mem = traced(tmp_path, "mem", gather_run(stock("memtrace"), idx, skip)[0])
    a, b = dmat.report("dmat").data["kernels"]["gather"], mem.report("dmat").data["kernels"]["gather"]
    for key in ("accesses", "bytes", "dropped", "addr_min", "addr_max", "lines_per_launch"):
        assert a[key] == b[key], key
    assert a["accesses"] == 3 * sum(1 for i in range(100) if i % 3 != skip)
    ha, hb = dmat.report("hotness"), mem.report("hotness")
    assert ha.data["source"] == hb.data["source"] == "records"
    assert ha.data["top"] == hb.data["top"] and ha.data["accesses"] == hb.data["accesses"]
    assert np.array_equal(ha.arrays["counts"], hb.arrays["counts"])


def test_dmat_draws_a_memtrace_trace_without_clock_in_record_order(tmp_path):
    """memtrace keeps no clock: dmat still takes its map, with no clock range, and its scatter
    puts the accesses in the order the records were kept."""
    pytest.importorskip("matplotlib")
    idx, skip = CASES["contiguous"]
    mem = traced(tmp_path, "mem", gather_run(stock("memtrace"), idx, skip)[0])
    report = mem.report("dmat")
    (launch,) = report.data["kernels"]["gather"]["per_launch"]
    assert launch["clock_min"] is None and launch["accesses"] == 3 * 100
    ax = report.figures["scatter"]().axes[0]
    assert "order" in ax.get_xlabel()
    x = ax.collections[0].get_offsets()[:, 0]
    assert len(x) == 3 * 100 and (np.diff(x) > 0).all()


def _lose_companion(run, how: str) -> None:
    """The launch's `mem__addr` companion made unreadable (its segment past the end of the data
    file) or left out of the launch altogether."""
    import json
    meta = json.loads((run / "trace.json").read_text())
    launch = meta["launches"][0]
    if how == "cut":
        launch["segments"]["mem__addr"]["offset"] = 1 << 40
    else:
        launch["maps"].remove("mem__addr")
        del launch["segments"]["mem__addr"]
    (run / "trace.json").write_text(json.dumps(meta))


@pytest.mark.parametrize("how", ["cut", "missing"])
@pytest.mark.parametrize("case", ["divergent_gather", "contiguous"])
def test_lanes_lost_with_an_unreadable_companion_are_counted_as_lanes_lost(tmp_path, case, how):
    """A memtrace record whose lanes' values were in a companion map that cannot be read lost
    those lanes silently (a missing companion left every warp record counted as one access):
    each such lane is counted in `lanes_lost` (lanes, not records: `dropped` stays 0), with a
    note saying which companion and why."""
    idx, skip = CASES[case]
    clean = traced(tmp_path, "clean", gather_run(stock("memtrace"), idx, skip)[0])
    damaged = traced(tmp_path, "damaged", gather_run(stock("memtrace"), idx, skip)[0])
    _lose_companion(damaged.dir, how)
    damaged = nt.Trace(damaged.dir)
    want = clean.report("dmat").data["kernels"]["gather"]
    report = damaged.report("dmat")
    got = report.data["kernels"]["gather"]
    assert want["dropped"] == want["lanes_lost"] == 0
    assert want["accesses"] == 3 * sum(1 for i in range(100) if i % 3 != skip)
    assert got["dropped"] == 0 and got["accesses"] + got["lanes_lost"] == want["accesses"]
    hot, hot_clean = damaged.report("hotness"), clean.report("hotness")
    assert hot.data["dropped"] == 0
    assert hot.data["accesses"] + hot.data["lanes_lost"] == hot_clean.data["accesses"]
    if case == "contiguous":                  # affine records need no companion: nothing lost
        assert got == want and not any("cannot be rebuilt" in n for n in report.notes)
        return
    assert got["lanes_lost"] > 0
    note = next(n for n in report.notes if "cannot be rebuilt" in n)
    assert note.startswith(f"{got['lanes_lost']} lane(s) of kept records in 1 map(s) cannot be "
                           "rebuilt (lanes_lost: their values did not fit the companion pool "
                           "<map>__<field>, or their companion map cannot be read (first: "
                           "'mem__addr' of launch 0: ")
    assert any("cannot be rebuilt" in n for n in hot.notes)


# Pools too small, on the CPU simulator running the device code memtrace's lowering makes (PTX:
# `compress_lanes` reserves a gather's lanes in the companion before the leader reserves the
# record, whether or not the record then fits). GATHER's two loads per thread, 64 threads a block;
# `squared` saves ADDR * ADDR, which no two lanes step alike: every record a gather of 32 lanes
# whose values go to the companion (8 x pool values, reserved 32 at a time in shards where the pool
# is a multiple of 64 records, else per lane from one cursor). Per case: blocks, pool, probe; then
# what the device counted (records kept, the map's `dropped`, the companion's `dropped`) and the
# tools' figures (`dropped` records, `lanes_lost`, lanes rebuilt).
LOSSES = {
    # (a) records only: every access affine (ADDR of contiguous indices), nothing in a companion
    "records": (3, 4, "plain", (4, 14, 0), (14, 0, 4 * 32)),
    # (b) lanes only: 12 records, all kept; 96 companion values for their 384 lanes
    "lanes": (3, 12, "squared", (12, 0, 288), (0, 288, 96)),
    # (c) both: 4 records kept, 8 dropped; 32 values kept, of the first record's lanes; the
    # companion's 352 = the other 3 kept records' 96 lanes + the 8 dropped records' 256
    "both": (3, 4, "squared", (4, 8, 352), (8, 96, 32)),
    # the same in sharded pools, the companion reserved 32 values at a time: (b) and (c)
    "lanes, sharded": (40, 256, "squared", (160, 0, 3328), (0, 3328, 1792)),
    "both, sharded": (40, 64, "squared", (64, 96, 4608), (96, 1536, 512)),
}


def lossy_run(blocks: int, pool: int, probe: str):
    """memtrace-like maps of GATHER on `blocks` blocks of 64 threads, `pool` records."""
    addr = "ADDR * ADDR" if probe == "squared" else "ADDR"
    accesses = "ld.global" if probe == "squared" else "ld.global, st.global"
    text = (f"map mem[warp]: record {{ u32 pc; u32 bytes; lanes addr; }} pool {pool}\n"
            f"after {accesses} {{ mem.save(PC, BYTES, {addr}); }}")
    n = 64 * blocks
    return launch(GATHER, load(text), (blocks, 1, 1), (64, 1, 1),
                  {"idx": np.arange(n, dtype=np.uint32).tobytes(), "src": bytes(4 * n),
                   "dst": bytes(4 * n), "n": n, "skip": 3})[0]


@pytest.mark.parametrize("case", sorted(LOSSES))
def test_tools_count_dropped_records_and_lost_lanes_once_each(tmp_path, case):
    """Each tool's loss figures have one unit and count no access twice: `dropped` is the
    records the map dropped, `lanes_lost` the lanes of kept records that cannot be rebuilt,
    never the companion's own `dropped`, which also counts the lanes of dropped records (the
    old `dropped`, the sum of both headers, said 8 + 352 = 360 for 8 lost records and 96 lost
    lanes in "both"). Oracles: the device's header counts, `maps.lanes.expand` (lanes lost while
    rebuilding), and the kept records' masks."""
    from neutrino_py.maps.lanes import expand
    from neutrino_py.tools.base import MapRef
    blocks, pool, probe, device, (dropped, lost, rebuilt) = LOSSES[case]
    maps = lossy_run(blocks, pool, probe)
    rec = maps["mem"]
    assert (len(rec), maps.dropped["mem"], maps.dropped["mem__addr"]) == device
    lanes, expand_lost = expand(rec, {"addr": maps["mem__addr"]})
    kept_lanes = sum(bin(int(m)).count("1") for m in rec["addr_mask"])
    assert (len(lanes), expand_lost) == (rebuilt, lost) and rebuilt + lost == kept_lanes
    trace = traced(tmp_path, "t", maps)
    (launch,) = trace.launches
    assert (MapRef(launch, "mem").dropped, MapRef(launch, "mem").lanes_lost) == (dropped, lost)
    report = trace.report("dmat")
    k = report.data["kernels"]["gather"]
    assert (k["accesses"], k["dropped"], k["lanes_lost"]) == (rebuilt, dropped, lost)
    (row,) = report.tables[0].rows
    assert row[2:6] == [rebuilt, 4 * rebuilt, dropped, lost]
    notes = [n for n in report.notes if "did not fit" in n or "cannot be rebuilt" in n]
    assert notes == ([f"{dropped} record(s) did not fit their map (for a map with `lanes` "
                      "fields, memtrace's, each is one warp-level access, all of its lanes lost "
                      "with it): counts are lower bounds; give the map a larger pool or "
                      "capacity"] if dropped else []) + \
        ([f"{lost} lane(s) of kept records in 1 map(s) cannot be rebuilt (lanes_lost: their "
          "values did not fit the companion pool <map>__<field>); the lanes of dropped records "
          "are not among them"] if lost else [])
    hot = trace.report("hotness").data
    assert (hot["accesses"], hot["dropped"], hot["lanes_lost"]) == (rebuilt, dropped, lost)
    ops = trace.report("operators").data["operators"]["(no operator)"]
    assert (ops["records"], ops["dropped"], ops["lanes_lost"]) == (
        {"mem": len(rec)}, {"mem": dropped}, {"mem": lost})
    from neutrino_py.tools.perfetto import build
    (slice_,) = [e for e in build(trace)["traceEvents"] if e.get("cat") == "launch"]
    args = slice_["args"]
    assert (args["records"], args["dropped"], args["lanes_lost"]) == (
        {"mem": len(rec)}, {"mem": dropped}, {"mem": lost})
    pytest.importorskip("pyarrow")
    import pyarrow.parquet as pq
    from neutrino_py.tools.columnar import export
    export(trace, tmp_path / "out")
    row = pq.read_table(tmp_path / "out" / "launches.parquet").to_pylist()[0]
    assert (row["records"], row["dropped"], row["lanes_lost"]) == (len(rec), dropped, lost)


def test_gcn_loses_lanes_as_ptx_does(tmp_path):
    """GCN reserves a gather's lanes (one `BumpReserve` per 32-lane half, the companion one pool)
    before the record too: vector_add's 9 records under `ADDR * ADDR`, 210 lanes, in a pool of
    4 records keep 4 records (96 lanes, 32 values kept); the companion's `dropped` 178 is the
    kept records' 64 lost lanes plus every lane of the 5 dropped records (210 - 96 = 114), and
    dmat says 5 dropped records and 64 lanes lost."""
    from test_gcn_simulated import CASES as GCN, _text, simulate_instrumented
    case = GCN["vector_add"]

    def run(pool: int):
        text = (f"map mem[warp]: record {{ u32 pc; u32 bytes; lanes addr; }} pool {pool}\n"
                "after ld.global, st.global { mem.save(PC, BYTES, ADDR * ADDR); }")
        return simulate_instrumented(_text(case.file, "gfx90a"), f"{case.file}.gfx90a.s",
                                     "vector_add", case.grid, case.block, case.args,
                                     load(text)).maps
    whole, maps = run(1 << 16), run(4)
    assert (len(whole["mem"]), whole.dropped["mem"], whole.dropped["mem__addr"]) == (9, 0, 0)
    lanes = lambda rec: sum(bin(int(m)).count("1") for m in rec["addr_mask"])
    assert lanes(whole["mem"]) == 210 and lanes(maps["mem"]) == 96
    assert (len(maps["mem"]), maps.dropped["mem"], maps.dropped["mem__addr"]) == (4, 5, 178)
    k = traced(tmp_path, "gcn", maps).report("dmat").data["kernels"]["gather"]
    assert (k["accesses"], k["dropped"], k["lanes_lost"]) == (32, 5, 64)
    assert maps.dropped["mem__addr"] - k["lanes_lost"] == 210 - 96
