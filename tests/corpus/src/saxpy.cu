// y[i] = alpha * x[i] + y[i], grid-stride loop.
extern "C" __global__ void saxpy(int n, float alpha, const float* __restrict__ x, float* __restrict__ y) {
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
        y[i] = alpha * x[i] + y[i];
}
