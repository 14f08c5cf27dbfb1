// Tensor-core tiled matmul whose MMA loop is bracketed by neutrino markers, with clock64()
// read around the same region: cycles[warp] is the oracle for a time_range probe.
// C(MxN, float) = A(MxK, half, row-major) * B(KxN, half, row-major).
// Block = 128 threads (4 warps); each block owns a 32x32 tile of C, each warp a 16x16 quarter;
// the block stages 32x16 slices of A and 16x32 slices of B in shared memory per k-step.
#include <cuda_fp16.h>
#include <mma.h>

extern "C" __global__ void timed_matmul(const __half* A, const __half* B, float* C,
                                        long long* cycles, int M, int N, int K) {
    using namespace nvcuda;
    __shared__ __align__(32) __half As[32][16];
    __shared__ __align__(32) __half Bs[16][32];
    int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
    int wm = warp / 2, wn = warp % 2;
    int row0 = blockIdx.y * 32, col0 = blockIdx.x * 32;
    wmma::fragment<wmma::matrix_a, 16, 16, 16, __half, wmma::row_major> a;
    wmma::fragment<wmma::matrix_b, 16, 16, 16, __half, wmma::row_major> b;
    wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc;
    wmma::fill_fragment(acc, 0.0f);

    long long start = clock64();
    asm volatile("// @neutrino mma_begin" ::: "memory");
    for (int k = 0; k < K; k += 16) {
        for (int e = threadIdx.x; e < 32 * 16; e += blockDim.x) {
            As[e / 16][e % 16] = A[(row0 + e / 16) * K + k + e % 16];
            Bs[e / 32][e % 32] = B[(k + e / 32) * N + col0 + e % 32];
        }
        __syncthreads();
        wmma::load_matrix_sync(a, &As[wm * 16][0], 16);
        wmma::load_matrix_sync(b, &Bs[0][wn * 16], 32);
        wmma::mma_sync(acc, a, b, acc);
        __syncthreads();
    }
    asm volatile("// @neutrino mma_end" ::: "memory");
    long long stop = clock64();

    wmma::store_matrix_sync(C + (row0 + wm * 16) * N + col0 + wn * 16, acc, N, wmma::mem_row_major);
    if (lane == 0) {
        int warps_per_block = blockDim.x / 32;
        int block = blockIdx.y * gridDim.x + blockIdx.x;
        cycles[block * warps_per_block + warp] = stop - start;
    }
}
