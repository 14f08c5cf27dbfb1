"""numba-cuda's kernels, for `neutrino trace` under every stock probe (tests/gpu/test_library_programs.py):
PTX from NVVM that numba links at run time (nvJitLink, else the driver's cuLink*) into a cubin
holding no PTX, so the shim instruments it from the PTX the link was given. An axpy, a block sum
in shared memory, warp shuffles and a ballot, a 2-D matmul, f64 libdevice math, a histogram in a
local array with atomics, integer max and CAS, a stencil with line info, and a grid-stride loop
on int64; inputs from NumPy with fixed seeds, so a traced run must match bit for bit.

    python tests/gpu/programs/library_numba.py OUT.bin
"""
from __future__ import annotations

import math
import sys

import numpy as np
from cases import run

if not hasattr(np, "row_stack"):     # numba-cuda 0.30.4 names it; NumPy 2.4 removed it
    np.row_stack = np.vstack
from numba import cuda, float32, int32, int64  # noqa: E402

RNG = np.random.default_rng(11)
N = 1 << 14


@cuda.jit
def axpy(r, a, x, y):
    i = cuda.grid(1)
    if i < r.size:
        r[i] = a * x[i] + y[i]


@cuda.jit
def block_sum(out, x):
    sm = cuda.shared.array(256, float32)
    t = cuda.threadIdx.x
    i = cuda.grid(1)
    sm[t] = x[i] if i < x.size else float32(0.0)
    cuda.syncthreads()
    s = 128
    while s > 0:
        if t < s:
            sm[t] += sm[t + s]
        cuda.syncthreads()
        s //= 2
    if t == 0:
        out[cuda.blockIdx.x] = sm[0]


@cuda.jit
def warp_ops(out, x):
    i = cuda.grid(1)
    v = x[i]
    b = cuda.ballot_sync(0xFFFFFFFF, v > 0)
    for off in (16, 8, 4, 2, 1):
        v += cuda.shfl_down_sync(0xFFFFFFFF, v, off)
    if cuda.laneid == 0:
        out[i // 32] = v ^ b


@cuda.jit
def matmul2d(c, a, b):
    i, j = cuda.grid(2)
    if i < c.shape[0] and j < c.shape[1]:
        acc = float32(0.0)
        for k in range(a.shape[1]):
            acc += a[i, k] * b[k, j]
        c[i, j] = acc


@cuda.jit
def math_f64(out, x):
    i = cuda.grid(1)
    if i < x.size:
        v = x[i]
        out[i] = math.exp(v) * math.sin(v) + math.sqrt(abs(v)) + math.atan2(v, 2.0)


@cuda.jit
def local_hist(out, x):
    h = cuda.local.array(16, int32)
    for k in range(16):
        h[k] = 0
    i = cuda.grid(1)
    while i < x.size:
        h[x[i] & 15] += 1
        i += cuda.gridsize(1)
    for k in range(16):
        cuda.atomic.add(out, k, h[k])


@cuda.jit
def max_cas(out, x):
    i = cuda.grid(1)
    if i < x.size:
        cuda.atomic.max(out, 0, x[i])
        if x[i] == 7:
            cuda.atomic.compare_and_swap(out[1:], 0, i + 1)


@cuda.jit(lineinfo=True)
def stencil(out, x):
    i = cuda.grid(1)
    if 0 < i < x.size - 1:
        out[i] = 0.25 * x[i - 1] + 0.5 * x[i] + 0.25 * x[i + 1]


@cuda.jit
def grid_stride_i64(out, x, n):
    for i in range(cuda.grid(1), n, cuda.gridsize(1)):
        out[i] = x[i] * int64(3) + (x[i] >> 7)


def _axpy():
    x, y = RNG.standard_normal(N, dtype=np.float32), RNG.standard_normal(N, dtype=np.float32)
    r = cuda.device_array(N, np.float32)
    axpy[N // 128, 128](r, np.float32(2.5), cuda.to_device(x), cuda.to_device(y))
    return [r]


def _block_sum():
    out = cuda.device_array(N // 256, np.float32)
    block_sum[N // 256, 256](out, cuda.to_device(RNG.standard_normal(N, dtype=np.float32)))
    return [out]


def _warp_ops():
    out = cuda.device_array(N // 32, np.int32)
    warp_ops[N // 128, 128](out, cuda.to_device(RNG.integers(-100, 100, N, dtype=np.int32)))
    return [out]


def _matmul2d():
    a, b = RNG.standard_normal((48, 40), dtype=np.float32), RNG.standard_normal((40, 56), dtype=np.float32)
    c = cuda.device_array((48, 56), np.float32)
    matmul2d[(3, 4), (16, 16)](c, cuda.to_device(a), cuda.to_device(b))
    return [c]


def _math_f64():
    out = cuda.device_array(N, np.float64)
    math_f64[N // 128, 128](out, cuda.to_device(RNG.standard_normal(N)))
    return [out]


def _local_hist():
    out = cuda.to_device(np.zeros(16, np.int32))
    local_hist[16, 64](out, cuda.to_device(RNG.integers(0, 1 << 20, N, dtype=np.int32)))
    return [out]


def _max_cas():
    out = cuda.to_device(np.zeros(2, np.int32))
    max_cas[N // 128, 128](out, cuda.to_device(RNG.integers(0, 1 << 30, N, dtype=np.int32)))
    return [out]


def _stencil():
    out = cuda.to_device(np.zeros(N, np.float64))
    stencil[N // 256, 256](out, cuda.to_device(RNG.standard_normal(N)))
    return [out]


def _grid_stride_i64():
    n = 3 * N + 5
    out = cuda.device_array(n, np.int64)
    grid_stride_i64[40, 96](out, cuda.to_device(RNG.integers(-1 << 40, 1 << 40, n, dtype=np.int64)), n)
    return [out]


CASES = {"axpy": _axpy, "block_sum": _block_sum, "warp_ops": _warp_ops, "matmul2d": _matmul2d,
         "math_f64": _math_f64, "local_hist": _local_hist, "max_cas": _max_cas, "stencil": _stencil,
         "grid_stride_i64": _grid_stride_i64}

if __name__ == "__main__":
    run(sys.argv[1], CASES, lambda a: a.copy_to_host(), cuda.synchronize)
