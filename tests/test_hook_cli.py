"""`neutrino doctor` and `neutrino trace` argument errors, without a GPU."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def neutrino(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "neutrino_py", *args], cwd=cwd, capture_output=True,
                          text=True, timeout=120)


def test_doctor_names_every_check_and_a_fix_for_each_failure():
    run = neutrino("doctor", "--no-build")
    lines = run.stdout.splitlines()
    checks = [line.split()[1] for line in lines if line.startswith(("ok", "FAIL", "no "))]
    assert checks == ["driver", "gpu", "toolchain", "shim", "cache", "parse", "fatbin", "amd"]
    failures = [i for i, line in enumerate(lines) if line.startswith("FAIL")]
    assert all("fix:" in lines[i + 1] for i in failures)
    assert run.returncode == (1 if failures else 0)


def test_doctor_zstd_check_accepts_any_decoder_the_fatbin_reader_uses(monkeypatch):
    """libzstd, else the `zstandard` module (what image.compress.zstd falls back to)."""
    import types

    from neutrino_py.hook import doctor
    from neutrino_py.image import compress

    assert doctor._zstd()[0] == (compress._libzstd() is not None or _importable("zstandard"))
    monkeypatch.setattr(compress, "_libzstd", lambda: None)
    monkeypatch.setitem(sys.modules, "zstandard", None)
    monkeypatch.setitem(sys.modules, "compression.zstd", None)
    assert doctor._zstd()[0] is False
    decoder = types.SimpleNamespace(decompress=lambda src, max_output_size: b"zstd")
    monkeypatch.setitem(sys.modules, "zstandard", types.SimpleNamespace(ZstdDecompressor=lambda: decoder))
    assert doctor._zstd()[0] is True


def _importable(name: str) -> bool:
    import importlib.util

    return importlib.util.find_spec(name) is not None


def test_trace_refuses_a_bad_probe_before_running_anything(tmp_path):
    bad = tmp_path / "bad.probe"
    bad.write_text("map m[thread]: record { u64 t; }\nentry { m.save(nosuch()); }\n")
    marker = tmp_path / "ran"
    run = neutrino("trace", "--probe", str(bad), "--tracedir", str(tmp_path / "tr"), "--", "touch", str(marker))
    assert run.returncode == 2
    assert f"{bad}:2:" in run.stderr and "^" in run.stderr
    assert not marker.exists() and not (tmp_path / "tr").exists()


def test_trace_without_a_command_or_probe_file_says_what_to_do(tmp_path):
    run = neutrino("trace", "--probe", str(ROOT / "probes" / "block_sched.probe"))
    assert run.returncode == 2 and "put it after --" in run.stderr
    run = neutrino("trace", "--probe", str(tmp_path / "missing.probe"), "--", "true")
    assert run.returncode == 2 and "no probe file" in run.stderr


def test_summary_of_a_run_without_launches_points_at_doctor(tmp_path):
    from neutrino_py.hook.command import format_summary

    text = format_summary({"summary": {"launches": 0}}, tmp_path)
    assert "launches: 0 (0 instrumented)" in text
    assert text.splitlines()[-1].startswith("  warning: the program launched no GPU kernel")
    busy = format_summary({"summary": {"launches": 3, "instrumented_launches": 3}}, tmp_path)
    assert "warning" not in busy


def test_summary_groups_skipped_kernels_by_reason(tmp_path):
    from neutrino_py.hook.command import format_summary

    skipped = {"k" * 70: "no PTX", "b": "no PTX", "c": "-k", "d": "no PTX", "e": "no PTX"}
    lines = format_summary({"summary": {"launches": 5, "kernels_skipped": skipped}}, tmp_path).splitlines()
    at = lines.index("  kernels not instrumented (timed only): 5")
    assert lines[at + 1:at + 3] == [f"    4 x no PTX: {'k' * 59}…, b, d and 1 more", "    1 x -k: c"]


def test_summary_keeps_companion_lane_values_apart_from_records(tmp_path):
    """`mem__addr` counts lane values (slots), and its `dropped` also the lanes of records `mem`
    dropped: the summary lists it on a line of its own, not among the records and the dropped
    records (a user map whose name has `__` but no map before it stays a record map)."""
    from neutrino_py.hook.command import format_summary

    summary = {"launches": 1, "records": {"mem": 4, "mem__addr": 32, "x__y": 2},
               "dropped": {"mem": 8, "mem__addr": 352, "x__y": 1}}
    lines = format_summary({"summary": summary}, tmp_path).splitlines()
    assert "  records: mem 4, x__y 2; dropped: mem 8, x__y 1" in lines
    assert ("  lane values (companion maps of `lanes` fields, slots): mem__addr 32; did not fit: "
            "mem__addr 352 (lanes of kept and of dropped records alike: `neutrino report -t "
            "dmat` counts the kept records' lost lanes)") in lines


def test_summary_lists_a_kernel_instrumented_in_two_processes_once(tmp_path):
    from neutrino_py.hook.command import format_summary

    twins = ["b", "a", "b"]
    lines = format_summary({"summary": {"launches": 3, "kernels_instrumented": twins}},
                           tmp_path).splitlines()
    at = lines.index("  kernels instrumented: 2 (3 instrumented copies: one per process or device "
                     "that loaded it)")
    assert lines[at + 1:at + 3] == ["    a", "    b (x2)"]


def test_summary_names_the_register_caps(tmp_path):
    from neutrino_py.hook.command import format_summary

    text = format_summary({"summary": {"launches": 2, "kernels_instrumented": ["a", "b"],
                                       "register_caps": {"b": 48, "a": 56}}}, tmp_path)
    assert "  register caps (.maxnreg where the probe's registers cost warps per SM; " \
           "NEUTRINO_REGISTER_CAPS=0 turns them off): a 56, b 48" in text.splitlines()
    assert "register caps" not in format_summary({"summary": {"launches": 1}}, tmp_path)


def test_trace_into_an_uncreatable_tracedir_says_so(tmp_path):
    blocker = tmp_path / "a_file"
    blocker.write_text("")
    marker = tmp_path / "ran"
    run = neutrino("trace", "--probe", str(ROOT / "probes" / "block_sched.probe"),
                   "--tracedir", str(blocker), "--", "touch", str(marker))
    assert run.returncode == 2 and "Traceback" not in run.stderr
    assert run.stderr.startswith(f"cannot create a run directory under --tracedir {blocker}: "
                                 "Not a directory")
    assert not marker.exists()


def test_trace_help_shows_the_bounds_with_examples():
    run = neutrino("trace", "--help")
    text = " ".join(run.stdout.split())
    for flag in ("--launches N", "--every K", "--max-bytes SIZE", "--min-free SIZE", "--staging SIZE",
                 "--ring-full {wait,native}", "--launch-times {all,recorded}"):
        assert flag in text, flag
    assert "the smaller of 25% of the free space under --tracedir and 16G" in text
    assert "neutrino trace --probe dmat --every 100 --max-bytes 2G -- ./app" in text


def test_bad_bounds_are_usage_errors(tmp_path):
    for flags, what in ((["--max-bytes", "lots"], "not a size: 'lots'"), (["--every", "0"], "not a positive"),
                        (["--max-bytes", "9" * 400 + "G"], "more bytes than any machine holds"),
                        (["--staging", "8E"], "not a size"),
                        (["--launches", "9" * 30], "below 2**63")):
        run = neutrino("trace", "--probe", "block_sched", *flags, "--", "true")
        assert run.returncode == 2 and what in run.stderr


def test_sizes_read_as_powers_of_1024():
    from neutrino_py.hook.command import size

    assert [size(t) for t in ("4096", "512M", "16G", "1.5GiB", "2 kb")] == [
        4096, 512 << 20, 16 << 30, 3 << 29, 2048]


def test_instrument_prints_the_bytes_one_launch_writes(tmp_path):
    ptx = ROOT / "tests" / "corpus" / "cuda" / "vector_add.sm_90.ptx"
    probe = tmp_path / "per_warp.probe"
    probe.write_text("map sched[warp]: record(1) { u64 start; u64 elapsed; u32 sm; }\n"
                     "exit { sched.save(globaltimer(), 0, smid()); }\n")
    run = neutrino("instrument", "--probe", str(probe), str(ptx), "-o", str(tmp_path / "o.ptx"),
                   "--grid", "1024", "--block", "256")
    assert run.returncode == 0, run.stderr
    # record(1) of 24 B + a u32 count per warp; 1024 blocks x 8 warps
    assert "cost at grid 1024x1x1, block 256x1x1" in run.stdout
    assert run.stdout.splitlines()[-3].endswith("224 KiB")          # the table's bytes/launch
    assert "  vector_add.sched: 224 KiB (warps x (1 x 24 B) + warps x 4 B counts)" in run.stdout
