"""The server's instrumenting step on real nvcc output (image → PTX → splice → cubin), map sizing
formulas against `maps.layout`, and `neutrino trace` end to end over the fake driver."""
from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from neutrino_py import probe, toolchain
from neutrino_py.hook import build, engine as engine_mod
from neutrino_py.hook.engine import PHASES, CompilerCaches, Engine
from neutrino_py.image import elf
from neutrino_py.maps.layout import layout
from neutrino_py.tracedir import Trace

ROOT = Path(__file__).resolve().parent.parent
SOURCE = r"""
extern "C" __global__ void add(float *a, const float *b, int n)
{ int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) a[i] += b[i]; }
"""
NVCC = toolchain.find_tool("nvcc")


@pytest.fixture(scope="module")
def fatbins(tmp_path_factory):
    if NVCC is None:
        pytest.skip("nvcc not found (pip install nvidia-cuda-nvcc)")
    root = tmp_path_factory.mktemp("engine")
    (root / "k.cu").write_text(SOURCE)
    out = {}
    for name, flags in (("ptx", ["-arch=sm_90"]), ("sass", ["-gencode", "arch=compute_90,code=sm_90"])):
        subprocess.run([str(NVCC), "-fatbin", *flags, "-o", str(root / name), str(root / "k.cu")], check=True)
        out[name] = (root / name).read_bytes()
    return out


LEVELS_PROBE = """
map b[block]: counter { u64 n; }
map k[kernel]: counter { u64 n; }
map w[warp]: counter { u32 n; }
before ld.global { b.n += 1; k.n += 1; w.n += 1; }
"""


def engine(name: str, pattern: str | None = None) -> Engine:
    if name == "levels":
        return Engine(probe.load(LEVELS_PROBE, "levels.probe"), pattern, cache_dirs=lambda: [])
    return Engine(probe.load_file(ROOT / "probes" / f"{name}.probe"), pattern, cache_dirs=lambda: [])


def test_fatbin_kernel_becomes_an_instrumented_cubin(fatbins):
    eng = engine("block_sched")
    k = eng(fatbins["ptx"], "add", 90, "/opt/app/bin/prog")
    assert k.instrumented and k.source == "nvcc" and k.nparams == 3
    assert elf.entries(k.cubin) == ["add"] and elf.arch(k.cubin) == 90
    assert [p["role"] for p in k.manifest["params"]] == ["header", "map"]
    assert ".entry add" in k.ptx and "globaltimer" in k.instrumented_ptx
    assert set(eng.phases) == set(PHASES)          # every phase is accounted for in the summary
    reply = k.reply("/c/x.cubin").splitlines()
    assert reply[:4] == ["ok", f"key {k.key}", "cubin /c/x.cubin", "nparams 3"]
    # the params' bytes and offsets, for launches whose arguments come packed in `extra`
    end, *offsets = k.param_layout
    assert len(offsets) == 3 and offsets[0] == 0 and end > offsets[-1]
    assert f"param_layout {' '.join(map(str, k.param_layout))}" in reply


def test_sass_only_and_filtered_kernels_are_skipped_with_reasons(fatbins):
    k = engine("dmat")(fatbins["sass"], "add", 90, "/usr/lib/python3/site-packages/torch/lib/libtorch_cuda.so")
    assert not k.instrumented and k.source == "torch"
    assert k.reason == "SASS only: the image holds sm_90 machine code and no PTX"
    assert k.reply(None) == f"skip {k.reason}\nsource torch\n"
    k = engine("dmat", "^gemm")(fatbins["ptx"], "add", 90, None)
    assert k.reason == "not selected by -k ^gemm"


def test_a_kernel_not_selected_by_k_is_never_looked_up_or_parsed(fatbins, monkeypatch):
    from neutrino_py.image import image as image_mod

    def refuse(*_args, **_kwargs):
        raise AssertionError("ptx_for called for a kernel -k does not select")

    monkeypatch.setattr(image_mod.Image, "ptx_for", refuse)
    k = engine("dmat", "^gemm")(fatbins["ptx"], "add", 90, None)
    assert not k.instrumented and k.reason == "not selected by -k ^gemm"


def test_an_image_is_parsed_once_and_its_members_named_once(fatbins, monkeypatch):
    loads, symbol_reads = [], []
    monkeypatch.setattr(engine_mod.image, "load", lambda data, real=engine_mod.image.load: loads.append(1) or real(data))
    monkeypatch.setattr(elf, "entries", lambda data, real=elf.entries: symbol_reads.append(1) or real(data))
    eng = engine("dmat")
    data = fatbins["sass"]
    reasons = {eng(data, name, 90, None).reason for name in ("add", "add", "other")}
    assert eng(bytes(bytearray(data)), "add", 90, None).reason in reasons     # same bytes, new object
    assert reasons == {"SASS only: the image holds sm_90 machine code and no PTX",
                       "kernel 'other' is not in this fatbin"}
    assert len(loads) == 1 and len(symbol_reads) == 1


def test_compiler_caches_find_the_ptx_beside_an_identical_cubin(tmp_path, monkeypatch):
    old = time.time() - 60
    for i, body in enumerate([b"CUBIN-A" * 10, b"CUBIN-B" * 10]):
        folder = tmp_path / f"hash{i}"
        folder.mkdir()
        (folder / f"k{i}.cubin").write_bytes(body)
        (folder / f"k{i}.ptx").write_text(f"// ptx {i}")
        os.utime(folder, (old, old))
    os.utime(tmp_path, (old, old))
    caches = CompilerCaches(lambda: [tmp_path])
    assert caches.ptx_for(b"CUBIN-B" * 10) == "// ptx 1"
    assert caches.ptx_for(b"CUBIN-C" * 10) is None
    listed = []
    monkeypatch.setattr(engine_mod.os, "scandir", lambda path, real=os.scandir: listed.append(path) or real(path))
    assert caches.ptx_for(b"CUBIN-A" * 10) == "// ptx 0" and listed == []   # nothing changed
    (tmp_path / "hash2").mkdir()                                           # a kernel compiled later
    (tmp_path / "hash2" / "k2.cubin").write_bytes(b"CUBIN-C" * 10)
    (tmp_path / "hash2" / "k2.ptx").write_text("// ptx 2")
    assert caches.ptx_for(b"CUBIN-C" * 10) == "// ptx 2"
    assert sorted(listed) == [str(tmp_path), str(tmp_path / "hash2")]


def test_reading_traces_and_starting_trace_skip_the_instrumenting_modules():
    code = ("import sys, neutrino_py.maps, neutrino_py.tracedir, neutrino_py.hook.command; "
            "print(sorted(m for m in ('lark', 'jinja2', 'neutrino_py.splice.splicer', 'neutrino_py.asm') "
            "if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    assert out.stdout.strip() == "[]"
    from neutrino_py.splice import Instrumented, instrument        # still importable by name
    assert instrument.__module__ == Instrumented.__module__ == "neutrino_py.splice.splicer"


@pytest.mark.parametrize("name", ["block_sched", "dmat", "hotness", "gmem_bytes", "levels"])
def test_map_size_formulas_match_maps_layout(fatbins, name):
    k = engine(name)(fatbins["ptx"], "add", 90, None)
    assert k.instrumented, k.reason
    for grid, block in (((5, 3, 1), (100, 1, 1)), ((1, 1, 1), (1, 1, 1)), ((64, 2, 2), (16, 16, 4))):
        threads = 1
        for d in grid + block:
            threads *= d
        warps = grid[0] * grid[1] * grid[2] * -(-block[0] * block[1] * block[2] // 32)
        rows = [line.split()[1:] for line in k.reply(None).splitlines() if line.startswith("map ")]
        for (unit, per, fixed, pool_item, slot, cap), lay in zip(rows, layout(k.manifest, grid, block)):
            per, fixed, pool_item, slot = int(per), int(fixed), int(pool_item), int(slot)
            assert slot == lay.header_slot
            assert int(cap) == (lay.capacity if lay.kind == "record" and lay.capacity is not None else 0)
            assert pool_item == (lay.dtype.itemsize if lay.kind == "record" and lay.capacity is None else 0)
            units = {"thread": threads, "warp": warps, "block": grid[0] * grid[1] * grid[2],
                     "none": 0}[unit]
            assert per * units + fixed == lay.nbytes


@pytest.fixture(scope="module")
def fake_program(tmp_path_factory):
    if build.compiler() is None:
        pytest.skip("no C compiler")
    tmp_path = tmp_path_factory.mktemp("fake")
    fakes = ROOT / "tests" / "fakes"
    cc = build.compiler()
    subprocess.run([cc, "-std=gnu11", "-shared", "-fPIC", "-Wl,-soname,libcuda.so.1", "-Wl,-Bsymbolic", "-o",
                    str(tmp_path / "libcuda.so.1"), str(fakes / "fake_cuda.c"), "-ldl", "-lpthread"], check=True)
    subprocess.run([cc, "-std=gnu11", "-o", str(tmp_path / "prog"), str(fakes / "prog.c"),
                    str(tmp_path / "libcuda.so.1"), f"-Wl,-rpath,{tmp_path}", "-ldl", "-lpthread"], check=True)
    (tmp_path / "image.bin").write_bytes(b"FAKEIMAGE add sass_only\0")
    return tmp_path


def trace_fake(fake, tmp_path, mode):
    env = {**os.environ, "LD_LIBRARY_PATH": str(fake), "NEUTRINO_CACHE": str(tmp_path / "cache")}
    return subprocess.run([sys.executable, "-m", "neutrino_py", "trace", "--probe", str(ROOT / "probes" / "block_sched.probe"),
                           "--tracedir", str(tmp_path / "tr"), "--", str(fake / "prog"), mode,
                           str(fake / "image.bin")], env=env, capture_output=True, text=True, timeout=120)


def test_neutrino_trace_over_the_fake_driver(fake_program, tmp_path):
    """The command's plumbing: shim built and preloaded, server answers, summary, trace dir."""
    run = trace_fake(fake_program, tmp_path, "dlsym")
    assert run.returncode == 0, run.stderr
    assert "launches: 6 (0 instrumented)" in run.stderr
    assert "2 x unreadable image: not a GPU image" in run.stderr
    trace = Trace(tmp_path / "tr")
    assert len(trace.launches) == 6 and trace.summary["kernels_instrumented"] == []
    assert {k.name for k in trace.kernels} == {"add", "sass_only"}
    s = trace.summary
    assert s["instrument_requests"] == 2 and "2 requests" in run.stderr
    assert list(s["instrument_phases_s"]) == ["receive", "image", "parse", "splice", "print", "assemble",
                                              "cache_write", "other"]
    assert sum(s["instrument_phases_s"].values()) == pytest.approx(s["instrument_requests_s"], abs=0.01)


def test_a_crashing_program_leaves_a_readable_trace(fake_program, tmp_path):
    run = trace_fake(fake_program, tmp_path, "crash")
    assert run.returncode == 128 + 6                                   # SIGABRT, passed on
    trace = Trace(tmp_path / "tr")
    assert [x.kernel for x in trace.launches] == ["add", "add"]
    assert trace.summary["exit_code"] == -6 and trace.meta["finished"]
