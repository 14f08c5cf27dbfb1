// build-flags: -Os
// Optimized for size: loops are not unrolled, common code is not duplicated into branches.
#include "hip_min.h"

extern "C" __global__ void os_memset(unsigned *p, unsigned v, int n) {
  for (int i = gid_x(); i < n; i += gdim_x()) p[i] = v;
}

extern "C" __global__ void os_prefix(const int *in, int *out, int n) {
  if (gid_x() != 0) return;
  int s = 0;
  for (int i = 0; i < n; ++i) { s += in[i]; out[i] = s; }
}

extern "C" __global__ void os_matvec(const float *m, const float *x, float *y, int cols) {
  float s = 0.0f;
  for (int c = 0; c < cols; ++c) s += m[gid_x() * cols + c] * x[c];
  y[gid_x()] = s;
}
