"""files: atomic writes leave the old file or the new one, never a part; inputs are bounded."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from neutrino_py import files
from neutrino_py.cli import main
from neutrino_py.errors import ToolError

ROOT = Path(__file__).resolve().parent.parent


def test_atomic_write_replaces_whole(tmp_path):
    path = tmp_path / "out.txt"
    path.write_text("old")
    files.atomic_write(path, "new \udcff")               # a surrogate-escaped byte: written as is
    assert path.read_bytes() == b"new \xff"
    assert [p.name for p in tmp_path.iterdir()] == ["out.txt"]


def test_failed_block_leaves_the_old_file_and_no_temporary(tmp_path):
    path = tmp_path / "out.txt"
    path.write_text("old")
    with pytest.raises(ZeroDivisionError):
        with files.atomic_file(path, "w") as f:
            f.write("half")
            1 / 0
    assert path.read_text() == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["out.txt"]


def test_a_fifo_or_device_is_never_replaced(tmp_path):
    """Every output is renamed into place: over /dev/null, as root, that left a regular file."""
    import os
    import stat

    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    with pytest.raises(ToolError, match="not a regular file"):
        files.atomic_write(fifo, "x")
    assert stat.S_ISFIFO(fifo.stat().st_mode) and [p.name for p in tmp_path.iterdir()] == ["fifo"]


def test_failed_write_names_the_real_path(tmp_path):
    path = tmp_path / "missing" / "out.json"
    with pytest.raises(ToolError) as err:
        files.atomic_write(path, b"{}")
    assert str(err.value).startswith(f"cannot write {path}: No such file or directory")


def test_full_disk_leaves_nothing(tmp_path, monkeypatch):
    """ENOSPC at fsync (where a full disk shows on a delayed-allocation file system)."""
    def full(fd):
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(files.os, "fsync", full)
    path = tmp_path / "out.ptx"
    with pytest.raises(ToolError, match=f"cannot write {path}: No space left on device"):
        files.atomic_write(path, "x" * 1000)
    assert list(tmp_path.iterdir()) == []


def test_read_input_is_bounded(tmp_path):
    (tmp_path / "big.probe").write_bytes(b"x" * (files.MAX_PROBE_BYTES + 1))
    with pytest.raises(ToolError, match="big.probe is larger than 1 MiB, the most a .probe file may be"):
        files.read_input(tmp_path / "big.probe", files.MAX_PROBE_BYTES, ".probe file")


def test_read_source_keeps_every_byte(tmp_path):
    data = b".version 8.0\n// caf\xe9 \xff\xfe\n"
    (tmp_path / "m.ptx").write_bytes(data)
    text = files.read_source(tmp_path / "m.ptx")
    files.atomic_write(tmp_path / "copy.ptx", text)
    assert (tmp_path / "copy.ptx").read_bytes() == data


@pytest.mark.parametrize("name", ["dmat", "block_sched.probe"])
def test_stock_probe_names_on_the_command_line(tmp_path, capsys, name):
    out = tmp_path / "o.ptx"
    assert main(["check", name]) == 0
    assert main(["instrument", "--probe", name, str(ROOT / "examples" / "vector_add.ptx"),
                 "-o", str(out)]) == 0
    stem = name.removesuffix(".probe")
    assert f"probes/{stem}.probe: ok:" in capsys.readouterr().out
    manifest = json.loads((tmp_path / "o.manifest.json").read_text())["vector_add"]
    assert manifest["probe"]["file"].endswith(f"probes/{stem}.probe")


def test_a_local_file_wins_over_a_stock_name(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "dmat").write_text("map m[thread]: counter { u32 n; }\nexit { m.n += 1; }\n")
    assert main(["check", "dmat"]) == 0
    assert capsys.readouterr().out.startswith("dmat: ok: 1 map")


@pytest.mark.parametrize("command", ["instrument", "perfetto", "plots"])
def test_full_disk_leaves_no_partial_output(tmp_path, monkeypatch, capsys, command):
    """ENOSPC on every write: each command names the file it could not write, exits 2 and
    leaves neither that file nor a temporary beside it (a .ptx never stands without its
    manifest)."""
    from tests.synthetic import standard
    run = standard(tmp_path / "trace") if command != "instrument" else None
    out = tmp_path / "out"
    out.mkdir()

    def full(fd):
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(files.os, "fsync", full)
    argv = {"instrument": ["instrument", "--probe", "dmat", str(ROOT / "examples" / "vector_add.ptx"),
                           "-o", str(out / "o.ptx")],
            "perfetto": ["report", str(run), "--no-progress", "--perfetto", str(out / "t.json")],
            "plots": ["report", str(run), "--no-progress", "-t", "block_sched", "--plots",
                      str(out)]}[command]
    if command == "plots":
        pytest.importorskip("matplotlib")
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert re.match(rf"cannot write {re.escape(str(out))}/\S+: No space left on device", err), err
    assert list(out.iterdir()) == []


def _listing(*sections: tuple[str, str | None]) -> str:
    """A `cuobjdump -ptx` listing: per section its kind's header, then the PTX (None: machine code)."""
    out = []
    for arch, ptx in sections:
        kind = "ptx" if ptx is not None else "elf"
        out += ["", f"Fatbin {kind} code:", "================", f"arch = {arch}", "code version = [9,0]",
                "host = linux", "compile_size = 64bit", *(["compressed", "ptxasOptions = ", "", ptx] if ptx else [])]
    return "\n".join(out) + "\n"


def test_a_cuobjdump_listing_of_one_module_reads_as_that_module_with_its_line_numbers(tmp_path, capsys):
    ptx = (ROOT / "examples" / "vector_add.ptx").read_text()
    ptx = ptx[ptx.index(".version"):]                   # cuobjdump prints no comment before it
    listing = _listing(("sm_90", None), ("sm_90", ptx.replace("add.f32", "frobnicate.f32", 1)))
    (tmp_path / "app.ptx").write_text(listing)
    text = files.read_source(tmp_path / "app.ptx")
    lines, module = text.split("\n"), ptx.split("\n")
    start = lines.index(module[0])
    assert set(lines[:start]) == {""} and len(lines) == len(listing.split("\n"))    # header blanked
    assert main(["instrument", "--probe", "block_sched", str(tmp_path / "app.ptx"), "-o", str(tmp_path / "o.ptx")]) != 0
    bad = next(i for i, line in enumerate(listing.split("\n")) if "frobnicate.f32" in line) + 1
    assert f"app.ptx:{bad}:" in capsys.readouterr().err                 # the listing's own line
    (tmp_path / "good.ptx").write_text(_listing(("sm_90", ptx)))
    assert main(["instrument", "--probe", "block_sched", str(tmp_path / "good.ptx"), "-o", str(tmp_path / "o.ptx"),
                 "--no-cost"]) == 0
    assert "vector_add" in json.loads((tmp_path / "o.manifest.json").read_text())


def test_a_cuobjdump_listing_of_several_modules_or_none_says_what_to_do(tmp_path):
    ptx = (ROOT / "examples" / "vector_add.ptx").read_text()
    (tmp_path / "two.ptx").write_text(_listing(("sm_80", ptx), ("sm_90", ptx)))
    with pytest.raises(ToolError, match=r"listing of 2 PTX modules \(sm_80 at line \d+, sm_90 at line \d+\)") as err:
        files.read_source(tmp_path / "two.ptx")
    assert "cuobjdump -xptx all" in err.value.fix
    (tmp_path / "sass.ptx").write_text(_listing(("sm_90", None)))
    with pytest.raises(ToolError, match="machine code only: the binary carries no PTX"):
        files.read_source(tmp_path / "sass.ptx")
