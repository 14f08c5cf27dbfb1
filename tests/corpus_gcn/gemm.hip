// GEMM variants: a naive kernel, a register-blocked 4x4 microkernel per thread, an LDS double
// buffer with two barriers per step, and an MFMA kernel over K in a loop.
#include "hip_min.h"
typedef float f4 __attribute__((ext_vector_type(4)));

extern "C" __global__ void gemm_naive(const float *a, const float *b, float *c, int n) {
  unsigned r = bid_y() * bdim_y() + tid_y(), col = bid_x() * bdim_x() + tid_x();
  float s = 0.0f;
  for (int k = 0; k < n; ++k) s += a[r * n + k] * b[k * n + col];
  c[r * n + col] = s;
}

extern "C" __global__ void gemm_reg4x4(const float *a, const float *b, float *c, int n) {
  unsigned r0 = (bid_y() * bdim_y() + tid_y()) * 4, c0 = (bid_x() * bdim_x() + tid_x()) * 4;
  float acc[4][4] = {};
  for (int k = 0; k < n; ++k)
    for (int i = 0; i < 4; ++i)
      for (int j = 0; j < 4; ++j) acc[i][j] += a[(r0 + i) * n + k] * b[k * n + c0 + j];
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 4; ++j) c[(r0 + i) * n + c0 + j] = acc[i][j];
}

extern "C" __global__ void gemm_double_buffer(const float *a, const float *b, float *c, int n) {
  __shared__ float ta[2][16][16], tb[2][16][16];
  unsigned ty = tid_y(), tx = tid_x(), row = bid_y() * 16 + ty, col = bid_x() * 16 + tx;
  ta[0][ty][tx] = a[row * n + tx];
  tb[0][ty][tx] = b[ty * n + col];
  syncthreads();
  float s = 0.0f;
  int cur = 0;
  for (int t = 16; t <= n; t += 16) {
    if (t < n) {
      ta[cur ^ 1][ty][tx] = a[row * n + t + tx];
      tb[cur ^ 1][ty][tx] = b[(t + ty) * n + col];
    }
    for (int k = 0; k < 16; ++k) s += ta[cur][ty][k] * tb[cur][k][tx];
    syncthreads();
    cur ^= 1;
  }
  c[row * n + col] = s;
}

extern "C" __global__ void gemm_mfma_k(const float *a, const float *b, float *c, int kt) {
  unsigned l = tid_x() & 63;
  f4 acc = {};
  for (int k = 0; k < kt; ++k)
    acc = __builtin_amdgcn_mfma_f32_16x16x4f32(a[k * 64 + l], b[k * 64 + l], acc, 0, 0, 0);
  for (int j = 0; j < 4; ++j) c[(4 * (l / 16) + j) * 16 + l % 16] = acc[j];
}
