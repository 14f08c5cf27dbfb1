// Bit manipulation per lane: popcount, leading/trailing zeros, bit reverse, funnel shifts,
// byte permutes (v_perm_b32), bit field extract and insert, 24-bit multiplies.
#include "hip_min.h"

extern "C" __global__ void bit_counts(const unsigned *in, unsigned *out) {
  unsigned x = in[gid_x()];
  out[gid_x()] = __builtin_popcount(x) | __builtin_clz(x | 1) << 8 | __builtin_ctz(x | 1u << 31) << 16;
}

extern "C" __global__ void bit_reverse64(const unsigned long *in, unsigned long *out) {
  out[gid_x()] = __builtin_bitreverse64(in[gid_x()]);
}

extern "C" __global__ void funnel(const unsigned *a, const unsigned *b, unsigned *out) {
  unsigned s = gid_x() & 31;
  out[gid_x()] = (a[gid_x()] << s) | (b[gid_x()] >> (32 - s) & -(s != 0));
}

extern "C" __global__ void byte_perm(const unsigned *a, unsigned *out) {
  unsigned x = a[gid_x()];
  out[gid_x()] = __builtin_bswap32(x) ^ ((x >> 8) & 0xff) << 24;
}

extern "C" __global__ void field_ops(const unsigned *a, unsigned *out) {
  unsigned x = a[gid_x()];
  unsigned f = (x >> 5) & 0x3ff;
  out[gid_x()] = (x & ~(0x3ffu << 12)) | (f << 12) | ((x & 0xffffff) * (f & 0xffffff));
}
