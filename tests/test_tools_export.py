"""Perfetto/Chrome trace export (schema and content) and the `neutrino report` command."""
from __future__ import annotations

import argparse
import contextlib
import io
import json
from pathlib import Path

import pytest

import neutrino_py as nt
from neutrino_py.errors import ToolError
from neutrino_py.tools import command
from neutrino_py.tools.perfetto import build, export
from neutrino_py.tools.progress import Bar
from tests.synthetic import page_hist, standard

ROOT = Path(__file__).resolve().parent.parent

# The parts of the Chrome trace-event format (the JSON object form) that ui.perfetto.dev reads.
PHASES = {"X": {"name", "ph", "pid", "tid", "ts", "dur"}, "M": {"name", "ph", "pid", "tid", "args"},
          "C": {"name", "ph", "pid", "ts", "args"}}
METADATA = {"process_name", "thread_name", "process_sort_index", "thread_sort_index"}


def validate(doc: dict) -> None:
    assert set(doc) >= {"traceEvents"} and isinstance(doc["traceEvents"], list)
    assert doc.get("displayTimeUnit", "ms") in ("ms", "ns")
    for e in doc["traceEvents"]:
        assert e["ph"] in PHASES, e
        assert set(e) >= PHASES[e["ph"]], e
        assert isinstance(e["name"], str) and isinstance(e["pid"], int), e
        assert isinstance(e.get("tid", 0), int), e
        if "ts" in e:
            assert isinstance(e["ts"], (int, float)) and e["ts"] >= 0, e
        if e["ph"] == "X":
            assert isinstance(e["dur"], (int, float)) and e["dur"] >= 0, e
        if e["ph"] == "M":
            assert e["name"] in METADATA, e
            assert ("name" in e["args"]) if e["name"].endswith("_name") else "sort_index" in e["args"]
        if e["ph"] == "C":
            assert all(isinstance(v, (int, float)) for v in e["args"].values()), e
        json.dumps(e, allow_nan=False)


@pytest.fixture(scope="module")
def run_dir(tmp_path_factory):
    return standard(tmp_path_factory.mktemp("std"))


def test_perfetto_tracks(run_dir, tmp_path):
    out = tmp_path / "t.json"
    counts = export(nt.Trace(run_dir), out)
    doc = json.loads(out.read_text())
    validate(doc)
    ev = doc["traceEvents"]
    launches = [e for e in ev if e.get("cat") == "launch"]
    assert [e["name"] for e in launches] == ["vec_add", "gemm", "vec_add", "gemm", "reduce"]
    assert [e["ts"] for e in launches] == [1000.0, 1010.0, 1020.0, 1030.0, 1040.0]  # µs from t=0
    assert [e["dur"] for e in launches] == [2.0, 5.0, 1.0, 3.0, 1.0]
    threads = {e["args"]["name"]: e["tid"] for e in ev if e["name"] == "thread_name" and e["pid"] == 1}
    assert threads == {"stream 7": 1, "stream 8": 2}
    ops = [(e["name"], e["ts"], e["dur"], e["args"]["launches"]) for e in ev
           if e.get("cat") == "operator"]
    assert ops == [("Net/Linear", 1000.0, 15.0, 2), ("Net/ReLU", 1020.0, 1.0, 1),
                   ("loss", 1040.0, 1.0, 1)]
    warps = [e for e in ev if e.get("cat") == "sched"]
    assert len(warps) == 5
    first = sorted((e["tid"], e["ts"], e["dur"]) for e in warps if e["pid"] == 1000 + 0 * 16 + 1)
    # launch 0 starts at 1000 µs; warps shifted so the first warp start (1000 ns) lands there
    assert first == [(0, 1000.0, 0.5), (0, 1000.1, 0.3), (1, 1000.0, 0.8), (2, 1000.5, 0.2)]
    memory = [e["args"]["MiB"] * 2**20 for e in ev if e["ph"] == "C"]
    assert memory == [100, 150, 50, 250]
    assert counts["by_phase"]["X"] == 5 + 3 + 5 and counts["warp_slices_left_out"] == 0


def test_committed_example_validates():
    path = ROOT / "docs" / "examples" / "torch_compile" / "trace.perfetto.json"
    if not path.exists():
        pytest.skip("no example Perfetto file in this checkout")
    doc = json.loads(path.read_text())
    validate(doc)
    assert sum(e.get("cat") == "launch" for e in doc["traceEvents"]) > 0


def test_perfetto_caps_warp_slices(run_dir):
    doc = build(nt.Trace(run_dir), max_slices=5)       # 2 launches with warps: 2 slices each
    validate(doc)
    kept = [(e["pid"], e["name"]) for e in doc["traceEvents"] if e.get("cat") == "sched"]
    assert kept == [(1001, "warp 0"), (1001, "warp 3"), (1033, "warp 0")]   # strided: first, last
    assert doc["otherData"]["warp_slices_left_out"] == 2


def _report(*argv: str) -> tuple[int, str]:
    parser = argparse.ArgumentParser()
    command.configure(parser)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        rc = command.run(parser.parse_args(list(argv)))
    return rc, out.getvalue()


def test_report_json_and_text(run_dir, tmp_path):
    rc, out = _report(str(run_dir.parent), "--format", "json", "--no-progress",
                      "--tool", "launches", "--tool", "block_sched", "--perfetto",
                      str(tmp_path / "p.json"))
    doc = json.loads(out)
    assert rc == 0 and set(doc["reports"]) == {"launches", "block_sched"}
    assert doc["reports"]["launches"]["data"]["launches"] == 5
    assert doc["reports"]["block_sched"]["data"]["kernels"]["vec_add"]["warps"] == 5
    assert doc["perfetto"]["events"] == len(json.loads((tmp_path / "p.json").read_text())["traceEvents"])
    assert doc["warnings"] == ["1 kernel(s) ran without instrumentation (timed only): "
                               "1 x no PTX in the image: gemm"]
    rc, out = _report(str(run_dir), "--format", "json", "--no-progress", "-O", "launch=2",
                      "-t", "block_sched", "-t", "launches")
    assert rc == 0 and json.loads(out)["reports"]["block_sched"]["data"]["drawn"] == 2
    rc, text = _report(str(run_dir), "--no-progress", "-t", "gmem_bytes", "-t", "time_range")
    assert rc == 0 and "== gmem_bytes ==" in text and "dmat.bytes=40" in text
    assert "reduce  ranges       4    25   25" in text


def test_report_list_and_missing_maps(tmp_path):
    rc, text = _report("--list")
    assert rc == 0 and all(name in text for name in ("block_sched", "operators", "hotness"))
    rc, text = _report(str(page_hist(tmp_path)), "--no-progress", "-t", "dmat")
    assert rc == 0 and "note: needs a map with fields addr (trace with probes/dmat.probe)" in text


def test_progress_bar_counts_bytes():
    err = io.StringIO()
    bar = Bar(total=4 << 20, stream=err)
    bar.stage("dmat")
    for _ in range(4):
        bar.advance(1 << 20)
    bar.close()
    lines = err.getvalue().splitlines()
    assert lines[0].startswith("[") and "0/4 MiB" in lines[0]
    assert lines[-1].startswith("[" + "#" * 30 + "] 100%") and "4/4 MiB" in lines[-1]


def test_progress_total_counts_a_map_once_per_tool_that_reads_it(run_dir):
    from neutrino_py.tools import get, tools
    trace = nt.Trace(run_dir)
    plan = [(tool, tool.select(trace)) for tool in (get(name) for name in tools())]
    dmat = [r for _, refs in plan for r in refs if r.name == "dmat"]
    assert len(dmat) == 8                 # 2 launches x (dmat, gmem_bytes, hotness, operators)
    assert command._bytes_to_read(plan, False) == sum(r.nbytes for _, refs in plan for r in refs)


def test_a_damaged_map_file_fails_one_tool_not_the_report(tmp_path):
    run = standard(tmp_path)
    meta = json.loads((run / "trace.json").read_text())       # launch 0's bytes cut off the file
    meta["launches"][0]["segments"]["sched"]["offset"] = 1 << 40
    (run / "trace.json").write_text(json.dumps(meta))
    rc, text = _report(str(run), "--no-progress", "-t", "block_sched", "-t", "launches")
    assert rc == 0 and text.count("note: skipped 1 unreadable map file(s): cannot read map") == 1
    assert "vec_add         1      1  warp     1/4" in text        # launch 2's warp still counts
    assert "launches per kernel (3 kernels, 5 launches" in text
    doc = build(nt.Trace(run))
    validate(doc)
    assert len(doc["otherData"]["unreadable_maps"]) == 1
    assert sum(e.get("cat") == "sched" for e in doc["traceEvents"]) == 1      # launch 2's warp


def test_an_option_no_selected_tool_has_is_an_error(run_dir):
    """A misspelt -O must not be ignored silently; one that some selected tool has is fine."""
    with pytest.raises(ToolError, match=r"no selected tool \(launches\) has option 'depht'"):
        _report(str(run_dir), "--no-progress", "-t", "launches", "-O", "depht=1")
    rc, _ = _report(str(run_dir), "--no-progress", "-t", "launches", "-t", "block_sched",
                    "-O", "launch=2")
    assert rc == 0


def test_unwritable_outputs_are_refused_before_the_tools_run(run_dir, tmp_path):
    a_file = tmp_path / "a_file"
    a_file.write_text("")
    cases = [(("--plots", str(a_file)), f"--plots {a_file} is a file, not a folder"),
             (("--perfetto", str(tmp_path)), f"--perfetto {tmp_path} is a folder"),
             (("--perfetto", str(tmp_path / "no" / "p.json")),
              f"--perfetto {tmp_path / 'no' / 'p.json'} is in a folder that does not exist")]
    for argv, message in cases:
        with pytest.raises(ToolError) as err:
            _report(str(run_dir), "--no-progress", "-t", "launches", *argv)
        assert str(err.value).startswith(message)
        assert "--plots takes a folder (made if missing)" in str(err.value)


@pytest.mark.parametrize("bad", ["-5", "1.5", "many"])
def test_perfetto_warps_must_be_a_count(run_dir, bad, capsys):
    with pytest.raises(SystemExit) as exit_:
        _report(str(run_dir), "--perfetto-warps", bad)
    assert exit_.value.code == 2
    assert f"expected a whole number >= 0, got {bad!r}" in capsys.readouterr().err
