// Loop shapes: counted, unrolled, while with break/continue, grid-stride, nested triangular,
// a loop with a uniform (scalar) trip count and one with a divergent trip count.
#include "hip_min.h"

extern "C" __global__ void sum_rows(const float *m, float *out, int rows, int cols) {
  unsigned r = gid_x();
  if (r >= (unsigned)rows) return;
  float acc = 0.0f;
  for (int c = 0; c < cols; ++c) acc += m[r * cols + c];
  out[r] = acc;
}

extern "C" __global__ void unrolled8(const int *in, int *out, int n) {
  unsigned i = gid_x() * 8;
  int acc = 0;
#pragma unroll
  for (int k = 0; k < 8; ++k)
    if (i + k < (unsigned)n) acc += in[i + k] * (k + 1);
  out[gid_x()] = acc;
}

extern "C" __global__ void find_first(const int *in, int *pos, int n, int key) {
  unsigned i = gid_x();
  int k = 0;
  while (true) {
    unsigned j = i * 16 + k;
    if (k >= 16 || j >= (unsigned)n) { k = -1; break; }
    if (in[j] == key) break;
    ++k;
    if ((in[j] & 1) == 0) continue;
    k += 0;
  }
  pos[i] = k;
}

extern "C" __global__ void grid_stride_copy(const double *in, double *out, long n) {
  for (long i = gid_x(); i < n; i += (long)gdim_x()) out[i] = in[i] * 2.0;
}

extern "C" __global__ void triangular(const float *a, float *out, int n) {
  unsigned i = gid_x();
  if (i >= (unsigned)n) return;
  float s = 0.0f;
  for (unsigned j = 0; j <= i; ++j)
    for (unsigned k = j; k <= i; k += 3) s += a[k] * (float)j;
  out[i] = s;
}

extern "C" __global__ void uniform_trip(float *x, int iters, float step) {
  unsigned i = gid_x();
  float v = x[i];
  for (int k = 0; k < iters; ++k) v = v * 0.5f + step;
  x[i] = v;
}

extern "C" __global__ void do_while_bits(const unsigned *in, unsigned *out) {
  unsigned x = in[gid_x()], n = 0;
  do { n += x & 1; x >>= 1; } while (x);
  out[gid_x()] = n;
}
