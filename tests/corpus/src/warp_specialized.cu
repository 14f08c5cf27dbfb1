// A warp-specialised pipeline as Hopper GEMMs and attention kernels build it: warpgroup 0 copies
// chunks into a double buffer of shared memory and gives registers back (setmaxnreg.dec), the two
// consumer warpgroups take them (setmaxnreg.inc) for 16 accumulators each; named barriers say
// when a buffer is full (ids 1, 2) and when it is free again (ids 3, 4). sm_90a only. ptxas keeps
// setmaxnreg only where the register count at entry is declared: here by minBlocksPerSM
// (.minnctapersm 1), as CUTLASS's kernels declare it.
#define CHUNK 256
#define THREADS 384

__device__ __forceinline__ void bar_sync(int id) { asm volatile("bar.sync %0, %1;" :: "r"(id), "n"(THREADS) : "memory"); }
__device__ __forceinline__ void bar_arrive(int id) { asm volatile("bar.arrive %0, %1;" :: "r"(id), "n"(THREADS) : "memory"); }

extern "C" __global__ void __launch_bounds__(THREADS, 1) ws_pipeline(const float *__restrict__ x, float *__restrict__ out,
                                                                  int chunks) {
    __shared__ float buf[2][CHUNK];
    int wg = threadIdx.x / 128;
    const float *src = x + (size_t)blockIdx.x * chunks * CHUNK;
    if (wg == 0) {
        asm volatile("setmaxnreg.dec.sync.aligned.u32 40;\n" ::: "memory");
        int t = threadIdx.x;
        for (int c = 0; c < chunks; ++c) {
            int s = c & 1;
            if (c >= 2) bar_sync(3 + s);
            buf[s][t] = src[c * CHUNK + t];
            buf[s][t + 128] = src[c * CHUNK + t + 128];
            bar_arrive(1 + s);
        }
    } else {
        asm volatile("setmaxnreg.inc.sync.aligned.u32 232;\n" ::: "memory");
        int u = threadIdx.x - 128;
        float acc[16];
#pragma unroll
        for (int j = 0; j < 16; ++j) acc[j] = 0.f;
        for (int c = 0; c < chunks; ++c) {
            int s = c & 1;
            bar_sync(1 + s);
            float v = buf[s][u], w = buf[s][(u + 37) % CHUNK];
            if (c + 2 < chunks) bar_arrive(3 + s);
#pragma unroll
            for (int j = 0; j < 16; ++j) acc[j] = fmaf(acc[j], 0.5f, v * (j + 1) - w);
        }
        float total = 0.f;
#pragma unroll
        for (int j = 0; j < 16; ++j) total += acc[j] * (j & 1 ? -1.f : 1.f);
        out[blockIdx.x * CHUNK + u] = total;
    }
}
