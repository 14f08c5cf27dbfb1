"""Caches: the parse cache is bounded (least recently used pruned) and shown by `neutrino doctor`;
checked probes are kept by their text, file and checker; the scan's compiled regexes are kept
by pattern; the hook's cubin cache is keyed by the package version and the code that makes the cubins."""
from __future__ import annotations

import argparse
import dataclasses
import json
import multiprocessing
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
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


# -- the hook's kernel cache under hostile conditions ----------------------------------------------

VECTOR_ADD = ROOT / "tests" / "corpus" / "cuda" / "vector_add.sm_90.ptx"
META = "img-vector_add-90.meta"


def _engine():
    from neutrino_py.hook.engine import Engine
    return Engine(probe.load_file(ROOT / "probes" / "dmat.probe"), cache_dirs=lambda: [])


@pytest.fixture(scope="module")
def made():
    """vector_add instrumented once with the dmat probe (ptxas on the CPU)."""
    if not shutil.which("ptxas"):
        pytest.skip("ptxas not found")
    kernel = _engine()(VECTOR_ADD.read_bytes(), "vector_add", 90)
    assert kernel.instrumented, kernel.reason
    return kernel


class Replay:
    """An instrumenter answering with a kernel made once, counting the requests it got."""

    def __init__(self, kernel) -> None:
        self.kernel, self.calls = kernel, 0

    def __call__(self, data, name, arch, origin=None):
        self.calls += 1
        return self.kernel


@pytest.fixture
def short():
    """A short folder for the server's socket (a Unix socket path holds at most 107 bytes)."""
    folder = Path(tempfile.mkdtemp(prefix="nt"))
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


def _server(short: Path, tmp_path: Path, cache: Path | None, instrumenter, name: str = "run"):
    from neutrino_py.hook.server import Server
    from neutrino_py.tracedir import TraceWriter
    writer = TraceWriter.start(tmp_path / f"trace-{name}")
    server = Server(short / f"{name}.sock", writer, instrumenter, cache, short)
    server.check_cache()
    return server


def _request(server, cache: Path) -> str:
    from neutrino_py.hook import protocol
    msg = protocol.Message("instrument", {"kernel": ["vector_add"], "image": ["img"],
                                          "arch": ["90"], "meta": [str(cache / META)]},
                           VECTOR_ADD.read_bytes())
    return server._on_instrument(msg)


def _kernel(server, key: str):
    from neutrino_py.hook import protocol
    return server._kernel(key, protocol.Message("launch", {"kernel": ["vector_add"]}, b""))


def _stop(server) -> list[str]:
    server.stop()
    return server.writer.close()["warnings"]


def _damage(cache: Path, key: str, suffix: str, how: str) -> None:
    path = cache / (META if suffix == ".meta" else f"{key}{suffix}")
    data = path.read_bytes()
    if how == "truncated":
        path.write_bytes(data[:len(data) // 2])
    elif how == "garbage":
        path.write_bytes(bytes(range(256)) * 4)
    elif how == "zero-length":
        path.write_bytes(b"")
    elif how == "wrong-version":
        path.write_text(json.dumps({**json.loads(data), "version": 99}))
    elif how == "disagrees":           # well-formed, but describing another kernel's files
        info = json.loads(data)
        info["manifest"]["maps"][0]["name"] = "other"
        info["digests"][".cubin"] = "0" * 32
        path.write_text(json.dumps(info))
    elif how == "meta-disagrees":      # a map's sizing rule changed: the shim would size it wrong
        path.write_text(data.decode().replace("map ", "map warp 1 0 0 0 0\nmap ", 1))


@pytest.mark.parametrize("suffix, how", [
    (".cubin", "truncated"), (".cubin", "garbage"), (".cubin", "zero-length"),
    (".json", "truncated"), (".json", "garbage"), (".json", "zero-length"),
    (".json", "wrong-version"), (".json", "disagrees"),
    (".ptx", "truncated"), (".instrumented.ptx", "garbage"),
    (".meta", "truncated"), (".meta", "garbage"), (".meta", "zero-length"),
    (".meta", "meta-disagrees"),
])
def test_a_bad_kernel_cache_entry_is_never_served_and_is_rebuilt(made, short, tmp_path, suffix, how):
    """A damaged, foreign or disagreeing entry is ignored: its .meta (which the shim loads
    without asking) is removed before the program starts, a launch that names it keeps no maps
    read with it, and the next request instruments the kernel again; no traceback, no warning."""
    cache = tmp_path / "cache"
    cache.mkdir()
    first = _server(short, tmp_path, cache, Replay(made), "a")
    reply = _request(first, cache)
    assert reply.startswith("ok\n") and (cache / META).read_text() == reply
    assert _stop(first) == []
    _damage(cache, made.key, suffix, how)
    again = Replay(made)
    second = _server(short, tmp_path, cache, again, "b")
    assert not (cache / META).exists()
    if suffix != ".meta":
        kernel = _kernel(second, made.key)
        assert not kernel.instrumented and kernel.manifest is None
        assert kernel.reason.startswith(f"kernel cache entry {made.key} not used (")
    assert _request(second, cache) == reply and again.calls == 1
    assert _stop(second) == []
    third = _server(short, tmp_path, cache, Replay(made), "c")
    assert (cache / META).read_text() == reply                    # the rebuilt entry is kept
    kernel = _kernel(third, made.key)
    assert kernel.instrumented and kernel.manifest == made.manifest
    assert kernel.instrumented_ptx == made.instrumented_ptx
    assert (cache / f"{made.key}.cubin").read_bytes() == made.cubin
    assert _stop(third) == []


def test_a_permission_denied_entry_is_rebuilt(made, short, tmp_path, monkeypatch):
    cache = tmp_path / "cache"
    cache.mkdir()
    first = _server(short, tmp_path, cache, Replay(made), "a")
    reply = _request(first, cache)
    _stop(first)
    denied = cache / f"{made.key}.json"
    real = Path.read_text

    def read_text(self, *args, **kwargs):
        if self == denied:
            raise PermissionError(13, "Permission denied", str(self))
        return real(self, *args, **kwargs)

    monkeypatch.setattr(Path, "read_text", read_text)
    again = Replay(made)
    second = _server(short, tmp_path, cache, again, "b")
    assert not (cache / META).exists()
    assert "Permission denied" in _kernel(second, made.key).reason
    assert _request(second, cache) == reply and again.calls == 1
    assert _stop(second) == []


SHARED = (("counter", True), ("scale", False))       # module variables, as asm.reach lists them


def test_a_cache_entry_keeps_the_kernels_module_variables(made, short, tmp_path):
    """The sidecar holds the variables the reply lists (`var W NAME`): a later run serves the
    entry, its .meta kept (it is checked against the reply the sidecar makes) and the kernel read
    back with the same variables in the same order."""
    shared = dataclasses.replace(made, variables=SHARED)
    cache = tmp_path / "cache"
    cache.mkdir()
    first = _server(short, tmp_path, cache, Replay(shared), "a")
    reply = _request(first, cache)
    assert reply.endswith("var 1 counter\nvar 0 scale\n")
    stored = json.loads((cache / f"{made.key}.json").read_text())
    assert stored["version"] == 2 and stored["variables"] == [["counter", True], ["scale", False]]
    assert _stop(first) == []
    again = Replay(shared)
    second = _server(short, tmp_path, cache, again, "b")
    assert (cache / META).read_text() == reply
    kernel = _kernel(second, made.key)
    assert kernel.instrumented and kernel.variables == SHARED and again.calls == 0
    assert _stop(second) == []


def test_a_version_1_entry_is_instrumented_again(made, short, tmp_path):
    """An entry written before module variables were listed (sidecar version 1, no `variables`)
    would run a twin blind to the program's variables: it is refused, its .meta removed, and the
    kernel instrumented again into a version 2 entry."""
    shared = dataclasses.replace(made, variables=SHARED)
    cache = tmp_path / "cache"
    cache.mkdir()
    first = _server(short, tmp_path, cache, Replay(shared), "a")
    reply = _request(first, cache)
    _stop(first)
    sidecar = cache / f"{made.key}.json"
    old = json.loads(sidecar.read_text())
    del old["variables"]
    sidecar.write_text(json.dumps({**old, "version": 1}))
    (cache / META).write_text(reply[:reply.index("var ")])          # as version 1 replied
    again = Replay(shared)
    second = _server(short, tmp_path, cache, again, "b")
    assert not (cache / META).exists()
    assert _kernel(second, made.key).reason == (f"kernel cache entry {made.key} not used "
                                                "(its sidecar is of another format): its maps are not read")
    assert _request(second, cache) == reply and again.calls == 1
    assert json.loads(sidecar.read_text())["version"] == 2
    assert _stop(second) == []


def _read_only(monkeypatch, cache: Path) -> None:
    """Writes into `cache` fail as in a read-only folder (root writes through chmod)."""
    from neutrino_py.hook import server as server_mod
    from neutrino_py.errors import ToolError
    real = server_mod.atomic_write

    def atomic_write(path, data, **kwargs):
        if Path(path).parent == cache:
            raise ToolError(f"cannot write {path}: Read-only file system")
        return real(path, data, **kwargs)

    monkeypatch.setattr(server_mod, "atomic_write", atomic_write)


def test_a_read_only_cache_instruments_for_the_run_with_one_warning(made, short, tmp_path,
                                                                    monkeypatch, capsys):
    cache = tmp_path / "cache"
    cache.mkdir()
    _read_only(monkeypatch, cache)
    server = _server(short, tmp_path, cache, Replay(made))
    replies = [_request(server, cache) for _ in range(2)]
    assert all(r.startswith("ok\n") and f"cubin {short}" in r for r in replies)
    assert (short / f"{made.key}.cubin").read_bytes() == made.cubin
    assert list(cache.iterdir()) == []
    warnings = _stop(server)
    assert len(warnings) == 1 and warnings[0].startswith(f"the kernel cache {cache} cannot be used")
    assert capsys.readouterr().err.count("neutrino: warning: the kernel cache") == 1


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes into a read-only folder")
def test_a_chmod_read_only_cache_is_said_once(made, short, tmp_path):
    cache = tmp_path / "cache"
    cache.mkdir()
    cache.chmod(0o555)
    try:
        server = _server(short, tmp_path, cache, Replay(made))
        assert _request(server, cache).startswith("ok\n")
        warnings = _stop(server)
    finally:
        cache.chmod(0o755)
    assert len(warnings) == 1 and "read-only" in warnings[0]


def test_a_cache_folder_that_is_a_file_is_given_up_with_one_warning(made, short, tmp_path):
    cache = tmp_path / "cache"
    cache.write_bytes(b"not a folder")
    server = _server(short, tmp_path, cache, Replay(made))
    assert server.cache is None
    assert _request(server, cache).startswith("ok\n")
    assert _kernel(server, made.key).instrumented
    warnings = _stop(server)
    assert len(warnings) == 1 and "it is not a folder" in warnings[0]
    assert cache.read_bytes() == b"not a folder"


def test_a_meta_path_outside_the_cache_is_not_written(made, short, tmp_path):
    from neutrino_py.hook import protocol
    cache = tmp_path / "cache"
    cache.mkdir()
    server = _server(short, tmp_path, cache, Replay(made))
    elsewhere = tmp_path / "elsewhere.meta"
    msg = protocol.Message("instrument", {"kernel": ["vector_add"], "image": ["img"],
                                          "arch": ["90"], "meta": [str(elsewhere)]},
                           VECTOR_ADD.read_bytes())
    assert server._on_instrument(msg).startswith("ok\n") and not elsewhere.exists()
    _stop(server)


def _instrument_into(cache: str, short: str, tmp: str, name: str, start) -> str:
    """One process instrumenting vector_add into `cache`, as `neutrino trace`'s server does."""
    from neutrino_py.hook.server import Server
    from neutrino_py.tracedir import TraceWriter
    server = Server(Path(short) / f"{name}.sock", TraceWriter.start(Path(tmp) / name), _engine(),
                    Path(cache), Path(short))
    server.check_cache()
    start.wait()
    try:
        return _request(server, Path(cache))
    finally:
        _stop(server)


def test_two_processes_instrumenting_one_kernel_into_one_cache(made, short, tmp_path):
    """Both processes answer, and the cache holds one whole entry that a later run serves."""
    cache = tmp_path / "cache"
    cache.mkdir()
    ctx = multiprocessing.get_context("spawn")
    with ctx.Manager() as manager:
        start = manager.Event()
        with ctx.Pool(2) as pool:
            jobs = [pool.apply_async(_instrument_into, (str(cache), str(short), str(tmp_path), n, start))
                    for n in ("p1", "p2")]
            time.sleep(0.5)
            start.set()
            replies = [job.get(timeout=240) for job in jobs]
    assert replies[0] == replies[1] and replies[0].startswith("ok\n")
    assert not list(cache.glob(".*.tmp"))
    later = _server(short, tmp_path, cache, Replay(made), "later")
    assert (cache / META).read_text() == replies[0]
    kernel = _kernel(later, made.key)
    assert kernel.instrumented and kernel.manifest == made.manifest
    assert (cache / f"{made.key}.cubin").read_bytes() == made.cubin
    assert _stop(later) == []


def test_a_kept_code_file_of_other_values_is_compiled_afresh(tmp_path, monkeypatch):
    """A kept dataclasses code file that holds something other than code objects (damaged into
    another valid marshal) made `exec` fail on the first dataclass: such entries are left out."""
    import marshal
    from neutrino_py import codecache
    kept = tmp_path / "dataclasses.marshal"
    kept.write_bytes(marshal.dumps({"x = 1\n": 42, "y = 2\n": compile("y = 2\n", "other.py", "exec"),
                                    7: "z"}))
    monkeypatch.setattr(codecache, "_path", lambda: kept)
    codecache.install()
    try:
        scope: dict = {}
        codecache._exec("x = 1\n", scope)
        codecache._exec("y = 2\n", scope)
        assert (scope["x"], scope["y"]) == (1, 2)
    finally:
        codecache.remove()


def test_a_cache_folder_that_cannot_be_made_has_a_temporary_stand_in(tmp_path):
    """A file where a cache folder goes (here the cubin cache's): `neutrino instrument` still
    instruments, warns once which folder it could not use, and writes the same PTX."""
    root = tmp_path / "cache"
    root.mkdir()
    (root / "cubin").write_text("not a folder")
    out, err = tmp_path / "out.ptx", tmp_path / "err.txt"
    env = {**os.environ, "NEUTRINO_CACHE": str(root)}
    run = subprocess.run([sys.executable, "-m", "neutrino_py", "instrument", "--probe", "block_sched",
                          str(VECTOR_ADD), "-o", str(out)], env=env, capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    assert run.stderr.count("cannot be used") == 1 and f"{root / 'cubin'}" in run.stderr
    assert ".entry" in out.read_text() and (root / "cubin").read_text() == "not a folder"
