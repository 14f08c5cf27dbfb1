// build-flags: -O3 -ffast-math
// Fast-math single precision: reciprocals instead of divisions, contracted fmas, reassociated
// reductions, vectorized (packed) arithmetic where the compiler finds it.
#include "hip_min.h"

extern "C" __global__ void fm_norm(const float *x, const float *y, const float *z, float *out) {
  unsigned i = gid_x();
  float r = __builtin_sqrtf(x[i] * x[i] + y[i] * y[i] + z[i] * z[i]);
  out[i] = 1.0f / r;
}

extern "C" __global__ void fm_dot8(const float *a, const float *b, float *out) {
  unsigned i = gid_x();
  float s = 0.0f;
  for (int k = 0; k < 8; ++k) s += a[8 * i + k] * b[8 * i + k];
  out[i] = s;
}

extern "C" __global__ void fm_lerp(const float *a, const float *b, const float *t, float *out, int n) {
  for (unsigned i = gid_x(); i < (unsigned)n; i += gdim_x()) out[i] = a[i] + t[i] * (b[i] - a[i]);
}
