// Built with -rdc=true (generate.py RDC_SOURCES): what separate compilation and unusual kernel
// shapes put into PTX. Calls through a register (`.callprototype`), a `.weak` device function,
// recursion, `alloca`, assert and printf; system- and block-scope, 16-bit and bf16x2 atomics;
// match/redux/nanosleep; a surface read and write; a 6 KB struct passed by value (sm_70+ allow
// 32764 bytes of params); a kernel with no global memory access and an empty one.
#include <cassert>
#include <cstdio>
#include <cuda_bf16.h>

__device__ __noinline__ float twice(float x) { return 2.0f * x; }
__device__ __attribute__((weak)) float minus_one(float x) { return x - 1.0f; }
__device__ float (*table[2])(float) = {twice, minus_one};
__device__ __noinline__ int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }

__global__ void indirect(float* out, const float* in, int n, int pick) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int* scratch = (int*)alloca((pick & 7) * sizeof(int) + sizeof(int));
  scratch[0] = fib(i & 7);
  float v = table[pick & 1](in[i]) + scratch[0];
  assert(v == v);
  if (i == 0) printf("v=%f\n", v);
  out[i] = v;
}

__global__ void scopes(int* counts, unsigned short* halves, __nv_bfloat162* pairs, unsigned* out) {
  unsigned t = threadIdx.x, mask = __activemask();
  atomicAdd_system(counts, 1);
  atomicCAS_block(counts + 1, 0, (int)t);
  atomicCAS(halves, (unsigned short)t, (unsigned short)(t + 1));
  atomicAdd(pairs, __floats2bfloat162_rn(1.0f, 2.0f));
  __nanosleep(32);
  out[t] = __match_any_sync(mask, t & 3) + __reduce_add_sync(mask, t);
}

__global__ void surface(cudaSurfaceObject_t s, int w) {
  float v;
  surf2Dread(&v, s, threadIdx.x * 4, blockIdx.x);
  surf2Dwrite(v * 2.0f, s, threadIdx.x * 4, blockIdx.x);
}

struct Table { int v[1536]; };
__global__ void by_value(Table t, int* out) { out[threadIdx.x] = t.v[threadIdx.x] + t.v[1535]; }

__global__ void no_memory(int x) { if (x * x == 12345) __trap(); }
__global__ void empty() {}
