// Single precision: division, reciprocal and square roots, exp2/log2, min/max/clamp, floor
// and fract, denormal-sensitive ops, fused multiply-add, comparisons with NaN.
#include "hip_min.h"

extern "C" __global__ void fdiv_sqrt(const float *a, const float *b, float *out) {
  unsigned i = gid_x();
  out[i] = a[i] / b[i] + __builtin_sqrtf(__builtin_fabsf(a[i])) + __builtin_amdgcn_rsqf(b[i] * b[i] + 1.0f);
}

extern "C" __global__ void exp_log(const float *a, float *out) {
  unsigned i = gid_x();
  out[i] = __builtin_amdgcn_exp2f(a[i]) + __builtin_amdgcn_logf(__builtin_fabsf(a[i]) + 1.0f);
}

extern "C" __global__ void clamp_floor(const float *a, float *out, float lo, float hi) {
  unsigned i = gid_x();
  float v = __builtin_fminf(__builtin_fmaxf(a[i], lo), hi);
  out[i] = __builtin_floorf(v) + __builtin_amdgcn_fractf(v) + __builtin_truncf(v * 3.0f);
}

extern "C" __global__ void nan_compare(const float *a, const float *b, int *out) {
  unsigned i = gid_x();
  float x = a[i], y = b[i];
  out[i] = (x < y) + 2 * (x != x) + 4 * __builtin_isinf(y) + 8 * (x >= y);
}

extern "C" __global__ void fma_chain(const float *a, float *out, int n) {
  float acc = 0.0f, x = a[gid_x()];
  for (int k = 0; k < n; ++k) acc = __builtin_fmaf(acc, x, (float)k);
  out[gid_x()] = acc;
}
