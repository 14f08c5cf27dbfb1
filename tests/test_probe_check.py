"""`neutrino check`: summary and exit 0 for good probes, the error and exit 2 for bad ones."""
from __future__ import annotations

import argparse
import os
import socket
import subprocess
import sys

import pytest

from conftest import ROOT
from neutrino_py.errors import SourceError
from neutrino_py.maps.lanes import EVENT_FIELD, LANE_FIELD
from neutrino_py.maps.read import UNIT_FIELD
from neutrino_py.probe import check, load
from neutrino_py.probe.passes import READ_BACK

STOCK = sorted((ROOT / "probes").glob("*.probe"))
BAD = ROOT / "tests" / "bad_probes"


def run_check(capsys, *argv: str) -> tuple[int, str, str]:
    parser = argparse.ArgumentParser()
    check.configure(parser)
    rc = check.run(parser.parse_args(list(argv)))
    out, err = capsys.readouterr()
    return rc, out, err


def test_stock_probes_pass_with_a_summary(capsys):
    rc, out, err = run_check(capsys, *map(str, STOCK))
    assert (rc, err) == (0, "")
    assert out.count(": ok: ") == len(STOCK) == 8


def test_summary_lists_maps_registers_and_probes(capsys):
    rc, out, _ = run_check(capsys, str(ROOT / "probes" / "block_sched.probe"))
    lines = out.splitlines()
    assert rc == 0 and lines[0].endswith("block_sched.probe: ok: 1 map, 1 register, 2 probes "
                                         f"(sha256 {lines[0][-13:-1]})")
    assert lines[1:3] == ["maps:", "  sched        row      [block]   1 per block                "
                          "16 B  { u64 start, u32 elapsed, u32 sm }"]
    assert lines[3:5] == ["registers:", "  u64 t0"]
    assert lines[5:] == ["probes:", "  0  entry", "       t0 = globaltimer();",
                         "  1  exit  / warpid() == warps() - 1 /",
                         "       sched.save(t0, (u32)(globaltimer() - t0), smid());"]


def test_summary_shows_levels_and_lanes_fields(capsys):
    _, out, _ = run_check(capsys, str(ROOT / "probes" / "gmem_bytes.probe"),
                          str(ROOT / "probes" / "memtrace.probe"))
    maps = [ln for ln in out.splitlines() if ln.startswith("  gmem ") or ln.startswith("  mem")]
    assert maps == ["  gmem         counter  [sm]      1 per SM                   "
                    "24 B  { u64 loaded, u64 stored, u64 atomic }",
                    "  mem          record   [warp]    pool of 2097152 records    "
                    "32 B  { u32 pc, u32 bytes, lanes addr }"]


def test_summary_shows_filters_and_unused_maps(capsys, tmp_path):
    probe = tmp_path / "f.probe"
    probe.write_text("map wide: record { u64 a; }\nmap unused: hist[8] u32;\n"
                     "before ld.global / BYTES >= 16 / { wide.save(ADDR); }\n")
    rc, out, _ = run_check(capsys, str(probe))
    assert rc == 0
    assert "  0  before ld.global  / BYTES >= 16 /" in out.splitlines()
    assert out.splitlines()[-4:] == [f"{probe}:2:5: warning: map 'unused' is never written",
                                     "    map unused: hist[8] u32;", "        ^~~~~~",
                                     "  hint: add to a hist's entries: m[index] += x;"]


def test_one_bad_file_fails_the_run_but_the_others_are_checked(capsys):
    rc, out, err = run_check(capsys, str(STOCK[0]), str(BAD / "loop.probe"), str(STOCK[1]))
    assert rc == 2 and out.count(": ok: ") == 2
    assert err.startswith(f"{BAD / 'loop.probe'}:4:5: error: 'while': loops are not allowed")


def test_missing_file(capsys, tmp_path):
    rc, out, err = run_check(capsys, str(tmp_path / "nope.probe"))
    assert (rc, out) == (2, "")
    assert err.startswith(f"error: no probe file '{tmp_path / 'nope.probe'}'\n"
                          "  fix: give a path, or one of: block_sched, ")


def test_the_neutrino_command(tmp_path):
    """Through the installed entry point's module: exit codes and no traceback."""
    try:
        from neutrino_py import cli
        cli.build_parser()
    except ModuleNotFoundError as err:
        pytest.skip(f"the neutrino CLI cannot start yet: {err}")
    good = subprocess.run([sys.executable, "-m", "neutrino_py", "check", "probes/dmat.probe"],
                          cwd=ROOT, capture_output=True, text=True)
    bad = subprocess.run([sys.executable, "-m", "neutrino_py", "check",
                          "tests/bad_probes/save_arity.probe"], cwd=ROOT, capture_output=True,
                         text=True)
    assert good.returncode == 0 and "dmat.probe: ok:" in good.stdout
    assert bad.returncode == 2 and "Traceback" not in bad.stderr
    assert bad.stderr == (BAD / "save_arity.err").read_text()


@pytest.mark.parametrize("declaration, field", [
    ("map m[warp]: record(4) { u64 a; u32 unit; }", "unit"),
    ("map m[block]: row { u64 unit; }", "unit"),
    ("map m[warp]: record { u64 a; lanes addr; u32 lane; } pool 64", "lane"),
    ("map m[warp]: record(2) { lanes addr; u64 event; }", "event"),
])
def test_fields_named_as_a_read_back_column_are_refused(declaration, field, tmp_path,
                                                        monkeypatch):
    # a record(N) field `unit` hid the reader's unit index: it came back as the field instead
    monkeypatch.setenv("NEUTRINO_CACHE", str(tmp_path))
    with pytest.raises(SourceError) as info:
        load(f"{declaration}\nexit {{ m.save(1, 2); }}\n", "r.probe")
    err = info.value
    assert err.message.startswith(f"field name '{field}' is reserved: ")
    assert (err.line, err.col, err.width) == (1, declaration.index(f" {field};") + 2, len(field))
    assert err.hint == (f"rename field '{field}'; reserved field names: unit in record(N) and "
                        "row maps; event and lane in maps with a lanes field")


def test_read_back_names_are_the_readers_and_free_where_it_adds_none(tmp_path, monkeypatch):
    monkeypatch.setenv("NEUTRINO_CACHE", str(tmp_path))
    assert {"unit", "event", "lane"} == set(READ_BACK) == {UNIT_FIELD, EVENT_FIELD, LANE_FIELD}
    program = load("map pool[warp]: record { u32 unit; u32 lane; } pool 64\n"
                   "map c[thread]: counter { u64 unit; u64 event; u64 lane; }\n"
                   "exit { pool.save(1, 2); c.unit += 1; c.event += 1; c.lane += 1; }\n", "r.probe")
    assert [f.name for f in program.maps["pool"].fields] == ["unit", "lane"]


def _check_command(*argv: str, **kwargs) -> subprocess.CompletedProcess:
    """`neutrino check` in a child process, bounded: a regression that blocks fails, not hangs."""
    return subprocess.run([sys.executable, "-m", "neutrino_py", "check", *argv], cwd=ROOT,
                          capture_output=True, text=True, timeout=120, **kwargs)


def test_a_fifo_or_socket_is_refused_before_opening(tmp_path):
    # `neutrino check fifo.probe` blocked in open() until something wrote to the FIFO
    fifo = tmp_path / "fifo.probe"
    os.mkfifo(fifo)
    (tmp_path / "link.probe").symlink_to(fifo)
    with socket.socket(socket.AF_UNIX) as sock:
        sock.bind(str(tmp_path / "sock.probe"))
        result = _check_command(str(fifo), str(tmp_path / "link.probe"),
                                str(tmp_path / "sock.probe"), str(tmp_path))
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.splitlines()[::2] == [
        f"error: cannot read {fifo}: it is a FIFO (named pipe), not a .probe file",
        f"error: cannot read {tmp_path / 'link.probe'}: it is a FIFO (named pipe), not a .probe "
        "file",
        f"error: cannot read {tmp_path / 'sock.probe'}: it is a socket, not a .probe file",
        f"error: cannot read {tmp_path}: it is a directory, not a .probe file"]
    assert result.stderr.splitlines()[1] == "  fix: give the path of a .probe file"


def test_a_probe_piped_to_dev_stdin_is_still_read(tmp_path):
    result = _check_command("/dev/stdin", input=(ROOT / "probes" / "dmat.probe").read_text(),
                            env={**os.environ, "NEUTRINO_CACHE": str(tmp_path)})
    assert result.returncode == 0 and result.stdout.startswith("/dev/stdin: ok: 1 map")
