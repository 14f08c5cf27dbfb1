// build-flags: -O1
// The same shapes at -O1: fewer unrolled loops, less if-conversion, more branches.
#include "hip_min.h"

extern "C" __global__ void o1_saxpy(float a, const float *x, float *y, int n) {
  for (int i = gid_x(); i < n; i += gdim_x()) y[i] = a * x[i] + y[i];
}

extern "C" __global__ void o1_clamp(const int *in, int *out, int lo, int hi) {
  int v = in[gid_x()];
  if (v < lo) v = lo;
  if (v > hi) v = hi;
  out[gid_x()] = v;
}

extern "C" __global__ void o1_reduce(const float *in, float *out) {
  __shared__ float s[128];
  s[tid_x()] = in[gid_x()];
  syncthreads();
  for (unsigned k = 64; k > 0; k >>= 1) {
    if (tid_x() < k) s[tid_x()] += s[tid_x() + k];
    syncthreads();
  }
  if (tid_x() == 0) out[bid_x()] = s[0];
}
