// GCN corpus, more kernel shapes: divergent if/else chains, nested loops, a block-wide LDS tree
// with barriers, global atomics (max, compare-and-swap loop), a cross-lane permute, integer
// division, and an MFMA tile (matrix cores: v_mfma on gfx90a/gfx942). Built by build.sh.
#include "hip_min.h"

typedef float float4_t __attribute__((ext_vector_type(4)));

extern "C" __global__ void branchy(const int *in, int *out, int n) {
  unsigned i = bid_x() * bdim_x() + tid_x();
  if (i >= (unsigned)n) return;
  int v = in[i], r;
  if (v % 3 == 0) r = v * 7;
  else if (v % 3 == 1) r = v - 11;
  else if (v & 4) r = -v;
  else r = v ^ 0x55;
  out[i] = r;
}

extern "C" __global__ void nested_loops(const float *a, float *out, int rows, int cols) {
  unsigned r = bid_x() * bdim_x() + tid_x();
  if (r >= (unsigned)rows) return;
  float acc = 0.0f;
  for (int k = 0; k < 3; ++k)
    for (int c = 0; c <= (int)(r % 5); ++c) acc += a[r * cols + (c + k) % cols];
  out[r] = acc;
}

extern "C" __global__ void block_max(const unsigned *in, unsigned *out, unsigned *winner, int n) {
  __shared__ unsigned part[128];
  unsigned t = tid_x(), i = bid_x() * bdim_x() + t;
  part[t] = i < (unsigned)n ? in[i] : 0u;
  syncthreads();
  for (unsigned s = 64; s > 0; s >>= 1) {
    if (t < s && part[t + s] > part[t]) part[t] = part[t + s];
    syncthreads();
  }
  if (t == 0) {
    __hip_atomic_fetch_max(out, part[0], __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
    unsigned old = *winner, want;
    do {
      want = old > part[0] ? old : part[0];
    } while (!__hip_atomic_compare_exchange_strong(winner, &old, want, __ATOMIC_RELAXED,
                                                   __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT));
  }
}

extern "C" __global__ void lane_rotate(const int *in, int *out, unsigned *quot, int n) {
  unsigned i = bid_x() * bdim_x() + tid_x();
  int v = i < (unsigned)n ? in[i] : 0;
  int lane = tid_x() & 63;
  int r = __builtin_amdgcn_ds_bpermute(((lane + 1) & 63) << 2, v);
  if (i < (unsigned)n) {
    out[i] = r;
    quot[i] = (unsigned)v / (unsigned)(i % 7 + 1) + (unsigned)v % 13u;
  }
}

// One 16x16 tile of C = A(16x4) x B(4x16) per wave; A row-major 16x4, B row-major 4x16.
extern "C" __global__ void mfma_tile(const float *a, const float *b, float *c) {
  unsigned lane = tid_x() & 63;
  float av = a[(lane % 16) * 4 + lane / 16];
  float bv = b[(lane / 16) * 16 + lane % 16];
  float4_t acc = {0.0f, 0.0f, 0.0f, 0.0f};
  acc = __builtin_amdgcn_mfma_f32_16x16x4f32(av, bv, acc, 0, 0, 0);
  for (int j = 0; j < 4; ++j) c[(4 * (lane / 16) + j) * 16 + lane % 16] = acc[j];
}

// A 32x32 tile of C = A(32x2) x B(2x32) accumulated 4 times, C = sum_k (A + k) x B, plus A's
// element moved through a20: with an AGPR in use the compiler keeps the accumulators in a[0:15].
typedef float float16_t __attribute__((ext_vector_type(16)));

extern "C" __global__ void mfma_agpr(const float *a, const float *b, float *c) {
  unsigned lane = tid_x() & 63;
  float av = a[(lane % 32) * 2 + lane / 32], bv = b[(lane / 32) * 32 + lane % 32];
  float16_t acc = {};
  for (int k = 0; k < 4; ++k) acc = __builtin_amdgcn_mfma_f32_32x32x2f32(av + k, bv, acc, 0, 0, 0);
  float kept;
  asm volatile("v_accvgpr_write_b32 a20, %1\n\tv_accvgpr_read_b32 %0, a20" : "=v"(kept) : "v"(av) : "a20");
  for (int j = 0; j < 16; ++j)
    c[(8 * (j / 4) + 4 * (lane / 32) + j % 4) * 32 + lane % 32] = acc[j];
  c[1024 + lane] = kept;
}
