// Sorting networks in LDS: a bitonic sort of one block, odd-even transposition, and a
// radix-style digit count with LDS atomics and a block prefix sum.
#include "hip_min.h"

extern "C" __global__ void bitonic_block(unsigned *data) {
  __shared__ unsigned s[256];
  unsigned t = tid_x();
  s[t] = data[bid_x() * 256 + t];
  syncthreads();
  for (unsigned k = 2; k <= 256; k <<= 1)
    for (unsigned j = k >> 1; j > 0; j >>= 1) {
      unsigned p = t ^ j;
      if (p > t) {
        unsigned a = s[t], b = s[p];
        bool up = (t & k) == 0;
        if ((a > b) == up) { s[t] = b; s[p] = a; }
      }
      syncthreads();
    }
  data[bid_x() * 256 + t] = s[t];
}

extern "C" __global__ void odd_even(int *data, int n) {
  __shared__ int s[128];
  unsigned t = tid_x();
  s[t] = (int)t < n ? data[t] : 0x7fffffff;
  syncthreads();
  for (int phase = 0; phase < 128; ++phase) {
    unsigned i = 2 * t + (phase & 1);
    if (i + 1 < 128 && s[i] > s[i + 1]) { int x = s[i]; s[i] = s[i + 1]; s[i + 1] = x; }
    syncthreads();
  }
  if ((int)t < n) data[t] = s[t];
}

extern "C" __global__ void digit_count(const unsigned *keys, unsigned *offsets, int shift) {
  __shared__ unsigned cnt[16];
  unsigned t = tid_x();
  if (t < 16) cnt[t] = 0;
  syncthreads();
  ATOMIC(fetch_add, &cnt[(keys[gid_x()] >> shift) & 15], 1u, WORKGROUP);
  syncthreads();
  if (t == 0) {
    unsigned run = 0;
    for (int d = 0; d < 16; ++d) { unsigned c = cnt[d]; offsets[bid_x() * 16 + d] = run; run += c; }
  }
}
