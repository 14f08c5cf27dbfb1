// Kernels for upstream LLVM's NVPTX back end (what clang CUDA, JAX/XLA, Julia, Rust nvptx64 and
// Mojo emit), built by generate.py with clang's builtins only (nvptx.h). One kernel a feature:
// each is launched on synthetic inputs by its index.json recipe.
#include "nvptx.h"

struct Affine {            // passed by value: `.param .align 8 .b8 ...[24]`
  const float *x;
  float *y;
  float scale;
  int n;
};

__device__ int lookup[8] = {3, 1, 4, 1, 5, 9, 2, 6};     // a `.global .align 4` initialiser
__device__ float bias = 0.25f;

// a device function kept out of line: `.func (.param .b32 func_retval0)` and a call
__noinline__ __device__ float horner(float x, int degree) {
  float acc = 1.0f;
  for (int k = 1; k <= degree; ++k)
    acc = acc * x + (float)lookup[k & 7];
  return acc;
}

// through a generic pointer that points into shared memory: `cvta.shared` at the call
__noinline__ __device__ void bump(int *slot, int by) { *slot += by; }

// weak linkage: `.weak .func`
__attribute__((weak)) __device__ __noinline__ int clamp_index(int i, int n) {
  return i < 0 ? 0 : (i >= n ? n - 1 : i);
}

extern "C" {

__global__ void ew_add(const float *a, const float *b, float *c, int n) {
  unsigned i = global_id();
  if (i < (unsigned)n)
    c[i] = a[i] + b[i];
}

__global__ void grid_stride_axpy(int n, float alpha, const float *x, float *y) {
  for (unsigned i = global_id(); i < (unsigned)n; i += ntid_x() * nctaid_x())
    y[i] = alpha * x[i] + y[i];
}

// one block sum: shuffles within a warp, per-warp sums in shared memory across a barrier
__global__ void block_sum(const float *in, float *out, int n) {
  __shared__ float warp_sums[32];
  unsigned i = global_id();
  float v = i < (unsigned)n ? in[i] : 0.0f;
  for (int d = 16; d > 0; d /= 2)
    v += shfl_down(v, d);
  unsigned lane = tid_x() & 31, warp = tid_x() >> 5;
  if (lane == 0)
    warp_sums[warp] = v;
  __syncthreads();
  if (warp == 0) {
    v = lane < (ntid_x() + 31) / 32 ? warp_sums[lane] : 0.0f;
    for (int d = 16; d > 0; d /= 2)
      v += shfl_down(v, d);
    if (lane == 0)
      out[ctaid_x()] = v;
  }
}

// integer and float atomic adds, and a maximum through a compare-and-swap loop
__global__ void atomics(const int *in, int *total, int *maximum, float *fsum, int n) {
  unsigned i = global_id();
  if (i >= (unsigned)n)
    return;
  int v = in[i];
  atomic_add(total, v);
  atomic_add(fsum, (float)v * 0.5f);
  int seen = *maximum;
  while (seen < v) {
    int was = atomic_cas(maximum, seen, v);
    if (was == seen)
      break;
    seen = was;
  }
}

__global__ void call_horner(const float *in, float *out, int n, int degree) {
  unsigned i = global_id();
  if (i < (unsigned)n)
    out[i] = horner(in[i], degree) + bias;
}

// 64-bit integers and doubles, and half and bfloat16 arithmetic
__global__ void wide_math(const double *a, const i64 *b, double *d, i64 *e, const half *h,
                          half *ho, const unsigned short *bf, float *bo, int n) {
  unsigned i = global_id();
  if (i >= (unsigned)n)
    return;
  d[i] = a[i] * 1.5 + (double)b[i] / 3.0;
  e[i] = b[i] * 0x100000001ll - (b[i] >> 3);
  ho[i] = h[i] * h[i] + (half)0.5f;
  bo[i] = __builtin_bit_cast(float, (unsigned)bf[i] << 16) * 2.0f;
}

// dynamic shared memory (`.extern .shared`): each block's slice reversed
__global__ void dyn_reverse(const float *in, float *out, int n) {
  extern __shared__ float tile[];
  unsigned t = tid_x(), i = global_id();
  tile[t] = i < (unsigned)n ? in[i] : 0.0f;
  __syncthreads();
  unsigned j = ctaid_x() * ntid_x() + (ntid_x() - 1 - t);
  if (j < (unsigned)n)
    out[j] = tile[t];
}

__global__ void switch_op(const int *op, const float *a, float *out, int n) {
  unsigned i = global_id();
  if (i >= (unsigned)n)
    return;
  float x = a[i], r;
  switch (op[i]) {
  case 0: r = x + 1.0f; break;
  case 1: r = x * x; break;
  case 2: r = -x; break;
  case 3: r = x * 0.5f; break;
  case 4: r = x - 2.0f; break;
  case 5: r = x * 3.0f; break;
  case 6: r = 7.0f; break;
  default: r = 0.0f; break;
  }
  out[i] = r;
}

__global__ void struct_param(Affine p) {
  unsigned i = global_id();
  if (i < (unsigned)p.n)
    p.y[i] = p.x[i] * p.scale;
}

// inline asm as clang passes it through: operands, a braced scope with its own register
__global__ void inline_asm(const int *a, int *out, int n) {
  unsigned i = global_id();
  if (i >= (unsigned)n)
    return;
  int x = a[i], sum, lane;
  asm("add.s32 %0, %1, %2;" : "=r"(sum) : "r"(x), "r"(7));
  asm volatile("mov.u32 %0, %%laneid;" : "=r"(lane));
  int big;
  asm("{\n\t.reg .pred p;\n\tsetp.gt.s32 p, %1, 0;\n\tselp.s32 %0, 1, 0, p;\n\t}"
      : "=r"(big) : "r"(x));
  out[i] = sum + 100 * big + 1000 * lane;
}

// shared memory reached through a generic pointer, a weak callee and a table read
__global__ void generic_shared(const int *idx, int *out, int n) {
  __shared__ int counts[8];
  unsigned t = tid_x(), i = global_id();
  if (t < 8)
    counts[t] = 0;
  __syncthreads();
  if (i < (unsigned)n)
    atomic_add(&counts[clamp_index(idx[i], 8)], 1);
  __syncthreads();
  int mine = 0;
  if (t < 8) {
    bump(&counts[t], lookup[t]);
    mine = counts[t];
  }
  int pair = mine + shfl_xor(mine, 1);     // every lane of the warp: the mask names them all
  if (t < 8)
    out[ctaid_x() * 8 + t] = pair;
}

}  // extern "C"
