// GCN corpus: small kernels covering loads/stores, LDS, atomics, loops and branches.
// Built by build.sh into <kernel-file>.<gfx>.s; the .s files are committed.
#include "hip_min.h"

extern "C" __global__ void vector_add(const float *a, const float *b, float *c, int n) {
  unsigned i = bid_x() * bdim_x() + tid_x();
  if (i < (unsigned)n) c[i] = a[i] + b[i];
}

extern "C" __global__ void saxpy(int n, float alpha, const float *x, float *y) {
  for (unsigned i = bid_x() * bdim_x() + tid_x(); i < (unsigned)n; i += gdim_x())
    y[i] = alpha * x[i] + y[i];
}

extern "C" __global__ void reduce_sum(const float *in, float *out, int n) {
  __shared__ float part[256];
  unsigned t = tid_x();
  unsigned i = bid_x() * bdim_x() + t;
  part[t] = i < (unsigned)n ? in[i] : 0.0f;
  syncthreads();
  asm volatile("; @neutrino mma_begin" ::: "memory");   // marks for probes/time_range.probe
  for (unsigned s = bdim_x() / 2; s > 0; s >>= 1) {
    if (t < s) part[t] += part[t + s];
    syncthreads();
  }
  asm volatile("; @neutrino mma_end" ::: "memory");
  if (t == 0) __hip_atomic_fetch_add(out, part[0], __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
}

extern "C" __global__ void histogram(const unsigned char *data, unsigned *bins, int n) {
  __shared__ unsigned local[256];
  unsigned t = tid_x();
  for (unsigned b = t; b < 256; b += bdim_x()) local[b] = 0;
  syncthreads();
  for (unsigned i = bid_x() * bdim_x() + t; i < (unsigned)n; i += gdim_x())
    __hip_atomic_fetch_add(&local[data[i]], 1u, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_WORKGROUP);
  syncthreads();
  for (unsigned b = t; b < 256; b += bdim_x())
    if (local[b]) __hip_atomic_fetch_add(&bins[b], local[b], __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
}

extern "C" __global__ void collatz(const unsigned *start, unsigned *steps, int n) {
  unsigned i = bid_x() * bdim_x() + tid_x();
  if (i >= (unsigned)n) return;
  unsigned x = start[i], k = 0;
  while (x > 1 && k < 1000) {
    x = (x & 1) ? 3 * x + 1 : x >> 1;
    ++k;
  }
  steps[i] = k;
}

extern "C" __global__ void transpose_2d(const double *in, double *out, int w, int h) {
  __shared__ double tile[16][17];
  unsigned x = bid_x() * 16 + tid_x(), y = bid_y() * 16 + tid_y();
  if (x < (unsigned)w && y < (unsigned)h) tile[tid_y()][tid_x()] = in[(unsigned long)y * w + x];
  syncthreads();
  x = bid_y() * 16 + tid_x();
  y = bid_x() * 16 + tid_y();
  if (x < (unsigned)h && y < (unsigned)w) out[(unsigned long)y * h + x] = tile[tid_x()][tid_y()];
}

// Wave-level sum with DPP row shifts, abs/neg modifiers and packed halves (SDWA on gfx9).
extern "C" __global__ void wave_ops(const float *in, float *out, const _Float16 *h, _Float16 *ho, int n) {
  unsigned i = bid_x() * bdim_x() + tid_x();
  float v = i < (unsigned)n ? in[i] : 0.0f;
  v = -__builtin_fabsf(v) * 0.5f + v;
  int x = __builtin_bit_cast(int, v);
  x += __builtin_amdgcn_update_dpp(0, x, 0x111, 0xf, 0xf, false);  // row_shr:1
  x += __builtin_amdgcn_update_dpp(0, x, 0x112, 0xf, 0xf, false);  // row_shr:2
  if (i < (unsigned)n) {
    out[i] = __builtin_bit_cast(float, x);
    unsigned short raw = __builtin_bit_cast(unsigned short, h[i]);
    ho[i] = h[i] * (_Float16)(float)(raw >> 8) + h[i ^ 1];
  }
}
