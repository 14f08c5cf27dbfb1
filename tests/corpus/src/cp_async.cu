// Double-buffered copy through shared memory with cp.async (sm_80+): each block streams
// `tiles` tiles of blockDim.x float4s, out = 2 * in, overlapping the next copy with this compute.
#include <cuda_pipeline.h>

extern "C" __global__ void cp_async_scale(const float4* __restrict__ in, float4* __restrict__ out, int tiles) {
    extern __shared__ float4 stage[];  // 2 * blockDim.x
    int base = blockIdx.x * tiles * blockDim.x;
    __pipeline_memcpy_async(&stage[threadIdx.x], &in[base + threadIdx.x], sizeof(float4));
    __pipeline_commit();
    for (int t = 0; t < tiles; ++t) {
        int cur = (t & 1) * blockDim.x, nxt = ((t + 1) & 1) * blockDim.x;
        if (t + 1 < tiles)
            __pipeline_memcpy_async(&stage[nxt + threadIdx.x],
                                    &in[base + (t + 1) * blockDim.x + threadIdx.x], sizeof(float4));
        __pipeline_commit();
        __pipeline_wait_prior(1);
        float4 v = stage[cur + threadIdx.x];
        out[base + t * blockDim.x + threadIdx.x] = make_float4(2.f * v.x, 2.f * v.y, 2.f * v.z, 2.f * v.w);
    }
}
