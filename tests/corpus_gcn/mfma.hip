// Matrix cores on both processors: f32, f16, bf16, i8 and f64 MFMA shapes, chained
// accumulation in a loop (accumulators stay in AGPRs or VGPRs as the compiler picks).
#include "hip_min.h"

typedef float f4 __attribute__((ext_vector_type(4)));
typedef _Float16 h4 __attribute__((ext_vector_type(4)));
typedef short s4 __attribute__((ext_vector_type(4)));
typedef float f32v __attribute__((ext_vector_type(32)));
typedef int i4 __attribute__((ext_vector_type(4)));
typedef double d4 __attribute__((ext_vector_type(4)));

extern "C" __global__ void mfma_f16(const _Float16 *a, const _Float16 *b, float *c) {
  unsigned l = tid_x() & 63;
  h4 av = {a[4 * l], a[4 * l + 1], a[4 * l + 2], a[4 * l + 3]};
  h4 bv = {b[4 * l], b[4 * l + 1], b[4 * l + 2], b[4 * l + 3]};
  f4 acc = {};
  acc = __builtin_amdgcn_mfma_f32_16x16x16f16(av, bv, acc, 0, 0, 0);
  for (int j = 0; j < 4; ++j) c[j * 64 + l] = acc[j];
}

extern "C" __global__ void mfma_bf16(const short *a, const short *b, float *c, int steps) {
  unsigned l = tid_x() & 63;
  s4 av, bv;
  for (int j = 0; j < 4; ++j) { av[j] = a[l + 64 * j]; bv[j] = b[l + 64 * j]; }
  f4 acc = {};
  for (int k = 0; k < steps; ++k) acc = __builtin_amdgcn_mfma_f32_16x16x16bf16_1k(av, bv, acc, 0, 0, 0);
  for (int j = 0; j < 4; ++j) c[j * 64 + l] = acc[j];
}

extern "C" __global__ void mfma_i8(const int *a, const int *b, int *c) {
  unsigned l = tid_x() & 63;
  i4 acc = {};
  acc = __builtin_amdgcn_mfma_i32_4x4x4i8(a[l], b[l], acc, 0, 0, 0);
  for (int j = 0; j < 4; ++j) c[j * 64 + l] = acc[j];
}

extern "C" __global__ void mfma_f64(const double *a, const double *b, double *c) {
  unsigned l = tid_x() & 63;
  d4 acc = {};
  acc = __builtin_amdgcn_mfma_f64_16x16x4f64(a[l], b[l], acc, 0, 0, 0);
  for (int j = 0; j < 4; ++j) c[j * 64 + l] = acc[j];
}

extern "C" __global__ void mfma_32x32_chain(const float *a, const float *b, float *c, int steps) {
  unsigned l = tid_x() & 63;
  f32v acc = {};
  for (int k = 0; k < steps; ++k)
    acc = __builtin_amdgcn_mfma_f32_32x32x1f32(a[k * 64 + l], b[k * 64 + l], acc, 0, 0, 0);
  for (int j = 0; j < 32; ++j) c[j * 64 + l] = acc[j];
}

extern "C" __global__ void mfma_4x4_blocks(const float *a, const float *b, float *c) {
  unsigned l = tid_x() & 63;
  f4 acc = {};
  acc = __builtin_amdgcn_mfma_f32_4x4x1f32(a[l], b[l], acc, 4, 0, 0);
  acc = __builtin_amdgcn_mfma_f32_4x4x1f32(a[l] + 1.0f, b[l], acc, 0, 0, 0);
  for (int j = 0; j < 4; ++j) c[j * 64 + l] = acc[j];
}
