// Dense linear algebra helpers: matrix-vector (row per thread and row per wave), an LDS
// transpose without bank conflicts, an outer product, and a batched 4x4 inverse-free solve.
#include "hip_min.h"

extern "C" __global__ void gemv_row(const float *a, const float *x, float *y, int n) {
  float s = 0.0f;
  for (int k = 0; k < n; ++k) s += a[gid_x() * n + k] * x[k];
  y[gid_x()] = s;
}

extern "C" __global__ void gemv_wave(const float *a, const float *x, float *y, int n) {
  unsigned row = gid_x() / 64;
  float s = 0.0f;
  for (int k = lane_id(); k < n; k += 64) s += a[row * n + k] * x[k];
  for (int off = 32; off > 0; off >>= 1)
    s += __builtin_bit_cast(float, __builtin_amdgcn_ds_bpermute(((lane_id() + off) & 63) << 2,
                                                                __builtin_bit_cast(int, s)));
  if (lane_id() == 0) y[row] = s;
}

extern "C" __global__ void transpose_lds(const float *in, float *out, int n) {
  __shared__ float tile[32][33];
  unsigned x = bid_x() * 32 + tid_x(), y = bid_y() * 32 + tid_y();
  for (int j = 0; j < 32; j += 8) tile[tid_y() + j][tid_x()] = in[(y + j) * n + x];
  syncthreads();
  x = bid_y() * 32 + tid_x();
  y = bid_x() * 32 + tid_y();
  for (int j = 0; j < 32; j += 8) out[(y + j) * n + x] = tile[tid_x()][tid_y() + j];
}

extern "C" __global__ void outer(const double *u, const double *v, double *m, int n) {
  unsigned i = bid_y(), j = gid_x();
  if (j < (unsigned)n) m[i * n + j] = u[i] * v[j];
}

extern "C" __global__ void solve_diag4(const float *d, const float *b, float *x) {
  unsigned t = gid_x();
  for (int k = 0; k < 4; ++k) x[4 * t + k] = b[4 * t + k] / d[16 * t + 5 * k];
}
