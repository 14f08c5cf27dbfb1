"""Triton kernels of kinds the rest of the suite does not hold, for `neutrino trace` under every
stock probe (tests/gpu/test_library_programs.py): Philox random numbers, scans (one a linear
recurrence through a tuple combine), a bitonic sort, argmax, integer atomics, int8 and fp8 dots, a
persistent matmul, inline PTX (with a scope and a predicate of its own), libdevice in f64, cache
and eviction hints, 3-D grids at 1 and 16 warps, tensor descriptors (TMA) made on the host and
on the device, device printf, and a dot in thread-block clusters of two (``num_ctas=2``:
``.reqnctapercluster``, ``%cluster_ctarank``).

    python tests/gpu/programs/library_triton.py OUT.bin

Each case's outputs are written in a fixed order; a case the installed Triton cannot compile
writes a marker instead and says why on stdout, in the traced run as in the native one.
Every result is order-independent (integer atomics, max), so a traced run must match bit for bit.
"""
from __future__ import annotations

import sys

import torch
import triton
import triton.language as tl
from cases import run
from triton.language.extra import libdevice


@triton.jit
def dropout_kernel(x_ptr, out_ptr, n, p, seed, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, eviction_policy="evict_first")
    keep = tl.rand(seed, offs) > p
    tl.store(out_ptr + offs, tl.where(keep, x / (1 - p), 0.0), mask=mask)


@triton.jit
def cumsum_kernel(x_ptr, out_ptr, n_cols, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < n_cols
    x = tl.load(x_ptr + row * n_cols + cols, mask=mask, other=0)
    tl.store(out_ptr + row * n_cols + cols, tl.cumsum(x, axis=0), mask=mask)


@triton.jit
def _linear(a1, b1, a2, b2):
    return a1 * a2, b1 * a2 + b2


@triton.jit
def recurrence_kernel(a_ptr, b_ptr, out_ptr, N: tl.constexpr):
    row = tl.program_id(0)
    offs = row * N + tl.arange(0, N)
    _, h = tl.associative_scan((tl.load(a_ptr + offs), tl.load(b_ptr + offs)), 0, _linear)
    tl.store(out_ptr + offs, h)


@triton.jit
def sort_kernel(x_ptr, out_ptr, N: tl.constexpr):
    offs = tl.program_id(0) * N + tl.arange(0, N)
    tl.store(out_ptr + offs, tl.sort(tl.load(x_ptr + offs)))


@triton.jit
def argmax_kernel(x_ptr, idx_ptr, max_ptr, n_cols, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + row * n_cols + cols, mask=cols < n_cols, other=-float("inf"))
    tl.store(idx_ptr + row, tl.argmax(x, axis=0))
    tl.atomic_max(max_ptr, tl.max(x, axis=0))


@triton.jit
def histogram_kernel(x_ptr, hist_ptr, n, BINS: tl.constexpr, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0)
    tl.atomic_add(hist_ptr + x % BINS, 1, mask=mask)
    tl.atomic_min(hist_ptr + BINS, tl.min(tl.where(mask, x, 1 << 30), axis=0))


@triton.jit
def dot_kernel(a_ptr, b_ptr, c_ptr, M, N, K, BM: tl.constexpr, BN: tl.constexpr,
               BK: tl.constexpr, ACC: tl.constexpr):
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    rn = tl.program_id(1) * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.zeros((BM, BN), dtype=ACC)
    for k in range(0, K, BK):
        a = tl.load(a_ptr + rm[:, None] * K + (k + rk)[None, :])
        b = tl.load(b_ptr + (k + rk)[:, None] * N + rn[None, :])
        acc = tl.dot(a, b, acc, out_dtype=ACC)
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], acc)


@triton.jit
def persistent_matmul_kernel(a_ptr, b_ptr, c_ptr, M, N, K, PROGRAMS: tl.constexpr,
                             BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    num_n = tl.cdiv(N, BN)
    tiles = tl.cdiv(M, BM) * num_n
    for tile in range(tl.program_id(0), tiles, PROGRAMS):
        rm = (tile // num_n) * BM + tl.arange(0, BM)
        rn = (tile % num_n) * BN + tl.arange(0, BN)
        rk = tl.arange(0, BK)
        acc = tl.zeros((BM, BN), dtype=tl.float32)
        for k in range(0, K, BK):
            a = tl.load(a_ptr + rm[:, None] * K + (k + rk)[None, :])
            b = tl.load(b_ptr + (k + rk)[:, None] * N + rn[None, :])
            acc = tl.dot(a, b, acc)
        tl.store(c_ptr + rm[:, None] * N + rn[None, :], acc.to(tl.float16))


@triton.jit
def inline_asm_kernel(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    y = tl.load(y_ptr + offs, mask=mask)
    rotated = tl.inline_asm_elementwise("shf.l.wrap.b32 $0, $1, $2, 7;", "=r,r,r", [x, y],
                                        dtype=tl.int32, is_pure=True, pack=1)
    larger = tl.inline_asm_elementwise(
        "{ .reg .pred %p<2>; setp.gt.s32 %p0, $1, $2; selp.b32 $0, $1, $2, %p0; }",
        "=r,r,r", [x, y], dtype=tl.int32, is_pure=True, pack=1)
    tl.store(out_ptr + offs, rotated ^ larger, mask=mask)


@triton.jit
def f64_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=1.0, cache_modifier=".cg")
    y = libdevice.erf(x) + tl.sqrt(x) / (x + 1.0) + libdevice.pow(x, x)
    tl.store(out_ptr + offs, y, mask=mask, cache_modifier=".wt")


@triton.jit
def transpose_kernel(x_ptr, out_ptr, M, N, BM: tl.constexpr, BN: tl.constexpr):
    base = tl.program_id(2) * M * N
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    rn = tl.program_id(1) * BN + tl.arange(0, BN)
    mask = (rm[:, None] < M) & (rn[None, :] < N)
    x = tl.load(x_ptr + base + rm[:, None] * N + rn[None, :], mask=mask, volatile=True)
    tl.store(out_ptr + base + rn[None, :] * M + rm[:, None], x, mask=mask)


@triton.jit
def tma_host_kernel(in_desc, out_desc, BM: tl.constexpr, BN: tl.constexpr):
    m, n = tl.program_id(0) * BM, tl.program_id(1) * BN
    out_desc.store([m, n], in_desc.load([m, n]) * 2)


@triton.jit
def tma_device_kernel(x_ptr, out_ptr, M, N, BM: tl.constexpr, BN: tl.constexpr):
    src = tl.make_tensor_descriptor(x_ptr, shape=[M, N], strides=[N, 1], block_shape=[BM, BN])
    dst = tl.make_tensor_descriptor(out_ptr, shape=[M, N], strides=[N, 1], block_shape=[BM, BN])
    m, n = tl.program_id(0) * BM, tl.program_id(1) * BN
    dst.store([m, n], src.load([m, n]) + 1)


@triton.jit
def cluster_dot_kernel(a_ptr, b_ptr, c_ptr, N: tl.constexpr, BM: tl.constexpr):
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    rn = tl.arange(0, N)
    a = tl.load(a_ptr + rm[:, None] * N + rn[None, :])
    b = tl.load(b_ptr + rn[:, None] * N + rn[None, :])
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], tl.dot(a, b))


@triton.jit
def print_kernel(x_ptr, out_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    tl.device_print("x", x)
    tl.debug_barrier()
    tl.store(out_ptr + offs, x * 3)


def cases(gen: torch.Generator) -> dict:
    """name -> a function returning that case's output arrays (numpy)."""
    def rand(*shape, dtype=torch.float32):
        return torch.rand(*shape, generator=gen).to(dtype).cuda()

    def ints(*shape, high=1 << 20, dtype=torch.int32):
        return torch.randint(0, high, shape, generator=gen, dtype=dtype).cuda()

    def dropout():
        x, out, n = rand(100_003), None, 100_003
        out = torch.empty_like(x)
        dropout_kernel[(triton.cdiv(n, 1024),)](x, out, n, 0.3, 1234, BLOCK=1024)
        return [out]

    def cumsum():
        x = ints(64, 700, high=1000)
        out = torch.empty_like(x)
        cumsum_kernel[(64,)](x, out, 700, BLOCK=1024, num_warps=8)
        return [out]

    def recurrence():
        a, b = rand(32, 256) * 0.5 + 0.5, rand(32, 256)
        out = torch.empty_like(a)
        recurrence_kernel[(32,)](a, b, out, N=256)
        return [out]

    def sort():
        x = ints(48, 512, high=1 << 30)
        out = torch.empty_like(x)
        sort_kernel[(48,)](x, out, N=512)
        return [out]

    def argmax():
        x = torch.randn(96, 333, generator=gen).cuda()
        idx = torch.empty(96, dtype=torch.int32, device="cuda")
        top = torch.full((1,), -1e30, device="cuda")
        argmax_kernel[(96,)](x, idx, top, 333, BLOCK=512)
        return [idx, top]

    def histogram():
        x, n = ints(65_536 + 17), 65_536 + 17
        hist = torch.zeros(65, dtype=torch.int32, device="cuda")
        hist[64] = 1 << 30
        histogram_kernel[(triton.cdiv(n, 512),)](x, hist, n, BINS=64, BLOCK=512)
        return [hist]

    def dot(dtype, acc, out_dtype):
        def run():
            m = n = k = 256
            if dtype is torch.int8:
                a, b = ints(m, k, high=17, dtype=torch.int8), ints(k, n, high=17, dtype=torch.int8)
            else:
                a, b = (rand(m, k) - 0.5).to(dtype), (rand(k, n) - 0.5).to(dtype)
            c = torch.empty(m, n, dtype=out_dtype, device="cuda")
            dot_kernel[(m // 64, n // 64)](a, b, c, m, n, k, BM=64, BN=64, BK=64, ACC=acc)
            return [c]
        return run

    def persistent():
        m, n, k = 512, 384, 256
        a, b = rand(m, k, dtype=torch.float16), rand(k, n, dtype=torch.float16)
        c = torch.empty(m, n, dtype=torch.float16, device="cuda")
        persistent_matmul_kernel[(20,)](a, b, c, m, n, k, PROGRAMS=20, BM=128, BN=128, BK=64,
                                        num_stages=3, num_warps=8)
        return [c]

    def inline_asm():
        x, y, n = ints(50_000, high=1 << 31), ints(50_000, high=31), 50_000
        out = torch.empty_like(x)
        inline_asm_kernel[(triton.cdiv(n, 256),)](x, y, out, n, BLOCK=256)
        return [out]

    def f64():
        x, n = rand(30_000, dtype=torch.float64) + 0.01, 30_000
        out = torch.empty_like(x)
        f64_kernel[(triton.cdiv(n, 128),)](x, out, n, BLOCK=128)
        return [out]

    def transpose():
        x = rand(3, 200, 150)
        outs = []
        for warps in (1, 16):
            out = torch.empty(3, 150, 200, device="cuda")
            transpose_kernel[(triton.cdiv(200, 64), triton.cdiv(150, 64), 3)](
                x, out, 200, 150, BM=64, BN=64, num_warps=warps)
            outs.append(out)
        return outs

    def tma_host():
        from triton.tools.tensor_descriptor import TensorDescriptor
        x = rand(256, 128)
        out = torch.empty_like(x)
        tma_host_kernel[(4, 2)](TensorDescriptor.from_tensor(x, [64, 64]),
                                TensorDescriptor.from_tensor(out, [64, 64]), BM=64, BN=64)
        return [out]

    def tma_device():
        triton.set_allocator(lambda size, align, stream: torch.empty(size, dtype=torch.int8,
                                                                     device="cuda"))
        x = rand(256, 128)
        out = torch.empty_like(x)
        tma_device_kernel[(4, 2)](x, out, 256, 128, BM=64, BN=64)
        return [out]

    def cluster_dot():
        a, b = (rand(512, 64) - 0.5).half(), (rand(64, 64) - 0.5).half()
        c = torch.empty(512, 64, device="cuda")
        cluster_dot_kernel[(4,)](a, b, c, N=64, BM=128, num_ctas=2)
        return [c]

    def printf():
        x = rand(16)
        out = torch.empty_like(x)
        print_kernel[(1,)](x, out, BLOCK=16, num_warps=1)
        return [out]

    return {"dropout": dropout, "cumsum": cumsum, "recurrence": recurrence, "sort": sort,
            "argmax": argmax, "histogram": histogram,
            "dot_int8": dot(torch.int8, tl.int32, torch.int32),
            "dot_fp8": dot(torch.float8_e4m3fn, tl.float32, torch.float32),
            "persistent_matmul": persistent, "inline_asm": inline_asm, "f64_libdevice": f64,
            "transpose_3d": transpose, "tma_host": tma_host, "tma_device": tma_device,
            "cluster_dot": cluster_dot, "printf": printf}


def main() -> None:
    gen = torch.Generator(device="cpu").manual_seed(5)
    run(sys.argv[1], cases(gen), lambda a: a.cpu().numpy(), torch.cuda.synchronize)


if __name__ == "__main__":
    main()
