"""A run of several processes (torchrun ranks): the Trace API's processes/ranks/filters, every
tool per rank and in total, the report header's process states, Perfetto tracks per rank. The
numbers are those of `tests.synthetic.ranks` (its docstring)."""
from __future__ import annotations

import contextlib
import io

import pytest

import neutrino_py as nt
from neutrino_py.cli import main
from neutrino_py.tools.perfetto import PART_PIDS, WARPS_PID0, build
from neutrino_py.tracedir import TraceWriter
from tests.synthetic import ranks


@pytest.fixture(scope="module")
def run_dir(tmp_path_factory):
    return ranks(tmp_path_factory.mktemp("ranks"))


def test_processes_ranks_and_filters(run_dir):
    t = nt.Trace(run_dir)
    assert t.ranks == [0, 1]
    assert [(p.pid, p.rank, p.local_rank, p.world_size, p.devices, p.launches, p.state, p.exit_code)
            for p in t.processes] == [(100, 0, 0, 2, (0,), 2, "exited", 0),
                                      (101, 1, 1, 2, (0,), 2, "killed", None)]
    assert [x.seq for x in t.launches_of(rank=1)] == [1, 3]
    assert [x.seq for x in t.launches_of(rank=0, kernel="ncclAllReduce")] == [2]
    assert [x.seq for x in t.launches_of(pid=101, device=0)] == [1, 3]
    assert t.launches_of(device=1) == []
    assert (t.launches[1].pid, t.launches[1].rank, t.launches[1].device, t.launches[1].context) == (
        101, 1, 0, "0x6601")
    one = t.subset(rank=1)
    assert [x.seq for x in one.launches] == [1, 3] and [p.pid for p in one.processes] == [101]
    assert one.allocations == [{"t_ns": 5, "op": "alloc", "ptr": 1, "bytes": 300, "pid": 101}]
    assert [label for label, _ in t.parts()] == ["rank 0", "rank 1"]


def test_every_tool_per_rank_and_in_total(run_dir):
    t = nt.Trace(run_dir)
    launches = t.report("launches")
    assert [tb.title.split(":")[0] for tb in launches.tables] == ["all", "rank 0", "rank 1"]
    assert launches.data["kernels"]["ncclAllReduce"]["total_ms"] == 4.0
    assert launches.data["ranks"]["rank 0"]["kernels"]["ncclAllReduce"]["total_ms"] == 3.0
    assert launches.data["ranks"]["rank 1"]["kernels"]["ncclAllReduce"]["total_ms"] == 1.0
    sched = t.report("block_sched")
    assert sched.data["kernels"]["step"]["warps"] == 6
    assert sched.data["ranks"]["rank 0"]["kernels"]["step"]["warps"] == 4
    assert sched.data["ranks"]["rank 1"]["kernels"]["step"]["sms_used"] == 2
    alloc = t.report("allocations")          # same pointer in two address spaces: both live
    assert alloc.data["peak_bytes"] == 400
    assert alloc.data["ranks"]["rank 1"]["peak_bytes"] == 300
    total_only = t.report("launches", per_rank=0)
    assert "ranks" not in total_only.data and len(total_only.tables) == 1


def test_report_header_lists_each_rank_and_its_state(run_dir):
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["report", str(run_dir), "--tool", "launches", "--no-progress"]) == 0
    text = out.getvalue()
    assert "  processes: 2, ranks: 2\n" in text
    assert "    rank 0 (pid 100): device 0, 2 launches, exited (0)\n" in text
    assert "    rank 1 (pid 101): device 0, 2 launches, killed\n" in text
    assert "rank 1: launches per kernel (2 kernels, 2 launches, 1.001 ms)" in text


def test_perfetto_has_one_process_track_per_rank(run_dir):
    doc = build(nt.Trace(run_dir))
    names = {e["pid"]: e["args"]["name"] for e in doc["traceEvents"] if e["name"] == "process_name"}
    assert names[1] == "rank 0: GPU streams" and names[PART_PIDS + 1] == "rank 1: GPU streams"
    assert names[PART_PIDS + WARPS_PID0 + 1 * 16] == "rank 1: sched: step #1"
    slices = [e for e in doc["traceEvents"] if e.get("cat") == "launch"]
    assert sorted((e["pid"], e["args"]["rank"], e["name"]) for e in slices) == [
        (1, 0, "ncclAllReduce"), (1, 0, "step"), (PART_PIDS + 1, 1, "ncclAllReduce"),
        (PART_PIDS + 1, 1, "step")]
    warps = [e for e in doc["traceEvents"] if e.get("cat") == "sched"]
    assert sorted(e["tid"] for e in warps if e["pid"] >= PART_PIDS) == [2, 3]
    assert doc["otherData"]["parts"] == ["rank 0", "rank 1"]


def test_forked_processes_without_ranks_are_parts_by_pid(tmp_path):
    w = TraceWriter.start(tmp_path)
    k = w.kernel("k", instrumented=False, reason="SASS only")
    for pid in (7, 8, 8):
        w.launch(k, grid=1, block=32, duration_ms=1.0, pid=pid)
    w.close()
    t = nt.Trace(w.dir)
    assert t.ranks == [] and [(p.pid, p.launches, p.state) for p in t.processes] == [
        (7, 1, "unknown"), (8, 2, "unknown")]
    report = t.report("launches")
    assert report.data["ranks"]["pid 8"]["launches"] == 2
