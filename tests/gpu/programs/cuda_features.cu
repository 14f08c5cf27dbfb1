// CUDA features the other programs do not reach, for `neutrino trace` (tests/gpu/test_runtime_features.py):
// thrust/CUB kernels, texture and surface objects, a __managed__ variable the host writes, a
// __constant__ set by cudaMemcpyToSymbolAsync on a stream, 80 KB of dynamic shared memory. argv[1]: outputs.
#include <cstdio>
#include <thrust/device_vector.h>
#include <thrust/sort.h>
#include <thrust/reduce.h>
#include <thrust/scan.h>
#include <thrust/transform.h>
#include <thrust/sequence.h>

__managed__ int managed_scale = 3;
__constant__ float bias[2];

__global__ void tex_read(cudaTextureObject_t t, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = tex1Dfetch<float>(t, i) * managed_scale + bias[i & 1];
}
__global__ void surf_write(cudaSurfaceObject_t s, int w, int h) {
    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y;
    if (x < w && y < h) surf2Dwrite((float)(x * 7 + y), s, x * sizeof(float), y);
}
__global__ void big_smem(const float *in, float *out, int n) {
    extern __shared__ float buf[];
    for (int i = threadIdx.x; i < n; i += blockDim.x) buf[i] = in[i];
    __syncthreads();
    for (int i = threadIdx.x; i < n; i += blockDim.x) out[i] = buf[n - 1 - i] + buf[i];
    if (threadIdx.x == 0) managed_scale += 1;
}
struct sq { __host__ __device__ float operator()(float v) const { return v * v - 1.0f; } };

int main(int argc, char **argv) {
    FILE *out = fopen(argv[1], "wb");
    const int n = 1 << 16;
    thrust::device_vector<float> v(n);
    thrust::sequence(v.begin(), v.end(), 1.0f);
    thrust::transform(v.begin(), v.end(), v.begin(), sq());
    thrust::device_vector<unsigned> keys(n);
    thrust::sequence(keys.begin(), keys.end());
    thrust::transform(keys.begin(), keys.end(), keys.begin(), [] __device__ (unsigned k) { return (k * 2654435761u) >> 7; });
    thrust::sort(keys.begin(), keys.end());
    float total = thrust::reduce(v.begin(), v.end());
    thrust::inclusive_scan(v.begin(), v.end(), v.begin());
    std::vector<unsigned> hk(n); thrust::copy(keys.begin(), keys.end(), hk.begin());
    std::vector<float> hv(n); thrust::copy(v.begin(), v.end(), hv.begin());
    fwrite(hk.data(), 4, n, out); fwrite(hv.data(), 4, n, out); fwrite(&total, 4, 1, out);

    float *lin; cudaMalloc(&lin, 1024 * 4);
    std::vector<float> h(1024); for (int i = 0; i < 1024; i++) h[i] = i * 0.5f;
    cudaMemcpy(lin, h.data(), 4096, cudaMemcpyHostToDevice);
    cudaResourceDesc rd = {}; rd.resType = cudaResourceTypeLinear; rd.res.linear.devPtr = lin;
    rd.res.linear.desc = cudaCreateChannelDesc<float>(); rd.res.linear.sizeInBytes = 4096;
    cudaTextureDesc td = {}; td.readMode = cudaReadModeElementType;
    cudaTextureObject_t t; cudaCreateTextureObject(&t, &rd, &td, nullptr);
    cudaStream_t s; cudaStreamCreate(&s);
    float b[2] = {10.f, -10.f};
    cudaMemcpyToSymbolAsync(bias, b, sizeof b, 0, cudaMemcpyHostToDevice, s);
    float *o; cudaMalloc(&o, 4096);
    managed_scale = 5;                       // host write to a managed variable
    tex_read<<<4, 256, 0, s>>>(t, o, 1024);
    cudaStreamSynchronize(s);
    cudaMemcpy(h.data(), o, 4096, cudaMemcpyDeviceToHost); fwrite(h.data(), 4, 1024, out);

    cudaArray_t arr; cudaChannelFormatDesc cd = cudaCreateChannelDesc<float>();
    cudaMallocArray(&arr, &cd, 64, 16, cudaArraySurfaceLoadStore);
    cudaResourceDesc sd = {}; sd.resType = cudaResourceTypeArray; sd.res.array.array = arr;
    cudaSurfaceObject_t so; cudaCreateSurfaceObject(&so, &sd);
    surf_write<<<dim3(1, 16), 64>>>(so, 64, 16);
    std::vector<float> sa(64 * 16); cudaMemcpy2DFromArray(sa.data(), 256, arr, 0, 0, 256, 16, cudaMemcpyDeviceToHost);
    fwrite(sa.data(), 4, 64 * 16, out);

    const int m = 20000;  // 80 KB of dynamic shared memory
    cudaFuncSetAttribute(big_smem, cudaFuncAttributeMaxDynamicSharedMemorySize, m * 4);
    float *bi, *bo; cudaMalloc(&bi, m * 4); cudaMalloc(&bo, m * 4);
    std::vector<float> hb(m); for (int i = 0; i < m; i++) hb[i] = i % 13;
    cudaMemcpy(bi, hb.data(), m * 4, cudaMemcpyHostToDevice);
    big_smem<<<1, 512, m * 4>>>(bi, bo, m);
    cudaDeviceSynchronize();
    cudaMemcpy(hb.data(), bo, m * 4, cudaMemcpyDeviceToHost); fwrite(hb.data(), 4, m, out);
    fwrite(&managed_scale, 4, 1, out);
    fclose(out);
    printf("total %g managed %d: %s\n", total, managed_scale, cudaGetErrorString(cudaGetLastError()));
    return cudaGetLastError() != cudaSuccess;
}
