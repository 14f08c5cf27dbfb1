// Divergent control flow: a switch (jump table or compare chain), early returns in nested ifs,
// loops whose trip count differs per lane, a break out of two loops, select chains.
#include "hip_min.h"

extern "C" __global__ void switch_op(const int *op, const float *a, float *out, int n) {
  unsigned i = gid_x();
  if (i >= (unsigned)n) return;
  float x = a[i], r;
  switch (op[i]) {
  case 0: r = x + 1.0f; break;
  case 1: r = x * x; break;
  case 2: r = -x; break;
  case 3: r = x * 0.25f; break;
  case 4: r = x - 3.0f; break;
  case 7: r = 42.0f; break;
  default: r = 0.0f;
  }
  out[i] = r;
}

extern "C" __global__ void nested_returns(const int *a, int *out, int n) {
  unsigned i = gid_x();
  if (i >= (unsigned)n) return;
  int v = a[i];
  if (v > 0) {
    if (v > 100) { out[i] = 100; return; }
    if ((v & 3) == 0) { out[i] = v >> 2; return; }
  } else if (v < -50) {
    out[i] = -1;
    return;
  }
  out[i] = v * 2;
}

extern "C" __global__ void lane_loops(const unsigned *in, unsigned *out) {
  unsigned x = in[gid_x()], acc = 0;
  for (unsigned k = 0; k < (x & 31); ++k) acc = acc * 31 + k;
  out[gid_x()] = acc;
}

extern "C" __global__ void double_break(const int *grid, int *hit, int w, int h) {
  unsigned i = gid_x();
  int found = -1;
  for (int y = 0; y < h; ++y) {
    for (int x = 0; x < w; ++x)
      if (grid[y * w + x] == (int)i) { found = y * w + x; goto done; }
  }
done:
  hit[i] = found;
}

extern "C" __global__ void selects(const float *a, const float *b, float *out) {
  unsigned i = gid_x();
  float x = a[i], y = b[i];
  float r = x > y ? x - y : y - x;
  r = r < 1.0f ? r * r : r;
  r = (i & 1) ? r : -r;
  out[i] = r;
}

extern "C" __global__ void if_else_chain_lds(const int *in, int *out) {
  __shared__ int s[64];
  unsigned t = tid_x() & 63;
  int v = in[gid_x()];
  if (v & 1) s[t] = v;
  else if (v & 2) s[t] = -v;
  else s[t] = 0;
  syncthreads();
  out[gid_x()] = (t & 1) ? s[t - 1] : s[t];
}
