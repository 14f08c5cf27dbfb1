// 64-bit math: integer multiply/divide/remainder/shifts, double precision arithmetic, fma,
// sqrt, conversions between int64, double, float.
#include "hip_min.h"

extern "C" __global__ void i64_divmod(const long *a, const long *b, long *q, long *r) {
  unsigned i = gid_x();
  long x = a[i], y = b[i] | 1;
  q[i] = x / y;
  r[i] = x % y;
}

extern "C" __global__ void u64_mul_shift(const unsigned long *a, unsigned long *out, unsigned s) {
  unsigned i = gid_x();
  unsigned long x = a[i];
  out[i] = (x * 0x9e3779b97f4a7c15ul) ^ (x >> (s & 63)) ^ (x << (i & 63));
}

extern "C" __global__ void f64_arith(const double *a, const double *b, double *out) {
  unsigned i = gid_x();
  double x = a[i], y = b[i];
  out[i] = __builtin_fma(x, y, 1.0) / (y + 2.0) + __builtin_sqrt(__builtin_fabs(x)) - x * 0.125;
}

extern "C" __global__ void conversions(const long *a, const double *d, float *f, long *l, int *n) {
  unsigned i = gid_x();
  f[i] = (float)a[i] + (float)d[i];
  l[i] = (long)d[i] + (long)(unsigned long)a[i];
  n[i] = (int)(d[i] * 3.0) + (int)(a[i] >> 32);
}

extern "C" __global__ void u64_minmax(const unsigned long *a, unsigned long *out, int n) {
  unsigned long lo = ~0ul, hi = 0;
  for (int k = 0; k < n; ++k) {
    unsigned long v = a[gid_x() * n + k];
    lo = v < lo ? v : lo;
    hi = v > hi ? v : hi;
  }
  out[2 * gid_x()] = lo;
  out[2 * gid_x() + 1] = hi;
}
