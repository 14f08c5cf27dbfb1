"""CuPy features the library program does not reach, for `neutrino trace`
(tests/gpu/test_runtime_features.py): a RawModule of C++ templates picked by name_expressions,
a kernel reading its neighbours through shared memory, cupy.fuse, an ElementwiseKernel on
complex64, a sort, and cuFFT and cuSOLVER calls (their kernels: SASS or PTX newer than the GPU,
timed only, or PTX instrumented). Before twins shared their module's variables (contracts §6
"Module variables") this program ended in an illegal address under every probe on the H200.

    python tests/gpu/programs/cupy_features.py OUT.bin
"""
from __future__ import annotations

import sys

import cupy as cp
from cases import run

CODE = r"""
template<typename T> __global__ void scale(T* x, T s, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) x[i] *= s; }
extern "C" __global__ void ring(const float* x, float* y, int n) {
    __shared__ float t[256]; int i = blockIdx.x * 256 + threadIdx.x;
    t[threadIdx.x] = i < n ? x[i] : 0.f; __syncthreads();
    if (i < n) y[i] = t[(threadIdx.x + 1) % 256] - t[threadIdx.x]; }
"""


@cp.fuse()
def _fused(a, b):
    """A named function: CuPy names the fused kernel after it (a lambda's `<lambda>` does not compile)."""
    return cp.sqrt(a * a + b * b) / (1 + a)


def templates():
    mod = cp.RawModule(code=CODE, options=("-std=c++17",), name_expressions=["scale<float>", "scale<double>"])
    x, xd = cp.arange(10000, dtype=cp.float32), cp.arange(777, dtype=cp.float64)
    mod.get_function("scale<float>")((40,), (256,), (x, cp.float32(1.5), cp.int32(10000)))
    mod.get_function("scale<double>")((4,), (256,), (xd, cp.float64(-2.0), cp.int32(777)))
    y = cp.empty_like(x)
    mod.get_function("ring")((40,), (256,), (x, y, cp.int32(10000)))
    return [x, xd, y, _fused(x, y)]


def complex_and_sort():
    ek = cp.ElementwiseKernel("complex64 a", "complex64 b", "b = a * conj(a) + complex<float>(0, 1)", "cplx")
    c = ek(cp.arange(500, dtype=cp.complex64) * (1 + 2j))
    s = cp.sort(cp.random.RandomState(3).standard_normal(20000, dtype=cp.float32))
    return [c, s]


def libraries():
    f = cp.fft.fft(cp.arange(1024, dtype=cp.complex64))
    m = cp.linalg.solve(cp.eye(64, dtype=cp.float64) * 3 + 0.01, cp.ones(64))
    return [f, m]


if __name__ == "__main__":
    run(sys.argv[1], {"templates": templates, "complex_and_sort": complex_and_sort, "libraries": libraries},
        cp.asnumpy, cp.cuda.Device().synchronize)
