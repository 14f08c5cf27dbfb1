// A CUDA C program with several kernels, linked with the static CUDA runtime, for
// `neutrino trace`. Deterministic: a traced and an untraced run write identical output files.
//
//   make            (or: nvcc -O2 -cudart static -gencode arch=compute_90,code=[sm_90,compute_90] \
//                         -o multi_kernel multi_kernel.cu)
//   ./multi_kernel OUT.bin      (or NEUTRINO_EXAMPLE_OUT=OUT.bin ./multi_kernel)
//
// The fatbin carries PTX (code=compute_90) next to the SASS, so the kernels can be instrumented.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>
#include <cuda_runtime.h>

#define CHECK(call)                                                                     \
    do {                                                                                \
        cudaError_t err_ = (call);                                                      \
        if (err_ != cudaSuccess) {                                                      \
            std::fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #call,          \
                         cudaGetErrorString(err_));                                     \
            std::exit(1);                                                               \
        }                                                                               \
    } while (0)

__global__ void vector_add(const float* a, const float* b, float* c, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) c[i] = a[i] + b[i];
}

__global__ void saxpy(int n, float alpha, const float* __restrict__ x, float* __restrict__ y) {
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
        y[i] = alpha * x[i] + y[i];
}

__global__ void block_sum(const float* __restrict__ in, float* __restrict__ out, int n) {
    __shared__ float partial[32];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float v = i < n ? in[i] : 0.0f;
    for (int off = 16; off > 0; off >>= 1) v += __shfl_down_sync(0xffffffffu, v, off);
    if ((threadIdx.x & 31) == 0) partial[threadIdx.x >> 5] = v;
    __syncthreads();
    if (threadIdx.x < 32) {
        v = threadIdx.x < blockDim.x / 32 ? partial[threadIdx.x] : 0.0f;
        for (int off = 16; off > 0; off >>= 1) v += __shfl_down_sync(0xffffffffu, v, off);
        if (threadIdx.x == 0) out[blockIdx.x] = v;
    }
}

#define TILE 16
__global__ void sgemm_tiled(const float* A, const float* B, float* C, int n) {
    __shared__ float As[TILE][TILE], Bs[TILE][TILE];
    int row = blockIdx.y * TILE + threadIdx.y, col = blockIdx.x * TILE + threadIdx.x;
    float acc = 0.0f;
    for (int t = 0; t < n; t += TILE) {
        As[threadIdx.y][threadIdx.x] = A[row * n + t + threadIdx.x];
        Bs[threadIdx.y][threadIdx.x] = B[(t + threadIdx.y) * n + col];
        __syncthreads();
        for (int k = 0; k < TILE; ++k) acc += As[threadIdx.y][k] * Bs[k][threadIdx.x];
        __syncthreads();
    }
    C[row * n + col] = acc;
}

__global__ void histogram(const unsigned* data, unsigned* bins, int n, int nbins) {
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
        atomicAdd(&bins[data[i] % nbins], 1u);
}

static int launches = 0;

static void report(const char* kernel, dim3 grid, dim3 block) {
    std::printf("launch %s grid=(%u,%u,%u) block=(%u,%u,%u)\n", kernel, grid.x, grid.y, grid.z,
                block.x, block.y, block.z);
    ++launches;
}

template <typename T>
static T* upload(const std::vector<T>& host) {
    T* dev = nullptr;
    CHECK(cudaMalloc(&dev, host.size() * sizeof(T)));
    CHECK(cudaMemcpy(dev, host.data(), host.size() * sizeof(T), cudaMemcpyHostToDevice));
    return dev;
}

template <typename T>
static void append(std::FILE* out, const T* dev, size_t count) {
    std::vector<T> host(count);
    CHECK(cudaMemcpy(host.data(), dev, count * sizeof(T), cudaMemcpyDeviceToHost));
    std::fwrite(host.data(), sizeof(T), count, out);
}

int main(int argc, char** argv) {
    const char* path = argc > 1 ? argv[1] : std::getenv("NEUTRINO_EXAMPLE_OUT");
    if (!path) path = "multi_kernel.out";
    const int n = 1 << 20, m = 256, nbins = 64, rounds = 3;

    std::vector<float> a(n), b(n), g(m * m), h(m * m);
    std::vector<unsigned> data(n);
    unsigned seed = 12345u;  // fixed LCG: same inputs every run
    auto next = [&seed]() { seed = seed * 1664525u + 1013904223u; return seed; };
    for (int i = 0; i < n; ++i) {
        a[i] = (next() >> 8) * (1.0f / 16777216.0f) - 0.5f;
        b[i] = (next() >> 8) * (1.0f / 16777216.0f) - 0.5f;
        data[i] = next() >> 16;
    }
    for (int i = 0; i < m * m; ++i) {
        g[i] = (next() >> 8) * (1.0f / 16777216.0f) - 0.5f;
        h[i] = (next() >> 8) * (1.0f / 16777216.0f) - 0.5f;
    }
    float *da = upload(a), *db = upload(b), *dc, *dsum, *dg = upload(g), *dh = upload(h), *dgh;
    unsigned *ddata = upload(data), *dbins;
    CHECK(cudaMalloc(&dc, n * sizeof(float)));
    CHECK(cudaMalloc(&dsum, (n / 256) * sizeof(float)));
    CHECK(cudaMalloc(&dgh, m * m * sizeof(float)));
    CHECK(cudaMalloc(&dbins, nbins * sizeof(unsigned)));
    CHECK(cudaMemset(dbins, 0, nbins * sizeof(unsigned)));

    for (int r = 0; r < rounds; ++r) {
        dim3 grid((n + 255) / 256), block(256);
        vector_add<<<grid, block>>>(da, db, dc, n);
        report("vector_add", grid, block);
        CHECK(cudaGetLastError());
        dim3 sgrid(512);
        saxpy<<<sgrid, block>>>(n, 0.5f, dc, db);
        report("saxpy", sgrid, block);
        CHECK(cudaGetLastError());
    }
    dim3 rgrid(n / 256), rblock(256);
    block_sum<<<rgrid, rblock>>>(dc, dsum, n);
    report("block_sum", rgrid, rblock);
    CHECK(cudaGetLastError());
    dim3 ggrid(m / TILE, m / TILE), gblock(TILE, TILE);
    sgemm_tiled<<<ggrid, gblock>>>(dg, dh, dgh, m);
    report("sgemm_tiled", ggrid, gblock);
    CHECK(cudaGetLastError());
    dim3 hgrid(128), hblock(256);
    histogram<<<hgrid, hblock>>>(ddata, dbins, n, nbins);
    report("histogram", hgrid, hblock);
    CHECK(cudaGetLastError());
    CHECK(cudaDeviceSynchronize());

    std::FILE* out = std::fopen(path, "wb");
    if (!out) { std::perror(path); return 1; }
    append(out, dc, n);
    append(out, db, n);
    append(out, dsum, n / 256);
    append(out, dgh, m * m);
    append(out, dbins, nbins);
    std::fclose(out);
    std::printf("kernels launched: %d\noutputs written to %s\n", launches, path);
    for (void* p : {(void*)da, (void*)db, (void*)dc, (void*)dsum, (void*)dg, (void*)dh, (void*)dgh,
                    (void*)ddata, (void*)dbins})
        CHECK(cudaFree(p));
    return 0;
}
