// build-flags: -O2 -gline-tables-only
// Kernels with line tables (.file/.loc directives), for `line "file":N` positions.
#include "hip_min.h"

extern "C" __global__ void li_saxpy(float a, const float *x, float *y, int n) {
  unsigned i = gid_x();
  if (i < (unsigned)n)
    y[i] = a * x[i] + y[i];
}

extern "C" __global__ void li_reduce(const int *in, int *out, int n) {
  __shared__ int s[256];
  unsigned t = tid_x();
  s[t] = gid_x() < (unsigned)n ? in[gid_x()] : 0;
  syncthreads();
  for (unsigned k = bdim_x() / 2; k > 0; k >>= 1) {
    if (t < k)
      s[t] += s[t + k];
    syncthreads();
  }
  if (t == 0)
    ATOMIC(fetch_add, out, s[0], AGENT);
}
