// Accesses through generic addresses (`ld.f32 [a]`, no state space named), which nvcc emits
// wherever it cannot tell which memory a pointer points into: the oracle that probes at
// `ld.global` see the ones that reach global memory, and only those.

// Each thread keeps two pointers in a table in global memory and reads them back (volatile: the
// load is not forwarded from the store), then loads and stores through them: nvcc cannot follow
// a pointer read from memory, so both accesses are generic, and both reach global memory.
extern "C" __global__ void through_table(const float* a, float* out, float* volatile* table, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    table[i] = const_cast<float*>(a) + i;
    table[n + i] = out + i;
    float* p = table[i];
    float* q = table[n + i];
    *q = *p * 2.0f + 1.0f;
}

// One load through a pointer into shared memory on odd threads and into global memory on even
// ones: a generic load whose lanes reach two memories. Only the even threads' are global.
extern "C" __global__ void shared_or_global(const float* a, float* out, int n) {
    __shared__ float s[256];
    int t = threadIdx.x;
    int i = blockIdx.x * blockDim.x + t;
    s[t] = 0.5f * t;
    __syncthreads();
    const float* volatile p = (t & 1) ? s + t : a + (i < n ? i : n - 1);
    float v = *p;
    if (i < n) out[i] = v;
}
