"""`neutrino check`: summary and exit 0 for good probes, the error and exit 2 for bad ones."""
from __future__ import annotations

import argparse
import subprocess
import sys

import pytest

from conftest import ROOT
from neutrino_py.probe import check

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
