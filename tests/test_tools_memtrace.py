"""dmat and hotness read memtrace traces (warp records with a `lanes addr` field) lane by lane:
the same accesses, bytes, lines and pages as from dmat's per-thread records of the same run.
Both traces come from the CPU warp simulator running the same gather kernels."""
from __future__ import annotations

import numpy as np
import pytest

import neutrino_py as nt
from neutrino_py.tracedir import TraceWriter
from test_splice_simulated import CASES, gather_run, stock


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
def test_lanes_lost_with_an_unreadable_companion_are_counted_as_dropped(tmp_path, case, how):
    """A memtrace record whose lanes' values were in a companion map that cannot be read lost
    those lanes silently (a missing companion left every warp record counted as one access):
    each such lane is counted in `dropped`, with a note saying which companion and why."""
    idx, skip = CASES[case]
    clean = traced(tmp_path, "clean", gather_run(stock("memtrace"), idx, skip)[0])
    damaged = traced(tmp_path, "damaged", gather_run(stock("memtrace"), idx, skip)[0])
    _lose_companion(damaged.dir, how)
    damaged = nt.Trace(damaged.dir)
    want = clean.report("dmat").data["kernels"]["gather"]
    report = damaged.report("dmat")
    got = report.data["kernels"]["gather"]
    assert want["dropped"] == 0 and want["accesses"] == 3 * sum(1 for i in range(100) if i % 3 != skip)
    assert got["accesses"] + got["dropped"] == want["accesses"]
    assert got["lanes_unreadable"] == got["dropped"]
    hot, hot_clean = damaged.report("hotness"), clean.report("hotness")
    assert hot.data["accesses"] + hot.data["dropped"] == hot_clean.data["accesses"]
    if case == "contiguous":                  # affine records need no companion: nothing lost
        assert got == want and not any("cannot be rebuilt" in n for n in report.notes)
        return
    assert got["dropped"] > 0
    note = next(n for n in report.notes if "cannot be rebuilt" in n)
    assert note.startswith(f"{got['dropped']} lane(s) of 1 map(s) cannot be rebuilt and are "
                           "counted as dropped: their companion map cannot be read (first: "
                           "'mem__addr' of launch 0: ")
    assert any("cannot be rebuilt" in n for n in hot.notes)
