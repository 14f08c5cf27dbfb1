// Scalar-heavy code: uniform values in SGPRs (kernel arguments, block ids), scalar loops with
// s_cbranch_scc, scalar bit operations, scalar loads of constant tables.
#include "hip_min.h"

__constant__ int table[16] = {3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8, 9, 7, 9, 3};

extern "C" __global__ void scalar_loop(const int *coef, int *out, int n) {
  int acc = 0;
  for (int k = 0; k < n; ++k) acc += coef[k] * (k ^ (int)bid_x());
  out[gid_x()] = acc + (int)tid_x();
}

extern "C" __global__ void scalar_bits(unsigned mask, unsigned long wide, unsigned *out) {
  unsigned b = bid_x();
  unsigned r = __builtin_popcount(mask ^ b) + __builtin_clz(mask | 1) + __builtin_ctz(mask | 0x80000000u);
  r += __builtin_popcountl(wide) + (unsigned)__builtin_clzl(wide | 1) + __builtin_bitreverse32(b);
  out[gid_x()] = r + tid_x();
}

extern "C" __global__ void const_table(int *out, int k) {
  out[gid_x()] = table[(k + bid_x()) & 15] + table[tid_x() & 15];
}

extern "C" __global__ void uniform_branch(const float *in, float *out, int mode) {
  unsigned i = gid_x();
  float v = in[i];
  if (mode == 1) v = v * 2.0f;
  else if (mode == 2) v = v + 1.0f;
  else if (bid_x() & 1) v = 0.0f;
  out[i] = v;
}

extern "C" __global__ void scalar_div(const unsigned *in, unsigned *out, unsigned d, int sd) {
  unsigned b = bid_x();
  out[gid_x()] = in[gid_x()] + b / d + b % d + (unsigned)((int)b / sd);
}
