"""PTX of upstream LLVM's NVPTX back end (tests/corpus/llvm_nvptx: clang 14 and 19, llc 19,
llvmlite's LLVM 22) run in the CPU simulator of test_splice_simulated, as it is and under every
stock probe, on small launches: the kernels compute what their source says
(llvm_nvptx_oracles), every probe leaves those outputs bit for bit as they were, dmat's and
memtrace's records are exactly the global accesses the source makes, opcode_mix counts every
instruction each warp issued and branch_divergence every guarded branch a warp took (jump
tables' targets start blocks too), and OUT/IN2 at global loads and stores are the values moved.

The simulator runs the kernels whose instructions it knows: 8 of kernels.cu's 11 in each of its
5 builds (f64, i64 and f16 arithmetic among them, LLVM 14's in `%h` registers), and
ir_kernels.ll's jump-table switch (brx.idx over lanes that go to different labels, LLVM 22) and
its compare chain (LLVM 19). The rest (calls, i128 carry chains, module variables) are held to the same oracles on the GPU (tests/gpu/test_llvm_nvptx_gpu.py);
their instrumented PTX assembles in test_splice_matrix like every corpus module's.
"""
from __future__ import annotations

import functools
import importlib.util
import json
from collections import Counter

import numpy as np
import pytest

from conftest import CORPUS
from llvm_nvptx_oracles import close, expected, inputs
from neutrino_py.probe import load
from test_splice_simulated import accesses, launch, stock

PROBES = ["block_sched", "branch_divergence", "dmat", "gmem_bytes", "hotness", "memtrace",
          "opcode_mix", "time_range"]
N, GRID, BLOCK = 123, (2, 1, 1), (64, 1, 1)          # a partial last warp, threads past n

# the value each global load gave and each store wrote, at its address
VALUES = load("""map m[thread]: record { u64 addr; u64 v; u32 bytes; u32 store; } pool 1 << 16
after ld.global { m.save(ADDR, OUT, BYTES, 0); }
before st.global { m.save(ADDR, IN2, BYTES, 1); }
""")


@functools.cache
def _generate():
    spec = importlib.util.spec_from_file_location("corpus_generate", CORPUS / "generate.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@functools.cache
def small() -> dict[str, dict]:
    """Launch recipes (index.json's format) of the kernels the simulator runs: two blocks of 64."""
    g = _generate()

    def f32(name: str, seed: int, count: int = N) -> dict:
        return g.buf(name, "in", "float32", count, g.uniform(-1, 1, seed))

    def i32(name: str, lo: int, hi: int, seed: int) -> dict:
        return g.buf(name, "in", "int32", N, g.randint(lo, hi, seed))

    def out(name: str, dtype: str = "float32", count: int = N) -> dict:
        return g.buf(name, "out", dtype, count)

    n = g.scalar("n", "int32", N)
    return {
        "ew_add": g.recipe(GRID, BLOCK, [f32("a", 1), f32("b", 2), out("c"), n]),
        "grid_stride_axpy": g.recipe(GRID, BLOCK, [
            g.scalar("n", "int32", 300), g.scalar("alpha", "float32", 2.5), f32("x", 3, 300),
            g.buf("y", "inout", "float32", 300, g.uniform(-1, 1, 4))]),
        "block_sum": g.recipe(GRID, BLOCK, [f32("in", 5), out("out", count=2), n]),
        "atomics": g.recipe(GRID, BLOCK, [i32("in", 0, 100, 6), out("total", "int32", 1),
                                          out("maximum", "int32", 1), out("fsum", count=1), n]),
        "dyn_reverse": g.recipe(GRID, BLOCK, [f32("in", 7), out("out"), n], shared_mem=4 * BLOCK[0]),
        "switch_op": g.recipe(GRID, BLOCK, [i32("op", -1, 9, 8), f32("a", 9), out("out"), n]),
        "inline_asm": g.recipe(GRID, BLOCK, [i32("a", -50, 50, 10), out("out", "int32"), n]),
        "ll_switch": g.recipe(GRID, BLOCK, [i32("op", -1, 9, 11), out("out", "int32"), n]),
        "wide_math": g.recipe(GRID, BLOCK, [
            g.buf("a", "in", "float64", N, g.uniform(-1, 1, 12)),
            g.buf("b", "in", "int64", N, g.randint(-(1 << 40), 1 << 40, 13)), out("d", "float64"),
            out("e", "int64"), g.buf("h", "in", "float16", N, g.uniform(-2, 2, 14)), out("ho", "float16"),
            g.buf("bf", "in", "int16", N, g.randint(0x3c00, 0x4400, 15)), out("bo"), n]),
    }


INDEX = json.loads((CORPUS / "index.json").read_text())["files"]
CASES = [(e["file"], k) for e in INDEX if e["file"].startswith("llvm_nvptx/") for k in e["kernels"]
         if k in small()]
IDS = [f"{file.split('/')[1].removesuffix('.ptx')}:{kernel}" for file, kernel in CASES]


def run(file: str, kernel: str, probe) -> tuple[dict, dict[str, np.ndarray], dict[str, int], object]:
    """Maps, outputs by name, buffer addresses by name and the simulator of one simulated launch
    of `small()`'s recipe, under `probe` (a stock probe's name, a loaded program, or None: the
    kernel as it is)."""
    rec = small()[kernel]
    args = {}
    for p, value in zip(rec["params"], vars(inputs(rec)).values()):
        if p["kind"] != "scalar":
            args[p["name"]] = value.tobytes()
        else:
            args[p["name"]] = int(np.float32(value).view(np.uint32)) if p["dtype"] == "float32" else value
    program = stock(probe) if isinstance(probe, str) else probe
    maps, sim, ptrs, mem = launch((CORPUS / file).read_text(), program, rec["grid"], rec["block"], args,
                                  kernel=kernel)
    buffers = [p for p in rec["params"] if p["kind"] != "scalar"]
    where = {p["name"]: ptr for p, ptr in zip(buffers, ptrs.values())}
    outputs = {p["name"]: np.frombuffer(mem.bytes(where[p["name"]]), p["dtype"]) for p in buffers}
    return maps, outputs, where, sim


@functools.cache
def plain(file: str, kernel: str) -> dict[str, np.ndarray]:
    return run(file, kernel, None)[1]


@pytest.mark.parametrize("file,kernel", CASES, ids=IDS)
def test_the_kernel_computes_what_its_source_says(file, kernel):
    want, got = expected(kernel, small()[kernel]), plain(file, kernel)
    for name, value in want.items():
        assert close(kernel, name, got[name], value), name


def global_accesses(kernel: str, rec: dict) -> list[Counter] | None:
    """(buffer, element) of each global access a launch by `rec` makes, each way a build may make
    them: switch_op's load of a[i] is above the switch (LLVM 14, 19) or in the cases that read
    it (LLVM 22). None where the data decides (the atomics' CAS loop retries as values fall)."""
    p = inputs(rec)
    live = range(p.n)
    if kernel == "ew_add":
        return [Counter((b, i) for b in "abc" for i in live)]
    if kernel == "grid_stride_axpy":
        return [Counter([("x", i) for i in live] + [("y", i) for i in live] * 2)]
    if kernel == "block_sum":
        return [Counter([("in", i) for i in live] + [("out", b) for b in range(rec["grid"][0])])]
    if kernel == "dyn_reverse":
        return [Counter((b, i) for b in ("in", "out") for i in live)]
    if kernel == "wide_math":
        return [Counter((b, i) for b in ("a", "b", "d", "e", "h", "ho", "bf", "bo") for i in live)]
    if kernel == "switch_op":
        fixed = Counter((b, i) for b in ("op", "out") for i in live)
        return [fixed + Counter(("a", i) for i in live if sunk or 0 <= p.op[i] <= 6)
                for sunk in (True, False)]
    if kernel in ("inline_asm", "ll_switch"):
        return [Counter((b, i) for b in ("a" if kernel == "inline_asm" else "op", "out") for i in live)]
    return None


@pytest.mark.parametrize("probe", PROBES)
@pytest.mark.parametrize("file,kernel", CASES, ids=IDS)
def test_every_stock_probe_leaves_the_outputs_as_they_were(file, kernel, probe):
    maps, outputs, where, sim = run(file, kernel, probe)
    want = plain(file, kernel)
    assert {k: v.tobytes() for k, v in outputs.items()} == {k: v.tobytes() for k, v in want.items()}
    rec = small()[kernel]
    ways = global_accesses(kernel, rec)
    if probe in ("dmat", "memtrace") and ways is not None:
        size = {p["name"]: np.dtype(p["dtype"]).itemsize for p in rec["params"] if p["kind"] != "scalar"}
        assert accesses(maps) in [Counter({(where[b] + size[b] * i, size[b]): c
                                           for (b, i), c in way.items()}) for way in ways]
    if probe == "opcode_mix":                   # blocks counted whole: the issues of every warp
        per_warp = Counter()
        for (unit, _), n in sim.issues.items():
            per_warp[unit] += n
        assert maps["mix"]["total"].tolist() == [per_warp[u] for u in range(len(maps["mix"]))]
    if probe == "branch_divergence":            # one record per warp at each guarded branch taken
        b = maps["branches"]
        assert Counter(zip(b["pc"].tolist(), b["active"].tolist(), b["taken"].tolist())) == \
            Counter((pc, active, taken) for _, pc, active, taken in sim.guarded_bra)


@pytest.mark.parametrize("file,kernel", [c for c in CASES if c[1] != "atomics"],
                         ids=[i for c, i in zip(CASES, IDS) if c[1] != "atomics"])
def test_out_of_loads_and_in_of_stores_are_the_values_moved(file, kernel):
    """OUT after each global load is what the buffer held there, IN2 before each store what it
    holds after the run (each element is written once; the atomics' maximum changes under its
    loads, so that kernel is left out)."""
    maps, outputs, where, _ = run(file, kernel, VALUES)
    rec = small()[kernel]
    start = {p["name"]: v for p, v in zip(rec["params"], vars(inputs(rec)).values()) if p["kind"] != "scalar"}

    def held(arrays: dict[str, np.ndarray], addr: int, size: int) -> int:
        name = max((b for b in where if where[b] <= addr), key=where.get)
        raw = arrays[name].tobytes()
        return int.from_bytes(raw[addr - where[name]:addr - where[name] + size], "little")

    m = maps["m"]
    assert maps.dropped["m"] == 0 and m["store"].sum() > 0 and (m["store"] == 0).sum() > 0
    for addr, v, size, store in zip(*(m[f].tolist() for f in ("addr", "v", "bytes", "store"))):
        assert v & ((1 << 8 * size) - 1) == held(outputs if store else start, addr, size), (addr, store)
