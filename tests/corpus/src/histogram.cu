// Histogram of values in [0, nbins): privatized in shared memory, merged with global atomics.
// Integer counts, so the result does not depend on the order of the atomics.
extern "C" __global__ void histogram_atomic(const unsigned* __restrict__ data, unsigned* bins, int n, int nbins) {
    extern __shared__ unsigned local[];
    for (int b = threadIdx.x; b < nbins; b += blockDim.x) local[b] = 0;
    __syncthreads();
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
        atomicAdd(&local[data[i] % nbins], 1u);
    __syncthreads();
    for (int b = threadIdx.x; b < nbins; b += blockDim.x)
        if (local[b]) atomicAdd(&bins[b], local[b]);
}
