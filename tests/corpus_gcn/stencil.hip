// Stencils: a 1D three-point stencil with LDS halos, a 2D five-point Jacobi step, and a
// time-stepped 1D heat equation with a barrier between steps.
#include "hip_min.h"

extern "C" __global__ void stencil3_lds(const float *in, float *out, int n) {
  __shared__ float s[64 + 2];
  int i = gid_x();
  s[tid_x() + 1] = i < n ? in[i] : 0.0f;
  if (tid_x() == 0) s[0] = i > 0 ? in[i - 1] : 0.0f;
  if (tid_x() == 63) s[65] = i + 1 < n ? in[i + 1] : 0.0f;
  syncthreads();
  if (i < n) out[i] = 0.25f * s[tid_x()] + 0.5f * s[tid_x() + 1] + 0.25f * s[tid_x() + 2];
}

extern "C" __global__ void jacobi5(const float *u, float *v, int w, int h) {
  int x = bid_x() * bdim_x() + tid_x(), y = bid_y() * bdim_y() + tid_y();
  if (x < 1 || y < 1 || x >= w - 1 || y >= h - 1) return;
  v[y * w + x] = 0.25f * (u[y * w + x - 1] + u[y * w + x + 1] + u[(y - 1) * w + x] + u[(y + 1) * w + x]);
}

extern "C" __global__ void heat_steps(float *u, int steps, float k) {
  __shared__ float s[2][64];
  unsigned t = tid_x();
  s[0][t] = u[gid_x()];
  syncthreads();
  int cur = 0;
  for (int n = 0; n < steps; ++n) {
    float l = t > 0 ? s[cur][t - 1] : s[cur][t], r = t < 63 ? s[cur][t + 1] : s[cur][t];
    s[cur ^ 1][t] = s[cur][t] + k * (l - 2.0f * s[cur][t] + r);
    syncthreads();
    cur ^= 1;
  }
  u[gid_x()] = s[cur][t];
}
