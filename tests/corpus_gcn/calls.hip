// Calls: non-inlined device functions (s_swappc_b64, a stack for the callee), a recursive
// function, an indirect call through a table, and a call inside a divergent branch.
#include "hip_min.h"

__device__ __attribute__((noinline)) float poly(float x, float a, float b, float c) {
  return (a * x + b) * x + c;
}

__device__ __attribute__((noinline)) int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }

__device__ __attribute__((noinline)) int twice(int x) { return 2 * x; }
__device__ __attribute__((noinline)) int square(int x) { return x * x; }
__device__ __attribute__((noinline)) int negate(int x) { return -x; }

__device__ __attribute__((noinline)) void store_pair(float *out, unsigned i, float a, float b) {
  out[2 * i] = a;
  out[2 * i + 1] = b;
}

extern "C" __global__ void call_poly(const float *x, float *y, int n) {
  unsigned i = gid_x();
  if (i < (unsigned)n) y[i] = poly(x[i], 1.5f, -2.0f, 0.25f);
}

extern "C" __global__ void call_recursive(const int *n, int *out) {
  out[gid_x()] = fib(n[gid_x()] & 15);
}

extern "C" __global__ void call_indirect(const int *sel, const int *x, int *out) {
  int (*table[3])(int) = {twice, square, negate};
  unsigned i = gid_x();
  out[i] = table[sel[i] % 3](x[i]);
}

extern "C" __global__ void call_divergent(const float *a, float *out) {
  unsigned i = gid_x();
  float v = a[i];
  if (v > 0.0f) store_pair(out, i, v, poly(v, 1.0f, 0.0f, 0.0f));
  else store_pair(out, i, -v, 0.0f);
}
