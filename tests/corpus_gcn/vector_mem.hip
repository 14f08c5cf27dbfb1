// Memory widths: float4/int3/double2 vector loads and stores, bytes and shorts (signed and
// unsigned), unaligned 64-bit, non-temporal and volatile accesses, loads with a uniform base.
#include "hip_min.h"

typedef float f4 __attribute__((ext_vector_type(4)));
typedef int i3 __attribute__((ext_vector_type(3)));
typedef double d2 __attribute__((ext_vector_type(2)));

extern "C" __global__ void vec4_scale(const f4 *in, f4 *out, float s) {
  unsigned i = gid_x();
  out[i] = in[i] * s;
}

extern "C" __global__ void vec3_int(const int *in, int *out) {
  unsigned i = gid_x();
  i3 v = {in[3 * i], in[3 * i + 1], in[3 * i + 2]};
  v = v + (i3){1, 2, 3};
  out[3 * i] = v.x; out[3 * i + 1] = v.y; out[3 * i + 2] = v.z;
}

extern "C" __global__ void vec2_double(const d2 *in, d2 *out) {
  unsigned i = gid_x();
  out[i] = in[i].yx;
}

extern "C" __global__ void bytes_signed(const signed char *a, const unsigned char *b, short *s, unsigned short *u, char *o) {
  unsigned i = gid_x();
  s[i] = (short)(a[i] * 2 + s[i]);
  u[i] = (unsigned short)(b[i] + u[i]);
  o[i] = (char)(a[i] ^ b[i]);
}

extern "C" __global__ void nontemporal(const float *in, float *out) {
  unsigned i = gid_x();
  float v = __builtin_nontemporal_load(&in[i]);
  __builtin_nontemporal_store(v * 2.0f, &out[i]);
}

extern "C" __global__ void volatile_rw(volatile int *flag, int *out) {
  unsigned i = gid_x();
  int v = flag[0];
  flag[1] = v + (int)i;
  out[i] = flag[1];
}

extern "C" __global__ void uniform_base(const float *base, float *out, int off) {
  out[tid_x()] = base[off + tid_x()] + base[off];
}
