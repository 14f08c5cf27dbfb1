// A row softmax and a layer norm, as a framework would write them: a max pass and a sum pass
// over LDS, exp2 on the hardware, per-row scalars broadcast through LDS.
#include "hip_min.h"

extern "C" __global__ void softmax_row(const float *x, float *y, int cols) {
  __shared__ float red[64];
  const float *row = x + bid_x() * cols;
  float m = -1e30f;
  for (int c = tid_x(); c < cols; c += bdim_x()) m = __builtin_fmaxf(m, row[c]);
  red[tid_x()] = m;
  syncthreads();
  for (unsigned s = 32; s > 0; s >>= 1) {
    if (tid_x() < s) red[tid_x()] = __builtin_fmaxf(red[tid_x()], red[tid_x() + s]);
    syncthreads();
  }
  m = red[0];
  syncthreads();
  float sum = 0.0f;
  for (int c = tid_x(); c < cols; c += bdim_x()) sum += __builtin_amdgcn_exp2f((row[c] - m) * 1.442695f);
  red[tid_x()] = sum;
  syncthreads();
  for (unsigned s = 32; s > 0; s >>= 1) {
    if (tid_x() < s) red[tid_x()] += red[tid_x() + s];
    syncthreads();
  }
  float inv = 1.0f / red[0];
  for (int c = tid_x(); c < cols; c += bdim_x())
    y[bid_x() * cols + c] = __builtin_amdgcn_exp2f((row[c] - m) * 1.442695f) * inv;
}

extern "C" __global__ void layer_norm(const float *x, const float *g, const float *b, float *y, int cols, float eps) {
  __shared__ float stats[2];
  const float *row = x + bid_x() * cols;
  if (tid_x() == 0) {
    float s = 0.0f, q = 0.0f;
    for (int c = 0; c < cols; ++c) { s += row[c]; q += row[c] * row[c]; }
    float mean = s / cols;
    stats[0] = mean;
    stats[1] = __builtin_amdgcn_rsqf(q / cols - mean * mean + eps);
  }
  syncthreads();
  for (int c = tid_x(); c < cols; c += bdim_x())
    y[bid_x() * cols + c] = (row[c] - stats[0]) * stats[1] * g[c] + b[c];
}
