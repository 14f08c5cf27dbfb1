// Tensor cores two ways: raw mma.sync via inline asm, and the wmma API.
#include <cuda_fp16.h>
#include <mma.h>

// One warp computes D(16x8) = A(16x16, row) * B(16x8, col) + C with mma.sync.m16n8k16.
// A: 256 halves row-major, B: 128 halves stored column-major, D: 128 floats row-major.
extern "C" __global__ void mma_m16n8k16(const __half* A, const __half* B, float* D) {
    int lane = threadIdx.x & 31, group = lane >> 2, tig = lane & 3;
    const unsigned* a32 = reinterpret_cast<const unsigned*>(A);
    const unsigned* b32 = reinterpret_cast<const unsigned*>(B);
    unsigned a0 = a32[(group * 16 + tig * 2) / 2];
    unsigned a1 = a32[((group + 8) * 16 + tig * 2) / 2];
    unsigned a2 = a32[(group * 16 + tig * 2 + 8) / 2];
    unsigned a3 = a32[((group + 8) * 16 + tig * 2 + 8) / 2];
    unsigned b0 = b32[(group * 16 + tig * 2) / 2];
    unsigned b1 = b32[(group * 16 + tig * 2 + 8) / 2];
    float d0 = 0.f, d1 = 0.f, d2 = 0.f, d3 = 0.f;
    asm volatile(
        "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 "
        "{%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%0, %1, %2, %3};\n"
        : "+f"(d0), "+f"(d1), "+f"(d2), "+f"(d3)
        : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1));
    int row = group, col = tig * 2;
    D[row * 8 + col] = d0;
    D[row * 8 + col + 1] = d1;
    D[(row + 8) * 8 + col] = d2;
    D[(row + 8) * 8 + col + 1] = d3;
}

// C(MxN, float) = A(MxK, half, row-major) * B(KxN, half, row-major); one warp per 16x16 tile.
// Launch with blockDim = (32 * 4, 1, 1): 4 warps, each one tile of a row of tiles.
extern "C" __global__ void wmma_gemm(const __half* A, const __half* B, float* C, int M, int N, int K) {
    using namespace nvcuda;
    int warp = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
    int tiles_n = N / 16;
    int tm = warp / tiles_n, tn = warp % tiles_n;
    if (tm * 16 >= M) return;
    wmma::fragment<wmma::matrix_a, 16, 16, 16, __half, wmma::row_major> a;
    wmma::fragment<wmma::matrix_b, 16, 16, 16, __half, wmma::row_major> b;
    wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc;
    wmma::fill_fragment(acc, 0.0f);
    for (int k = 0; k < K; k += 16) {
        wmma::load_matrix_sync(a, A + tm * 16 * K + k, K);
        wmma::load_matrix_sync(b, B + k * N + tn * 16, N);
        wmma::mma_sync(acc, a, b, acc);
    }
    wmma::store_matrix_sync(C + tm * 16 * N + tn * 16, acc, N, wmma::mem_row_major);
}
