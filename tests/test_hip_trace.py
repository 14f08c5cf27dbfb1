"""`neutrino trace` of a HIP program against a fake libamdhip64 (tests/fakes/fake_hip.c): the HIP
shim asks the engine server for each kernel's twin (a real GCN code object, assembled from the
corpus with llvm-mc + ld.lld), launches it with the map buffers appended, copies the maps back on
a side stream into the trace, and counts what fell back. No AMD GPU exists here; the fake stands
in for one and fills the map buffers with bytes the test knows."""
from __future__ import annotations

import os
import re
import struct
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from neutrino_py import Trace, probe
from neutrino_py.assemble import gcn as gcn_tools
from neutrino_py.hook import build, build_hip
from neutrino_py.hook.engine import Engine
from neutrino_py.hook.server import Server
from neutrino_py.tracedir import TraceWriter
from tests.test_hook_shim import FakeInstrumenter, binaries  # noqa: F401 (fixture)

FAKES = Path(__file__).parent / "fakes"
HOOK = Path(build.__file__).parent
CORPUS = Path(__file__).parent / "corpus_gcn" / "kernels.gfx942.s"
pytestmark = pytest.mark.skipif(
    build.compiler() is None or gcn_tools.llvm_tool("llvm-mc") is None or gcn_tools.llvm_tool("ld.lld") is None,
    reason="needs a C compiler and llvm-mc / ld.lld")


def bundle(code: bytes, triple: str = "hipv4-amdgcn-amd-amdhsa--gfx942") -> bytes:
    """A clang offload bundle holding an empty host entry and `code` (image/offload.py's format)."""
    entries = [("host-x86_64-unknown-linux-gnu", b""), (triple, code)]
    head = 24 + 8 + sum(24 + len(t) for t, _ in entries)
    out, body, at = bytearray(b"__CLANG_OFFLOAD_BUNDLE__" + struct.pack("<Q", len(entries))), b"", head
    for t, blob in entries:
        out += struct.pack("<QQQ", at, len(blob), len(t)) + t.encode()
        body += blob
        at += len(blob)
    return bytes(out + body)


@pytest.fixture(scope="module")
def program(tmp_path_factory):
    """The fake runtime, the program linked to it, and its code object and fat binary (built from
    the corpus's gfx942 assembly, which sits beside them as the engine's source)."""
    root = tmp_path_factory.mktemp("fake_hip")
    cc = build.compiler()
    subprocess.run([cc, "-std=gnu11", "-shared", "-fPIC", f"-I{HOOK}", "-Wl,-soname,libamdhip64.so", "-o",
                    str(root / "libamdhip64.so"), str(FAKES / "fake_hip.c"), "-lpthread"], check=True)
    subprocess.run([cc, "-std=gnu11", "-o", str(root / "prog"), str(FAKES / "prog_hip.c"),
                    str(root / "libamdhip64.so"), f"-Wl,-rpath,{root}"], check=True)
    asm = root / "asm"
    asm.mkdir()
    (asm / "kernels.s").write_text(CORPUS.read_text())
    code = gcn_tools.gcn_to_hsaco(CORPUS.read_text(), "gfx942")
    (root / "kernels.hsaco").write_bytes(code)
    (root / "kernels.hipfb").write_bytes(bundle(code))
    build_hip.shim_path()
    return root


def trace(root: Path, tmp: Path, *options: str, cache: Path | None = None, probe: str = "hotness",
          env_extra: dict | None = None):
    """`neutrino trace --probe PROBE` of the program, caching under `cache` (default `tmp`):
    (fake's log lines, stderr summary, Trace)."""
    tmp.mkdir(parents=True, exist_ok=True)
    log = tmp / "hip.log"
    env = {**os.environ, "FAKE_HIP_LOG": str(log), "NEUTRINO_CACHE": str((cache or tmp) / "cache"), **(env_extra or {})}
    run = subprocess.run([sys.executable, "-m", "neutrino_py", "trace", "--probe", probe,
                          "--tracedir", str(tmp / "traces"), "--gcn-asm", str(root / "asm"), *options,
                          "--", str(root / "prog"), str(root / "kernels.hsaco"), str(root / "kernels.hipfb")],
                         env=env, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    return log.read_text().splitlines(), run.stderr, Trace(tmp / "traces")


def fnv(data: bytes) -> str:
    h = 0xcbf29ce484222325
    for b in data:
        h = ((h ^ b) * 0x100000001b3) & 0xFFFFFFFFFFFFFFFF
    return f"{h:016x}"


def pattern(nbytes: int, k: int) -> bytes:
    """What the fake writes into map k: byte j = (7j + 13k + 1) mod 256."""
    return bytes((7 * j + 13 * k + 1) & 0xFF for j in range(nbytes))


def test_hip_block_maps_are_sized_by_the_launch_grid(program, tmp_path):
    """block_sched's [block] row (laid out as record(1)): the shim sizes the map per launch from
    the engine's rule, blocks x (16-byte record + 4-byte count), and the reader decodes what it
    got back."""
    _, _, t = trace(program, tmp_path, probe="block_sched")
    done = [x for x in t.launches if x.instrumented]
    assert [x.grid[0] for x in done] == [2, 3, 4, 6, 5]
    for x in done:
        assert x.info["segments"]["sched"]["nbytes"] == x.grid[0] * (16 + 4)
        assert len(x.maps["sched"]) <= x.grid[0]


def test_hip_program_traced_with_instrumented_code_objects(program, tmp_path):
    log, summary, t = trace(program, tmp_path)
    loads = [line for line in log if line.startswith("load elf")]
    twins = [line for line in loads if line.endswith("twin=1")]
    # the program's code object, then one twin per image (module API and fat binary)
    assert len(loads) == 3 and len(twins) == 2 and loads[0].endswith("twin=0")
    kernel = next(k for k in t.kernels if k.instrumented)
    hsaco = next((tmp_path / "cache").rglob(f"{kernel.hash}.cubin")).read_bytes()
    assert all(f"bytes={len(hsaco)} fnv={fnv(hsaco)} twin=1" in line for line in twins)

    launches = [line for line in log if line.startswith("launch")]
    twin_runs = [line for line in launches if " twin " in line]
    # the launch with its arguments packed in `extra` (grid 6) runs the twin with them as args
    assert [re.search(r"grid=(\d+)", line)[1] for line in twin_runs] == ["2", "3", "4", "6", "5"]
    assert all("own=4 maps=1" in line for line in twin_runs)   # 4 own args, then header + 1 map
    own = {re.search(r"args=(\S+)", line)[1] for line in launches if "args=" in line}
    assert len(own) == 1                                  # the program's arguments, untouched
    assert "launch vector_add extra=1" in launches
    assert [line for line in launches if " host " in line] == [
        f"launch missing host grid=1 block=64 args={own.pop()}"]
    assert not any(line in ("stream_sync program", "stream_wait program") for line in log)
    assert all(line.endswith("on side") for line in log if line.startswith("copy_back"))
    assert "stream_create flags=1" in log                # the side stream is non-blocking

    done = [x for x in t.launches if x.instrumented]
    assert [x.grid[0] for x in done] == [2, 3, 4, 6, 5] and len(t.launches) == 7
    for x in done:
        pages = x.maps["pages"]
        assert pages.dtype.itemsize == 8 and pages.size == 1 << 16
        assert pages.tobytes() == pattern(8 << 16, 0)
        assert x.dropped["pages"] == 5                     # header slot 0 as the fake wrote it
    # the HIP shim's own data file (CUDA's shim, preloaded beside it, would write maps.bin)
    assert [p.name for p in (t.dir / "procs").glob("*/*")] == ["maps.hip.bin"]

    s = t.summary
    assert s["launches"] == 7 and s["instrumented_launches"] == 5
    assert s["kernels_instrumented"] == ["vector_add"]     # one assembly: one kernel record
    assert s["kernels_skipped"] == {"missing": "kernel not in the image (gfx942)"}
    assert s["fallbacks"] == {"kernel arguments passed through `extra`": 1, "not instrumentable": 1}
    assert "launches: 7 (5 instrumented)" in summary
    assert "fallback to the original kernel: 1 launch(es): kernel arguments passed through `extra`" in summary
    assert "fallback to the original kernel: 1 launch(es): not instrumentable" in summary
    assert "missing" in summary and "kernel not in the image (gfx942)" in summary


def test_hip_graph_replays_are_launches_with_maps(program, tmp_path):
    """A twin captured into a HIP graph (the same core as CUDA's): each replay is a launch with
    that replay's maps, the buffer freed with the last handle on the graph."""
    log, summary, t = trace(program, tmp_path, env_extra={"FAKE_HIP_GRAPH": "2"})
    assert "captured vector_add twin" in log and "end_capture nodes=1" in log
    replays = [x for x in t.launches if x.graph]
    assert len(t.launches) == 9 and [(x.grid[0], x.instrumented) for x in replays] == [(3, True)] * 2
    for x in replays:
        assert x.maps["pages"].tobytes() == pattern(8 << 16, 0) and x.dropped["pages"] == 5
        assert x.duration_ms is None
    assert t.summary["graph_replays"] == 2 and "2 were replays of CUDA graphs" in summary


EDITED = "a kernel node's parameters were set after its twin was made: maps not kept"


UNNAMED = "a twin's kernel node the shim could not name was edited or removed in its graph: maps not kept"


@pytest.mark.parametrize("edit,replays", [("captured-clone", [(3, False, UNNAMED)] * 4),
                                          ("captured-args", [(3, True, None)] * 2),
                                          ("captured-params", [(4, False, EDITED)] * 2),
                                          ("captured-remove", [])])
def test_hip_captured_node_edited_in_its_graph_is_found_by_its_twin(program, tmp_path, edit, replays):
    """HIP does not say which node a captured launch became; the program finds it
    (hipGraphGetNodes) and sets its parameters in the graph, or destroys it. The shim knows the
    node by the twin it runs and that twin's map buffer: n = 128 on the same grid keeps the twin,
    maps and all; grid 4 runs the original, listed so, keeping no maps; a destroyed node runs in
    no replay, and none is listed (before: all unseen, the replays listed as the twin with maps it
    never wrote). A clone's
    copy of that node holds the same twin and buffer, so an edit of either cannot say which: both
    graphs' replays keep no maps."""
    log, _, t = trace(program, tmp_path, env_extra={"FAKE_HIP_GRAPH": "2", "FAKE_HIP_EDIT": edit})
    assert [(x.grid[0], x.instrumented, x.info["fallback"]) for x in t.launches if x.graph] == replays
    for x in (x for x in t.launches if x.graph and x.instrumented):
        assert x.maps["pages"].tobytes() == pattern(8 << 16, 0)
    replayed = log[log.index("end_capture nodes=1"):]
    twin = [line for line in replayed if line.startswith("launch vector_add twin grid=3 ") and "00000080" in line]
    assert len(twin) == (2 if edit == "captured-args" else 0)


def built(program, tmp_path, edit=""):
    """FAKE_HIP_BUILT=2: the fake's log, the trace, and its graph replays as (grid, instrumented, fallback)."""
    log, _, t = trace(program, tmp_path, env_extra={"FAKE_HIP_BUILT": "2", "FAKE_HIP_EDIT": edit})
    return log, t, [(x.grid[0], x.instrumented, x.info["fallback"]) for x in t.launches if x.graph]


def twin_runs(log, grid):
    """The graph replays' launches of the twin on `grid`: their own arguments (the last is n)."""
    replays = log[log.index("added a child graph of 1 nodes"):]
    return [re.search(r"args=(\S+)", line)[1] for line in replays
            if line.startswith(f"launch vector_add twin grid={grid} ")]


def test_hip_graph_built_node_by_node_replays_each_twin_with_its_maps(program, tmp_path):
    """hipGraphAddKernelNode (a module function), hipGraphAddNode of a kernel (a host stub, as
    hipLaunchKernel takes it) and of a child graph: each kernel node is its twin (a module
    function of the twin code object, which HIP takes in func), and every replay lists each
    twin with its maps."""
    log, t, replays = built(program, tmp_path)
    assert {"added vector_add twin grid=2", "added vector_add twin grid=3", "added a child graph of 1 nodes"} <= set(log)
    assert replays == [(3, True, None), (2, True, None), (1, True, None)] * 2
    for x in (x for x in t.launches if x.graph):
        assert x.maps["pages"].tobytes() == pattern(8 << 16, 0) and x.dropped["pages"] == 5
    assert [len(twin_runs(log, grid)) for grid in (1, 2, 3)] == [2, 2, 2]


@pytest.mark.parametrize("edit", ["args", "exec"])
def test_hip_built_twin_node_given_new_arguments_keeps_its_maps(program, tmp_path, edit):
    """hipGraphKernelNodeSetParams before instantiation, or hipGraphExecKernelNodeSetParams after,
    with the same kernel and grid: the node stays the twin, with the new n (0x80) and its maps."""
    log, t, replays = built(program, tmp_path, edit)
    assert replays == [(3, True, None), (2, True, None), (1, True, None)] * 2
    assert [args.split(",")[3] for args in twin_runs(log, 2)] == ["00000080"] * 2
    assert [args.split(",")[3] for args in twin_runs(log, 3)] == ["00000100"] * 2


def test_hip_exec_whose_child_graph_node_was_given_another_graph_keeps_no_maps(program, tmp_path):
    log, t, replays = built(program, tmp_path, "exec-child")
    assert replays and {r[1:] for r in replays} == {(False, "a child graph node was given another graph in the exec: maps not kept")}


def test_hip_removed_twin_node_is_no_replay_and_the_others_keep_their_maps(program, tmp_path):
    log, t, replays = built(program, tmp_path, "remove")
    assert replays == [(3, True, None), (1, True, None)] * 2
    for x in (x for x in t.launches if x.graph):
        assert x.maps["pages"].tobytes() == pattern(8 << 16, 0)


def test_hip_twin_node_given_another_grid_alone_keeps_no_maps(program, tmp_path):
    """The first node given grid 4 runs the original kernel: its replays say so, on that grid;
    the other twins keep their maps."""
    log, t, replays = built(program, tmp_path, "params")
    assert replays == [(3, True, None), (4, False, EDITED), (1, True, None)] * 2
    assert sum(line.startswith("launch vector_add original grid=4 ") for line in log) == 2
    for x in (x for x in t.launches if x.graph and x.instrumented):
        assert x.maps["pages"].tobytes() == pattern(8 << 16, 0)


def test_hip_clone_keeps_its_twins_and_takes_its_own_edits(program, tmp_path):
    """hipGraphClone, then the first node's copy (hipGraphNodeFindInClone) given n = 0x80: the
    clone's node stays the twin with the new argument and its maps, the original keeps its own."""
    log, t, replays = built(program, tmp_path, "clone-args")
    assert replays == [(3, True, None), (2, True, None), (1, True, None)] * 4
    assert [args.split(",")[3] for args in twin_runs(log, 2)] == ["00000100", "00000080"] * 2
    for x in (x for x in t.launches if x.graph):
        assert x.maps["pages"].tobytes() == pattern(8 << 16, 0)


def test_hip_clone_child_graphs_node_keeps_its_twin_and_takes_its_own_edits(program, tmp_path):
    """The child graph's node in a clone (found in the graph the clone's child graph node holds)
    given n = 0x80 stays the twin with the new argument and its maps, through the core CUDA uses."""
    log, t, replays = built(program, tmp_path, "clone-child")
    assert "node_set vector_add twin grid=1" in log
    assert replays == [(3, True, None), (2, True, None), (1, True, None)] * 4
    assert [args.split(",")[3] for args in twin_runs(log, 1)] == ["00000100", "00000080"] * 2
    for x in (x for x in t.launches if x.graph):
        assert x.maps["pages"].tobytes() == pattern(8 << 16, 0)


def test_hip_clone_given_another_grid_keeps_no_maps_and_the_original_keeps_its_own(program, tmp_path):
    """The clone's replays list its node with the grid it runs now (4), not its twin's."""
    log, t, replays = built(program, tmp_path, "clone-params")
    assert replays == ([(3, True, None), (2, True, None), (1, True, None)] + [(3, True, None), (4, False, EDITED),
                                                                          (1, True, None)]) * 2
    assert sum(line.startswith("launch vector_add original grid=4 ") for line in log) == 2


def test_second_run_uses_the_disk_cache_and_bounds_hold(program, tmp_path):
    _, _, t = trace(program, tmp_path / "first", cache=tmp_path)
    assert t.summary["instrument_requests"] == 3          # vector_add twice (two images), missing
    _, _, t = trace(program, tmp_path / "launches", "--launches", "1", cache=tmp_path)
    assert t.summary["instrument_requests"] == 0          # the .meta files answer
    assert [x.grid[0] for x in t.launches if x.instrumented] == [2, 5]     # first of each twin
    assert t.summary["fallbacks"]["launch limit reached (--launches)"] == 3   # grids 3, 4, 6
    _, _, t = trace(program, tmp_path / "timed", "--launches", "1", "--launch-times", "recorded", cache=tmp_path)
    assert [x.grid[0] for x in t.launches if x.duration_ms is not None] == [2, 5]   # the recorded ones
    assert all(x.duration_ms is None for x in t.launches if not x.instrumented) and len(t.launches) == 7
    _, _, t = trace(program, tmp_path / "every", "--every", "2", cache=tmp_path)
    assert [x.grid[0] for x in t.launches if x.instrumented] == [2, 4, 5]
    _, summary, t = trace(program, tmp_path / "small", "--max-bytes", "700K", cache=tmp_path)
    assert [x.grid[0] for x in t.launches if x.instrumented] == [2]
    assert "recording stopped: trace budget reached (--max-bytes)" in summary


def test_without_an_engine_the_shim_passes_every_launch_through(program, tmp_path):
    log = tmp_path / "hip.log"
    env = {**os.environ, "FAKE_HIP_LOG": str(log), "NEUTRINO_SHIM_DEBUG": "1",
           "LD_PRELOAD": f"{build.shim_path()}:{build_hip.shim_path()}"}
    run = subprocess.run([str(program / "prog"), str(program / "kernels.hsaco"), str(program / "kernels.hipfb")],
                         env=env, capture_output=True, text=True, timeout=60)
    assert run.returncode == 0 and run.stdout == "done\n", run.stderr
    counts = {k: int(v) for k, v in re.findall(r"neutrino-hip: (\w+) (\d+)", run.stderr)}
    assert counts["hipModuleLaunchKernel"] == 5 and counts["hipLaunchKernel"] == 2
    assert counts["launches"] == 7 and counts["instrumented"] == 0
    assert sum(" original " in line or " host " in line for line in log.read_text().splitlines()) == 5


def test_a_refused_code_object_is_said_to_be_refused_by_the_runtime(program, tmp_path, monkeypatch):
    monkeypatch.setenv("FAKE_HIP_REFUSE_TWIN", "1")
    _, summary, t = trace(program, tmp_path)
    assert not any(x.instrumented for x in t.launches)
    refused = "the runtime refused the instrumented code object"
    assert t.summary["fallbacks"] == {refused: 6, "not instrumentable": 1}      # `missing`: the engine said no
    assert f"fallback to the original kernel: 6 launch(es): {refused}" in summary


class BothRuntimes:
    """The fake libcuda's images go to FakeInstrumenter; GCN code objects to the real engine."""

    def __init__(self, asm: Path) -> None:
        self.fake = FakeInstrumenter()
        self.engine = Engine(probe.load_file("hotness"), gcn_asm=[asm])

    def __call__(self, data: bytes, name: str, arch, origin=None):
        return (self.fake if data.startswith(b"FAKEIMAGE") else self.engine)(data, name, arch, origin)


def test_one_process_using_cuda_and_hip_writes_one_data_file_per_shim(program, binaries, tmp_path):
    """Both shims active in one process: each writer thread appends to its own file under
    procs/<pid>/ (maps.bin, maps.hip.bin), and every launch's maps read back from the one its
    event names."""
    root, _ = binaries
    main = tmp_path / "both.c"
    main.write_text("int cuda_main(int, char **); int hip_main(int, char **);\n"
                    "int main(int argc, char **argv) {\n"
                    "    char *c[] = {argv[0], \"loop\", argv[1], \"2\", 0}, *h[] = {argv[0], argv[2], argv[3], 0};\n"
                    "    return argc != 4 ? 2 : cuda_main(4, c) || hip_main(3, h);\n}\n")
    cc = build.compiler()
    subprocess.run([cc, "-std=gnu11", "-c", "-Dmain=cuda_main", "-o", str(tmp_path / "cuda.o"), str(FAKES / "prog.c")],
                   check=True)
    subprocess.run([cc, "-std=gnu11", "-c", "-Dmain=hip_main", "-o", str(tmp_path / "hip.o"),
                    str(FAKES / "prog_hip.c")], check=True)
    subprocess.run([cc, "-std=gnu11", "-o", str(tmp_path / "both"), str(main), str(tmp_path / "cuda.o"),
                    str(tmp_path / "hip.o"), str(root / "libcuda.so.1"), str(program / "libamdhip64.so"),
                    f"-Wl,-rpath,{root}:{program}", "-ldl", "-lpthread"], check=True)
    writer = TraceWriter.start(tmp_path / "trace", command=["both"])
    server = Server(tmp_path / "s.sock", writer, BothRuntimes(program / "asm"), None, tmp_path).start()
    env = {**os.environ, "LD_PRELOAD": f"{build.shim_path()}:{build_hip.shim_path()}",
           "NEUTRINO_SOCKET": str(server.path), "NEUTRINO_TRACE_RUN": str(writer.dir),
           "FAKE_CUDA_LOG": str(tmp_path / "cuda.log"), "FAKE_HIP_LOG": str(tmp_path / "hip.log")}
    env.pop("NEUTRINO_HOOK_CACHE", None)
    try:
        run = subprocess.run([str(tmp_path / "both"), str(root / "image.bin"), str(program / "kernels.hsaco"),
                              str(program / "kernels.hipfb")], env=env, capture_output=True, text=True, timeout=120)
        assert run.returncode == 0, run.stderr
        server.wait_idle(10)
    finally:
        server.stop()
        writer.meta(processes=server.processes())
        writer.close(server.summary())
    t = Trace(writer.dir)
    assert sorted(p.name for p in (t.dir / "procs").glob("*/*")) == ["maps.bin", "maps.hip.bin"]
    cuda = [x for x in t.launches if x.kernel == "add"]
    hip = [x for x in t.launches if x.kernel == "vector_add" and x.instrumented]
    assert len(cuda) == 2 and all(x.instrumented and x.info["data"].endswith("/maps.bin") for x in cuda)
    assert all(np.array_equal(x.maps["m"]["tid"], np.arange(64 * 64)) for x in cuda)
    assert [x.grid[0] for x in hip] == [2, 3, 4, 6, 5]
    assert all(x.info["data"].endswith("/maps.hip.bin") for x in hip)
    assert all(x.maps["pages"].tobytes() == pattern(8 << 16, 0) for x in hip)
    # each shim's goodbye counts: the bytes written are both files'
    sizes = sum(p.stat().st_size for p in (t.dir / "procs").glob("*/maps*.bin"))
    assert t.summary["recording"]["bytes_written"] == sizes > 0


def test_a_process_that_only_allocates_says_goodbye(program, tmp_path):
    """No launch, so no instrument request and no launch path: the allocation events start the
    writer, and the exit handler registered then sends them and the goodbye (exited, code 3)."""
    src = tmp_path / "alloc.c"
    src.write_text("int hipMalloc(void **, unsigned long);\n"
                   "int main(void) { void *p; return hipMalloc(&p, 64) ? 1 : 3; }\n")
    subprocess.run([build.compiler(), "-o", str(tmp_path / "alloc"), str(src), str(program / "libamdhip64.so"),
                    f"-Wl,-rpath,{program}"], check=True)
    env = {**os.environ, "NEUTRINO_CACHE": str(tmp_path / "cache")}
    run = subprocess.run([sys.executable, "-m", "neutrino_py", "trace", "--probe", "hotness", "--tracedir",
                          str(tmp_path / "traces"), "--", str(tmp_path / "alloc")],
                         env=env, capture_output=True, text=True, timeout=300)
    assert run.returncode == 3, run.stderr
    t = Trace(tmp_path / "traces")
    assert [(a["op"], a["bytes"]) for a in t.allocations] == [("alloc", 64)]
    assert [(p["state"], p["exit_code"]) for p in t.meta["processes"]] == [("exited", 3)]


def test_a_program_that_dlopens_the_runtime_is_traced_through_dlsym_and_get_proc_address(program, tmp_path):
    """hip-python's way in: libamdhip64 dlopen'ed RTLD_LOCAL (no symbol of it binds to the shim's
    exports), entry points from dlsym on that handle and from hipGetProcAddress (which hands out
    the library's own addresses). The core's dlsym and nt_swap answer with the shim's wrappers:
    all three launches run their twins and their maps are in the trace. `neutrino trace` preloads
    the CUDA shim first: its dlsym must hand HIP names on to the HIP shim's."""
    cc = build.compiler()
    exe = tmp_path / "prog_dlsym"
    subprocess.run([cc, "-std=gnu11", "-o", str(exe), str(FAKES / "prog_hip_dlsym.c"), "-ldl"], check=True)
    log = tmp_path / "hip.log"
    env = {**os.environ, "FAKE_HIP_LOG": str(log), "NEUTRINO_CACHE": str(tmp_path / "cache")}
    run = subprocess.run([sys.executable, "-m", "neutrino_py", "trace", "--probe", "hotness",
                          "--tracedir", str(tmp_path / "traces"), "--gcn-asm", str(program / "asm"),
                          "--", str(exe), str(program / "libamdhip64.so"), str(program / "kernels.hsaco")],
                         env=env, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0 and run.stdout.strip() == "done", run.stderr
    lines = log.read_text().splitlines()
    assert [line.endswith("twin=1") for line in lines if line.startswith("load elf")] == [False, True]
    twin_runs = [line for line in lines if line.startswith("launch") and " twin " in line]
    assert [re.search(r"grid=(\d+)", line)[1] for line in twin_runs] == ["2", "3", "4"]
    assert all("own=4 maps=1" in line for line in twin_runs)
    t = Trace(tmp_path / "traces")
    done = [x for x in t.launches if x.instrumented]
    assert [x.grid[0] for x in done] == [2, 3, 4] and len(t.launches) == 3
    for x in done:
        assert x.maps["pages"].tobytes() == pattern(8 << 16, 0)
        assert x.dropped["pages"] == 5
    assert t.summary["kernels_instrumented"] == ["vector_add"]


UNSHARED = "the module's variables could not be copied into the twin"
GRAPH_VARIABLES = "kernel reaches module variables (graph nodes run the original)"


def with_variables(text: str) -> str:
    """The corpus module with vector_add also taking the addresses of `counter` (u64, .bss) and
    `scale` (u32, .rodata), both defined after its code, as clang writes a __device__ variable
    and a constant one."""
    refs = "".join(f"\ts_getpc_b64 s[{r}:{r + 1}]\n\ts_add_u32 s{r}, s{r}, {v}@rel32@lo+4\n"
                   f"\ts_addc_u32 s{r + 1}, s{r + 1}, {v}@rel32@hi+12\n" for r, v in ((4, "counter"), (6, "scale")))
    body = text.index(".LBB0_2:")
    objects = "".join(f"\t.protected\t{v}\n\t.type\t{v},@object\n\t{section}\n\t.globl\t{v}\n\t.p2align\t3, 0x0\n"
                      f"{v}:\n\t{init}\n\t.size\t{v}, {size}\n"
                      for v, section, init, size in (("counter", ".bss", ".zero\t8", 8),
                                                     ("scale", '.section\t.rodata,"a",@progbits', ".long\t1", 4)))
    ident = text.index("\t.ident")
    return text[:body] + refs + text[body:ident] + objects + text[ident:]


@pytest.fixture(scope="module")
def variables_program(program, tmp_path_factory):
    """`program`'s prog and runtime with a code object (and its bundle) of `with_variables`."""
    root = tmp_path_factory.mktemp("hip_variables")
    (root / "asm").mkdir()
    text = with_variables(CORPUS.read_text())
    (root / "asm" / "kernels.s").write_text(text)
    code = gcn_tools.gcn_to_hsaco(text, "gfx942")
    (root / "kernels.hsaco").write_bytes(code)
    (root / "kernels.hipfb").write_bytes(bundle(code))
    (root / "prog").symlink_to(program / "prog")
    return root


def shared_variables(log: list[str]) -> list[str]:
    """The fake's lines about module variables, launches and events on stream 0x5 (not the
    writer's, whose copies run meanwhile), without grids and arguments."""
    kept = []
    for line in log:
        line = re.sub(r"^(launch vector_add (?:twin|original|host)) .*", r"\1", line)
        if line == "event on 0x5" or line.startswith(("program ", "copy ", "twin vector_add sees ",
                                                      "launch vector_add", "captured ")):
            kept.append(line)
    return kept


def test_hip_module_variables_reach_the_twin_and_what_it_writes_comes_back(variables_program, tmp_path):
    """The engine lists vector_add's `counter` (writable) and `scale` (read only); the program
    sets them in its module to 41 and 7, launches vector_add twice on stream 0x5 and reads them
    back; each twin launch adds 1 to its own copies. Before each launch the twin's copies get the
    program's values on the launch's stream, before its start event; after its end event the
    writable `counter` is copied back, `scale` is not, so the twin sees 7 both times and the
    program keeps it. Captured into a graph, vector_add runs as the original. The same through
    the host stub of a registered fat binary, whose variables (51 and 9) are found by the host
    shadows it registered."""
    log, _, t = trace(variables_program, tmp_path, env_extra={"FAKE_HIP_VARIABLES": "1"})
    launch_twin = ["copy image counter = {c} to twin counter on stream 0x5",
                   "copy image scale = {s} to twin scale on stream 0x5", "event on 0x5", "launch vector_add twin",
                   "twin vector_add sees counter = {c} on stream 0x5", "twin vector_add sees scale = {s} on stream 0x5",
                   "event on 0x5", "copy twin counter = {n} to image counter on stream 0x5"]

    def twice(c: int, s: int) -> list[str]:
        return [line.format(c=c + i, n=c + i + 1, s=s) for i in (0, 1) for line in launch_twin]

    assert shared_variables(log) == [
        "program writes image counter = 41", "program writes image scale = 7",
        "event on 0x5",                         # the reference event, recorded once
        *twice(41, 7), "program reads image counter = 43", "program reads image scale = 7",
        "captured vector_add", "launch vector_add original",
        "program writes image counter = 51", "program writes image scale = 9",
        *twice(51, 9), "program reads image counter = 53", "program reads image scale = 9"]
    assert [(x.grid[0], x.instrumented, x.info["fallback"]) for x in t.launches] == [
        (1, True, None), (1, True, None), (3, False, GRAPH_VARIABLES), (5, True, None), (5, True, None)]
    assert t.summary["fallbacks"] == {GRAPH_VARIABLES: 1}


def test_hip_variable_the_runtime_will_not_copy_runs_the_original(variables_program, tmp_path):
    """A copy into the twin that fails runs the original kernel, on the program's variables,
    which the twin never touched."""
    log, _, t = trace(variables_program, tmp_path,
                      env_extra={"FAKE_HIP_VARIABLES": "1", "FAKE_HIP_VARIABLE_COPY_FAIL": "1"})

    def refused(how: str) -> list[str]:
        return ["copy image counter to twin counter refused", "event on 0x5", f"launch vector_add {how}",
                "event on 0x5"] * 2

    assert shared_variables(log) == [
        "program writes image counter = 41", "program writes image scale = 7", "event on 0x5",
        *refused("original"), "program reads image counter = 41", "program reads image scale = 7",
        "captured vector_add", "launch vector_add original",
        "program writes image counter = 51", "program writes image scale = 9",
        *refused("host"), "program reads image counter = 51", "program reads image scale = 9"]
    assert [x.info["fallback"] for x in t.launches] == [UNSHARED] * 2 + [GRAPH_VARIABLES] + [UNSHARED] * 2
