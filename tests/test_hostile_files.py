"""Hostile files where the user hands us a file: a terminal, a FIFO, a device, a socket, a folder,
a file that never ends, in every place an input is read (a probe, PTX, a trace and each file in
it). None may be waited on, read without bound, or end in a traceback; each is refused with the
path and what to do, and what else a trace holds is still read.

Found this way: a character device (a terminal, /dev/zero, /dev/urandom) was read up to the size
bound, so a terminal waited for typing forever and /dev/zero filled 1 GiB of memory before PTX
was refused; a FIFO in place of a kernel's manifest or text, or of a version 1 `.npy` map, blocked
`neutrino report` in open(); a `.npy` header declaring more rows than its file holds was mapped;
a damaged shard cursor of a raw pool sized an index of 2 TiB; an empty launch of opcode counters
failed `opcode_mix` (KeyError).
"""
from __future__ import annotations

import json
import os
import pty
import signal
import socket
import stat
from contextlib import contextmanager
from pathlib import Path

import numpy as np
import pytest

from neutrino_py import files
from neutrino_py.cli import main
from neutrino_py.errors import ToolError
from neutrino_py.tracedir import Trace, TraceWriter, layout
from tests.synthetic import DEVICE, standard

ROOT = Path(__file__).resolve().parent.parent
VA = ROOT / "examples" / "vector_add.ptx"
OK_PROBE = "map m[thread]: counter { u64 n; }\nexit { m.n += 1; }\n"


@contextmanager
def deadline(seconds: int = 20):
    """Fail (instead of hanging the run) when the block waits longer than `seconds`."""
    def fire(*_):
        raise TimeoutError(f"waited more than {seconds} s: an input was read that never ends")
    old = signal.signal(signal.SIGALRM, fire)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


@pytest.fixture
def terminal():
    """The name of a terminal nobody types into (the far end of a pty pair)."""
    leader, follower = pty.openpty()
    try:
        yield os.ttyname(follower)
    finally:
        os.close(follower)
        os.close(leader)


@pytest.fixture
def fifo(tmp_path) -> Path:
    path = tmp_path / "fifo"
    os.mkfifo(path)
    return path


@pytest.fixture
def sock(tmp_path):
    s = socket.socket(socket.AF_UNIX)
    path = tmp_path / "sock"
    s.bind(str(path))
    try:
        yield path
    finally:
        s.close()


def _cli(argv: list[str], capsys) -> tuple[int, str, str]:
    try:
        with deadline():
            rc = main([str(a) for a in argv])
    except SystemExit as exit_:
        rc = exit_.code
    out, err = capsys.readouterr()
    assert "Traceback" not in err
    return rc, out, err


# -- the inputs of the command line -----------------------------------------------------------

def _inputs(path: str, tmp_path: Path) -> list[list]:
    """The command lines that read `path` as a probe, PTX or a trace."""
    return [["check", path], ["inspect", path],
            ["instrument", "--probe", path, VA, "-o", tmp_path / "o.ptx"],
            ["instrument", "--probe", "dmat", path, "-o", tmp_path / "o.ptx"]]


def test_a_terminal_is_refused_everywhere_not_waited_on(terminal, tmp_path, capsys):
    for argv in _inputs(terminal, tmp_path):
        rc, _, err = _cli(argv, capsys)
        assert rc == 2 and f"cannot read {terminal}: it is a terminal, not a " in err, argv
        assert "fix: give the path of a" in err
    assert not (tmp_path / "o.ptx").exists()


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom", "/dev/null"])
def test_a_character_device_is_refused_before_a_byte_is_read(device, tmp_path, capsys):
    if not os.path.exists(device):
        pytest.skip(f"no {device}")
    for argv in _inputs(device, tmp_path):
        rc, _, err = _cli(argv, capsys)
        assert rc == 2 and f"cannot read {device}: it is a character device, not a " in err, argv


@pytest.mark.parametrize("what", ["fifo", "sock", "dir"])
def test_a_fifo_socket_or_folder_is_refused(what, fifo, sock, tmp_path, capsys):
    path = {"fifo": fifo, "sock": sock, "dir": tmp_path}[what]
    kind = {"fifo": "a FIFO (named pipe)", "sock": "a socket", "dir": "a directory"}[what]
    for argv in _inputs(str(path), tmp_path):
        rc, _, err = _cli(argv, capsys)
        assert rc == 2 and f"cannot read {path}: it is {kind}, not a " in err, argv


def test_a_file_swapped_for_a_fifo_after_a_look_is_refused_not_waited_on(fifo, monkeypatch):
    """What is opened is checked, not only what a stat saw: open() itself never waits."""
    real = Path.stat
    monkeypatch.setattr(Path, "stat", lambda self, **k: os.stat(VA) if self == fifo else real(self, **k))
    with deadline(), pytest.raises(ToolError, match=r"it is a FIFO \(named pipe\), not a PTX"):
        files.read_source(fifo)


def test_a_pipe_held_as_stdin_is_read_and_a_terminal_there_is_not(terminal, tmp_path):
    """`cat p.probe | neutrino check /dev/stdin` reads the pipe; a terminal as stdin is refused."""
    import subprocess
    import sys
    env = {**os.environ, "NEUTRINO_CACHE": str(tmp_path / "cache")}
    ok = subprocess.run([sys.executable, "-m", "neutrino_py", "check", "/dev/stdin"], input=OK_PROBE,
                        capture_output=True, text=True, timeout=60, cwd=ROOT, env=env)
    assert ok.returncode == 0 and "ok: 1 map" in ok.stdout, ok.stderr
    with open(terminal, "rb", buffering=0) as tty:
        bad = subprocess.run([sys.executable, "-m", "neutrino_py", "check", "/dev/stdin"],
                             stdin=tty, capture_output=True, text=True, timeout=60, cwd=ROOT, env=env)
    assert bad.returncode == 2 and "it is a terminal, not a .probe file" in bad.stderr, bad.stderr


def test_a_file_that_keeps_growing_is_read_up_to_its_bound_only(tmp_path):
    """/proc files say size 0 and a pipe never says: the bound holds on the bytes read."""
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:                                        # a writer that never stops
        os.close(r)
        try:
            while True:
                os.write(w, b"x" * 65536)
        finally:
            os._exit(0)
    os.close(w)
    try:
        with deadline(), pytest.raises(ToolError, match=r"is larger than 1 MiB, the most a "
                                                        r"\.probe file may be"):
            files.read_input(f"/dev/fd/{r}", files.MAX_PROBE_BYTES, ".probe file")
    finally:
        os.close(r)
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
    if os.path.exists("/proc/self/status"):
        assert b"Name:" in files.read_input("/proc/self/status", files.MAX_PROBE_BYTES)


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads a file of mode 000 anyway")
def test_an_unreadable_input_says_so(tmp_path, capsys):
    path = tmp_path / "p.probe"
    path.write_text(OK_PROBE)
    path.chmod(0)
    rc, _, err = _cli(["check", path], capsys)
    assert rc == 2 and f"cannot read {path}: Permission denied" in err


def test_a_symlink_loop_as_input_is_named(tmp_path, capsys):
    loop = tmp_path / "loop.ptx"
    loop.symlink_to(loop)
    rc, _, err = _cli(["inspect", loop], capsys)
    assert rc == 2 and f"cannot read {loop}: Too many levels of symbolic links" in err


# -- the files of a trace ---------------------------------------------------------------------

@pytest.fixture
def run(tmp_path: Path) -> Path:
    return standard(tmp_path / "traces")


def _report(run: Path, capsys, *extra) -> tuple[int, dict | str]:
    rc, out, err = _cli(["report", run, "--format", "json", "--no-progress", *extra], capsys)
    return rc, (json.loads(out) if rc == 0 else err)


def _kernel_file(run: Path, suffix: str) -> Path:
    return next(p for p in (run / layout.KERNELS).iterdir() if p.name.endswith(suffix)
                and json.loads((run / layout.TRACE_JSON).read_text())["kernels"][0]["hash"] in p.name)


def test_a_fifo_in_place_of_a_manifest_is_refused_and_the_rest_reported(run, capsys):
    manifest = _kernel_file(run, ".manifest.json")
    manifest.unlink()
    os.mkfifo(manifest)
    rc, report = _report(run, capsys)
    assert rc == 0
    assert report["reports"]["launches"]["data"]                # the launch events still read
    assert report["reports"]["time_range"]["data"]               # and the other kernel's maps
    with deadline(), pytest.raises(ToolError, match=r"cannot read the manifest of kernel vec_add "
                                                    r"from .*: cannot read .*: it is a FIFO"):
        Trace(run).kernels[0].manifest


def test_a_link_to_a_device_in_a_trace_is_never_followed(run, capsys):
    """Every file a trace names is inside its run directory: a link to /dev/zero is not."""
    manifest = _kernel_file(run, ".manifest.json")
    manifest.unlink()
    manifest.symlink_to("/dev/zero")
    with deadline(), pytest.raises(ToolError, match=r"names 'kernels/.*\.manifest\.json', outside its run"):
        Trace(run).kernels[0].manifest


def test_a_fifo_in_place_of_a_kernels_ptx_is_refused(run):
    ptx = _kernel_file(run, ".ptx")
    ptx.unlink()
    os.mkfifo(ptx)
    with deadline(), pytest.raises(ToolError, match=r"cannot read the ptx of kernel vec_add: .*it is "
                                                    r"a FIFO \(named pipe\).*\n  fix: the run's kernels/"):
        Trace(run).kernels[0].text("ptx")


def test_a_fifo_in_place_of_maps_bin_loses_its_maps_only(run, capsys):
    data = next(run.glob("procs/*/maps.bin"))
    data.unlink()
    os.mkfifo(data)
    rc, report = _report(run, capsys)
    assert rc == 0
    assert "the file is missing or not a file" in report["reports"]["dmat"]["notes"][-1]
    assert report["summary"]["launches"] == 5


@pytest.mark.parametrize("special", ["fifo", "dev-zero", "dir"])
def test_a_special_trace_json_is_rebuilt_from_events(run, capsys, special):
    summary = run / layout.TRACE_JSON
    summary.unlink()
    {"fifo": lambda: os.mkfifo(summary), "dev-zero": lambda: summary.symlink_to("/dev/zero"),
     "dir": summary.mkdir}[special]()
    rc, report = _report(run, capsys)
    assert rc == 0 and report["summary"]["launches"] == 5
    assert report["warnings"][0] == "trace.json is not a file: rebuilt from events.jsonl"


def test_a_fifo_events_jsonl_beside_a_damaged_trace_json_is_refused(run, capsys):
    (run / layout.TRACE_JSON).write_text("{")
    (run / layout.EVENTS).unlink()
    os.mkfifo(run / layout.EVENTS)
    rc, err = _report(run, capsys)
    assert rc == 2 and "trace.json is not a readable trace (JSONDecodeError" in err


def test_a_trace_json_past_its_bound_is_rebuilt_without_reading_it(run, capsys, monkeypatch):
    monkeypatch.setattr(files, "MAX_TRACE_JSON_BYTES", 100)
    rc, report = _report(run, capsys)
    assert rc == 0 and report["summary"]["launches"] == 5
    assert report["warnings"][0].startswith("trace.json is damaged (OSError: is larger than 100 B"
                                            ", the most a trace.json may be): rebuilt")


def test_an_endless_events_line_is_skipped_in_pieces_not_held(run, monkeypatch):
    """A line of events.jsonl past the bound (damage: no event is that long) is skipped, read
    in pieces of the bound; the events around it are kept."""
    events = (run / layout.EVENTS).read_text().splitlines(keepends=True)
    monkeypatch.setattr(layout, "MAX_EVENT_BYTES", max(map(len, events)))
    (run / layout.TRACE_JSON).unlink()
    events.insert(1, "[" + "1," * 5000 + "1]\n")
    (run / layout.EVENTS).write_text("".join(events))
    trace = Trace(run)
    assert len(trace.launches) == 5 and len(trace.kernels) == 3
    assert "1 damaged line(s) of events.jsonl skipped" in trace.warnings[1]
    (run / layout.EVENTS).write_text("".join(events[:-1]) + "[" + "1," * 5000)   # torn at the end
    assert len(Trace(run).launches) == 5


def test_a_trace_path_that_is_a_terminal_or_device_is_no_trace(terminal, capsys, tmp_path):
    for path in (terminal, "/dev/zero"):
        for argv in (["report", path], ["export", path, "-o", tmp_path / "out"]):
            rc, _, err = _cli(argv, capsys)
            assert rc == 2 and err.startswith(f"no trace at {path}\n  fix: pass the tracedir")
    assert not (tmp_path / "out").exists()


def test_a_run_folder_with_a_non_utf8_name_reports_and_exports(run, capsys, tmp_path):
    pytest.importorskip("pyarrow")
    odd = run.parent / os.fsdecode(b"run-\xff\xfe")
    run.rename(odd)
    rc, out, err = _cli(["report", run.parent, "--no-progress"], capsys)
    assert rc == 0 and "run-\\udcff\\udcfe" in out.splitlines()[0]
    rc, report = _report(run.parent, capsys)
    assert rc == 0 and report["trace"].endswith("run-\udcff\udcfe")
    rc, out, err = _cli(["export", odd, "-o", tmp_path / "out", "--no-progress"], capsys)
    assert rc == 0, err


def test_npy_headers_are_read_from_what_was_opened_and_bounded_by_the_file(tmp_path, capsys):
    """Version 1 keeps a `.npy` per map: a FIFO there blocked in open(); a header declaring more
    rows than the file holds is refused, not mapped."""
    w = TraceWriter.start(tmp_path / "traces")
    k = w.kernel("k", ptx="// k", manifest={"kernel": "k", "maps": [
        {"name": "sched", "kind": "record", "level": "warp"}]})
    rows = np.array([(1, 2, 0, 0), (3, 4, 1, 1)], dtype=[("start", "<u8"), ("elapsed", "<u8"),
                                                         ("sm", "<u4"), ("unit", "<u4")])
    for _ in range(3):
        w.launch(k, grid=1, block=64, start_ns=1, end_ns=2, maps={"sched": rows})
    w.close()
    meta = json.loads((w.dir / layout.TRACE_JSON).read_text())
    meta["version"] = 1
    for x in meta["launches"]:
        folder = w.dir / layout.LAUNCHES / layout.launch_dirname(x["seq"], x["kernel"])
        folder.mkdir(parents=True)
        np.save(folder / "sched.npy", rows)
        del x["segments"], x["data"]
    (w.dir / layout.TRACE_JSON).write_text(json.dumps(meta))
    first, second = (w.dir / layout.LAUNCHES / layout.launch_dirname(i, "k") / "sched.npy"
                     for i in (0, 1))
    first.unlink()
    os.mkfifo(first)
    with open(second, "wb") as f:                          # 9999 rows declared, 2 written
        np.lib.format.write_array_header_1_0(f, {"descr": np.lib.format.dtype_to_descr(rows.dtype),
                                                 "fortran_order": False, "shape": (9999,)})
        f.write(rows.tobytes())
    trace = Trace(w.dir)
    with deadline(), pytest.raises(ToolError, match=r"cannot read map 'sched' of launch 0 .*it is a FIFO"):
        trace.launches[0].maps["sched"]
    with pytest.raises(ToolError, match=r"launch 1 .*its header declares \(9999,\) items of 24 "
                                        r"bytes \(239976 bytes\), the file holds 48 after it"):
        trace.launches[1].maps["sched"]
    assert trace.launches[2].maps["sched"]["elapsed"].tolist() == [2, 4]
    rc, report = _report(w.dir, capsys)
    assert rc == 0 and "skipped 2 unreadable map file(s)" in report["reports"]["block_sched"]["notes"][-1]


# -- values and shapes ------------------------------------------------------------------------

def test_a_damaged_shard_cursor_sizes_nothing_past_the_buffer(tmp_path):
    """A raw pool's shard cursors are read from the file: 2**62 made an index of 2 TiB."""
    from neutrino_py.contract.manifest import Manifest, MapSpec
    from neutrino_py.tracedir.writer import StoredMaps
    man = Manifest("k", {"hash": "", "text": ""}, [], [
        MapSpec("dmat", "record", "thread", [["addr", "<u8"]], pool=2 ** 40, shards=2)])
    pool = np.zeros(32 + 2 * 256, "<u8")
    pool[0], pool[16] = 2 ** 62, 2 ** 62                       # both cursors damaged
    pool[32:34] = [7, 8]
    w = TraceWriter.start(tmp_path, pid=9)
    k = w.kernel("k", ptx="// k", instrumented_ptx="// k+", manifest=man.to_json())
    data = w.dir / layout.data_file(9)
    data.parent.mkdir(parents=True)
    data.write_bytes(pool.tobytes())
    for nbytes in (pool.nbytes, 2 ** 50):                     # whole, then declared past the file
        w.launch(k, grid=1, block=64, stored=StoredMaps(layout.data_file(9), {"dmat": {
            "offset": 0, "nbytes": nbytes, "cursor": 2 ** 62, "dropped": 0}}, {"dmat": 2}, {"dmat": 0}))
    w.close()
    whole, cut = Trace(w.dir).launches
    with pytest.raises(ToolError, match=r"map 'dmat' buffer holds 4352 bytes, .*expected"):
        whole.maps["dmat"]
    records = cut.maps["dmat"]                                 # what the file holds, no more
    assert len(records) == 512 and records["addr"][:2].tolist() == [7, 8]


def _zero_rows_run(root: Path) -> Path:
    from tests.synthetic import DMAT, GMEM, MIX, PAGES, RANGES, SCHED
    w = TraceWriter.start(root, device=DEVICE)
    k = w.kernel("k", ptx="//k", instrumented_ptx="//k+", manifest={"maps": [
        {"name": n, "kind": kind, "level": "warp"} for n, kind in (
            ("dmat", "record"), ("sched", "record"), ("ranges", "record"), ("gmem", "counter"),
            ("mix", "counter"), ("pages", "hist"))]})
    w.launch(k, grid=1, block=32, start_ns=0, end_ns=10, maps={
        "dmat": np.zeros(0, DMAT), "sched": np.zeros(0, SCHED), "ranges": np.zeros(0, RANGES),
        "gmem": np.zeros(0, GMEM), "mix": np.zeros(0, MIX), "pages": np.zeros(0, PAGES)})
    w.close()
    return w.dir


@pytest.mark.parametrize("shape", ["empty", "empty-unfinished", "one launch of zero records"])
def test_every_tool_reports_an_empty_trace_and_a_launch_without_records(shape, tmp_path, capsys):
    from neutrino_py.tools import tools
    if shape == "one launch of zero records":
        run = _zero_rows_run(tmp_path / "t")
    else:
        w = TraceWriter.start(tmp_path / "t", device=DEVICE)
        if shape == "empty":
            w.close()
        run = w.dir
    rc, report = _report(run, capsys, "--plots", tmp_path / "plots", "--perfetto", tmp_path / "p.json")
    assert rc == 0, report
    assert set(report["reports"]) == set(tools())
    assert not [n for r in report["reports"].values() for n in r["notes"] if n.startswith("failed")]
    json.loads((tmp_path / "p.json").read_text())
    if shape == "one launch of zero records":
        mix = report["reports"]["opcode_mix"]["data"]["kernels"]["k"]
        assert mix["total"] == 0 and mix["other"] == 0
    rc, out, err = _cli(["report", run, "--no-progress"], capsys)
    assert rc == 0, err
    pytest.importorskip("pyarrow")
    for fmt in ("parquet", "arrow"):
        rc, _, err = _cli(["export", run, "-o", tmp_path / fmt, "--format", fmt, "--no-progress"], capsys)
        assert rc == 0, err


def test_a_trace_read_while_it_is_written_keeps_what_was_read_and_sees_more_later(tmp_path, capsys):
    """A run still going: events.jsonl with a torn last line and maps.bin growing. What a reader
    opened stays readable as the writer appends, and a new reader sees the new launches."""
    from tests.synthetic import DMAT, records
    w = TraceWriter.start(tmp_path / "t", device=DEVICE)
    k = w.kernel("k", ptx="//k", instrumented_ptx="//k+", manifest={"maps": [
        {"name": "dmat", "kind": "record", "level": "thread"}]})
    w.launch(k, grid=1, block=32, start_ns=0, end_ns=10,
             maps={"dmat": records(DMAT, [(1, 0x100, 4), (2, 0x104, 4)])})
    with open(w.dir / layout.EVENTS, "a") as f:              # a line the writer is half-way in
        f.write('{"event":"launch","seq":1,"kern')
    early = Trace(w.dir)
    assert [len(x.maps["dmat"]) for x in early.launches] == [2]
    assert "trace.json is missing (the run did not finish)" in early.warnings[0]
    rc, report = _report(w.dir, capsys)
    assert rc == 0 and report["reports"]["dmat"]["data"]["kernels"]["k"]["accesses"] == 2
    with open(w.dir / layout.EVENTS, "a") as f:              # the writer finishes its line
        f.write('el":"k"}\n')
    for i in range(3):
        w.launch(k, grid=1, block=32, start_ns=20 + i, end_ns=30 + i,
                 maps={"dmat": records(DMAT, [(3, 0x200, 8)] * (i + 1))})
    assert early.launches[0].maps["dmat"]["addr"].tolist() == [0x100, 0x104]
    later = Trace(w.dir)
    assert [len(x.maps["dmat"]) for x in later.launches if x.maps] == [2, 1, 2, 3]
    w.close()
    assert [len(x.maps["dmat"]) for x in Trace(w.dir).launches if x.maps] == [2, 1, 2, 3]


def test_counters_near_their_top_sum_exactly_and_float_fields_are_not_counted(tmp_path, capsys):
    """Four u64 counters of 2**64 - 1 summed to 2**64 - 4 (NumPy wraps); a map whose byte,
    address or clock fields are floats (a probe may declare f64) failed dmat, hotness and
    gmem_bytes with OverflowError or TypeError."""
    from tests.synthetic import GMEM, MIX, records
    top = 2 ** 64 - 1
    w = TraceWriter.start(tmp_path / "t", device=DEVICE)
    k = w.kernel("k", ptx="//k", instrumented_ptx="//k+", manifest={"maps": [
        {"name": "gmem", "kind": "counter"}, {"name": "mix", "kind": "counter"},
        {"name": "fl", "kind": "record"}]})
    floats = np.array([(np.nan, np.inf, -1.0, 1.0, np.nan)], dtype=[
        ("addr", "<f8"), ("bytes", "<f8"), ("start", "<f8"), ("elapsed", "<f8"), ("sm", "<f4")])
    w.launch(k, grid=1, block=128, start_ns=0, end_ns=1000, maps={
        "gmem": records(GMEM, [(top, 0, 0)] * 4),
        "mix": records(MIX, [(top, top, 0, 0, 0, 0, 0, 0)] * 4), "fl": floats})
    w.close()
    rc, report = _report(w.dir, capsys, "--perfetto", tmp_path / "p.json")
    assert rc == 0, report
    assert report["reports"]["gmem_bytes"]["data"]["kernels"]["k"]["fields"] == {"gmem.loaded": 4 * top,
                                                                                "gmem.stored": 0,
                                                                                "gmem.atomic": 0}
    assert report["reports"]["opcode_mix"]["data"]["kernels"]["k"]["total"] == 4 * top
    for tool in ("dmat", "block_sched"):
        assert "map fl has those fields, but not all as integers" in report["reports"][tool]["notes"][0]
    assert not [n for r in report["reports"].values() for n in r["notes"] if n.startswith("failed")]
    json.loads((tmp_path / "p.json").read_text())
