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


@pytest.mark.parametrize("key, value, why, gone", [
    ("start_ns", 2 ** 64 + 5, "'start_ns' is an integer out of the 64-bit range",
     ("start_ns", "end_ns", "duration_ms")),
    ("duration_ms", float("nan"), "'duration_ms' is nan, not a finite number",
     ("start_ns", "end_ns", "duration_ms")),
    ("end_ns", "soon", "'end_ns' is str, not an integer", ("start_ns", "end_ns", "duration_ms")),
    ("shared_mem", -1, "'shared_mem' is -1, a negative count", ("shared_mem",)),
    ("operator", 7, "'operator' is int, not a string", ("operator",)),
])
def test_a_damaged_time_or_tag_loses_that_value_not_the_launchs_maps(run, capsys, key, value,
                                                                     why, gone):
    """A launch with a time past 2**63 (or NaN, or a tag of the wrong kind) was left out with
    the maps it had collected; now only the damaged values are."""
    _edit(run, lambda m: m["launches"][4].update({key: value}))
    trace = Trace(run)
    assert _warned(trace, f"1 launch(es) have damaged times or tags, left out; their maps are "
                          f"kept (#4: {why})")
    launch = trace.launches[4]
    assert [getattr(launch, k) for k in gone] == [None] * len(gone) or key == "shared_mem"
    assert all(launch.info[k] is None for k in gone)
    assert launch.maps["ranges"]["cycles"].tolist() == [10, 20, 30, 40]
    rc, report = _report(run, capsys)
    assert rc == 0 and report["reports"]["time_range"]["data"]["ranges"]["reduce:ranges"]["count"] == 4


@pytest.mark.parametrize("key, value, why", [
    ("maps", ["../../escape"], "'maps' is item 0: '../../escape', not a map name"),
    ("grid", [0], "'grid' is not made of positive integers"),
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


def _raw_pool_run(root: Path, launches: int = 1) -> Path:
    """`launches` launches of a kernel whose `dmat` pool has 2 shards of 256 records, written raw
    as the shim writes it: shard 0 holds addresses 1, 2, 3 and shard 1 holds 4, 5 (items 32, 33,
    34 and 288, 289, after 32 items of shard cursors); a fixed `rec` map of 2 records per warp
    follows."""
    from neutrino_py.contract.manifest import Manifest, MapSpec, shard_item
    from neutrino_py.tracedir import TraceWriter
    from neutrino_py.tracedir.writer import StoredMaps

    man = Manifest("k", {"hash": "", "text": ""}, [], [
        MapSpec("dmat", "record", "thread", [["addr", "<u8"]], pool=512, shards=2),
        MapSpec("rec", "record", "warp", [["t", "<u8"]], capacity=2, header_slot=1)])
    pool = np.zeros(32 + 2 * 256, "<u8")
    pool[0], pool[16] = 3, 2                                  # the shards' cursors
    pool[shard_item(32, 2, 0, np.arange(3))] = [1, 2, 3]
    pool[shard_item(32, 2, 1, np.arange(2))] = [4, 5]
    fixed = np.arange(4, dtype="<u8").tobytes() + np.array([2, 1], "<u4").tobytes()
    w = TraceWriter.start(root, pid=9)
    k = w.kernel("k", ptx="// k", instrumented_ptx="// k+", manifest=man.to_json())
    data = w.dir / layout.data_file(9)
    data.parent.mkdir(parents=True)
    one = pool.tobytes() + fixed + bytes(-(pool.nbytes + len(fixed)) % layout.DATA_ALIGN)
    data.write_bytes(one * launches)
    for i in range(launches):
        at = i * len(one)
        segments = {"dmat": {"offset": at, "nbytes": pool.nbytes, "cursor": len(pool), "dropped": 0},
                    "rec": {"offset": at + pool.nbytes, "nbytes": len(fixed), "cursor": 0,
                            "dropped": 0}}
        w.launch(k, grid=1, block=64, stored=StoredMaps(layout.data_file(9), segments,
                                                        {"dmat": 5, "rec": 3}, {"dmat": 0, "rec": 0}))
    w.close()
    return w.dir


def test_a_data_file_cut_inside_a_map_keeps_the_records_before_the_cut(run, capsys):
    """A run killed while writing lost the whole map it was in; now only what is past the cut."""
    seg = _meta(run)["launches"][2]["segments"]["dmat"]
    data = next(run.glob("procs/*/maps.bin"))
    data.write_bytes(data.read_bytes()[:seg["offset"] + 24 + 5])        # 1 record and 5 bytes
    trace = Trace(run)
    assert _warned(trace, f"ends at byte {seg['offset'] + 29}, before the end of 5 map "
                          "segment(s) (first: map 'dmat' of launch 2): the records before its end "
                          "are read, the rest are lost")
    assert trace.launches[2].maps["dmat"]["addr"].tolist() == [0x10000]
    assert trace.launches[0].maps["dmat"]["addr"].tolist() == [0x10000, 0x10004, 0x11000, 0x10080]
    with pytest.raises(ToolError, match=r"map 'sched' of launch 2 .*its bytes start at \d+, past "
                                        r"the end of the file \(\d+ bytes\)"):
        trace.launches[2].maps["sched"]
    rc, report = _report(run, capsys, "--tool", "dmat")
    assert rc == 0 and report["reports"]["dmat"]["data"]["kernels"]["vec_add"]["accesses"] == 5


def test_a_raw_sharded_pool_cut_short_keeps_each_shards_records_before_the_cut(tmp_path):
    run = _raw_pool_run(tmp_path)
    assert Trace(run).launches[0].maps["dmat"]["addr"].tolist() == [1, 2, 3, 4, 5]
    data = next(run.glob("procs/*/maps.bin"))
    data.write_bytes(data.read_bytes()[:289 * 8 + 3])       # shard 1's second record is cut
    launch = Trace(run).launches[0]
    assert launch.maps["dmat"]["addr"].tolist() == [1, 2, 3, 4]
    with pytest.raises(ToolError, match=r"map 'rec' of launch 0 .*past the end of the file"):
        launch.maps["rec"]


def test_a_fixed_capacity_map_cut_before_its_counts_says_why_it_is_lost(tmp_path):
    run = _raw_pool_run(tmp_path)
    data = next(run.glob("procs/*/maps.bin"))
    data.write_bytes(data.read_bytes()[:4352 + 38])           # the last count is cut
    launch = Trace(run).launches[0]
    with pytest.raises(ToolError, match=r"map 'rec' was cut after 38 of its 40 bytes, and its "
                                        r"per-unit counts, which say which records are valid, "
                                        r"follow the records"):
        launch.maps["rec"]
    assert len(launch.maps["dmat"]) == 5


def test_asking_whether_a_launch_has_a_map_does_not_read_it(run, capsys):
    """`name in launch.maps` read (and decoded) the map: a memtrace companion that could not be
    read failed dmat and hotness through it, and every test cost a whole read."""
    next(run.glob("procs/*/maps.bin")).unlink()
    launch = Trace(run).launches[0]
    assert "dmat" in launch.maps and "nope" not in launch.maps


def test_a_kernel_name_with_control_characters_stays_on_its_table_row(run, capsys):
    _edit(run, lambda m: m["launches"][1].update(kernel="ge\nmm\t\x1b[31m"))
    assert main(["report", str(run), "--no-progress", "--tool", "launches"]) == 0
    out = capsys.readouterr().out
    assert "ge\\nmm\\t\\x1b[31m" in out and "\x1b" not in out
    assert not any(line.startswith("mm") for line in out.splitlines())


def test_export_reads_a_gathered_map_once_not_once_per_row_group(tmp_path, monkeypatch):
    pq = pytest.importorskip("pyarrow.parquet")
    from neutrino_py.tools.columnar import export
    from neutrino_py.tracedir import reader
    run = _raw_pool_run(tmp_path / "t")
    calls = []
    real = reader.read_one
    monkeypatch.setattr(reader, "read_one", lambda *a, **k: calls.append(a[0].name) or real(*a, **k))
    export(Trace(run), tmp_path / "out", chunk_bytes=8)       # a row group per record
    assert pq.read_table(tmp_path / "out" / "maps" / "dmat").column("addr").to_pylist() == [1, 2, 3, 4, 5]
    assert calls.count("dmat") == 2                           # its dtype, then its rows


def test_a_raw_segment_smaller_than_its_layout_is_unreadable_in_every_tool(tmp_path, capsys):
    """The dtype of a kernel's raw map is found once; a later launch whose segment is smaller
    than its layout then passed for readable, and failed the tools that read it (exit 1), or the
    whole report when the progress bar sized it."""
    run = tmp_path / "t"
    run = _raw_pool_run(run, launches=2)
    _edit(run, lambda m: m["launches"][1]["segments"]["dmat"].update(nbytes=8))
    launches = Trace(run).launches
    assert launches[0].maps.dtype("dmat").names == ("addr",)
    with pytest.raises(ToolError, match=r"map 'dmat' of launch 1 .*its segment holds 8 bytes, "
                                        r"its layout needs 4352"):
        launches[1].maps.dtype("dmat")
    for progress in ((), ("--no-progress",)):
        assert main(["report", str(run), "--format", "json", "--tool", "dmat", *progress]) == 0
        report = json.loads(capsys.readouterr().out)["reports"]["dmat"]
        assert report["data"]["kernels"]["k"]["accesses"] == 5
        assert report["notes"][-1].startswith("skipped 1 unreadable map file(s): cannot read map "
                                              "'dmat' of launch 1")


@pytest.mark.parametrize("key, value, why", [
    ("grid", [2 ** 31, 2 ** 31, 65535], "x = 2147483648 > 2147483647, y = 2147483648 > 2147483647"),
    ("grid", [1, 2 ** 31, 1], "y = 2147483648 > 2147483647"),
    ("grid", [1, 1, 2 ** 32], "z = 4294967296 > 2147483647"),
    ("block", [1025, 1, 1], "x = 1025 > 1024"),
    ("block", [1, 1, 65], "z = 65 > 64"),
    ("block", [64, 32, 1], "2048 threads in a block, at most 1024"),
])
def test_a_launch_past_what_a_gpu_launches_is_left_out(run, capsys, tmp_path, key, value, why):
    """A damaged grid of 2**31 x 2**31 x 65535 blocks sized per-unit maps and the tools' arrays
    past any memory (and overflowed int64 products): it is damage, left out like any other."""
    _edit(run, lambda m: m["launches"][4].update({key: value}))
    trace = Trace(run)
    assert _warned(trace, f"1 damaged launch(s) left out of the trace (#4: '{key}' is {value}, "
                          f"past what a GPU launches ({why}))")
    assert [x.seq for x in trace.launches] == [0, 1, 2, 3]
    assert trace.summary["launches"] == 4
    rc, report = _report(run, capsys)
    assert rc == 0 and _launches_rows(report) == {"vec_add": 2, "gemm": 2}
    assert main(["export", str(run), "-o", str(tmp_path / "export"), "--no-progress"]) == 0


def test_the_largest_launch_a_gpu_runs_is_kept_and_short_shapes_read_as_three(run, capsys, tmp_path):
    def edit(m):
        m["launches"][1].update(grid=[2 ** 31 - 1, 65536, 65535], block=[1024])     # HIP's y past CUDA's
        m["launches"][3].update(grid=[7], block=[8, 8])
    _edit(run, edit)
    trace = Trace(run)
    assert [x.seq for x in trace.launches] == [0, 1, 2, 3, 4]
    assert trace.launches[1].grid == (2 ** 31 - 1, 65536, 65535)
    assert (trace.launches[3].grid, trace.launches[3].block) == ((7, 1, 1), (8, 8, 1))
    assert main(["export", str(run), "-o", str(tmp_path / "export"), "--no-progress"]) == 0
    assert "wrote" in capsys.readouterr().out
    rc, report = _report(run, capsys)
    assert rc == 0 and _launches_rows(report) == {"vec_add": 2, "gemm": 2, "reduce": 1}

