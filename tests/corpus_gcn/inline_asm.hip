// Inline assembly: marks for probes, raw instructions with register constraints, s_nop and
// s_sleep, reading a hardware register, a scalar constraint, an asm block with a label.
#include "hip_min.h"

extern "C" __global__ void asm_marks(const float *in, float *out) {
  asm volatile("; @neutrino mma_begin" ::: "memory");
  float v = in[gid_x()] * 3.0f;
  asm volatile("; @neutrino mma_end" ::: "memory");
  out[gid_x()] = v;
}

extern "C" __global__ void asm_vector(const int *in, int *out) {
  int v = in[gid_x()], r;
  asm volatile("v_add_u32 %0, %1, %1\n\tv_xor_b32 %0, 0x55, %0" : "=v"(r) : "v"(v));
  out[gid_x()] = r;
}

extern "C" __global__ void asm_scalar(int *out, int k) {
  int s;
  asm volatile("s_mul_i32 %0, %1, 3\n\ts_nop 1" : "=s"(s) : "s"(k));
  asm volatile("s_sleep 2");
  out[gid_x()] = s + (int)tid_x();
}

extern "C" __global__ void asm_hwreg(unsigned *out) {
  unsigned id;
  asm volatile("s_getreg_b32 %0, hwreg(HW_REG_HW_ID)" : "=s"(id));
  out[gid_x()] = id & 0xf;
}

extern "C" __global__ void asm_waitcnt(const int *in, int *out) {
  int v;
  asm volatile("global_load_dword %0, %1, off\n\ts_waitcnt vmcnt(0)" : "=v"(v) : "v"(in + gid_x()) : "memory");
  out[gid_x()] = v + 1;
}
