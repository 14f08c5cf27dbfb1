"""A kernel whose own registers start with `%nt_` and whose params start with `__nt_` (a code
generator naming its registers `%nt_0`, a param `__nt_foo`, a module instrumented before) is
instrumented like any other; it was refused ("already uses the reserved name"). The registers
the instrumentation makes take the first of `%nt_`, `%nt1_`, `%nt2_`... and the params it appends
the first of `__nt_`, `__nt1_`... that no name of the kernel starts with
(`targets.ptx.render.free_prefix`); the manifest names the params as appended.

The oracle: corpus kernels with every register renamed into `%nt_<name>` and their params into
`__nt_hdr`, `__nt_map_dmat`... instrument to exactly the code of the original kernels, once the
names are mapped back (and `%nt1_`/`__nt1_` read as `%nt_`/`__nt_`); ptxas assembles them; in
the CPU simulator they compute the same and fill the same maps.
"""
from __future__ import annotations

import json
import re
from collections import Counter
from typing import Callable

import numpy as np
import pytest

from conftest import ROOT
from test_ptx_producers import assemble
from test_splice_simulated import BLOCK, GRID, N, accesses, corpus, floats, launch, stock
import neutrino_py as nt
from neutrino_py import paths, toolchain
from neutrino_py.asm import ir, parse_ptx
from neutrino_py.maps import read
from neutrino_py.maps.layout import layout
from neutrino_py.probe import load, load_file
from neutrino_py.runtime import ParamType
from neutrino_py.splice import instrument

PTXAS = toolchain.find_tool("ptxas")
STOCK = sorted(p.stem for p in paths.probes_dir().glob("*.probe"))
MODULES = ["examples/vector_add.ptx", "tests/corpus/cuda/saxpy.sm_90.ptx",
           "tests/corpus/cuda/reduction.sm_90.ptx", "tests/corpus/cuda/histogram.sm_80.ptx",
           "tests/corpus/cuda/sgemm.sm_90.ptx", "tests/corpus/cuda/tensor_core.sm_90.ptx",
           "tests/corpus/cuda/features.sm_90.ptx",
           # memtrace shares its site code here (outline: `%nt_q<N>`, `%nt_ret`, brx.idx)
           "tests/corpus/triton/matmul_kernel.sm_90a.ptx"]
# a kernel's params in order take these names (the first the contract's own), then __nt_p<k>
PARAMS = ["__nt_hdr", "__nt_map_dmat", "__nt_map_mem", "__nt_map_sched", "__nt_map_gmem"]


def renamed(text: str) -> tuple[str, Callable[[str], str]]:
    """`text` with every `%` register the module declares renamed `%nt_<name without %>` and
    each kernel's params renamed as `PARAMS` says (then `__nt_k<kernel>_<k>` past the first
    kernel), and the function mapping an instrumented output of it back to the names of `text`.
    The kernels' own names come back first: the instrumentation's then start with `%nt1_` and
    `__nt1_` (asserted by the callers' equality, as nothing else maps them to `%nt_`)."""
    module = parse_ptx(text, cache=False)
    stems = sorted({name[1:] for fn in module.functions() for s in ir.flat(fn.body)
                    if type(s) is ir.RegDecl for name, _ in s.names if name.startswith("%")},
                   key=len, reverse=True)
    params = {p.name: (PARAMS[k] if k < len(PARAMS) else f"__nt_p{k}") if i == 0
              else f"__nt_k{i}_{k}"
              for i, fn in enumerate(module.kernels()) for k, p in enumerate(fn.params)}
    assert stems and params
    regs = "|".join(map(re.escape, stems))
    forward = re.compile(rf"%({regs})(?=\d*(?![\w$]))")
    back = re.compile(rf"%nt_({regs})(?=\d*(?![\w$]))")
    param_names = re.compile(r"\b(" + "|".join(map(re.escape, params)) + r")\b")
    originals = {new: old for old, new in params.items()}
    kernel_params = re.compile(r"\b(" + "|".join(map(re.escape, originals)) + r")\b")
    assert not re.search(r"%nt\d*_|__nt", text)

    def to_original(out: str) -> str:
        out = kernel_params.sub(lambda m: originals[m[1]], back.sub(r"%\1", out))
        return out.replace("%nt1_", "%nt_").replace("__nt1_", "__nt_")

    return param_names.sub(lambda m: params[m[1]], forward.sub(r"%nt_\1", text)), to_original


def manifests_text(result) -> str:
    return json.dumps({k: m.to_json() for k, m in result.manifests.items()}, sort_keys=True)


@pytest.mark.parametrize("probe", STOCK)
@pytest.mark.parametrize("path", MODULES)
def test_a_kernel_of_nt_names_is_instrumented_as_the_kernel_is(path, probe, tmp_path):
    text = (ROOT / path).read_text()
    program = load_file(str(paths.probes_dir() / f"{probe}.probe"))
    ours, back = renamed(text)
    want = instrument(parse_ptx(text, cache=False), program)
    got = instrument(parse_ptx(ours, cache=False), program)
    out = got.module.to_text()
    assert back(out) == want.module.to_text()
    assert back(manifests_text(got)) == manifests_text(want)
    for name, m in got.manifests.items():
        assert [p.name for p in m.params] == \
            [p.name.replace("__nt_", "__nt1_") for p in want.manifests[name].params]
    added = set(re.findall(r"\.reg \.\w+ \t(%nt\d*_)", out)) - \
        set(re.findall(r"\.reg \.\w+\s+(%nt\d*_)", ours))
    assert added <= {"%nt1_"} and ("%nt1_" in added) == ("%nt_" in want.module.to_text())
    if PTXAS is not None:
        assemble(out, tmp_path, re.search(r"^\.target (\w+)", text, re.M)[1])


# (declarations of the kernel, the prefix its instrumentation registers take)
DECLS = [(".reg .b32 %nt_r<4>;", "%nt1_"),
         (".reg .b32 %nt_;", "%nt1_"),                   # the prefix itself, as a name
         (".reg .b32 %nt_r<4>;\n\t.reg .pred %nt1_p;", "%nt2_"),
         (".reg .b32 %nt_0;\n\t.reg .b64 %nt10_x;", "%nt1_"),   # %nt10_ does not start %nt1_
         (".reg .b32 %nt<4>;\n\t.reg .b32 %nt1<3>;", "%nt_"),    # %nt0.., %nt10..: no `_`
         ("{\n\t.reg .b32 %nt_rd0;\n\tmov.u32 %nt_rd0, 1;\n\t}", "%nt1_")]   # a nested scope


@pytest.mark.parametrize("decls,prefix", DECLS)
def test_the_registers_take_the_first_prefix_no_register_of_the_kernel_starts_with(
        decls, prefix, tmp_path):
    text = (".version 8.0\n.target sm_90\n.address_size 64\n"
            ".visible .entry k(.param .u64 __nt_hdr, .param .u64 __nt1_x)\n{\n\t"
            f"{decls}\n\t.reg .b64 %rd<3>;\n\tld.param.u64 %rd1, [__nt_hdr];\n"
            "\tld.param.u64 %rd2, [__nt1_x];\n\tst.global.u64 [%rd1], %rd2;\n\tret;\n}\n")
    probe = load("map m[thread]: record { u64 a; u64 t; } pool 64\n"
                 "before st.global { m.save(ADDR, clock()); }")
    result = instrument(parse_ptx(text, cache=False), probe)
    out = result.module.to_text()
    ours = re.findall(r"(%nt\w*?_)[a-z]+\d+\b", out.split("ld.param.u64 \t%rd1")[1])
    assert ours and set(ours) == {prefix}
    assert [p.name for p in result.manifests["k"].params] == ["__nt2_hdr", "__nt2_map_m"]
    assert "ld.param.u64 \t%rd1, [__nt_hdr];" in out and "[__nt2_map_m]" in out
    if PTXAS is not None:
        assemble(out, tmp_path, "sm_90")


TIMES = ("start", "elapsed")                     # block_sched's: other code runs in between


def vector_add(ptx: str, program, extra: dict[str, bytes] | None = None):
    """test_splice_simulated's launch of vector_add (a partial second warp, threads past n),
    of `ptx`, with `extra` buffers after the kernel's own params."""
    args = {"a": floats(N, 1), "b": floats(N, 2), "c": bytes(4 * N), "n": N, **(extra or {})}
    return launch(ptx, program, GRID, BLOCK, args)


def equal_maps(a, b) -> bool:
    return list(a) == list(b) and all(np.array_equal(a[k], b[k]) for k in a) \
        and a.dropped == b.dropped


@pytest.mark.parametrize("probe", STOCK)
def test_the_renamed_kernel_computes_and_records_as_the_kernel_does(probe):
    text = corpus("vector_add")
    ours, _ = renamed(text)
    want, _, want_ptrs, want_mem = vector_add(text, stock(probe))
    got, _, got_ptrs, got_mem = vector_add(ours, stock(probe))
    assert list(got_ptrs) == ["__nt_hdr", "__nt_map_dmat", "__nt_map_mem"]     # a, b, c
    a, b, c = (np.frombuffer(got_mem.bytes(p), np.float32) for p in got_ptrs.values())
    assert np.array_equal(c, a + b)
    assert [got_mem.bytes(p) for p in got_ptrs.values()] == \
        [want_mem.bytes(p) for p in want_ptrs.values()]
    assert equal_maps(got, want)


def test_an_instrumented_kernel_instrumented_again_runs_both_probes():
    """Instrumenting our own output is instrumenting a kernel with such names: the first
    instrumentation's params are the kernel's own to the launcher (here the simulator, by
    position as the shims and `runtime.launch` pass them), and both probes' maps fill."""
    once = instrument(parse_ptx(corpus("vector_add"), cache=False), stock("dmat"))
    first = once.manifests["vector_add"]
    header = bytes(first.header_nbytes() or 1)
    extra = {"hdr": header, **{lay.name: bytes(lay.nbytes) for lay in layout(first, GRID, BLOCK)}}
    sched, _, ptrs, mem = vector_add(once.module.to_text(), stock("block_sched"), extra)
    plain_sched, _, _, _ = vector_add(corpus("vector_add"), stock("block_sched"))
    plain_dmat, _, _, _ = vector_add(corpus("vector_add"), stock("dmat"))
    dmat = read(first, GRID, BLOCK, mem.bytes(ptrs["__nt_hdr"]),
                {"dmat": mem.bytes(ptrs["__nt_map_dmat"])})
    assert accesses(dmat) == accesses(plain_dmat) and dmat.dropped == plain_dmat.dropped
    assert len(dmat["dmat"]) == 3 * N
    got, want = sched["sched"], plain_sched["sched"]
    assert got.dtype.names == want.dtype.names and len(got) == len(want) == GRID[0]
    assert all(np.array_equal(got[k], want[k]) for k in got.dtype.names if k not in TIMES)
    assert all(got["elapsed"] > 0)
    a, b, c = (np.frombuffer(mem.bytes(p), np.float32) for p in list(ptrs.values())[:3])
    assert np.array_equal(c, a + b)


def test_the_notebook_api_takes_an_instrumented_kernel_s_map_pointers_as_its_own_params():
    once = nt.Kernel.from_ptx(corpus("vector_add")).instrument("dmat")
    again = nt.Kernel.from_ptx(once.ptx).instrument("gmem_bytes")
    own = [ParamType("u", 64)] * 3 + [ParamType("u", 32)]
    assert once.param_types == own and again.param_types == own + [ParamType("u", 64)] * 2
    assert [p.name for p in again.manifest.params] == ["__nt1_hdr", "__nt1_map_gmem"]
    assert Counter(re.findall(r"\.param \.u64 (__nt\w+)", again.ptx)) == Counter(
        ["__nt_hdr", "__nt_map_dmat", "__nt1_hdr", "__nt1_map_gmem"])
