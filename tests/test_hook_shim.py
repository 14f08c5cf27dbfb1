"""The preload shim against a fake libcuda built here (tests/fakes/): interception through direct
calls, dlsym on a dlopen handle and cuGetProcAddress; appended parameters; maps copied back into
the trace; fallbacks taken and counted; the disk cache skipping the server."""
from __future__ import annotations

import os
import re
import subprocess
import time
from pathlib import Path

import numpy as np
import pytest

from neutrino_py.hook import build
from neutrino_py.hook.engine import KernelEntry, skipped
from neutrino_py.hook.server import Server
from neutrino_py.tracedir import Trace, TraceWriter

FAKES = Path(__file__).parent / "fakes"
pytestmark = pytest.mark.skipif(build.compiler() is None, reason="no C compiler")

MANIFEST = {"version": 1, "kernel": "add", "target": "ptx",
            "probe": {"hash": "0" * 64, "text": "", "file": "fake.probe"},
            "params": [{"name": "__nt_hdr", "role": "header"},
                       {"name": "__nt_map_m", "role": "map", "map": "m"}],
            "maps": [{"name": "m", "kind": "counter", "level": "thread", "dtype": [["tid", "<u4"]],
                      "capacity": None, "pool": None, "header_slot": 0}],
            "positions": {}, "registers_added": {}, "warnings": []}


POOLED = {**MANIFEST, "params": MANIFEST["params"] + [{"name": "__nt_map_p", "role": "map", "map": "p"}],
          "maps": MANIFEST["maps"] + [{"name": "p", "kind": "record", "level": "thread", "dtype": [["tid", "<u4"]],
                                       "capacity": None, "pool": 1 << 16, "header_slot": 1}]}


class FakeInstrumenter:
    """`add` gets a twin (a FAKECUBIN the fake driver recognizes); anything else is SASS only."""

    def __init__(self, manifest: dict = MANIFEST, twin: str = "add", layout: tuple = (),
                 prefix: bytes = b"FAKEIMAGE", variables: tuple = ()) -> None:
        self.twin, self.layout, self.prefix, self.variables = twin, layout, prefix, variables
        self.calls: list[str] = []
        self.images: list[tuple[bytes, str | None]] = []
        self.manifest = manifest

    def __call__(self, data: bytes, name: str, arch: int, origin: str | None) -> KernelEntry:
        self.calls.append(name)
        self.images.append((data, origin))
        assert data.startswith(self.prefix) and arch == 90
        if name != self.twin:
            return skipped(name, "SASS only: the image holds sm_90 machine code and no PTX", "nvcc")
        return KernelEntry(name, "k" * 16, "nvcc", None, "// fake ptx", "// fake instrumented", self.manifest,
                      b"FAKECUBIN\0", 2, None, self.layout, self.variables)


@pytest.fixture(scope="module")
def binaries(tmp_path_factory):
    root = tmp_path_factory.mktemp("fakes")
    cc = build.compiler()
    subprocess.run([cc, "-std=gnu11", "-shared", "-fPIC", "-Wl,-soname,libcuda.so.1", "-Wl,-Bsymbolic", "-o",
                    str(root / "libcuda.so.1"), str(FAKES / "fake_cuda.c"), "-ldl", "-lpthread"], check=True)
    subprocess.run([cc, "-std=gnu11", "-shared", "-fPIC", "-o", str(root / "libnvJitLink.so.13"),
                    str(FAKES / "fake_nvjitlink.c")], check=True)
    subprocess.run([cc, "-std=gnu11", "-o", str(root / "prog"), str(FAKES / "prog.c"), str(root / "libcuda.so.1"),
                    f"-Wl,-rpath,{root}", "-ldl", "-lpthread"], check=True)
    (root / "image.bin").write_bytes(b"FAKEIMAGE add sass_only\0")
    return root, build.shim_path()


def run_prog(binaries, tmp_path, mode, socket=None, cache=None, nmaps=1, run=None, env_extra=None,
             preexec=None, command=None):
    root, shim = binaries
    log = tmp_path / f"{mode}.log"
    env = {**os.environ, "LD_PRELOAD": str(shim), "LD_LIBRARY_PATH": str(root), "FAKE_CUDA_LOG": str(log),
           "NEUTRINO_SHIM_DEBUG": "1", "FAKE_NMAPS": str(nmaps)}
    for key, value in (("NEUTRINO_SOCKET", socket), ("NEUTRINO_HOOK_CACHE", cache), ("NEUTRINO_TRACE_RUN", run)):
        env.pop(key, None)
        if value:
            env[key] = str(value)
    env.update(env_extra or {})
    verb, *more = mode.split()
    out = subprocess.run(command or [str(root / "prog"), verb, str(root / "image.bin"), *more], env=env,
                         capture_output=True, text=True, timeout=60, preexec_fn=preexec)
    assert out.returncode == 0, out.stderr
    counts = {m[0]: int(m[1]) for m in re.findall(r"neutrino-shim: (\w+) (\d+)", out.stderr)}
    return (log.read_text().splitlines() if log.exists() else []), counts


def traced(binaries, tmp_path, mode, cache=None, instrumenter=None, env_extra=None, preexec=None,
           command=None):
    writer = TraceWriter.start(tmp_path / "trace", command=["prog", mode])
    instrumenter = instrumenter or FakeInstrumenter()
    server = Server(tmp_path / "s.sock", writer, instrumenter, cache, tmp_path).start()
    try:
        log, counts = run_prog(binaries, tmp_path, mode, socket=server.path, cache=cache,
                               nmaps=len(instrumenter.manifest["maps"]), run=writer.dir,
                               env_extra=env_extra, preexec=preexec, command=command)
        server.wait_idle(10)
    finally:
        server.stop()
        writer.meta(processes=server.processes())      # as `neutrino trace` does
        writer.close(server.summary())
    return log, counts, Trace(writer.dir), instrumenter


@pytest.mark.parametrize("mode,launch_fn", [("direct", "cuLaunchKernel"), ("dlsym", "cuLaunchKernel"),
                                            ("proc", "cuLaunchKernel_ptsz")])
def test_every_path_reaches_the_shim_and_launches_twins(binaries, tmp_path, mode, launch_fn):
    log, counts, trace, inst = traced(binaries, tmp_path, mode)
    assert counts[launch_fn] == 5 and counts["cuLaunchKernelEx"] == 1
    if mode == "proc":
        assert counts["cuGetProcAddress_v2"] >= 1 and counts["cuLibraryLoadData"] == 1
    assert inst.calls == ["add", "sass_only"]                       # once per kernel
    twin = [line for line in log if line.startswith("cuLaunch") and " add twin " in line]
    # original params untouched, header and map pointers appended (map at header + 256)
    assert len(twin) == 3
    assert all(re.search(r"params= [0-9a-f]+ 2222 extra=0", line) for line in twin)
    assert log.count("map 0 at header+256") == 3
    assert "cuKernelSetAttribute add twin 8 65536" in log             # shared-memory opt-in replayed
    # the launch on the capturing stream is a graph node (the twin's): the graph's replays record
    assert counts["launches"] == 6 and counts["instrumented"] == 3 and counts["graph_twins"] == 1
    assert "captured add twin" in log and counts["fallback_graph_capture"] == 0
    assert counts["fallback_extra_params"] == 1
    assert counts["fallback_not_instrumentable"] == 1 and counts["lost_events"] == 0

    assert [(x.kernel, x.instrumented) for x in trace.launches] == [
        ("add", True), ("add", True), ("sass_only", False), ("add", False), ("add", True)]
    for launch, threads in zip([trace.launches[i] for i in (0, 1, 4)], (128, 128, 96)):
        np.testing.assert_array_equal(launch.maps["m"]["tid"], np.arange(threads))
    assert tuple(trace.launches[2].grid) == (1, 1, 1) and tuple(trace.launches[4].grid) == (3, 1, 1)
    fallbacks = trace.summary["fallbacks"]
    assert fallbacks == {"not instrumentable": 1, "kernel arguments passed through `extra`": 1}
    assert trace.summary["kernels_skipped"] == {"sass_only": "SASS only: the image holds sm_90 machine code and no PTX"}
    assert [(a["op"], a["bytes"]) for a in trace.allocations] == [("alloc", 4096), ("free", 0)], trace.allocations


def test_arguments_packed_in_extra_reach_the_twin_as_kernel_params(binaries, tmp_path):
    """tinygrad packs a launch's arguments in `extra` (BUFFER_POINTER, BUFFER_SIZE): with the
    kernel's param layout from the engine the twin gets them as kernelParams, header and maps
    appended; a buffer shorter than the params runs the original kernel, counted."""
    log, counts, trace, _ = traced(binaries, tmp_path, "packed",
                                   instrumenter=FakeInstrumenter(layout=(16, 0, 8)))
    twin = [line for line in log if re.match(r"cuLaunchKernel\w* add twin ", line)]
    assert len(twin) == 2 and all(re.search(r"params= [0-9a-f]+ 3333 extra=0$", t) for t in twin)
    assert counts["instrumented"] == 2 and counts["fallback_extra_params"] == 1
    assert [x.instrumented for x in trace.launches] == [True, True, False]
    for launch, threads in zip(trace.launches[:2], (128, 32)):
        np.testing.assert_array_equal(launch.maps["m"]["tid"], np.arange(threads))
    assert trace.summary["fallbacks"] == {"kernel arguments passed through `extra`": 1}


GRAPH_VARIABLES = "kernel reaches module variables (graph nodes run the original)"


def shared_variables(log: list[str]) -> list[str]:
    """The fake's lines about module variables, launches and events on stream 0x5 (not the
    writer's, whose copies run meanwhile), without pointers."""
    kept = []
    for line in log:
        line = re.sub(r"^event 0x[0-9a-f]+ recorded on 0x5$", "event on 0x5", line)
        line = re.sub(r"^(cuLaunchKernel\w*|cuGraphLaunch) (add(?: twin)?) .*", r"\1 \2", line)
        if line.startswith(("program ", "copy ", "twin add sees ", "event on ", "cuLaunchKernel", "captured ",
                            "cuGraphLaunch ")):
            kept.append(line)
    return kept


@pytest.mark.parametrize("mode, launch", [("variables", "cuLaunchKernel"),
                                          ("libvariables", "cuLaunchKernel_ptsz")])
def test_module_variables_reach_the_twin_and_what_it_writes_comes_back(binaries, tmp_path, mode, launch):
    """The program sets its module's (or library's) `counter` and `scale`, launches add twice on
    stream 0x5 and reads them back; each twin launch adds 1 to its own copies. Before each launch
    the twin's copies get the program's values on the launch's stream, before its start event; after
    its end event the writable `counter` is copied back, the read-only `scale` is not, so the
    twin sees 7 both times and the program keeps it; `missing`, which the driver does not find, is
    skipped. Captured into a graph, add runs as the original."""
    variables = (("counter", True), ("scale", False), ("missing", True))
    log, counts, trace, _ = traced(binaries, tmp_path, mode, instrumenter=FakeInstrumenter(variables=variables))
    launch_twin = [
        "copy image counter = {c} to twin counter on stream 0x5",
        "copy image scale = 7 to twin scale on stream 0x5", "event on 0x5", f"{launch} add twin", "twin add sees counter = {c} on stream 0x5",
        "twin add sees scale = 7 on stream 0x5", "event on 0x5",
        "copy twin counter = {n} to image counter on stream 0x5"]
    assert shared_variables(log) == [
        "program writes image counter = 41", "program writes image scale = 7",
        "event on 0x5",                         # the context's reference event, recorded once
        *[line.format(c=41, n=42) for line in launch_twin], *[line.format(c=42, n=43) for line in launch_twin],
        "program reads image counter = 43", "program reads image scale = 7",
        "captured add", "cuGraphLaunch add"]
    assert counts["instrumented"] == 2 and counts["fallback_graph_capture"] == 1 and counts["graph_twins"] == 0
    assert [(x.kernel, x.instrumented, x.info["fallback"]) for x in trace.launches] == [
        ("add", True, None), ("add", True, None), ("add", False, GRAPH_VARIABLES)]
    for x in trace.launches[:2]:
        np.testing.assert_array_equal(x.maps["m"]["tid"], np.arange(32))
    assert trace.summary["fallbacks"] == {GRAPH_VARIABLES: 1}


def test_a_variable_the_driver_will_not_copy_runs_the_original(binaries, tmp_path):
    """A copy into the twin that fails runs the original kernel (counted as a failed launch), on
    the program's variables, which the twin never touched."""
    inst = FakeInstrumenter(variables=(("counter", True),))
    log, counts, trace, _ = traced(binaries, tmp_path, "variables", instrumenter=inst,
                                   env_extra={"FAKE_VARIABLE_COPY_FAIL": "1"})
    assert shared_variables(log) == [
        "program writes image counter = 41", "program writes image scale = 7", "event on 0x5",
        *["copy image counter to twin counter refused", "event on 0x5", "cuLaunchKernel add", "event on 0x5"] * 2,
        "program reads image counter = 41", "program reads image scale = 7", "captured add", "cuGraphLaunch add"]
    assert counts["instrumented"] == 0 and counts["fallback_instrumented_launch_failed"] == 2
    assert [x.info["fallback"] for x in trace.launches] == [
        "the module's variables could not be copied into the twin"] * 2 + [GRAPH_VARIABLES]


def test_a_module_loaded_from_a_file_is_sent_with_its_path(binaries, tmp_path):
    """cuModuleLoad: the server gets the file's bytes and its path (to find the .ptx beside it)."""
    root, _ = binaries
    log, counts, trace, inst = traced(binaries, tmp_path, "file")
    assert counts["cuModuleLoad"] == 1 and "cuModuleLoad image" in log
    assert inst.calls == ["add", "sass_only"]
    assert inst.images == [((root / "image.bin").read_bytes(), str(root / "image.bin"))] * 2
    assert counts["instrumented"] == 3 and [x.instrumented for x in trace.launches] == [
        True, True, False, False, True]


def test_a_cubin_linked_from_one_ptx_module_is_instrumented_from_that_ptx(binaries, tmp_path):
    """numba-cuda links its PTX at run time (nvJitLink, else cuLink*) and loads a cubin that holds
    no PTX: the engine gets the PTX the link was given, through either linker, versioned
    nvJitLink names and inputs of "any kind" (cuda.core's) included; a link of PTX and a cubin
    is sent as the image it made; an LTO link (numba's default) as the PTX the shim links its
    LTO-IR into with -ptx."""
    log, counts, trace, inst = traced(binaries, tmp_path, "link")
    assert counts["cuLinkAddData_v2"] == 3 and counts["cuLinkComplete"] == 2 and counts["cuLinkDestroy"] == 2
    assert [data for data, _ in inst.images] == [
        b"FAKEIMAGE add from cuLink\0", b"FAKEIMAGE add from nvJitLink\n.version 9.0\0",
        b"FAKEIMAGE linked [1:FAKEIMAGE add from cuLink] [0:FAKEIMAGE a library]\0",
        b"FAKEIMAGE ptx from [3:LTO-IR of add]\0"]
    assert [x.instrumented for x in trace.launches] == [True] * 4
    assert len([line for line in log if re.match(r"cuLaunchKernel add twin .* 4444 extra=0$", line)]) == 4


REAL_LINK = r"""
import ctypes, sys
jl, cu = ctypes.CDLL(sys.argv[1]), ctypes.CDLL("libcuda.so.1")


def link(kind, data, *options):
    h, n = ctypes.c_void_p(), ctypes.c_size_t()
    assert jl.nvJitLinkCreate(ctypes.byref(h), len(options), (ctypes.c_char_p * len(options))(*options)) == 0
    assert jl.nvJitLinkAddData(h, kind, data, len(data), b"in") == 0
    assert jl.nvJitLinkComplete(h) == 0
    assert jl.nvJitLinkGetLinkedCubinSize(h, ctypes.byref(n)) == 0
    out = ctypes.create_string_buffer(n.value)
    assert jl.nvJitLinkGetLinkedCubin(h, out) == 0
    jl.nvJitLinkDestroy(ctypes.byref(h))
    return out.raw


ptx, ltoir = open(sys.argv[2], "rb").read(), open(sys.argv[3], "rb").read()
for cubin in (link(2, ptx, b"-arch=sm_90"), link(3, ltoir, b"-arch=sm_90", b"-lto")):
    assert cubin[:4] == b"\x7fELF"
    mod, fn = ctypes.c_void_p(), ctypes.c_void_p()
    cu.cuModuleLoadData(ctypes.byref(mod), ctypes.create_string_buffer(cubin, len(cubin)))
    cu.cuModuleGetFunction(ctypes.byref(fn), mod, b"add")
    a, b = ctypes.c_uint64(0xA), ctypes.c_uint64(0x5555)
    params = (ctypes.c_void_p * 2)(ctypes.addressof(a), ctypes.addressof(b))
    assert cu.cuLaunchKernel(fn, 1, 1, 1, 32, 1, 1, 0, None, params, None) == 0
print("done")
"""


def _lto_ir(fatbin_bytes: bytes) -> bytes:
    """The LTO-IR member (kind 8) of an uncompressed fatbin."""
    import struct
    off = struct.unpack_from("<H", fatbin_bytes, 6)[0]
    while off < len(fatbin_bytes):
        kind, _, header, payload = struct.unpack_from("<HHIQ", fatbin_bytes, off)
        if kind == 8:
            return fatbin_bytes[off + header:off + header + payload]
        off += header + payload
    raise AssertionError("no LTO-IR member")


def test_links_through_the_real_nvjitlink_are_read_by_their_abi(binaries, tmp_path):
    """The real libnvJitLink (from the wheel), called by name through ctypes as cuda.bindings
    does: a link of PTX and a link of LTO-IR (made by nvcc, code=lto_90) each load a cubin that
    the engine gets as PTX: the one given, and the one nvJitLink makes of the LTO-IR with -ptx."""
    from neutrino_py import toolchain
    lib, nvcc = toolchain.find_nvjitlink(), toolchain.find_tool("nvcc")
    if lib is None or nvcc is None:
        pytest.skip("needs libnvJitLink and nvcc (pip install nvidia-nvjitlink nvidia-cuda-nvcc)")
    src = tmp_path / "k.cu"
    src.write_text('extern "C" __global__ void add(float *a, const float *b, int n)\n'
                   "{ int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) a[i] += b[i]; }\n")
    subprocess.run([str(nvcc), "-ptx", "-arch=sm_90", "-o", str(tmp_path / "k.ptx"), str(src)], check=True)
    subprocess.run([str(nvcc), "-fatbin", "-gencode", "arch=compute_90,code=lto_90", "--compress-mode=none",
                    "-o", str(tmp_path / "k.fatbin"), str(src)], check=True)
    (tmp_path / "k.ltoir").write_bytes(_lto_ir((tmp_path / "k.fatbin").read_bytes()))
    (tmp_path / "link.py").write_text(REAL_LINK)
    import sys
    log, counts, trace, inst = traced(
        binaries, tmp_path, "link", instrumenter=FakeInstrumenter(prefix=b""),
        command=[sys.executable, str(tmp_path / "link.py"), str(lib), str(tmp_path / "k.ptx"), str(tmp_path / "k.ltoir")])
    # nvJitLink's -lto -ptx text may be the very PTX nvcc wrote (one request then answers both
    # launches); a cubin sent as itself would be a second, ELF image
    ptx = (tmp_path / "k.ptx").read_bytes()
    assert inst.images[0][0] == ptx + b"\0"
    assert all(data.startswith(b"//") and b".entry add(" in data for data, _ in inst.images)
    assert [x.instrumented for x in trace.launches] == [True, True]
    assert len([line for line in log if re.match(r"cuLaunchKernel add twin .* 5555 extra=0$", line)]) == 2


def test_threads_share_one_twin(binaries, tmp_path):
    log, counts, trace, inst = traced(binaries, tmp_path, "threads")
    assert inst.calls == ["add"]
    assert counts["instrumented"] == 20 and len(trace.launches) == 20
    assert sorted(x.seq for x in trace.launches) == list(range(20))
    assert all(np.array_equal(x.maps["m"]["tid"], np.arange(32)) for x in trace.launches)


def test_disk_cache_answers_the_second_run(binaries, tmp_path):
    cache = tmp_path / "cache"
    cache.mkdir()
    (tmp_path / "a").mkdir()
    _, _, _, inst1 = traced(binaries, tmp_path / "a", "direct", cache=cache)
    assert inst1.calls == ["add", "sass_only"]
    (tmp_path / "b").mkdir()
    _, counts, second, inst2 = traced(binaries, tmp_path / "b", "direct", cache=cache)
    assert inst2.calls == []                                            # both answered from .meta files
    assert counts["instrumented"] == 3
    np.testing.assert_array_equal(second.launches[0].maps["m"]["tid"], np.arange(128))
    assert {k.name: k.instrumented for k in second.kernels} == {"add": True, "sass_only": False}


def test_a_refused_cubin_is_said_to_be_refused_by_the_driver(binaries, tmp_path):
    log, counts, trace, _ = traced(binaries, tmp_path, "direct", env_extra={"FAKE_REFUSE_TWIN": "1"})
    assert counts["instrumented"] == 0 and "cuLibraryLoadData twin" in log
    # four launches, and the capture (which would have captured the twin) says so too
    assert trace.summary["fallbacks"]["the driver refused the instrumented cubin"] == 5


def test_dead_server_runs_every_original_kernel(binaries, tmp_path):
    log, counts = run_prog(binaries, tmp_path, "dlsym", socket=tmp_path / "nobody-listens")
    assert counts["launches"] == 6 and counts["instrumented"] == 0
    assert counts["fallback_server_unavailable"] == 5                   # + 1 capture, counted apart
    assert not any("twin" in line for line in log)


def test_without_a_server_the_shim_only_forwards(binaries, tmp_path):
    log, counts = run_prog(binaries, tmp_path, "proc")
    assert counts["cuLaunchKernel_ptsz"] == 5 and counts["instrumented"] == 0
    assert sum(1 for line in log if line.startswith("cuLaunchKernel_ptsz add")) == 3
    assert "captured add" in log and not any("twin" in line for line in log)


def test_unbounded_pool_comes_back_up_to_its_cursor(binaries, tmp_path):
    """Pools are copied after the kernel on the shim's own stream, only the records written."""
    log, counts, trace, _ = traced(binaries, tmp_path, "direct", instrumenter=FakeInstrumenter(POOLED))
    assert counts["instrumented"] == 3 and log.count("map 1 at header+768") == 3
    for launch, threads in zip([trace.launches[i] for i in (0, 1, 4)], (128, 128, 96)):
        np.testing.assert_array_equal(launch.maps["m"]["tid"], np.arange(threads))
        np.testing.assert_array_equal(launch.maps["p"]["tid"], np.arange(threads))
        assert launch.records == {"m": threads, "p": threads} and launch.dropped == {"m": 0, "p": 0}


# --- bounds, selection and failures (docs/contracts.md §6) ------------------------------------------

def test_a_graph_records_each_replay_of_its_captured_twin(binaries, tmp_path):
    """torch.cuda.graph's order: warm-up, capture, instantiate, graph destroyed, replays. The twin
    is captured with a map buffer of its own; each replay zeroes it first and copies it out after,
    and is one launch with maps; the buffer goes when the last handle on the graph does."""
    log, counts, trace, _ = traced(binaries, tmp_path, "graph 3")
    assert "captured add twin" in log and "captured sass_only" in log
    assert "capture mode 2" in log and log.count("cuStreamEndCapture 2 nodes") == 1
    assert counts["graph_twins"] == 1 and counts["instrumented"] == 4 and counts["lost_events"] == 0
    assert trace.summary["graph_replays"] == 3
    assert [(x.kernel, x.instrumented, x.graph) for x in trace.launches] == [
        ("add", True, False), ("sass_only", False, False)] + [("add", True, True)] * 3
    assert trace.launches[1].info["fallback"] == "not instrumentable"
    for replay in trace.launches[2:]:
        np.testing.assert_array_equal(replay.maps["m"]["tid"], np.arange(128))
        assert replay.duration_ms is None and replay.stream == 5 and tuple(replay.grid) == (2, 1, 1)
    # allocated at the capture, freed after the exec (the graph's last handle) is destroyed
    site = next(i for i, line in enumerate(log) if line.startswith("cuMemAlloc_v2 ") and line != "cuMemAlloc_v2 4096")
    frees = [i for i, line in enumerate(log) if line == "cuMemFree_v2"]
    assert site < log.index("cuGraphDestroy") < log.index("cuGraphExecDestroy") < frees[0]
    assert len(frees) == 2                                      # the site's, then the program's


def test_graph_replays_count_against_launches(binaries, tmp_path):
    """--launches counts replays (the capture only looks): warm-up and the first replay are kept."""
    log, counts, trace, _ = traced(binaries, tmp_path, "graph 4", env_extra={"NEUTRINO_LAUNCHES": "2"})
    adds = [x for x in trace.launches if x.kernel == "add"]
    assert [(x.instrumented, x.graph) for x in adds] == [(True, False), (True, True)] + [(False, True)] * 3
    assert [x.info["fallback"] for x in adds[2:]] == ["launch limit reached (--launches)"] * 3
    assert trace.summary["recording"]["bytes_written"] == 2 * 512


def test_an_updated_exec_replays_its_new_graphs_twins(binaries, tmp_path):
    """cuGraphExecUpdate: the exec now runs a second capture's twin (grid 1): its replays record
    that twin's buffer, and the first capture's buffer goes with its last handle."""
    log, counts, trace, _ = traced(binaries, tmp_path, "graph 2", env_extra={"FAKE_GRAPH_EDIT": "update"})
    replays = [x for x in trace.launches if x.graph]
    assert [(tuple(x.grid), x.instrumented) for x in replays] == [((1, 1, 1), True)] * 2
    for replay in replays:
        np.testing.assert_array_equal(replay.maps["m"]["tid"], np.arange(64))
    # the first capture's buffer freed at the update, before any replay; the second's after the
    # exec is destroyed; then the program's own
    frees = [i for i, line in enumerate(log) if line == "cuMemFree_v2"]
    first_replay = next(i for i, line in enumerate(log) if line.startswith("cuGraphLaunch"))
    assert log.index("cuGraphExecUpdate_v2 1 nodes") < frees[0] < first_replay
    assert len(frees) == 3 and log.index("cuGraphExecDestroy") < frees[1]


def test_an_exec_whose_kernel_node_was_given_another_grid_keeps_no_maps(binaries, tmp_path):
    """After cuGraphExecKernelNodeSetParams with another launch shape the node runs the original:
    its replays are listed, with why their maps were not kept, not read as empty maps."""
    log, counts, trace, _ = traced(binaries, tmp_path, "graph 2", env_extra={"FAKE_GRAPH_EDIT": "params"})
    replays = [x for x in trace.launches if x.graph]
    assert [x.instrumented for x in replays] == [False] * 2
    assert {x.info["fallback"] for x in replays} == {EDITED}
    assert "cuGraphExecKernelNodeSetParams_v2 add" in log
    assert sum(line.startswith("cuGraphLaunch add grid=3,1,1") for line in log) == 2


def test_an_exec_whose_twin_node_gets_new_arguments_keeps_its_maps(binaries, tmp_path):
    """The captured twin's node (the capture's dependency after the launch) given new arguments
    for its own kernel on the same grid stays the twin: the arguments reach it, maps and all."""
    log, counts, trace, _ = traced(binaries, tmp_path, "graph 2", env_extra={"FAKE_GRAPH_EDIT": "args"})
    replays = [x for x in trace.launches if x.graph]
    assert [(x.instrumented, tuple(x.grid), x.info["fallback"]) for x in replays] == [(True, (2, 1, 1), None)] * 2
    for replay in replays:
        np.testing.assert_array_equal(replay.maps["m"]["tid"], np.arange(128))
    assert "cuGraphExecKernelNodeSetParams_v2 add twin" in log
    twin = [line for line in log if line.startswith("cuGraphLaunch add twin")]
    assert len(twin) == 2 and all(re.search(r"params= [0-9a-f]+ 4444 extra=0", line) for line in twin)


def test_an_exec_launched_into_a_capture_is_a_child_whose_twins_replay_with_the_outer_graph(binaries, tmp_path):
    """cuGraphLaunch on a stream being captured makes the exec a child graph node: the outer
    graph's replays run its twin, and list it with its maps, after the inner exec is gone."""
    log, counts, trace, _ = traced(binaries, tmp_path, "graph 2", env_extra={"FAKE_GRAPH_EDIT": "nested"})
    replays = [x for x in trace.launches if x.graph]
    assert [(x.kernel, tuple(x.grid), x.instrumented) for x in replays] == [("add", (2, 1, 1), True)] * 2
    for replay in replays:
        np.testing.assert_array_equal(replay.maps["m"]["tid"], np.arange(128))


EDITED = "a kernel node's parameters were set after its twin was made: maps not kept"


def built(binaries, tmp_path, edit=""):
    """Mode `built`, two replays: the trace's replays as (grid, instrumented, fallback), and more."""
    log, counts, trace, _ = traced(binaries, tmp_path, "built 2", env_extra={"FAKE_GRAPH_EDIT": edit})
    replays = [(tuple(x.grid), x.instrumented, x.info["fallback"]) for x in trace.launches if x.graph]
    return log, counts, trace, replays


def test_a_graph_built_node_by_node_records_each_replay_of_its_twins(binaries, tmp_path):
    """cuGraphAddKernelNode_v2, cuGraphAddNode_v2 (a kernel given as a CUkernel) and a child graph:
    each instrumentable kernel node is its twin with maps of its own, the child's too, and every
    replay of the exec lists each of them with its maps."""
    log, counts, trace, replays = built(binaries, tmp_path)
    assert "added add twin" in log and "added sass_only" in log and "added a child graph of 1 nodes" in log
    assert counts["graph_twins"] == 2 and counts["fallback_graph_capture"] == 1
    assert replays == [((2, 1, 1), True, None), ((1, 1, 1), True, None)] * 2
    for launch, threads in zip([x for x in trace.launches if x.graph], (128, 64) * 2):
        np.testing.assert_array_equal(launch.maps["m"]["tid"], np.arange(threads))
    assert [(x.kernel, x.info["fallback"]) for x in trace.launches if not x.graph] == [
        ("sass_only", "not instrumentable")]
    assert sum(line.startswith("cuGraphLaunch sass_only grid=1,1,1") for line in log) == 2
    # the twins' buffers go with the exec, the graph's last handle
    frees = [i for i, line in enumerate(log) if line == "cuMemFree_v2"]
    assert len(frees) == 3 and log.index("cuGraphExecDestroy") < frees[0]


def every_thread_recorded(trace):
    """Each instrumented graph replay's map holds a row from every thread of its grid (64 a block)."""
    for launch in (x for x in trace.launches if x.graph and x.instrumented):
        np.testing.assert_array_equal(launch.maps["m"]["tid"], np.arange(64 * launch.grid[0]))


def twin_arguments(log, grid: str) -> list[str]:
    """The second argument of each replayed add twin of that grid, as the fake driver logs it."""
    return [re.search(r"params= [0-9a-f]+ ([0-9a-f]+) extra=0", line)[1] for line in log
            if line.startswith(f"cuGraphLaunch add twin grid={grid}")]


def test_a_built_twin_node_given_new_arguments_keeps_its_maps(binaries, tmp_path):
    log, counts, trace, replays = built(binaries, tmp_path, "args")
    assert "cuGraphKernelNodeSetParams_v2 add twin" in log
    assert replays == [((2, 1, 1), True, None), ((1, 1, 1), True, None)] * 2
    assert twin_arguments(log, "2,1,1") == ["4444"] * 2


def test_a_conditional_nodes_body_filled_after_the_node_replays_its_twins(binaries, tmp_path):
    """cuGraphAddNode of a conditional node makes its body graphs; a kernel node added to a body
    afterwards is a twin whose maps every replay of the parent lists, beside the others'."""
    log, counts, trace, replays = built(binaries, tmp_path, "conditional")
    assert "added a conditional node of 1 bodies" in log and counts["graph_twins"] == 3
    assert sorted(replays) == sorted([((1, 1, 1), True, None), ((2, 1, 1), True, None),
                                      ((4, 1, 1), True, None)] * 2)
    every_thread_recorded(trace)


def test_a_built_graph_holding_a_childs_twins_twice_keeps_no_maps(binaries, tmp_path):
    """A child's twins added twice (two nodes on one buffer): the exec's replays say why they keep
    no maps instead of showing mixed ones."""
    log, counts, trace, replays = built(binaries, tmp_path, "twice")
    assert replays and {r[1:] for r in replays} == {(False, "a child graph's twins were added to a graph twice: maps not kept")}


def test_a_removed_twin_node_is_no_replay_and_the_others_keep_their_maps(binaries, tmp_path):
    """The first add node destroyed before instantiation: the exec never runs it, so its replays
    list no launch of it, and the child graph's twin keeps every row (before: every replay of the
    graph said its maps were not kept)."""
    log, counts, trace, replays = built(binaries, tmp_path, "remove")
    assert "cuGraphDestroyNode" in log and replays == [((1, 1, 1), True, None)] * 2
    every_thread_recorded(trace)


@pytest.mark.parametrize("edit,moved", [("params", [((3, 1, 1), False, EDITED), ((1, 1, 1), True, None)]),
                                        ("conditional-params", [((2, 1, 1), True, None), ((1, 1, 1), True, None),
                                                                ((3, 1, 1), False, EDITED)])])
def test_a_twin_node_given_another_grid_alone_keeps_no_maps(binaries, tmp_path, edit, moved):
    """A twin's node given another grid (in the graph, or in a conditional body of it) runs the
    original kernel: that node's replays are listed on the grid they run, saying they keep no maps;
    the graph's other twins still write their own buffers, and keep every row."""
    log, counts, trace, replays = built(binaries, tmp_path, edit)
    assert sorted(replays) == sorted(moved * 2)
    every_thread_recorded(trace)


def on_stream(trace, stream):
    """The graph replays on `stream` as (grid, instrumented, fallback)."""
    return [(tuple(x.grid), x.instrumented, x.info["fallback"]) for x in trace.launches if x.graph and x.stream == stream]


@pytest.mark.parametrize("edit,call", [("clone-args", "cuGraphKernelNodeSetParams_v2"),
                                       ("clone-exec", "cuGraphExecKernelNodeSetParams_v2")])
def test_a_cloned_twin_node_given_new_arguments_keeps_its_maps(binaries, tmp_path, edit, call):
    """cuGraphClone of a graph built node by node: the first add node's copy in the clone (found
    with cuGraphNodeFindInClone), or that node of the clone's exec, given a new second argument
    stays the twin with its maps, as in a graph built so; the original's replays keep theirs."""
    log, counts, trace, _ = built(binaries, tmp_path, edit)
    assert f"{call} add twin" in log and "cuGraphClone 3 nodes" in log
    for stream in (5, 6):
        assert on_stream(trace, stream) == [((2, 1, 1), True, None), ((1, 1, 1), True, None)] * 2
    every_thread_recorded(trace)
    assert twin_arguments(log, "2,1,1") == ["2222", "4444"] * 2
    # the clone's nodes hold the original's map pointers: its replays (stream 6) wait for the
    # original's (stream 5) to have copied them out
    recorded = {m[1] for line in log if (m := re.fullmatch(r"event (\S+) recorded on 0x5", line))}
    waits = [m[1] for line in log if (m := re.fullmatch(r"stream 0x6 waits for event (\S+)", line))]
    assert waits and set(waits) <= recorded


def test_a_cloned_twin_node_given_another_grid_keeps_no_maps_and_the_original_keeps_its_own(binaries, tmp_path):
    log, counts, trace, _ = built(binaries, tmp_path, "clone-params")
    assert on_stream(trace, 5) == [((2, 1, 1), True, None), ((1, 1, 1), True, None)] * 2
    assert on_stream(trace, 6) == [((3, 1, 1), False, EDITED), ((1, 1, 1), True, None)] * 2
    assert sum(line.startswith("cuGraphLaunch add grid=3,1,1") for line in log) == 2


def test_a_refused_clone_of_a_graph_holding_a_conditional_node_leaves_the_original_whole(binaries, tmp_path):
    """The driver clones no graph holding a conditional node (CUDA 13: not supported), so the
    clone's bodies are none to follow: the original's replays keep every twin's maps, its bodies'
    too, and the twins' buffers go with its exec."""
    log, counts, trace, _ = built(binaries, tmp_path, "clone-conditional")
    assert "cuGraphClone refused: a conditional node" in log and counts["graph_twins"] == 3
    assert on_stream(trace, 6) == []
    assert sorted(on_stream(trace, 5)) == sorted([((1, 1, 1), True, None), ((2, 1, 1), True, None),
                                                  ((4, 1, 1), True, None)] * 2)
    every_thread_recorded(trace)
    frees = [i for i, line in enumerate(log) if line == "cuMemFree_v2"]
    assert len(frees) == 4 and log.index("cuGraphExecDestroy") < frees[0]


def test_a_kernel_node_added_to_a_clone_is_the_clones_alone(binaries, tmp_path):
    """A twin added to the clone after cloning (add, grid 5) is replayed, maps and all, by the
    clone's exec only: the clone's twins are its own list, not its original's."""
    log, counts, trace, _ = built(binaries, tmp_path, "clone-add")
    assert counts["graph_twins"] == 3
    assert on_stream(trace, 5) == [((2, 1, 1), True, None), ((1, 1, 1), True, None)] * 2
    assert on_stream(trace, 6) == [((5, 1, 1), True, None), ((2, 1, 1), True, None), ((1, 1, 1), True, None)] * 2
    every_thread_recorded(trace)


@pytest.mark.parametrize("edit,call", [("kernel", "cuGraphKernelNodeSetParams_v2"),
                                       ("exec-kernel", "cuGraphExecKernelNodeSetParams_v2"),
                                       ("exec-node", "cuGraphExecNodeSetParams")])
def test_a_twin_node_given_another_kernel_is_listed_as_that_kernel(binaries, tmp_path, edit, call):
    """The first add node given sass_only in the graph or in the exec: the replays list the kernel
    the node runs now, with its grid, saying why no maps are kept, never the twin it replaced; the
    child graph's twin keeps its maps."""
    log, counts, trace, _ = built(binaries, tmp_path, edit)
    assert f"{call} sass_only" in log
    assert sum(line.startswith("cuGraphLaunch sass_only grid=2,1,1") for line in log) == 2
    replays = [(x.kernel, tuple(x.grid), x.instrumented, x.info["fallback"]) for x in trace.launches if x.graph]
    assert replays == [("sass_only", (2, 1, 1), False, EDITED), ("add", (1, 1, 1), True, None)] * 2


def test_a_child_graphs_twin_node_found_in_a_clone_keeps_its_maps(binaries, tmp_path):
    """The child graph's add node in a clone, found as the driver allows (in the graph the clone's
    child graph node holds, from the node of the graph the original's holds), given a new
    argument stays the twin with its maps; the original's replays keep theirs."""
    log, counts, trace, _ = built(binaries, tmp_path, "clone-child")
    assert "cuGraphKernelNodeSetParams_v2 add twin" in log
    for stream in (5, 6):
        assert on_stream(trace, stream) == [((2, 1, 1), True, None), ((1, 1, 1), True, None)] * 2
    every_thread_recorded(trace)
    assert twin_arguments(log, "1,1,1") == ["2222", "4444"] * 2


def test_a_child_graphs_twin_node_given_new_arguments_in_the_exec_keeps_its_maps(binaries, tmp_path):
    """An exec's node of the child graph (the graph its child graph node holds, as the driver
    takes it) given a new argument stays the twin, maps and all."""
    log, counts, trace, replays = built(binaries, tmp_path, "child-exec")
    assert "cuGraphExecKernelNodeSetParams_v2 add twin" in log
    assert replays == [((2, 1, 1), True, None), ((1, 1, 1), True, None)] * 2
    every_thread_recorded(trace)
    assert twin_arguments(log, "1,1,1") == ["4444"] * 2


def test_a_broken_capture_gives_its_twins_buffers_back(binaries, tmp_path):
    """The program breaks its own capture (an allocation in global mode): the capture's end
    fails, the driver drops the graph, and the shim frees the buffer it gave the captured twin."""
    log, counts, trace, _ = traced(binaries, tmp_path, "graph 2", env_extra={"FAKE_GRAPH_EDIT": "break"})
    assert "refused cuMemAlloc_v2 during a global capture" in log and "captured add twin" in log
    site = next(i for i, line in enumerate(log) if line.startswith("cuMemAlloc_v2 ") and line != "cuMemAlloc_v2 4096")
    frees = [i for i, line in enumerate(log) if line == "cuMemFree_v2"]
    assert len(frees) == 2 and site < log.index("cuStreamEndCapture 2 nodes broken") < frees[0]
    assert not any(x.graph for x in trace.launches) and counts["graph_twins"] == 1


def test_graph_maps_past_their_bound_capture_the_original(binaries, tmp_path):
    log, counts, trace, _ = traced(binaries, tmp_path, "graph 2", env_extra={"NEUTRINO_GRAPH_MAPS": "100"})
    assert "captured add" in log and "captured add twin" not in log
    assert counts["graph_twins"] == 0 and counts["instrumented"] == 1
    assert [(x.kernel, x.info["fallback"]) for x in trace.launches] == [
        ("add", None), ("add", "graph maps past their bound (--graph-maps)"), ("sass_only", "not instrumentable")]
    assert sum(line.startswith("cuGraphLaunch add") and "twin" not in line for line in log) == 2


def test_launches_faster_than_the_server_wait_for_room_and_none_is_lost(binaries, tmp_path, monkeypatch):
    """A launch-bound program lists launches faster than the engine server takes them: past
    NEUTRINO_SHIM_QUEUE items waiting, a launch waits for the writer, and every launch still
    reaches the trace."""
    slow = Server._on_launch

    def on_launch(self, msg):
        time.sleep(0.001)
        return slow(self, msg)
    monkeypatch.setattr(Server, "_on_launch", on_launch)
    log, counts, trace, _ = traced(binaries, tmp_path, "loop 600",
                                   env_extra={"NEUTRINO_SHIM_QUEUE": "16", "NEUTRINO_LAUNCHES": "1"})
    assert counts["queue_waits"] > 0 and counts["launches"] == 600
    assert len(trace.launches) == 600 and [x.seq for x in trace.launches] == list(range(600))


PER_LAUNCH = 4096 * 4         # `loop`: add on 64 x 64 threads, one u32 counter row each


def loop(binaries, tmp_path, count, preexec=None, instrumenter=None, **env):
    return traced(binaries, tmp_path, f"loop {count}", preexec=preexec, instrumenter=instrumenter,
                  env_extra={f"NEUTRINO_{k.upper()}": str(v) for k, v in env.items()})


def recorded(trace):
    return [x.seq for x in trace.launches if x.instrumented]


def test_maps_are_written_by_the_shim_into_its_process_subtree(binaries, tmp_path):
    log, counts, trace, _ = loop(binaries, tmp_path, 5)
    data = {x.info["data"] for x in trace.launches}
    (rel,) = data
    pid = trace.launches[0].info["pid"]
    assert rel == f"procs/{pid}/maps.bin" and pid != os.getpid()
    assert (trace.dir / rel).stat().st_size == 5 * PER_LAUNCH
    assert [x.info["segments"]["m"]["offset"] for x in trace.launches] == [i * PER_LAUNCH for i in range(5)]
    assert all(np.array_equal(x.maps["m"]["tid"], np.arange(4096)) for x in trace.launches)
    assert {x.info["device"] for x in trace.launches} == {0} and trace.launches[0].info["context"] == 0xC0
    assert trace.summary["recording"]["bytes_written"] == 5 * PER_LAUNCH


def test_max_bytes_records_exactly_what_fits_then_runs_originals(binaries, tmp_path):
    """The budget is settled in launch order: launches 0-2 fit, launch 3 does not; every later
    launch either ran the twin before the writer got there (counted as not recorded) or the
    original kernel (counted as a fallback)."""
    why = "trace budget reached (--max-bytes)"
    log, counts, trace, _ = loop(binaries, tmp_path, 10, max_bytes=3 * PER_LAUNCH + PER_LAUNCH // 2)
    assert recorded(trace) == [0, 1, 2] and len(trace.launches) == 10
    assert trace.launches[3].info["not_recorded"] == why
    lost = [x.seq for x in trace.launches if x.info["not_recorded"] == why]
    native = [x.seq for x in trace.launches if x.info["fallback"] == why]
    assert sorted(lost + native) == list(range(3, 10))
    assert trace.summary["fallbacks"] == ({why: len(native)} if native else {})
    assert trace.summary["not_recorded"] == {why: len(lost)}
    rec = trace.summary["recording"]
    assert rec == {"bytes_written": 3 * PER_LAUNCH, "counted_from_launches": 0,
                   "max_bytes": 3 * PER_LAUNCH + PER_LAUNCH // 2, "stopped": why, "budget_reached": True}
    assert sum(1 for line in log if line.startswith("cuLaunchKernel add twin ")) == 3 + len(lost)
    assert sum(1 for line in log if line.startswith("cuLaunchKernel add grid")) == len(native)
    assert (trace.dir / trace.launches[0].info["data"]).stat().st_size == 3 * PER_LAUNCH


def test_a_pool_is_held_against_the_budget_by_the_records_it_wrote(binaries, tmp_path):
    """A pool's bytes count once its cursor is known: 2 launches of 2 x 16 KiB fit in 2.5 x 32 KiB,
    the third's pool does not (its twin ran; its maps are not kept) and recording stops."""
    why = "trace budget reached (--max-bytes)"
    log, counts, trace, _ = loop(binaries, tmp_path, 6, instrumenter=FakeInstrumenter(POOLED),
                                 max_bytes=5 * PER_LAUNCH)
    assert recorded(trace) == [0, 1] and trace.launches[2].info["not_recorded"] == why
    assert all(why in (x.info["not_recorded"], x.info["fallback"]) for x in trace.launches[2:])
    assert trace.summary["recording"]["bytes_written"] == 4 * PER_LAUNCH
    assert trace.launches[1].records == {"m": 4096, "p": 4096}


def test_launches_and_every_select_exactly(binaries, tmp_path):
    log, counts, trace, _ = loop(binaries, tmp_path, 20, launches=4, every=3)
    assert recorded(trace) == [0, 3, 6, 9]
    assert trace.summary["fallbacks"] == {"not selected (--every)": 13,
                                          "launch limit reached (--launches)": 3}
    assert all(np.array_equal(trace.launches[i].maps["m"]["tid"], np.arange(4096)) for i in (0, 3, 6, 9))
    assert all(x.duration_ms is not None for x in trace.launches)        # all timed
    # the context's reference, two a launch, one after each recorded launch's copies
    assert log.count("cuEventRecord") == 1 + 2 * 20 + 4


def test_launch_times_recorded_times_only_the_launches_that_record(binaries, tmp_path):
    log, counts, trace, _ = loop(binaries, tmp_path, 20, launches=4, every=3, launch_times="recorded")
    assert recorded(trace) == [0, 3, 6, 9] and len(trace.launches) == 20
    assert [x.seq for x in trace.launches if x.duration_ms is not None] == [0, 3, 6, 9]
    assert all(x.start_ns is None and x.end_ns is None for x in trace.launches if not x.instrumented)
    assert log.count("cuEventRecord") == 1 + 2 * 4 + 4 and counts["lost_events"] == 0


def test_a_failed_write_stops_recording_and_keeps_what_was_written(binaries, tmp_path):
    """Disk full, simulated with a file-size limit: the third launch's write fails, maps.bin is
    cut back to the two launches before it, the rest run the original kernel, the program ends
    as it would have."""
    import resource
    import signal

    def small_files():
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (2 * PER_LAUNCH + PER_LAUNCH // 2,) * 2)

    log, counts, trace, _ = loop(binaries, tmp_path, 8, preexec=small_files)
    why = "trace write failed: File too large"
    assert recorded(trace) == [0, 1] and counts["launches"] == 8
    assert sum(1 for line in log if line.startswith("cuLaunchKernel add")) == 8   # every launch ran
    # launch 2's write failed; launches admitted before that ran the twin, the rest the original
    lost = [x.seq for x in trace.launches if x.info["not_recorded"] == why]
    ran_original = [x.seq for x in trace.launches if x.info["fallback"] == why]
    assert lost[0] == 2 and sorted(lost + ran_original) == list(range(2, 8))
    assert counts["not_recorded"] == len(lost) and trace.summary["recording"]["stopped"] == why
    assert (trace.dir / trace.launches[0].info["data"]).stat().st_size == 2 * PER_LAUNCH
    assert all(np.array_equal(trace.launches[i].maps["m"]["tid"], np.arange(4096)) for i in (0, 1))


@pytest.mark.parametrize("copy,what", [(3, "the map header"), (4, "the maps")])   # launch 1's two
def test_a_failed_copy_back_names_the_driver_error_and_keeps_the_other_launches(binaries, tmp_path,
                                                                                 copy, what):
    """A kernel fault makes the driver refuse copies (CUDA 700): the launch whose header or map
    copy failed says so with the error's code, and the launches around it keep their maps."""
    log, counts, trace, _ = traced(binaries, tmp_path, "loop 4", env_extra={"FAKE_COPY_FAIL": str(copy)})
    why = f"copying {what} back failed (driver error 700)"
    assert recorded(trace) == [0, 2, 3] and trace.launches[1].info["not_recorded"] == why
    assert trace.summary["not_recorded"] == {why: 1}
    assert all(np.array_equal(trace.launches[i].maps["m"]["tid"], np.arange(4096)) for i in (0, 2, 3))


def test_a_context_reset_between_launches_starts_the_shims_state_afresh(binaries, tmp_path):
    """cudaDeviceReset frees what the context held, the shim's pinned ring with it (the fake
    unmaps it: a write through the old ring faults); the launches after it record into a new one."""
    log, counts, trace, _ = traced(binaries, tmp_path, "reset")
    assert "cuDevicePrimaryCtxReset_v2" in log and recorded(trace) == [0, 1, 2, 3]
    assert all(np.array_equal(x.maps["m"]["tid"], np.arange(4096)) for x in trace.launches)


def test_a_kernel_loaded_at_an_unloaded_ones_handle_gets_its_own_twin(binaries, tmp_path):
    """The driver gives an unloaded module's handles out again (on the H200 a program loading and
    unloading eight modules got the same kernel handle three times); the kernel of the new image
    must be instrumented anew, not launched as the old one's twin."""
    log, counts, trace, inst = traced(binaries, tmp_path, "unload")
    assert "cuModuleUnload" in log and inst.calls == ["add", "add"]
    assert recorded(trace) == [0, 1] and log.count("cuLibraryLoadData twin") == 2


def test_ring_full_policy_native_counts_every_launch_it_skipped(binaries, tmp_path):
    log, counts, trace, _ = loop(binaries, tmp_path, 30, staging=1, ring_full="native")
    native = trace.summary["fallbacks"].get("staging ring full (--ring-full native)", 0)
    assert len(recorded(trace)) + native == 30 and recorded(trace)[0] == 0
    assert trace.summary["ring"]["ran_native"] == native == counts["fallback_ring_full"]
    assert trace.summary["ring"]["when_full"] == "native" and trace.summary["ring"]["waits"] == 0


def test_ring_full_policy_wait_records_every_launch(binaries, tmp_path):
    log, counts, trace, _ = loop(binaries, tmp_path, 30, staging=1)
    assert recorded(trace) == list(range(30)) and trace.summary["ring"]["when_full"] == "wait"
    assert trace.summary["ring"]["waits"] == counts["ring_waits"] and counts["fallback_ring_full"] == 0


def test_a_probe_with_more_maps_than_the_shim_appends_is_skipped_not_truncated(binaries, tmp_path):
    many = {**MANIFEST, "maps": [dict(MANIFEST["maps"][0], name=f"m{i}", header_slot=i) for i in range(17)]}
    log, counts, trace, _ = traced(binaries, tmp_path, "direct", instrumenter=FakeInstrumenter(many))
    assert counts["instrumented"] == 0 and not any(" twin " in line for line in log)
    assert trace.summary["kernels_skipped"]["add"] == (
        "the probe declares more maps than the shim can append (16)")


def test_long_kernel_names_cross_the_wire_whole(binaries, tmp_path):
    """Mangled C++ names run to thousands of characters: no fixed-size buffer cuts them."""
    name = "add" + "_Z3fooILi9EE" * 800
    inst = FakeInstrumenter(twin=name)
    log, counts, trace, _ = traced(binaries, tmp_path, "direct", instrumenter=inst,
                                   env_extra={"FAKE_ADD_NAME": name})
    assert inst.calls == [name, "sass_only"] and counts["instrumented"] == 3
    assert [x.kernel for x in trace.launches if x.instrumented] == [name] * 3
    assert trace.summary["kernels_instrumented"] == [name]
