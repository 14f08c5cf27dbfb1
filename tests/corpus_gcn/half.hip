// 16-bit math: _Float16 scalars and packed pairs (v_pk_*), bf16 by bit manipulation,
// conversions to and from f32, 16-bit integer arithmetic and loads/stores of shorts.
#include "hip_min.h"

typedef _Float16 h2 __attribute__((ext_vector_type(2)));

extern "C" __global__ void half_axpy(const _Float16 *x, _Float16 *y, _Float16 a) {
  unsigned i = gid_x();
  y[i] = a * x[i] + y[i];
}

extern "C" __global__ void half2_fma(const h2 *a, const h2 *b, h2 *c) {
  unsigned i = gid_x();
  h2 x = a[i], y = b[i];
  c[i] = x * y + c[i] - (h2){(_Float16)0.5f, (_Float16)2.0f};
}

extern "C" __global__ void bf16_to_f32(const unsigned short *in, float *out) {
  unsigned i = gid_x();
  out[i] = __builtin_bit_cast(float, (unsigned)in[i] << 16) * 2.0f;
}

extern "C" __global__ void short_math(const short *a, const unsigned short *b, short *out) {
  unsigned i = gid_x();
  out[i] = (short)(a[i] * 3 + (b[i] >> 2) - (a[i] & b[i]));
}

extern "C" __global__ void half_convert(const float *in, _Float16 *h, float *back) {
  unsigned i = gid_x();
  _Float16 v = (_Float16)in[i];
  h[i] = v;
  back[i] = (float)v * 0.5f;
}
