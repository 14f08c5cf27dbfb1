// Device functions kept out of line (.func in PTX), one of them with a by-reference result
// and one recursive, so call/ret, .param passing and the callee's own registers all appear.
__device__ __noinline__ float poly(float x, float a, float b, float c) {
    return (a * x + b) * x + c;
}

__device__ __noinline__ void sincos_pair(float x, float* s, float* c) {
    *s = __sinf(x);
    *c = __cosf(x);
}

__device__ __noinline__ int collatz_steps(int v, int depth) {
    if (v <= 1 || depth >= 64) return depth;
    return collatz_steps((v & 1) ? 3 * v + 1 : v / 2, depth + 1);
}

__global__ void apply_noinline(const float* in, float* out, int* steps, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float s, c;
    sincos_pair(in[i], &s, &c);
    out[i] = poly(in[i], 0.5f, -1.0f, 2.0f) + s * c;
    steps[i] = collatz_steps(i + 1, 0);
}
