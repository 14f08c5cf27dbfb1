// GCN corpus: kernels at the register limits. Inline asm pins values in the top VGPRs (all 256
// architectural ones) or the top SGPRs the compiler may name (s95 on gfx90a, s99 on gfx942), live
// across the kernel's loads, divergent branches and loop, so a probe's registers cannot go above
// the kernel's and whatever it displaces must come back intact.
#include "hip_min.h"

#if defined(__gfx942__)
#define S_TOP "s99", "s98", "s97", "s96"
#define S_PIN "s_mov_b32 s99, %0\n\ts_add_u32 s98, %0, 11\n\ts_mul_i32 s97, %0, 5\n\ts_xor_b32 s96, %0, 0x77"
#define S_GET "s_add_u32 %0, s99, s98\n\ts_add_u32 %0, %0, s97\n\ts_xor_b32 %0, %0, s96"
#else
#define S_TOP "s95", "s94", "s93", "s92"
#define S_PIN "s_mov_b32 s95, %0\n\ts_add_u32 s94, %0, 11\n\ts_mul_i32 s93, %0, 5\n\ts_xor_b32 s92, %0, 0x77"
#define S_GET "s_add_u32 %0, s95, s94\n\ts_add_u32 %0, %0, s93\n\ts_xor_b32 %0, %0, s92"
#endif

static __device__ inline float walk(const float *a, unsigned i, int n) {
  float x = 0.0f;
  for (unsigned k = i; k < (unsigned)n; k += 37) x += k & 1 ? a[k] : -a[k];
  return x;
}

extern "C" __global__ void __attribute__((amdgpu_flat_work_group_size(1, 256)))
vgpr_full(const float *a, float *out, int n) {
  unsigned i = bid_x() * bdim_x() + tid_x();
  asm volatile("v_mov_b32 v255, %0\n\tv_add_u32 v254, 7, %0\n\tv_mul_u32_u24 v253, 3, %0\n\t"
               "v_xor_b32 v252, 0x55, %0" :: "v"(i) : "v252", "v253", "v254", "v255");
  float x = walk(a, i, n);
  unsigned kept;
  asm volatile("v_add_u32 %0, v255, v254\n\tv_add_u32 %0, %0, v253\n\tv_xor_b32 %0, %0, v252"
               : "=v"(kept));
  if (i < (unsigned)n) out[i] = x + (float)kept;
}

extern "C" __global__ void __attribute__((amdgpu_flat_work_group_size(1, 256)))
sgpr_full(const float *a, float *out, int n) {
  unsigned i = bid_x() * bdim_x() + tid_x();
  asm volatile(S_PIN :: "s"(bid_x() + (unsigned)n) : S_TOP);
  float x = walk(a, i, n);
  unsigned kept;
  asm volatile(S_GET : "=s"(kept));
  if (i < (unsigned)n) out[i] = x + (float)kept;
}
