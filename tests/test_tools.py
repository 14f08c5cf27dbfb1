"""Every tool on the hand-made trace of tests/synthetic/standard (its docstring lists the inputs)."""
from __future__ import annotations

import pytest

import neutrino_py as nt
from neutrino_py.errors import ToolError
from neutrino_py.tools import run_tool, tools
from tests.synthetic import branches, page_hist, quiet, replays, standard


@pytest.fixture(scope="module")
def trace(tmp_path_factory):
    return nt.Trace(standard(tmp_path_factory.mktemp("std")))


def test_registry_lists_every_tool():
    assert set(tools()) == {"allocations", "block_sched", "divergence", "dmat", "gmem_bytes", "hotness",
                            "launches", "opcode_mix", "operators", "time_range"}
    with pytest.raises(ToolError, match="no tool named 'nope'"):
        run_tool("nope", None)


def test_launches(trace):
    d = trace.report("launches").data
    assert d["launches"] == 5 and d["total_ms"] == pytest.approx(0.012)
    gemm, vec, red = (d["kernels"][k] for k in ("gemm", "vec_add", "reduce"))
    assert list(d["kernels"]) == ["gemm", "vec_add", "reduce"]          # by total time
    assert (gemm["launches"], gemm["instrumented"]) == (2, 0)
    assert gemm["total_ms"] == pytest.approx(0.008) and gemm["mean_ms"] == pytest.approx(0.004)
    assert gemm["min_ms"] == pytest.approx(0.003) and gemm["max_ms"] == pytest.approx(0.005)
    assert vec["total_ms"] == pytest.approx(0.003) and vec["share"] == pytest.approx(0.25)
    assert (red["launches"], red["instrumented"]) == (1, 1)


def test_share_columns_print_as_percentages(trace):
    from neutrino_py.tools.render import report_text
    lines = {name: report_text(trace.report(name)) for name in ("launches", "operators", "hotness")}
    assert "  25.0%" in lines["launches"] and "  58.3%" in lines["operators"]
    assert "  66.7%  vec_add" in lines["hotness"]
    assert "0.0%  gmem.loaded=64" in report_text(trace.report("gmem_bytes"))


def test_block_sched(trace):
    r = trace.report("block_sched")
    first, second = r.data["launches"]
    # launch 0: warps (1000,+500,SM0) (1100,+300,SM0) (1000,+800,SM1) (1500,+200,SM2)
    assert (first["seq"], first["warps"], first["sms_used"]) == (0, 4, 3)
    assert first["span_ns"] == 800 and first["mean_warp_ns"] == 450
    assert first["occupancy"] == pytest.approx(600 / 800)          # mean busy 600 over 800 ns
    assert first["imbalance"] == pytest.approx(800 / 600)
    assert (second["warps"], second["span_ns"], second["imbalance"]) == (1, 100, 1.0)
    k = r.data["kernels"]["vec_add"]
    assert (k["launches"], k["warps"], k["sms_used"]) == (2, 5, 3)
    assert k["mean_span_us"] == pytest.approx(0.45) and k["mean_warp_us"] == pytest.approx(0.275)
    assert k["occupancy"] == pytest.approx(0.875)
    assert r.data["drawn"] == 0 and r.data["sm_count"] == 4        # the longest span; device
    assert r.arrays["per_sm_busy_ns"].tolist() == [800, 800, 200]
    assert r.arrays["per_sm_warps"].tolist() == [2, 1, 1]


def test_block_sched_reads_a_block_map_by_its_level(tmp_path):
    """A [block] map's rows stand for blocks even when some block saved nothing (2 rows of 3
    blocks), and the Perfetto slices are named by block."""
    from neutrino_py.tracedir.writer import TraceWriter
    from tests.synthetic import DEVICE, SCHED, records

    w = TraceWriter.start(tmp_path, command=["python", "model.py"], device=DEVICE,
                          probe={"file": "block_sched.probe", "text": "", "hash": "0"})
    k = w.kernel("vec_add", ptx="// vec_add", instrumented_ptx="// vec_add +", manifest={
        "kernel": "vec_add", "maps": [{"name": "sched", "kind": "record", "level": "block"}]})
    w.launch(k, grid=3, block=128, start_ns=0, end_ns=1000, stream=7, maps={
        "sched": records(SCHED, [(1000, 300, 0, 0), (1000, 200, 1, 2)])})
    w.close()
    trace = nt.Trace(w.dir)
    (launch,) = trace.report("block_sched").data["launches"]
    assert (launch["resolution"], launch["warps_per_row"], launch["warps"]) == ("block", 4, 8)
    from neutrino_py.tools.perfetto import build
    names = {e["name"] for e in build(trace)["traceEvents"] if e.get("cat") == "sched"}
    assert names == {"block 0", "block 2"}


@pytest.mark.parametrize("layout", ["SCHED", "SCHED16"])
def test_block_sched_reads_a_row_per_block_as_its_warps(tmp_path, layout):
    """Rows of the stock probe's layout (u32 elapsed) and of traces made before it (u64)."""
    from neutrino_py.tracedir.writer import TraceWriter
    from tests import synthetic
    from tests.synthetic import DEVICE, records

    w = TraceWriter.start(tmp_path, command=["python", "model.py"], device=DEVICE,
                          probe={"file": "block_sched.probe", "text": "", "hash": "0"})
    k = w.kernel("vec_add", ptx="// vec_add", instrumented_ptx="// vec_add +", manifest={
        "kernel": "vec_add", "maps": [{"name": "sched", "kind": "record", "level": "warp"}]})
    # 3 blocks of 4 warps, one row each (one warp of each): 300 + 100 ns on SM 0, 200 ns on SM 1
    w.launch(k, grid=3, block=128, start_ns=0, end_ns=1000, stream=7, maps={
        "sched": records(getattr(synthetic, layout),
                         [(1000, 300, 0, 0), (1300, 100, 0, 4), (1000, 200, 1, 8)])})
    w.close()
    r = nt.Trace(w.dir).report("block_sched")
    (launch,) = r.data["launches"]
    assert (launch["resolution"], launch["warps_per_row"], launch["warps"]) == ("block", 4, 12)
    assert launch["span_ns"] == 400 and launch["mean_warp_ns"] == 200
    assert r.arrays["per_sm_busy_ns"].tolist() == [1600, 800]
    assert r.data["kernels"]["vec_add"]["resolution"] == "block"
    assert "one row per block" in r.notes[0]


def test_dmat(trace):
    k = trace.report("dmat").data["kernels"]["vec_add"]
    assert (k["launches"], k["accesses"], k["bytes"], k["dropped"]) == (2, 6, 40, 2)
    assert (k["addr_min"], k["addr_max"]) == (0x10000, 0x20000)
    # launch 0 touches 128 B lines 0x10000, 0x10080, 0x11000; launch 2 two lines
    assert [p["lines"] for p in k["per_launch"]] == [3, 2] and k["lines_per_launch"] == 3
    assert [p["clock_max"] - p["clock_min"] for p in k["per_launch"]] == [30, 100]


def test_dmat_draws_the_launch_with_most_accesses(trace):
    pytest.importorskip("matplotlib")
    fig = trace.report("dmat").figure("scatter")
    assert [ax.get_title() for ax in fig.axes] == ["vec_add (launch 0)"]     # 4 accesses vs 2


def test_hotness_from_records(trace):
    r = trace.report("hotness")
    assert r.data["source"] == "records" and (r.data["pages"], r.data["accesses"]) == (3, 6)
    assert r.data["top"] == [{"page": 0x10, "accesses": 4}, {"page": 0x11, "accesses": 1},
                             {"page": 0x20, "accesses": 1}]


def test_hotness_from_page_histogram(tmp_path):
    r = nt.Trace(page_hist(tmp_path)).report("hotness", top=2)
    assert r.data["source"] == "hist" and (r.data["pages"], r.data["accesses"]) == (3, 17)
    assert r.data["top"] == [{"page": 15, "accesses": 9}, {"page": 3, "accesses": 6}]
    assert r.data["kernels"] == {"touch": {"pages": 3, "accesses": 17}}


def test_gmem_bytes(trace):
    r = trace.report("gmem_bytes")
    k = r.data["kernels"]["vec_add"]
    assert k["bytes"] == 40 and k["fields"] == {"dmat.bytes": 40}
    assert k["time_ms"] == pytest.approx(0.003)
    assert k["gbps"] == pytest.approx(40 / 3000)                   # bytes per ns = GB/s
    assert k["of_peak"] == pytest.approx(40 / 3000 / 1000.0)
    red = r.data["kernels"]["reduce"]                              # gmem_bytes.probe counters
    assert red["fields"] == {"gmem.loaded": 64, "gmem.stored": 16, "gmem.atomic": 4}
    assert red["bytes"] == 84 and red["gbps"] == pytest.approx(84 / 1000)
    assert list(r.data["kernels"]) == ["vec_add", "reduce"] and r.data["peak_gbps"] == 1000.0


def test_opcode_mix(trace):
    d = trace.report("opcode_mix").data
    assert d["kernels"] == {"reduce": {"total": 25, "load": 10, "arith": 7, "control": 3,
                                       "store": 2, "other": 2, "atomic": 1, "tensor": 0,
                                       "sync": 0}}
    assert d["families"][:3] == ["load", "arith", "control"]


def test_time_range(trace):
    (entry,) = trace.report("time_range").data["ranges"].values()
    assert (entry["kernel"], entry["map"], entry["count"]) == ("reduce", "ranges", 4)
    assert (entry["mean"], entry["p50"], entry["min"], entry["max"]) == (25, 25, 10, 40)
    assert entry["per_sm_mean"] == {0: 15.0, 1: 35.0}
    assert entry["warps"] == 3 and entry["warp_mean_spread"] == [10.0, 35.0]


def test_allocations(trace):
    d = trace.report("allocations").data
    assert (d["allocs"], d["frees"], d["allocated_bytes"]) == (3, 1, 350)
    # live: 100, 150, 50, 250 -> peak 250 at t=30 ns
    assert d["peak_bytes"] == 250 and d["peak_at_ms"] == pytest.approx(30e-6)
    assert (d["still_live"], d["still_live_bytes"], d["unmatched_frees"]) == (2, 250, 1)
    assert (d["size_max"], d["size_median"]) == (200, 100)
    assert d["lifetime_median_ms"] == pytest.approx(20e-6)
    assert d["lifetime_histogram"] == [(1000, 1)]


def test_operators(trace):
    ops = trace.report("operators").data["operators"]
    assert list(ops) == ["Net/Linear", "(no operator)", "Net/ReLU", "loss"]
    lin = ops["Net/Linear"]
    assert lin["launches"] == 2 and lin["kernels"] == {"vec_add": 1, "gemm": 1}
    assert lin["time_ms"] == pytest.approx(0.007)
    assert lin["records"] == {"dmat": 4, "sched": 4} and lin["dropped"] == {"dmat": 2, "sched": 0}
    assert lin["bytes"] == 20 and ops["Net/ReLU"]["bytes"] == 20 and ops["loss"]["bytes"] == 84
    assert ops["(no operator)"]["bytes"] is None
    assert ops["loss"]["records"] == {"ranges": 4, "gmem": 4, "mix": 3}
    top = trace.report("operators", depth=1).data["operators"]
    assert top["Net"]["launches"] == 3 and top["Net"]["time_ms"] == pytest.approx(0.008)
    assert top["Net"]["bytes"] == 40


def test_operators_without_tags_says_how_to_get_them(tmp_path):
    r = nt.Trace(page_hist(tmp_path)).report("operators")
    assert list(r.data["operators"]) == ["(no operator)"]
    assert r.notes[0].startswith("no launch carries an operator tag")


def test_divergence(tmp_path):
    k = nt.Trace(branches(tmp_path)).report("divergence").data["kernels"]["walk"]
    assert (k["events"], k["divergent"], k["branches"]) == (5, 2, 2)
    assert k["mean_lanes"] == pytest.approx(97 / 5)
    assert k["by_pc"] == {5: {"events": 3, "divergent": 1, "mean_lanes": pytest.approx(64 / 3)},
                          9: {"events": 2, "divergent": 1, "mean_lanes": 16.5}}


def test_every_tool_takes_a_launch_that_recorded_nothing(tmp_path):
    """An instrumented launch whose maps are empty (a TMA kernel under dmat) is a launch that
    moved nothing, not a failure of the tool (gmem_bytes raised KeyError on one, H200)."""
    t = nt.Trace(quiet(tmp_path))
    for name in tools():
        t.report(name)
    kernels = t.report("gmem_bytes").data["kernels"]
    assert kernels["tma_copy"]["bytes"] == 0 and kernels["tma_copy"]["gbps"] == 0.0
    assert kernels["copy"]["bytes"] == 8


def test_graph_replays_are_launches_without_times(tmp_path):
    """Every tool takes a trace whose launches include untimed graph replays; `launches` counts
    them apart and says why they are not in the times."""
    from neutrino_py.tools.render import report_text
    t = nt.Trace(replays(tmp_path))
    assert [x.graph for x in t.launches] == [False, True, True] and t.summary["graph_replays"] == 2
    for name in tools():
        t.report(name)
    r = t.report("launches")
    row = r.data["kernels"]["copy"]
    assert (row["launches"], row["graph_replays"], row["timed"]) == (3, 2, 1)
    assert "graph replays" in report_text(r) and r.notes[0].startswith("2 launches were replays of CUDA graphs")
    assert t.report("dmat").data["kernels"]["copy"]["accesses"] == 6


def test_untimed_launches_are_counted_and_said_to_be_outside_the_times(tmp_path):
    """`--launch-times recorded`: the launches not recorded come without times."""
    from neutrino_py.tracedir.writer import TraceWriter
    from tests.synthetic import DEVICE
    w = TraceWriter.start(tmp_path, device=DEVICE)
    k = w.kernel("step", ptx="// step")
    w.launch(k, grid=1, block=32, start_ns=0, end_ns=2_000_000)
    for _ in range(3):
        w.launch(k, grid=1, block=32)
    w.close()
    r = nt.Trace(w.dir).report("launches")
    row = r.data["kernels"]["step"]
    assert (row["launches"], row["timed"], row["total_ms"], row["mean_ms"]) == (4, 1, 2.0, 2.0)
    assert r.notes == ["3 launches were not timed (`neutrino trace --launch-times recorded` times only "
                       "recorded launches; a launch captured into a graph as the original kernel has no "
                       "time either): the times cover the timed ones only"]


def test_missing_map_is_said_plainly(tmp_path):
    t = nt.Trace(page_hist(tmp_path))
    r = t.report("block_sched")
    assert r.empty and r.notes == [
        "needs a map with fields start, elapsed, sm (trace with probes/block_sched.probe); "
        "this trace has maps pages(count)"]
    assert t.report("allocations").notes[0].startswith("no allocation events")
    with pytest.raises(KeyError, match="drew no figure"):
        r.figure()


def test_figures_are_pngs(trace, tmp_path):
    pytest.importorskip("matplotlib")
    fig = trace.report("block_sched").figure()
    assert fig.axes[0].get_ylabel() == "SM"
    paths = [p for name in tools() for p in trace.report(name).save_figures(tmp_path)]
    assert len(paths) == 9                                         # divergence draws none
    assert all(p.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" for p in paths)


def test_block_sched_residency(trace):
    from neutrino_py.tools.block_sched import residency
    launch0 = trace.launches[0].maps["sched"]
    counts, width = residency(launch0, 1000, 8)           # span 800 ns: centers at 50, 150, … 750
    assert width == 100
    # SM0: [0,500) and [100,400); SM1: [0,800); SM2: [500,700)
    assert counts.tolist() == [[1, 2, 2, 2, 1, 0, 0, 0],
                               [1, 1, 1, 1, 1, 1, 1, 1],
                               [0, 0, 0, 0, 0, 1, 1, 0]]


def test_tool_options(trace):
    assert trace.report("block_sched", launch=2).data["drawn"] == 2
    with pytest.raises(ToolError, match="tool 'launches' has no option 'launch'"):
        trace.report("launches", launch=2)


def _timed(tmp_path, sched: list[tuple], ranges: list[tuple]):
    """One launch of `k` with `sched` rows (start, elapsed, sm, unit) and `ranges` rows
    (cycles, sm, unit) as given."""
    from neutrino_py.tracedir.writer import TraceWriter
    from tests.synthetic import DEVICE, RANGES, SCHED, records

    w = TraceWriter.start(tmp_path, device=DEVICE)
    k = w.kernel("k", ptx="// k", instrumented_ptx="// k +")
    w.launch(k, grid=1, block=128, start_ns=0, end_ns=1000,
             maps={"sched": records(SCHED, sched), "ranges": records(RANGES, ranges)})
    w.close()
    return nt.Trace(w.dir)


@pytest.mark.parametrize("top", [2 ** 63, 2 ** 64])
def test_a_globaltimer_crossing_2_63_or_2_64_keeps_its_distances(tmp_path, top):
    """Starts were read as int64: a launch straddling 2**63 had a span of about 2**64 ns and its
    warps drawn at the far ends of the Perfetto timeline (u64 times wrap past 2**64)."""
    trace = _timed(tmp_path, [(top - 100, 50, 0, 0), (top - 10, 30, 1, 1), ((top + 20) % 2 ** 64, 40, 1, 2)], [])
    (launch,) = trace.report("block_sched").data["launches"]
    assert (launch["span_ns"], launch["first_ns"], launch["warps"]) == (160, top - 100, 3)
    from neutrino_py.tools.block_sched import residency
    counts, width = residency(trace.launches[0].maps["sched"], launch["first_ns"], 16)
    assert width == 10.0 and counts.sum(axis=0).max() == 1        # never two warps at once
    from neutrino_py.tools.perfetto import build
    slices = sorted((e["ts"], e["dur"]) for e in build(trace)["traceEvents"] if e.get("cat") == "sched")
    assert slices == [(0.0, 0.05), (0.09, 0.03), (0.12, 0.04)]


def test_times_that_run_backwards_are_left_out_and_said(tmp_path):
    """A u64 elapsed or cycles of 2**63 or more (below 0 as signed: the timer went back) made
    negative busy times, occupancies and range means."""
    trace = _timed(tmp_path, [(1000, 50, 0, 0), (1100, 2 ** 64 - 10, 1, 1)],
                   [(10, 0, 0), (2 ** 64 - 5, 0, 1), (30, 1, 2)])
    sched = trace.report("block_sched")
    (launch,) = sched.data["launches"]
    assert (launch["warps"], launch["span_ns"], launch["damaged_rows"]) == (1, 50, 1)
    assert any(n.startswith("1 row(s) with an SM id of 4096 or more, or an elapsed time below 0, "
                            "left out") for n in sched.notes)
    ranges = trace.report("time_range")
    (entry,) = ranges.data["ranges"].values()
    assert (entry["count"], entry["mean"], entry["min"]) == (2, 20.0, 10)
    assert "1 range(s) of 2**63 cycles or more (below 0 as signed: the clock went backwards " \
           "between the marks) left out" in ranges.notes
    from neutrino_py.tools.perfetto import build
    assert all(e["dur"] >= 0 for e in build(trace)["traceEvents"] if e.get("cat") == "sched")


def test_a_launch_of_one_instant_is_drawn(tmp_path):
    """A launch whose warps all start and end at one instant (one warp, elapsed 0) has a span of
    0: its first start was then None and drawing its timeline raised TypeError."""
    pytest.importorskip("matplotlib")
    report = _timed(tmp_path, [(500, 0, 2, 0)], []).report("block_sched")
    (launch,) = report.data["launches"]
    assert (launch["span_ns"], launch["first_ns"], report.data["drawn"]) == (0, 500, 0)
    assert report.figure("timeline").axes
