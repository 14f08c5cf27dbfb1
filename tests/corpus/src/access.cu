// Access patterns for the fidelity benchmark (probe counts against the hardware's): a strided
// read, a gather through random indices, lanes of one warp taking different paths, and 16-byte
// vector accesses. Threads with i >= n touch no memory.

// out[i] = in[i * stride]: one scattered 4-byte load and one coalesced store per thread.
extern "C" __global__ void strided_copy(const float* in, float* out, int n, int stride) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = in[(long long)i * stride];
}

// out[i] = src[idx[i]]: the address of the second load depends on the first.
extern "C" __global__ void gather(const int* idx, const float* src, float* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = src[idx[i]];
}

// Odd lanes load a; even lanes load b, and those with bit 1 of the lane set load a as well;
// lanes whose thread index is a multiple of 3 store. Each warp runs both paths.
extern "C" __global__ void divergent(const float* a, const float* b, float* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float v;
    if (threadIdx.x & 1) {
        v = a[i] * 2.0f;
    } else {
        v = b[i];
        if (threadIdx.x & 2) v += a[i];
    }
    if (threadIdx.x % 3 == 0) out[i] = v;
}

// out[i] = in[i] * s on float4 elements: one 16-byte load and one 16-byte store per thread.
extern "C" __global__ void vec4_scale(const float4* in, float4* out, float s, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        float4 v = in[i];
        out[i] = make_float4(v.x * s, v.y * s, v.z * s, v.w * s);
    }
}
