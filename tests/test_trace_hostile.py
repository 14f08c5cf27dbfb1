"""Hostile run directories, one named case each (found by damaging the committed example traces
and `tests.synthetic.standard` systematically): each says what is refused, with what message and
exit code, and which of the intact data is still read.

Found this way: a symlink loop, a folder where a kernel file was, or a cut `.npy` ended
`neutrino report` in a traceback; a segment dtype of `|O` made the reader map pointers out of the
file (a segfault); a damaged trace.json hid the events.jsonl beside it; one bad line of
events.jsonl lost the whole run; a kernel name logged from non-UTF-8 bytes, or a time past 2**63,
broke `neutrino export`; a map name of `../..` made export write outside its folder.
"""
from __future__ import annotations

import json
import os
from pathlib import Path

import numpy as np
import pytest

from neutrino_py.cli import main
from neutrino_py.errors import ToolError
from neutrino_py.tracedir import Trace
from neutrino_py.tracedir import layout
from tests.synthetic import standard


@pytest.fixture
def run(tmp_path: Path) -> Path:
    return standard(tmp_path / "traces")


def _meta(run: Path) -> dict:
    return json.loads((run / layout.TRACE_JSON).read_text())


def _edit(run: Path, change) -> None:
    meta = _meta(run)
    change(meta)
    (run / layout.TRACE_JSON).write_text(json.dumps(meta))


def _report(run: Path, capsys, *extra: str) -> tuple[int, dict | str]:
    rc = main(["report", str(run), "--format", "json", "--no-progress", *extra])
    out, err = capsys.readouterr()
    return rc, (json.loads(out) if rc == 0 else err)


def _warned(trace: Trace, text: str) -> bool:
    return any(text in w for w in trace.warnings)


def _launches_rows(report: dict) -> dict[str, int]:
    """Launches per kernel, from the launches tool's table."""
    table = report["reports"]["launches"]["tables"][0]
    col = table["columns"]
    return {row[col.index("kernel")]: row[col.index("launches")] for row in table["rows"]}


def test_a_symlink_loop_in_kernels_is_named_and_the_launches_still_read(run, capsys):
    manifest = next((run / "kernels").glob("*.manifest.json"))
    manifest.unlink()
    os.symlink(manifest.name, manifest)
    trace = Trace(run)
    kernel = next(k for k in trace.kernels if k.files.get("manifest.json") == f"kernels/{manifest.name}")
    with pytest.raises(ToolError, match=r"cannot follow .*\n  fix: a symbolic link in the run "
                                        r"directory points back at itself"):
        kernel.manifest
    rc, report = _report(run, capsys)
    assert rc == 0
    assert sum(_launches_rows(report).values()) == 5


@pytest.mark.parametrize("how", ["missing", "folder"])
def test_a_kernel_text_that_cannot_be_read_is_a_tool_error(run, how):
    ptx = next((run / "kernels").glob("*.instrumented.ptx"))
    ptx.unlink()
    if how == "folder":
        ptx.mkdir()
    trace = Trace(run)
    kernel = next(k for k in trace.kernels if k.files.get("instrumented.ptx") == f"kernels/{ptx.name}")
    with pytest.raises(ToolError, match=rf"cannot read the instrumented.ptx of kernel {kernel.name}"):
        kernel.text("instrumented.ptx")
    assert kernel.text("ptx").startswith("// ")


@pytest.mark.parametrize("damage", ["{bad", "[1, 2]", '{"version": 2}', "folder"])
def test_a_damaged_trace_json_is_rebuilt_from_events_jsonl(run, capsys, damage):
    target = run / layout.TRACE_JSON
    target.unlink()
    if damage == "folder":
        target.mkdir()
    else:
        target.write_text(damage)
    trace = Trace(run)
    assert trace.rebuilt
    why = "is not a file" if damage == "folder" else "is damaged"
    assert trace.warnings[0].startswith(f"trace.json {why}") and "rebuilt from events.jsonl" in trace.warnings[0]
    assert len(trace.launches) == 5
    assert trace.launches[0].maps["dmat"]["addr"].tolist() == [0x10000, 0x10004, 0x11000, 0x10080]
    rc, report = _report(run, capsys)
    assert rc == 0 and _launches_rows(report) == {"vec_add": 2, "gemm": 2, "reduce": 1}


def test_a_damaged_trace_json_without_events_is_refused(run, capsys):
    (run / layout.EVENTS).unlink()
    (run / layout.TRACE_JSON).write_text("{bad")
    rc, err = _report(run, capsys)
    assert rc == 2 and "trace.json is not a readable trace (JSONDecodeError" in err
    assert "Traceback" not in err


def test_a_bad_line_inside_events_jsonl_loses_only_that_line(run):
    (run / layout.TRACE_JSON).unlink()
    events = run / layout.EVENTS
    lines = events.read_text().splitlines(True)
    launch = next(i for i, line in enumerate(lines) if '"event":"launch"' in line)
    lines[launch] = "{garbage\xff\n"
    lines.insert(1, '{"event":"meta","launches":5,"kernels":"x"}\n')   # must not clobber the lists
    events.write_text("".join(lines), encoding="utf-8")
    trace = Trace(run)
    assert any(w.startswith("1 damaged line(s) of events.jsonl skipped") for w in trace.warnings)
    assert [x.seq for x in trace.launches] == [1, 2, 3, 4]
    assert trace.launches[1].maps["dmat"]["addr"].tolist() == [0x10000, 0x20000]


def test_an_events_jsonl_of_garbage_only_is_refused(run, capsys):
    (run / layout.TRACE_JSON).unlink()
    (run / layout.EVENTS).write_text("garbage\n[1]\n")
    rc, err = _report(run, capsys)
    assert rc == 2 and "events.jsonl is not a readable trace (JSONDecodeError: none of its 2 line(s)" in err


@pytest.mark.parametrize("dtype", ["|O", [["a", "|O"]], "|V0", "|S4"])
def test_a_segment_dtype_that_is_not_numbers_is_refused_not_mapped(run, capsys, tmp_path, dtype):
    """`|O` once made NumPy read pointers out of maps.bin: the process died (SIGSEGV)."""
    _edit(run, lambda m: m["launches"][0]["segments"]["dmat"].update(dtype=dtype))
    launch = Trace(run).launches[0]
    with pytest.raises(ToolError, match=r"map 'dmat' of launch 0 has no readable dtype in the trace: .*"
                                        r"(not made of numbers|has no bytes)"):
        launch.maps["dmat"]
    assert len(launch.maps["sched"]) == 4                     # the launch's other map still reads
    rc, report = _report(run, capsys)
    assert rc == 0 and report["reports"]["dmat"]["notes"]
    assert main(["export", str(run), "-o", str(tmp_path / "out"), "--no-progress"]) == 0


def test_a_shape_past_its_segment_is_refused(run):
    _edit(run, lambda m: m["launches"][0]["segments"]["dmat"].update(shape=[2 ** 40]))
    launch = Trace(run).launches[0]
    with pytest.raises(ToolError, match=r"its shape \[1099511627776\] of 24-byte records needs "
                                        r"26388279066624 bytes, its segment holds 96"):
        launch.maps.dtype("dmat")
    assert len(Trace(run).launches[2].maps["dmat"]) == 2


@pytest.mark.parametrize("key, value, why", [
    ("start_ns", 2 ** 64 + 5, "'start_ns' is an integer out of the 64-bit range"),
    ("duration_ms", float("nan"), "'duration_ms' is nan, not a finite number"),
    ("shared_mem", -1, "'shared_mem' is -1, a negative count"),
    ("maps", ["../../escape"], "'maps' is item 0: '../../escape', not a map name"),
])
def test_a_damaged_launch_value_leaves_out_that_launch_only(run, capsys, tmp_path, key, value, why):
    _edit(run, lambda m: m["launches"][4].update({key: value}))
    trace = Trace(run)
    assert _warned(trace, f"1 damaged launch(s) left out of the trace (#4: {why}")
    assert [x.seq for x in trace.launches] == [0, 1, 2, 3]
    out = tmp_path / "export"
    assert main(["export", str(run), "-o", str(out), "--no-progress"]) == 0
    assert "wrote" in capsys.readouterr().out and not (tmp_path / "escape").exists()
    rc, report = _report(run, capsys)
    assert rc == 0 and _launches_rows(report) == {"vec_add": 2, "gemm": 2}


def test_a_negative_segment_offset_leaves_out_that_launch(run):
    _edit(run, lambda m: m["launches"][0]["segments"]["dmat"].update(offset=-64))
    trace = Trace(run)
    assert _warned(trace, "(#0: 'segments' is 'dmat': 'offset' is -64, a negative count)")
    assert [x.seq for x in trace.launches] == [1, 2, 3, 4]


def test_damaged_allocation_events_are_left_out_and_the_rest_replayed(run, capsys):
    def change(meta: dict) -> None:
        meta["allocations"] += [{"t_ns": 50, "op": "alloc", "ptr": 5},
                                {"t_ns": 60, "op": "zap", "ptr": 6, "bytes": 1},
                                {"t_ns": 70, "op": "alloc", "ptr": 7, "bytes": -5}]
    _edit(run, change)
    assert _warned(Trace(run), "3 damaged allocation event(s) left out of the trace (#5: no 'bytes')")
    rc, report = _report(run, capsys, "--tool", "allocations")
    assert rc == 0 and report["reports"]["allocations"]["data"]["allocs"] == 3


def test_a_kernel_name_from_non_utf8_bytes_is_exported_escaped(run, tmp_path):
    pq = pytest.importorskip("pyarrow.parquet")
    _edit(run, lambda m: m["launches"][1].update(kernel="gemm\udcff"))
    out = tmp_path / "export"
    assert main(["export", str(run), "-o", str(out), "--no-progress"]) == 0
    assert pq.read_table(out / "launches.parquet")["kernel"].to_pylist()[1] == "gemm\\udcff"


@pytest.mark.parametrize("how", ["empty", "cut header", "2-D"])
def test_a_damaged_npy_map_is_named_and_other_launches_read(tmp_path, capsys, how):
    """Version 1 traces keep a `.npy` per map; a cut one raised EOFError or TokenError."""
    from neutrino_py.tracedir import TraceWriter
    w = TraceWriter.start(tmp_path / "traces")
    k = w.kernel("k", ptx="// k", manifest={"kernel": "k", "maps": [
        {"name": "sched", "kind": "record", "level": "warp"}]})
    rows = np.array([(1, 2, 0, 0), (3, 4, 1, 1)], dtype=[("start", "<u8"), ("elapsed", "<u8"),
                                                         ("sm", "<u4"), ("unit", "<u4")])
    for _ in range(2):
        w.launch(k, grid=1, block=64, start_ns=1, end_ns=2, maps={"sched": rows})
    w.close()
    meta = _meta(w.dir)
    meta["version"] = 1
    for x in meta["launches"]:
        folder = w.dir / layout.LAUNCHES / layout.launch_dirname(x["seq"], x["kernel"])
        folder.mkdir(parents=True)
        np.save(folder / "sched.npy", np.stack([rows, rows]) if how == "2-D" else rows)
        del x["segments"], x["data"]
    (w.dir / layout.TRACE_JSON).write_text(json.dumps(meta))
    first = w.dir / layout.LAUNCHES / layout.launch_dirname(0, "k") / "sched.npy"
    if how != "2-D":
        first.write_bytes(b"" if how == "empty" else first.read_bytes()[:20])
    trace = Trace(w.dir)
    if how == "2-D":
        assert trace.launches[0].maps["sched"]["start"].tolist() == [1, 3, 1, 3]
    else:
        with pytest.raises(ToolError, match=r"cannot read map 'sched' of launch 0 from .*sched.npy"):
            trace.launches[0].maps["sched"]
    assert trace.launches[1].maps["sched"]["elapsed"].tolist() == ([2, 4, 2, 4] if how == "2-D" else [2, 4])
    rc, report = _report(w.dir, capsys, "--perfetto", str(tmp_path / "p.json"))
    assert rc == 0 and report["reports"]["block_sched"]["data"]


def test_a_launch_listed_twice_is_counted_once(run, capsys):
    _edit(run, lambda m: m["launches"].extend(m["launches"][:2]))
    trace = Trace(run)
    assert _warned(trace, "2 launch(es) repeat the sequence number of an earlier launch of their "
                          "process: left out, the first kept (first repeat: launch 0)")
    assert [x.seq for x in trace.launches] == [0, 1, 2, 3, 4]
    assert trace.summary["records"]["dmat"] == 6
    rc, report = _report(run, capsys)
    assert rc == 0 and _launches_rows(report) == {"vec_add": 2, "gemm": 2, "reduce": 1}


def test_the_summary_is_recounted_when_launches_are_left_out(run):
    before = Trace(run).summary
    _edit(run, lambda m: m["launches"][0].update(seq="x"))
    trace = Trace(run)
    assert _warned(trace, "1 damaged launch(s) left out of the trace")
    assert before["launches"] == 5 and trace.summary["launches"] == len(trace.launches) == 4
    assert trace.summary["records"] == layout.summarize(trace.meta)["records"]


def test_a_kernel_name_from_non_utf8_bytes_prints_and_plots(run, capsys, tmp_path):
    _edit(run, lambda m: m["launches"][0].update(kernel="vec\udcffadd"))
    assert main(["report", str(run), "--no-progress", "--plots", str(tmp_path / "plots")]) == 0
    out = capsys.readouterr().out
    assert "vec\\udcffadd" in out.encode("utf-8").decode("utf-8")


def test_overlapping_segments_are_pointed_out(run):
    _edit(run, lambda m: m["launches"][2]["segments"]["dmat"].update(offset=0))
    trace = Trace(run)
    assert _warned(trace, "1 map segment(s) in procs/") and _warned(
        trace, "overlap the one before them (first: map 'dmat' of launch 0 and map 'dmat' of "
               "launch 2): their records may be another launch's")
    assert trace.launches[2].maps["dmat"]["addr"].tolist() == [0x10000, 0x10004]   # still read


def test_segments_without_a_data_file_are_named(run, capsys):
    _edit(run, lambda m: m["launches"][0].pop("data"))
    trace = Trace(run)
    with pytest.raises(ToolError, match=r"launch 0 has map segments but names no data file"):
        trace.launches[0].maps.dtype("dmat")
    assert len(trace.launches[2].maps["dmat"]) == 2
    rc, report = _report(run, capsys)
    assert rc == 0 and _launches_rows(report) == {"vec_add": 2, "gemm": 2, "reduce": 1}


def test_a_map_data_file_cut_to_nothing_says_what_was_lost(run, capsys):
    next(run.glob("procs/*/maps.bin")).write_bytes(b"")
    rc, report = _report(run, capsys, "--tool", "block_sched", "--tool", "launches")
    assert rc == 0 and _launches_rows(report) == {"vec_add": 2, "gemm": 2, "reduce": 1}
    notes = report["reports"]["block_sched"]["notes"]
    assert notes[0].endswith("this trace has no readable maps (7 unreadable)")
    assert notes[1].startswith("skipped 7 unreadable map file(s): cannot read map 'dmat' of "
                               "launch 0") and "past the end of the file" in notes[1]


def test_a_trace_path_the_system_refuses_is_a_usage_error(capsys):
    assert main(["report", "x" * 5000, "--no-progress"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("cannot open 'xxxx") and "File name too long" in err


def test_a_launch_ending_before_it_starts_loses_its_times_not_its_maps(run, capsys, tmp_path):
    _edit(run, lambda m: m["launches"][0].update(start_ns=2_000_000, end_ns=1_000_000))
    trace = Trace(run)
    assert _warned(trace, "1 launch(es) end before they start: their times are left out, their "
                          "maps kept (first: launch 0)")
    assert trace.launches[0].start_ns is None and len(trace.launches[0].maps["dmat"]) == 4
    rc, _ = _report(run, capsys, "--perfetto", str(tmp_path / "p.json"))
    events = json.loads((tmp_path / "p.json").read_text())["traceEvents"]
    assert rc == 0 and all(e.get("dur", 0) >= 0 for e in events)
