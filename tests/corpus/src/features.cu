// CUDA features the other corpus sources do not reach, each in a kernel of its own, so that the
// parser, every stock probe and the GPU identity tests meet them: calls (printf's vprintf, a
// recursive device function), local arrays, cooperative groups' warp reductions, thread-block
// clusters and their distributed shared memory (sm_90), atomics of many types, a texture fetch,
// vector accesses of odd widths, memcpy_async through an mbarrier, a divergent loop that lanes
// leave one by one, and a switch. Outputs are deterministic (integer sums, exact float values).
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cuda/barrier>
#include <cuda_fp16.h>
#include <cstdio>

namespace cg = cooperative_groups;

__device__ __noinline__ int factorial(int n) { return n <= 1 ? 1 : n * factorial(n - 1); }

extern "C" __global__ void calls(int *out) {
    if (threadIdx.x == 0 && blockIdx.x == 0) printf("calls: %d blocks\n", gridDim.x);
    out[blockIdx.x * blockDim.x + threadIdx.x] = factorial(threadIdx.x % 6);
}

extern "C" __global__ void local_array(float *out, int pick) {
    float buf[64];
    for (int i = 0; i < 64; ++i) buf[i] = i * (float)threadIdx.x;
    out[blockIdx.x * blockDim.x + threadIdx.x] = buf[(pick + threadIdx.x) % 64];
}

extern "C" __global__ void warp_reduce(const int *in, int *total, int n) {
    auto block = cg::this_thread_block();
    auto warp = cg::tiled_partition<32>(block);
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int v = cg::reduce(warp, i < n ? in[i] : 0, cg::plus<int>());
    if (warp.thread_rank() == 0) atomicAdd(total, v);
}

#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 900
extern "C" __global__ void __cluster_dims__(2, 1, 1) cluster_swap(int *out) {
    __shared__ int mine[128];
    auto cluster = cg::this_cluster();
    mine[threadIdx.x] = blockIdx.x * 1000 + threadIdx.x;
    cluster.sync();
    int *peer = cluster.map_shared_rank(mine, cluster.block_rank() ^ 1);
    out[blockIdx.x * blockDim.x + threadIdx.x] = peer[blockDim.x - 1 - threadIdx.x];
    cluster.sync();
}
#endif

extern "C" __global__ void atomics(double *d, unsigned long long *u, float *f, int *c, __half2 *h) {
    atomicAdd(d, 1.0);
    atomicMax(u, (unsigned long long)(blockIdx.x * blockDim.x + threadIdx.x));
    atomicExch(f, 2.0f);
    atomicCAS(c, 0, 5);
    atomicAdd(h, __floats2half2_rn(1.0f, 2.0f));
    __nanosleep(64);
    __threadfence_system();
}

extern "C" __global__ void texture_fetch(cudaTextureObject_t t, float *out) {
    out[threadIdx.x] = tex1Dfetch<float>(t, threadIdx.x);
}

extern "C" __global__ void odd_widths(float4 *a, double2 *b, char *c, short4 *d) {
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    float4 v = a[t];
    v.x += 1.0f;
    a[t] = v;
    double2 w = b[t];
    w.y *= 2.0;
    b[t] = w;
    c[t] = c[t] + 1;
    short4 s = d[t];
    s.w = 3;
    d[t] = s;
}

extern "C" __global__ void memcpy_barrier(float *data) {
    __shared__ float tile[256];
#pragma nv_diag_suppress static_var_with_dynamic_init
    __shared__ cuda::barrier<cuda::thread_scope_block> bar;
    if (threadIdx.x == 0) init(&bar, blockDim.x);
    __syncthreads();
    float *mine = data + blockIdx.x * 256;
    cuda::memcpy_async(tile, mine, sizeof(float) * 256, bar);
    bar.arrive_and_wait();
    mine[threadIdx.x] = tile[255 - threadIdx.x] * 2.0f;
}

extern "C" __global__ void collatz_steps(const int *start, int *steps, int n) {
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= n) return;
    int x = start[t], k = 0;
    while (x != 1) {
        x = (x & 1) ? 3 * x + 1 : x >> 1;
        ++k;
        __syncwarp(__activemask());
    }
    steps[t] = k;
}

extern "C" __global__ void switch_add(int *bins, int k) {
    switch ((k + threadIdx.x) % 7) {
        case 0: atomicAdd(bins + 0, 1); break;
        case 1: atomicAdd(bins + 1, 2); break;
        case 2: atomicAdd(bins + 2, 3); break;
        case 3: atomicAdd(bins + 3, 4); break;
        case 4: atomicAdd(bins + 4, 5); break;
        case 5: atomicAdd(bins + 5, 6); break;
        default: atomicAdd(bins + 6, 7);
    }
}
