"""Caches: the parse cache is bounded (least recently used pruned) and shown by `neutrino doctor`;
checked probes are kept by their text, file and checker; the scan's compiled regexes are kept
by pattern; the hook's cubin cache is keyed by the package version and the code that makes the cubins."""
from __future__ import annotations

import argparse
import os
import re
from pathlib import Path

import pytest

from neutrino_py import __version__, paths, probe
from neutrino_py.asm import parser, regexes
from neutrino_py.hook import command, doctor

ROOT = Path(__file__).resolve().parent.parent


def _fill(folder: Path, n: int, size: int, mtime: float) -> list[Path]:
    out = []
    for i in range(n):
        p = folder / f"old{i}.body.pickle"
        p.write_bytes(b"x" * size)
        os.utime(p, (mtime + i, mtime + i))
        out.append(p)
    return out


def test_prune_deletes_least_recently_used_first(tmp_path):
    files = _fill(tmp_path, 10, 1000, 1_000_000)
    os.utime(files[0])                                # used just now: kept
    assert paths.prune_cache(tmp_path, 10_000) == 0   # at the limit: nothing to do
    assert paths.prune_cache(tmp_path, 8_000) == 4    # down to 3/4 of the limit, oldest first
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        f.name for f in [files[0], *files[5:]])
    assert paths.cache_usage(tmp_path) == (6, 6000)


def test_parse_cache_stays_under_its_limit(tmp_path, monkeypatch):
    monkeypatch.setenv("NEUTRINO_CACHE", str(tmp_path))
    monkeypatch.setenv("NEUTRINO_PARSE_CACHE_MB", "1")
    monkeypatch.setattr(parser, "_stores", 0)          # this store is one that prunes
    folder = paths.cache_dir("parse")
    old = _fill(folder, 3, 600_000, 1_000_000)
    text = (ROOT / "examples" / "vector_add.ptx").read_text()
    parser.parse_ptx(text, "va.ptx")
    left = {p.name for p in folder.iterdir()}
    assert not any(p.name in left for p in old[:2]) and old[2].name in left
    assert any(name.endswith(".module.pickle") for name in left)
    assert paths.cache_usage(folder)[1] <= 1 << 20


def test_checked_probe_is_kept_by_text_file_and_checker(tmp_path, monkeypatch):
    monkeypatch.setenv("NEUTRINO_CACHE", str(tmp_path))
    text = (ROOT / "probes" / "dmat.probe").read_text()
    first = probe.load(text, "dmat.probe")
    assert len(list(paths.cache_dir("probe").iterdir())) == 1
    monkeypatch.setattr("neutrino_py.probe.parse.parse", None)    # a kept one is not parsed again
    assert probe.load(text, "dmat.probe") == first
    monkeypatch.undo()
    monkeypatch.setenv("NEUTRINO_CACHE", str(tmp_path))
    assert probe.load(text, "other.probe").file == "other.probe"   # the file is in its warnings
    monkeypatch.setattr(probe, "_checker_digest", lambda: "a changed checker")
    probe.load(text, "dmat.probe")
    assert len(list(paths.cache_dir("probe").iterdir())) == 3


def test_doctor_shows_the_parse_cache(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("NEUTRINO_CACHE", str(tmp_path))
    monkeypatch.setenv("NEUTRINO_PARSE_CACHE_MB", "64")
    _fill(paths.cache_dir("parse"), 4, 2 << 20, 1_000_000)
    doctor.run(argparse.Namespace(no_build=True))
    line = next(l for l in capsys.readouterr().out.splitlines() if "parse cache" in l)
    assert re.fullmatch(r"ok   parse cache  4 entries, 8\.0 MiB of 64 MiB \(least recently used "
                        r"pruned\) in .*/parse", line), line


def test_hook_cache_key_has_version_and_code_digest(monkeypatch):
    assert command.code_key() == f"{__version__}-{paths.source_digest(command.CUBIN_CODE)[:16]}"
    before = command.cache_folder("probehash", None)
    monkeypatch.setattr(command, "code_key", lambda: "0.1.0-a-splicer-fix")
    assert command.cache_folder("probehash", None) != before


def test_source_digest_follows_the_code(tmp_path, monkeypatch):
    pkg = tmp_path / "neutrino_py"
    (pkg / "splice").mkdir(parents=True)
    (pkg / "splice" / "lower.py").write_text("A = 1\n")
    (pkg / "tools").mkdir()
    (pkg / "tools" / "x.py").write_text("B = 1\n")
    monkeypatch.setattr(paths, "_PKG", pkg)
    first = paths.source_digest(("splice",))
    (pkg / "tools" / "x.py").write_text("B = 2\n")       # not cubin code: same key
    assert paths.source_digest(("splice",)) == first
    (pkg / "splice" / "lower.py").write_text("A = 2\n")
    assert paths.source_digest(("splice",)) != first


@pytest.mark.parametrize("damage", [b"\x80\x09", b"\x80\x04\x95", b"", b"\x80\x04K\x01\x94."])
def test_a_damaged_kept_probe_is_checked_again(tmp_path, monkeypatch, damage):
    """A kept file cut short, from a newer pickle protocol, or holding something else is a miss:
    the probe is checked again and the file replaced, never a traceback."""
    monkeypatch.setenv("NEUTRINO_CACHE", str(tmp_path))
    text = (ROOT / "probes" / "gmem_bytes.probe").read_text()
    first = probe.load(text, "gmem_bytes.probe")
    (kept,) = paths.cache_dir("probe").iterdir()
    kept.write_bytes(damage)
    assert probe.load(text, "gmem_bytes.probe") == first
    assert probe.load(text, "gmem_bytes.probe") == first



@pytest.mark.parametrize("damage", [None, b"\x80\x04K\x01\x94.", b"\x80\x04"])
def test_a_kept_regex_is_the_pattern_re_compiles(tmp_path, monkeypatch, damage):
    """The body scan's statement pattern compiled and kept, then loaded as kept (after the file
    was damaged: compiled and kept again), is equal to `re.compile`'s and matches the same."""
    monkeypatch.setenv("NEUTRINO_CACHE", str(tmp_path))
    pattern = parser._scanner().statement
    made = []
    for _ in range(3):                 # nothing kept, kept (or damaged), kept
        monkeypatch.setattr(regexes, "_kept", None)
        made.append(regexes.compile(pattern.pattern, pattern.flags))
        (kept,) = (tmp_path / "regex").iterdir()
        if damage is not None and len(made) == 1:
            kept.write_bytes(damage)
    assert made[0] == made[1] == made[2] == re.compile(pattern.pattern, pattern.flags)
    line = "\t@!%p1 ld.global.v2.f32 \t{%f1, %f2}, [%rd4+8];"
    assert made[2].match(line).group("guard", "opcode", "args") == (
        "%p1", "ld.global.v2.f32", "{%f1, %f2}, [%rd4+8]")
