"""CuPy's own kernels, of kinds the rest of the suite does not hold, for `neutrino trace` under
every stock probe (tests/gpu/test_library_programs.py): elementwise code over eleven dtypes
(f16, complex, bool, 8- and 64-bit integers), math that calls libdevice, reductions and scans,
fancy indexing with integer atomics, random numbers from CuPy's generator kernels, strided views,
and raw kernels with dynamic shared memory, shuffles, a CAS loop and C++ templates.

    python tests/gpu/programs/library_cupy.py OUT.bin

CUPY_COMPILE_WITH_PTX=1 (set here) makes CuPy load PTX, so its kernels can be instrumented;
library code it links (CUB, cuBLAS) stays SASS and is only timed. Every result is
order-independent, so a traced run must match bit for bit.
"""
from __future__ import annotations

import os
import sys

os.environ.setdefault("CUPY_COMPILE_WITH_PTX", "1")
os.environ.setdefault("CUPY_ACCELERATORS", "")      # CuPy's own reductions and scans, not CUB's

import cupy as cp  # noqa: E402
import numpy as np  # noqa: E402
from cases import run  # noqa: E402

RAW = r"""
extern "C" __global__ void block_scan(const int* x, int* out, int n) {
    extern __shared__ int warp_sums[];
    int i = blockIdx.x * blockDim.x + threadIdx.x, lane = threadIdx.x % 32, warp = threadIdx.x / 32;
    int v = i < n ? x[i] : 0;
    for (int d = 1; d < 32; d *= 2) {
        int up = __shfl_up_sync(0xffffffff, v, d);
        if (lane >= d) v += up;
    }
    if (lane == 31) warp_sums[warp] = v;
    __syncthreads();
    if (warp == 0) {
        int s = lane < blockDim.x / 32 ? warp_sums[lane] : 0;
        for (int d = 1; d < 32; d *= 2) {
            int up = __shfl_up_sync(0xffffffff, s, d);
            if (lane >= d) s += up;
        }
        warp_sums[lane] = s;
    }
    __syncthreads();
    if (warp > 0) v += warp_sums[warp - 1];
    if (i < n) out[i] = v;
}

extern "C" __global__ void cas_max(const unsigned long long* x, unsigned long long* top, int n) {
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
        unsigned long long seen = *top, want = __ldg(&x[i]);
        while (want > seen) {
            unsigned long long was = atomicCAS(top, seen, want);
            if (was == seen) break;
            seen = was;
        }
    }
}

template <typename T, int K>
__global__ void stencil(const T* x, T* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    T s = 0;
    #pragma unroll
    for (int k = -K; k <= K; ++k) {
        int j = min(max(i + k, 0), n - 1);
        s += x[j] * (T)(k + K + 1);
    }
    out[i] = s;
}
"""


def cases() -> dict:
    """name -> a function returning that case's output arrays (CuPy or NumPy)."""
    rng = np.random.default_rng(3)
    n = 40_000

    def host(dtype, size=n, low=-50, high=50):
        if np.dtype(dtype).kind == "c":
            return (rng.uniform(low, high, size) + 1j * rng.uniform(low, high, size)).astype(dtype)
        if np.dtype(dtype).kind == "b":
            return rng.integers(0, 2, size).astype(bool)
        lo = 0 if np.dtype(dtype).kind == "u" else low
        return rng.uniform(lo, high, size).astype(dtype)

    def elementwise():
        outs = []
        for dtype in (np.int8, np.uint8, np.int16, np.int32, np.int64, np.float16, np.float32,
                      np.float64, np.complex64, np.complex128, np.bool_):
            a, b = cp.asarray(host(dtype)), cp.asarray(host(dtype))
            outs += [a + b, a * b, a != b]
        return outs

    def math():
        x = cp.asarray(host(np.float64, low=0.1, high=9))
        y = cp.asarray(host(np.float32, low=-3, high=3))
        z = cp.asarray(host(np.complex64, low=-2, high=2))
        i = cp.asarray(rng.integers(-1000, 1000, n))
        d = cp.asarray(rng.integers(1, 37, n))
        return [cp.sin(x), cp.log1p(x), cp.power(x, 2.5), cp.arctan2(y, y[::-1]), cp.exp(z),
                cp.sqrt(z), i // d, i % d, cp.fmod(y, 0.7), cp.clip(y, -1, 1), cp.around(y, 2),
                (x > 3).astype(cp.float16), cp.where(y > 0, x, -x)]

    def reductions():
        x = cp.asarray(host(np.float64).reshape(200, 200))
        i = cp.asarray(rng.integers(-9, 9, (200, 200)))
        return [x.sum(axis=0), x.max(axis=1), x.argmin(axis=0), x.var(axis=1), i.prod(axis=0),
                (x > 0).any(axis=1), (x > -60).all(), i.sum(), cp.linalg.norm(x, axis=1)]

    def scans():
        i = cp.asarray(rng.integers(-5, 9, n))
        x = cp.asarray(host(np.float32))
        return [cp.cumsum(i), cp.cumprod(cp.asarray(rng.integers(1, 3, 40)), dtype=cp.int64),
                cp.diff(x), cp.nonzero(i > 3)[0]]

    def indexing():
        x = cp.asarray(host(np.float32))
        idx = cp.asarray(rng.integers(0, n, 5000))
        counts = cp.zeros(64, dtype=cp.int32)
        import cupyx
        cupyx.scatter_add(counts, cp.asarray(rng.integers(0, 64, n)), 1)
        y = x.copy()
        y[idx] = -1
        return [x[idx], cp.take(x, idx[::-1]), y, counts,
                cp.bincount(cp.asarray(rng.integers(0, 100, n))),
                cp.histogram(cp.asarray(rng.integers(0, 1000, n)), bins=10, range=(0, 1000))[0]]

    def views():
        x = cp.asarray(host(np.float32, size=300 * 400)).reshape(300, 400)
        return [cp.ascontiguousarray(x.T), x[::3, 1::2] * 2, cp.tril(x), cp.pad(x, 2),
                cp.concatenate([x, x[::-1]]), x.astype(cp.float16).astype(cp.complex64)]

    def random():
        gen = cp.random.default_rng(99)
        return [gen.random(5000), gen.integers(0, 1000, 5000), gen.standard_normal(5000)]

    def raw():
        module = cp.RawModule(code=RAW, options=("-std=c++17",),
                              name_expressions=["stencil<float, 2>", "stencil<double, 3>"])
        x = cp.asarray(rng.integers(-20, 20, n).astype(np.int32))
        scanned = cp.empty_like(x)
        module.get_function("block_scan")(((n + 255) // 256,), (256,), (x, scanned, np.int32(n)),
                                          shared_mem=8 * 4)
        big = cp.asarray(rng.integers(0, 1 << 62, n, dtype=np.uint64))
        top = cp.zeros(1, dtype=cp.uint64)
        module.get_function("cas_max")((64,), (128,), (big, top, np.int32(n)))
        outs = [scanned, top]
        for name, dtype in (("stencil<float, 2>", np.float32), ("stencil<double, 3>", np.float64)):
            f = cp.asarray(host(dtype))
            out = cp.empty_like(f)
            module.get_function(name)(((n + 127) // 128,), (128,), (f, out, np.int32(n)))
            outs.append(out)
        return outs

    def custom():
        sq = cp.ElementwiseKernel("T a, T b", "T c", "c = a * a - b", "lib_sq_minus")
        l1 = cp.ReductionKernel("T x", "T y", "abs(x)", "a + b", "y = a", "0", "lib_l1")
        x = cp.asarray(host(np.int64))
        return [sq(x, x[::-1]), l1(x.reshape(100, -1), axis=1)]

    return {"elementwise": elementwise, "math": math, "reductions": reductions, "scans": scans,
            "indexing": indexing, "views": views, "random": random, "raw": raw, "custom": custom}


def main() -> None:
    run(sys.argv[1], cases(), cp.asnumpy, cp.cuda.Device().synchronize)


if __name__ == "__main__":
    main()
