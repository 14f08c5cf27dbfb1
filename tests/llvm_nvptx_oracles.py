"""What each launchable kernel of tests/corpus/llvm_nvptx/ computes, in numpy, from a launch
recipe (index.json's format): the oracle that the CPU simulation (tests/test_llvm_nvptx.py) and
the GPU runs (tests/gpu/test_llvm_nvptx_gpu.py) hold the kernels' outputs to. Every LLVM release's
build of a kernel must give these values.

Exact where the kernel rounds once per operation, as numpy does. A fused multiply-add rounds
once where numpy rounds the product and the sum apart, so the outputs that go through one are
compared to `TOLERANCE` of their type (`close`).
"""
from __future__ import annotations

from types import SimpleNamespace

import numpy as np

from neutrino_py.runtime.synthetic import initial

# (kernel, output) pairs computed through fma.rn: within TOLERANCE of numpy's two roundings
CLOSE = {("grid_stride_axpy", "y"), ("call_horner", "out"), ("wide_math", "d"), ("wide_math", "ho")}
TOLERANCE = {np.dtype(np.float16): 1e-3, np.dtype(np.float32): 1e-5, np.dtype(np.float64): 1e-12}
LOOKUP = np.array([3, 1, 4, 1, 5, 9, 2, 6], np.int32)        # kernels.cu's `lookup`
TABLE = np.array([1, 2, 4, 8], np.float32)                  # ir_kernels.ll's `table`
WEAK_SCALE, BIAS = np.float32(3.0), np.float32(0.25)


def inputs(rec: dict) -> SimpleNamespace:
    """Each param of `rec` by name: a buffer's starting contents, a scalar's value."""
    return SimpleNamespace(**{p["name"]: initial(p) if p["kind"] != "scalar" else p["value"]
                              for p in rec["params"]})


def expected(kernel: str, rec: dict) -> dict[str, np.ndarray]:
    """The outputs a launch of `kernel` by `rec` leaves: every out/inout buffer not marked
    nondeterministic, by name."""
    p = inputs(rec)
    got = ORACLES[kernel](p, rec["grid"][0], rec["block"][0])
    wanted = {q["name"] for q in rec["params"]
              if q["kind"] in ("out", "inout") and not q.get("nondeterministic")}
    assert set(got) == wanted, (kernel, sorted(got), sorted(wanted))
    return got


def close(kernel: str, name: str, got: np.ndarray, want: np.ndarray) -> bool:
    """`got` is `want`: bit for bit, or within the tolerance of its type where an fma made it."""
    if (kernel, name) not in CLOSE:
        return got.tobytes() == want.tobytes()
    rtol = TOLERANCE[want.dtype]
    return bool(np.allclose(got.astype(np.float64), want.astype(np.float64), rtol=rtol, atol=rtol))


def _f32(x) -> np.ndarray:
    return np.asarray(x, np.float64).astype(np.float32)


def _warp_tree(v: np.ndarray) -> np.ndarray:
    """Lane 0 of `v += shfl.down(v, d)` for d = 16, 8, 4, 2, 1 over the last axis (32 lanes)."""
    v = v.copy()
    for d in (16, 8, 4, 2, 1):
        v[..., :32 - d] = v[..., :32 - d] + v[..., d:]
    return v[..., 0]


def ew_add(p, grid: int, block: int) -> dict:
    c = p.c.copy()
    c[:p.n] = p.a[:p.n] + p.b[:p.n]
    return {"c": c}


def grid_stride_axpy(p, grid: int, block: int) -> dict:
    y = p.y.copy()
    y[:p.n] = _f32(np.float64(p.alpha) * p.x[:p.n] + p.y[:p.n])
    return {"y": y}


def block_sum(p, grid: int, block: int) -> dict:
    v = np.zeros(grid * block, np.float32)
    v[:p.n] = getattr(p, "in")[:p.n]
    warp_sums = _warp_tree(v.reshape(grid, block // 32, 32))
    lanes = np.zeros((grid, 32), np.float32)
    lanes[:, :block // 32] = warp_sums
    return {"out": _warp_tree(lanes)}


def atomics(p, grid: int, block: int) -> dict:
    v = getattr(p, "in")[:p.n].astype(np.int64)
    return {"total": np.array([v.sum()], np.int64).astype(np.int32),
            "maximum": np.array([max(0, int(v.max()))], np.int32),
            "fsum": np.array([np.float32(v.sum() * 0.5)], np.float32)}


def call_horner(p, grid: int, block: int) -> dict:
    x = getattr(p, "in")[:p.n]
    acc = np.ones_like(x)
    for k in range(1, p.degree + 1):
        acc = _f32(acc.astype(np.float64) * x + LOOKUP[k & 7])
    out = p.out.copy()
    out[:p.n] = acc + BIAS
    return {"out": out}


def wide_math(p, grid: int, block: int) -> dict:
    n, b = p.n, p.b[:p.n]
    d, e, ho, bo = p.d.copy(), p.e.copy(), p.ho.copy(), p.bo.copy()
    d[:n] = p.a[:n] * 1.5 + b.astype(np.float64) / 3.0
    with np.errstate(over="ignore"):
        e[:n] = b * np.int64(0x100000001) - (b >> 3)
    ho[:n] = (p.h[:n].astype(np.float64) ** 2 + 0.5).astype(np.float16)
    bo[:n] = (p.bf[:n].astype(np.uint16).astype(np.uint32) << 16).view(np.float32) * np.float32(2)
    return {"d": d, "e": e, "ho": ho, "bo": bo}


def dyn_reverse(p, grid: int, block: int) -> dict:
    src = np.zeros(grid * block, np.float32)
    src[:p.n] = getattr(p, "in")[:p.n]
    out = p.out.copy()
    rev = src.reshape(grid, block)[:, ::-1].reshape(-1)        # out[b*B + B-1-t] = in[b*B + t]
    out[:p.n] = rev[:p.n]
    return {"out": out}


def switch_op(p, grid: int, block: int) -> dict:
    x, op = p.a[:p.n], p.op[:p.n]
    cases = [x + np.float32(1), x * x, -x, x * np.float32(0.5), x - np.float32(2), x * np.float32(3),
             np.full_like(x, 7)]
    out = p.out.copy()
    out[:p.n] = np.select([op == k for k in range(7)], cases, np.float32(0))
    return {"out": out}


def inline_asm(p, grid: int, block: int) -> dict:
    x = p.a[:p.n]
    lane = np.arange(p.n, dtype=np.int32) % block % 32
    out = p.out.copy()
    out[:p.n] = x + 7 + 100 * (x > 0) + 1000 * lane
    return {"out": out}


def generic_shared(p, grid: int, block: int) -> dict:
    idx = np.clip(p.idx[:p.n], 0, 7)
    counts = np.zeros((grid, 8), np.int32)
    np.add.at(counts, (np.arange(p.n) // block, idx), 1)
    counts += LOOKUP
    out = p.out.copy()
    out[:grid * 8] = (counts + counts[:, [1, 0, 3, 2, 5, 4, 7, 6]]).reshape(-1)
    return {"out": out}


def ll_switch(p, grid: int, block: int) -> dict:
    i, op = np.arange(p.n, dtype=np.int32), p.op[:p.n]
    cases = [np.full_like(i, 11), i * 3, i ^ 85, i << 2, 1000 - i, i & 15, i | 256, i >> 1]
    out = p.out.copy()
    out[:p.n] = np.select([op == k for k in range(8)], cases, -1)
    return {"out": out}


def ll_local(p, grid: int, block: int) -> dict:
    out = p.out.copy()
    out[:p.n] = getattr(p, "in")[:p.n] * (np.arange(p.n) & 7).astype(np.float32)
    return {"out": out}


def ll_vector(p, grid: int, block: int) -> dict:
    v = getattr(p, "in").reshape(-1, 4)[:grid * block]
    t = np.arange(grid * block) % block
    scale = TABLE[t & 3] * WEAK_SCALE
    got = v * scale[:, None]
    got[:, 3] = v[np.arange(grid * block) ^ 1, 0]                 # the neighbour's first element
    out = p.out.copy().reshape(-1, 4)
    out[:p.n4] = got[:p.n4]
    return {"out": out.reshape(-1)}


def ll_wide(p, grid: int, block: int) -> dict:
    words = p.wide.reshape(-1, 2).astype(object)
    wide = p.wide.copy().reshape(-1, 2)
    for k in range(p.n):
        c = ((int(words[k, 0]) | int(words[k, 1]) << 64) * (2 ** 64 + 5) - 1) % 2 ** 128
        wide[k] = c & (2 ** 64 - 1), c >> 64
    h2 = p.h2.copy()
    h2[:2 * p.n] = (p.h2[:2 * p.n].astype(np.float64) + np.tile([1.0, 2.0], p.n)).astype(np.float16)
    return {"wide": wide.reshape(-1), "h2": h2}


ORACLES = {f.__name__: f for f in (ew_add, grid_stride_axpy, block_sum, atomics, call_horner,
                                   wide_math, dyn_reverse, switch_op, inline_asm, generic_shared,
                                   ll_switch, ll_local, ll_vector, ll_wide)}
