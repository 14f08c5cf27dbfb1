"""Trace directory: writer → files → reader, finished and crashed runs."""
from __future__ import annotations

import json

import numpy as np
import pytest

from neutrino_py.errors import ToolError
from neutrino_py.tracedir import Trace, TraceWriter, layout

DMAT = np.dtype([("clock", "<u8"), ("addr", "<u8"), ("bytes", "<u4")], align=True)


def _write(tmp_path, close=True):
    w = TraceWriter.start(tmp_path, command=["python", "train.py"], pid=42,
                          probe={"file": "dmat.probe", "text": "…", "hash": "ab"},
                          device={"name": "NVIDIA H100", "sm_count": 132})
    k = w.kernel("vector_add", ptx=".entry vector_add", instrumented_ptx=".entry vector_add //+",
                 manifest={"kernel": "vector_add", "maps": [{"name": "dmat", "kind": "record"}]},
                 source="nvcc")
    blas = w.kernel("sm90_xmma_gemm", reason="no PTX in the image")
    rec = np.zeros(5, DMAT)
    rec["addr"] = [0, 4, 8, 12, 16]
    w.launch(k, grid=(2, 1, 1), block=64, start_ns=1_000, end_ns=3_000, maps={"dmat": rec},
             dropped={"dmat": 7}, operator="Net/Linear")
    w.launch(blas, grid=(8, 8), block=(128,), start_ns=4_000, end_ns=9_000, stream=3)
    w.allocation("alloc", ptr=0x1000, nbytes=256, t_ns=10)
    w.allocation("free", ptr=0x1000, t_ns=20)
    w.warn("2 launches fell back to the original kernel")
    if close:
        w.close()
    return w


def test_round_trip(tmp_path):
    w = _write(tmp_path)
    assert w.dir.name == f"{w.dir.name[:15]}-42" and w.dir.parent == tmp_path
    t = Trace(tmp_path)                       # a tracedir opens its newest run
    assert t.dir == w.dir and not t.rebuilt
    assert [x.kernel for x in t.launches] == ["vector_add", "sm90_xmma_gemm"]
    first, second = t.launches
    assert first.grid == (2, 1, 1) and first.block == (64, 1, 1) and first.threads == 128
    assert first.warps == 4 and first.duration_ms == pytest.approx(0.002)
    assert isinstance(first.maps["dmat"], np.memmap)
    assert first.maps["dmat"]["addr"].tolist() == [0, 4, 8, 12, 16]
    assert first.records == {"dmat": 5} and first.dropped == {"dmat": 7}
    assert first.operator == "Net/Linear" and second.operator is None
    assert second.grid == (8, 8, 1) and second.stream == 3 and not second.instrumented
    assert len(second.maps) == 0
    assert t.kernel(first).manifest["kernel"] == "vector_add"
    assert t.kernel(first).text("instrumented.ptx") == ".entry vector_add //+"
    assert t.kernel(second).text() is None
    assert [a["op"] for a in t.allocations] == ["alloc", "free"]
    assert t.warnings == ["2 launches fell back to the original kernel",
                          "1 kernel(s) ran without instrumentation (timed only): "
                          "1 x no PTX in the image: sm90_xmma_gemm"]
    assert t.summary["launches"] == 2 and t.summary["dropped"] == {"dmat": 7}
    assert t.device["sm_count"] == 132


def test_crashed_run_rebuilds_same_structure(tmp_path):
    w = _write(tmp_path, close=False)
    # a torn last line, as when the process dies inside a write
    with open(w.dir / layout.EVENTS, "a") as f:
        f.write('{"event":"launch","seq":2,"ker')
    t = Trace(w.dir)
    assert t.rebuilt and t.warnings[0].startswith("trace.json is missing")
    assert len(t.launches) == 2 and t.launches[0].maps["dmat"]["addr"][-1] == 16
    finished = _write(tmp_path / "other")
    done = json.loads((finished.dir / layout.TRACE_JSON).read_text())
    rebuilt = dict(t.meta, warnings=t.meta["warnings"][1:])
    for key in ("kernels", "launches", "allocations", "summary"):
        assert rebuilt[key] == done[key], key


def test_unknown_kernel_and_bad_paths(tmp_path):
    w = TraceWriter.start(tmp_path)
    with pytest.raises(KeyError):
        w.launch("nope", grid=1, block=1)
    with pytest.raises(ToolError, match="no trace"):
        Trace(tmp_path / "missing")
    with pytest.raises(ToolError, match="holds no trace runs"):
        Trace(tmp_path / w.dir.name / "kernels")


def test_long_mangled_names_make_safe_dirs():
    name = "_ZN2at6native" + "x" * 300 + "<float>(int)"
    d = layout.launch_dirname(12, name)
    assert d.startswith("000012-_ZN2at6native") and len(d) == 7 + 80 and "<" not in d


def test_writer_threads_share_one_sequence(tmp_path):
    from concurrent.futures import ThreadPoolExecutor
    w = TraceWriter.start(tmp_path)
    k = w.kernel("k", ptx="// k")

    def launch(i):
        return w.launch(k, grid=1, block=32, maps={"m": np.full(3, i, np.int64)}, tag=i)

    with ThreadPoolExecutor(8) as pool:
        seqs = list(pool.map(launch, range(400)))
    w.close()
    assert sorted(seqs) == list(range(400))
    t = Trace(w.dir)
    assert sorted(x.seq for x in t.launches) == list(range(400))
    assert all(x.maps["m"].tolist() == [x.info["tag"]] * 3 for x in t.launches)


def test_uninstrumented_kernels_grouped_by_reason():
    kernels = [{"name": "_ZN2at6native" + "x" * 60, "reason": "SASS only"},
               {"name": "b", "reason": "SASS only"}, {"name": "c", "reason": "SASS only"},
               {"name": "d", "reason": "SASS only"}, {"name": "e", "reason": None}]
    (warning,) = layout.build([{"event": "kernel", "hash": str(i), "instrumented": False, **k}
                               for i, k in enumerate(kernels)])["warnings"]
    assert warning == ("5 kernel(s) ran without instrumentation (timed only): 4 x SASS only: "
                       "_ZN2at6native" + "x" * 34 + "…, b, c and 1 more; 1 x no reason given: e")


@pytest.mark.parametrize("name, text, why", [
    (layout.TRACE_JSON, "{bad", "JSONDecodeError"),
    (layout.TRACE_JSON, '{"version": 1}', "KeyError: missing key 'kernels'"),
    (layout.TRACE_JSON, "[1, 2]", "TypeError"),
    (layout.EVENTS, "garbage\n", "JSONDecodeError"),
])
def test_a_damaged_run_is_a_tool_error_naming_the_file(tmp_path, name, text, why):
    run = tmp_path / "run"
    run.mkdir()
    (run / name).write_text(text)
    with pytest.raises(ToolError, match=rf"^{run / name} is not a readable trace \({why}"):
        Trace(tmp_path)


def test_maps_are_segments_of_one_data_file_per_process(tmp_path):
    """Version 2: thousands of launches append to procs/<pid>/maps.bin, no folder per launch."""
    w = TraceWriter.start(tmp_path, pid=7)
    k = w.kernel("k", ptx="// k")
    for i in range(300):
        w.launch(k, grid=1, block=32, maps={"m": np.full(i % 5 + 1, i, np.int64), "r": np.zeros(3, DMAT)})
    w.close()
    assert sorted(p.name for p in w.dir.iterdir()) == ["events.jsonl", "kernels", "procs", "trace.json"]
    assert [p.relative_to(w.dir).as_posix() for p in (w.dir / "procs").rglob("*")] == ["procs/7", "procs/7/maps.bin"]
    t = Trace(w.dir)
    assert all(x.maps["m"].tolist() == [x.seq] * (x.seq % 5 + 1) for x in t.launches)
    last = t.launches[-1]
    assert isinstance(last.maps["r"], np.memmap) and last.maps.dtype("r") == DMAT
    assert last.info["segments"]["m"]["offset"] % layout.DATA_ALIGN == 0


def test_raw_device_buffers_decode_with_the_manifest(tmp_path):
    """What the shim writes: a map's raw buffer, decoded by the manifest's layout on access."""
    from neutrino_py.tracedir.writer import StoredMaps

    manifest = {"version": 1, "kernel": "k", "target": "ptx", "probe": {"hash": "", "text": ""},
                "params": [], "positions": {}, "registers_added": {}, "warnings": [],
                "maps": [{"name": "c", "kind": "counter", "level": "warp", "dtype": [["n", "<u8"]],
                          "capacity": None, "pool": None, "header_slot": 0},
                         {"name": "f", "kind": "record", "level": "warp", "dtype": [["t", "<u8"]],
                          "capacity": 2, "pool": None, "header_slot": 1}]}
    w = TraceWriter.start(tmp_path, pid=9)
    k = w.kernel("k", ptx="// k", instrumented_ptx="// k+", manifest=manifest)
    data = w.dir / layout.data_file(9)
    data.parent.mkdir(parents=True)
    counter = np.arange(4, dtype="<u8").tobytes()                      # 4 warps: grid 2, block 64
    fixed = np.arange(8, dtype="<u8").tobytes() + np.array([0, 1, 2, 3], "<u4").tobytes()
    data.write_bytes(bytes(64) + counter + fixed)
    segments = {"c": {"offset": 64, "nbytes": len(counter), "cursor": 0, "dropped": 0},
                "f": {"offset": 64 + len(counter), "nbytes": len(fixed), "cursor": 0, "dropped": 1}}
    w.launch(k, grid=2, block=64, stored=StoredMaps(layout.data_file(9), segments, {"c": 4, "f": 5},
                                                    {"c": 0, "f": 1}))
    w.close()
    (x,) = Trace(w.dir).launches
    assert x.maps["c"]["n"].tolist() == [0, 1, 2, 3] and x.records == {"c": 4, "f": 5}
    assert x.maps["f"]["t"].tolist() == [2, 4, 5, 6, 7] and x.maps["f"]["unit"].tolist() == [1, 2, 2, 3, 3]
    assert x.dropped == {"c": 0, "f": 1} and x.maps.dtype("f").names == ("t", "unit")


def test_version_1_traces_still_open(tmp_path):
    """A run written before segments (a .npy folder per launch) reads as it did."""
    run = tmp_path / "20250101-000000-5"
    (run / "launches" / "000000-vector_add").mkdir(parents=True)
    rec = np.zeros(2, DMAT)
    rec["addr"] = [8, 16]
    np.save(run / "launches" / "000000-vector_add" / "dmat.npy", rec)
    events = [{"event": "start", "version": 1, "command": ["x"], "pid": 5},
              {"event": "kernel", "hash": "h", "name": "vector_add", "instrumented": True, "files": {}},
              {"event": "launch", "seq": 0, "kernel": "vector_add", "kernel_hash": "h", "grid": [1, 1, 1],
               "block": [32, 1, 1], "instrumented": True, "maps": ["dmat"], "dir": "launches/000000-vector_add",
               "records": {"dmat": 2}, "dropped": {"dmat": 0}}]
    (run / layout.EVENTS).write_text("".join(json.dumps(e) + "\n" for e in events))
    t = Trace(tmp_path)
    assert t.rebuilt and t.launches[0].maps["dmat"]["addr"].tolist() == [8, 16]
    assert isinstance(t.launches[0].maps["dmat"], np.memmap) and t.launches[0].maps.dtype("dmat") == DMAT


def test_launch_events_reach_the_log_in_batches_and_on_flush(tmp_path):
    """With flush_s (the engine server's: a launch-bound program sends thousands a second)
    launch events go to events.jsonl at most that far apart; every other event, and everything
    on flush(), at once. A writer in the program's own process (flush_s 0) writes each at once."""
    w = TraceWriter.start(tmp_path, command=["prog"])
    assert w.flush_s == 0
    w.flush_s = 3600.0
    k = w.kernel("k", ptx="// k")                                  # not a launch: written at once
    events = w.dir / layout.EVENTS

    def logged() -> list[str]:
        return [json.loads(line)["event"] for line in events.read_text().splitlines()]
    assert logged()[-1] == "kernel"
    w.launch(k, grid=1, block=32)
    w.launch(k, grid=1, block=32)
    assert logged().count("launch") == 0
    w.flush()
    assert logged().count("launch") == 2
    w.close()
    assert Trace(w.dir).summary["launches"] == 2
