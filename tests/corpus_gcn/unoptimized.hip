// build-flags: -O0
// The same kind of kernels compiled at -O0: every value lives in scratch (buffer_store/load
// or scratch_* to the private segment), branches are not merged, calls are not inlined.
#include "hip_min.h"

extern "C" __global__ void o0_vector_add(const float *a, const float *b, float *c, int n) {
  unsigned i = gid_x();
  if (i < (unsigned)n) c[i] = a[i] + b[i];
}

extern "C" __global__ void o0_loop(const int *in, int *out, int n) {
  int acc = 0;
  for (int k = 0; k < n; ++k) acc += in[k] ^ (int)gid_x();
  out[gid_x()] = acc;
}

extern "C" __global__ void o0_lds(const float *in, float *out) {
  __shared__ float s[64];
  s[tid_x() & 63] = in[gid_x()];
  syncthreads();
  out[gid_x()] = s[(tid_x() + 1) & 63];
}
