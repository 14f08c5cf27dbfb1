"""PTX of older producers, which programs built with them still ship: Triton 3.0 to 3.5 (older
LLVM, each release's PTX ISA, loads written as inline asm `@%p ld.global.b32 { %r2 }, [ %rd1 + 0 ]`)
and CUDA 11.7 to 12.9 through NVRTC (PTX ISA 7.7 to 8.8, NVVM 7's `{ // callseq` blocks).

A sweep on a machine without a GPU: Triton 3.0.0, 3.1.0, 3.2.0, 3.3.1, 3.4.0, 3.5.1 (178
modules: the corpus kernels and five more for sm_80 and sm_90a, printf/assert, inline asm, a
two-CTA dot, a CAS loop, block pointers, 3.0-3.3's experimental TMA descriptor loads) and the
NVRTC of CUDA 11.7, 11.8, 12.0, 12.2, 12.4, 12.6, 12.8, 12.9 (374 modules: the corpus sources for
sm_70 to sm_120, sm_90a and sm_100a, with -lineinfo, -G, --use_fast_math -rdc=true). Every one
parsed, printed as a fixed point with the same tokens and comments, was inspected, and was
instrumented by the 8 stock probes and 5 probes reading OUT/IN/ADDR/BYTES (7,176 pairs, none
refused); ptxas 13.5 (12.4 for sm_70, which 13 dropped) assembled every original and 2,968
instrumented pairs (all 13 probes for 26 modules, a rotation of 5 for the rest). Nothing failed:
no engine change. What stays: the committed modules (tests/corpus/{triton,nvrtc}_older) run in the
simulator instrumented, recording exactly what they access and the values they move (memtrace's
compressed records of Triton's softmax and layer norm rebuild exactly dmat's), and assemble under
probes that read every operand kind (the stock probes' matrix is test_splice_matrix's).
"""
from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

from conftest import CORPUS
from neutrino_py import toolchain
from neutrino_py.asm import parse_ptx
from neutrino_py.probe import load
from neutrino_py.splice import instrument
from test_splice_simulated import accesses, floats, launch, stock

OLDER = sorted(CORPUS.glob("*_older/*.ptx"))
ADD_KERNELS = sorted(CORPUS.glob("triton_older/add_kernel.*.ptx"))
N = 1500                             # past the grid's last element: a partial block of lanes
ROWS, COLS = 2, 781                  # a row shorter than the block: masked lanes

# the value each global load gave and each store wrote, at its address
VALUES = load("""map m[thread]: record { u64 addr; u64 v; u32 bytes; } pool 1 << 16
after ld.global { m.save(ADDR, OUT, BYTES); }
before st.global { m.save(ADDR, IN2, BYTES); }
""")

# every operand kind at the opcodes old producers write
OPERANDS = load("""map m[warp]: record { u64 pc; u64 a; u64 b; u64 c; } pool 1 << 16
after add, mul, mad, fma, shl, and, or, selp, cvt, mov, setp, max, shfl { m.save(PC, OUT, IN1, IN2); }
after ld.global, ld.shared, ld.param, atom { m.save(PC, ADDR, BYTES, OUT); }
before st.global, st.shared, red { m.save(PC, ADDR, BYTES, IN2); }
""")


def _add(path, program):
    args = {"x": floats(N, 1), "y": floats(N, 2), "out": bytes(4 * N), "n": N, "s0": 0, "s1": 0}
    return launch(path.read_text(), program, (2, 1, 1), (128, 1, 1), args)


@pytest.mark.parametrize("path", ADD_KERNELS, ids=lambda p: p.name)
def test_older_triton_add_kernels_record_exactly_their_accesses(path):
    maps, _, ptrs, mem = _add(path, stock("dmat"))
    x, y, out = (np.frombuffer(mem.bytes(p), np.float32) for p in ptrs.values())
    assert np.array_equal(out, x + y)
    rec = maps["dmat"]
    want = Counter((base + 4 * i, 4) for base in ptrs.values() for i in range(N))
    assert Counter(zip(rec["addr"].tolist(), rec["bytes"].tolist())) == want


@pytest.mark.parametrize("path", ADD_KERNELS, ids=lambda p: p.name)
def test_out_and_in_of_inline_asm_accesses_are_the_values_moved(path):
    maps, _, ptrs, mem = _add(path, VALUES)
    held = {}
    for p in ptrs.values():
        held |= {p + 4 * i: int(v) for i, v in enumerate(np.frombuffer(mem.bytes(p), np.uint32))}
    rec = maps["m"]
    assert len(rec) + maps.dropped["m"] == 3 * N and len(rec) > 0
    assert all(held[a] == v for a, v in zip(rec["addr"].tolist(), rec["v"].tolist()))


def test_nvrtc_11_8_reduction_records_its_loads_and_block_sums():
    args = {"in": floats(1024, 5), "out": bytes(8), "n": 1024}
    maps, _, ptrs, mem = launch((CORPUS / "nvrtc_older/reduction.11.8.sm_75.ptx").read_text(),
                                stock("dmat"), (2, 1, 1), (256, 1, 1), args)
    src, out = ptrs.values()
    want = Counter([(src + 4 * i, 4) for i in range(1024)] + [(out, 4), (out + 4, 4)])
    assert Counter(zip(maps["dmat"]["addr"].tolist(), maps["dmat"]["bytes"].tolist())) == want
    sums = np.frombuffer(mem.bytes(src), np.float32).reshape(2, 512).sum(axis=1)
    assert np.allclose(np.frombuffer(mem.bytes(out), np.float32), sums, rtol=1e-5)


def _row_args(name: str) -> dict:
    """Params of the two row kernels (scratch pointers 0): softmax or layer norm of ROWS rows."""
    if name.startswith("softmax"):
        return {"out": bytes(4 * ROWS * COLS), "in": floats(ROWS * COLS, 3), "in_stride": COLS,
                "out_stride": COLS, "n_cols": COLS, "scratch0": 0, "scratch1": 0}
    return {"x": floats(ROWS * COLS, 4), "y": bytes(4 * ROWS * COLS), "w": floats(COLS, 5),
            "b": floats(COLS, 6), "mean": bytes(4 * ROWS), "rstd": bytes(4 * ROWS), "stride": COLS,
            "n_cols": COLS, "eps": int(np.float32(1e-5).view(np.uint32)), "scratch0": 0, "scratch1": 0}


@pytest.mark.parametrize("path", sorted(CORPUS.glob("triton_older/[sl]*.ptx")), ids=lambda p: p.name)
def test_memtrace_rebuilds_the_accesses_dmat_records_in_older_triton_rows(path):
    """memtrace's compressed and chained records of Triton's unrolled inline-asm loads, in the
    loops of the layer norm too, rebuild exactly the lanes' accesses dmat records one by one."""
    args = _row_args(path.name)
    dmat = launch(path.read_text(), stock("dmat"), (ROWS, 1, 1), (128, 1, 1), args)
    mem = launch(path.read_text(), stock("memtrace"), (ROWS, 1, 1), (128, 1, 1), args)
    assert accesses(mem[0]) == accesses(dmat[0])
    # a row: softmax reads and writes it; layer norm reads it thrice, w and b once, writes it,
    # its mean and its rstd
    per_row = 2 * COLS if path.name.startswith("softmax") else 6 * COLS + 2
    assert sum(accesses(dmat[0]).values()) == ROWS * per_row
    assert [dmat[3].bytes(p) for p in dmat[2].values()] == [mem[3].bytes(p) for p in mem[2].values()]


@pytest.mark.skipif(toolchain.find_tool("ptxas") is None, reason="ptxas not found")
@pytest.mark.parametrize("path", OLDER, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_probes_reading_every_operand_kind_assemble(path):
    module = parse_ptx(path.read_text(), file=str(path), cache=False)
    text = instrument(module, OPERANDS).module.to_text()
    assert toolchain.run_ptxas(text, module.arch)[:4] == b"\x7fELF"
