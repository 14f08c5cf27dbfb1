// Wave-level operations: readlane/readfirstlane, ballot and popcount, ds_swizzle, DPP row
// shifts and broadcasts, ds_permute/ds_bpermute, a wave reduction, mbcnt lane ids.
#include "hip_min.h"

extern "C" __global__ void wave_broadcast(const int *in, int *out) {
  int v = in[gid_x()];
  int first = __builtin_amdgcn_readfirstlane(v);
  int l5 = __builtin_amdgcn_readlane(v, 5);
  out[gid_x()] = v + first * l5;
}

extern "C" __global__ void wave_ballot(const float *in, unsigned *out) {
  unsigned long m = __builtin_amdgcn_ballot_w64(in[gid_x()] > 0.0f);
  out[gid_x()] = __builtin_popcountl(m) + (unsigned)(m >> lane_id()) & 1u;
}

extern "C" __global__ void wave_swizzle(const int *in, int *out) {
  int v = in[gid_x()];
  int a = __builtin_amdgcn_ds_swizzle(v, 0x041f);   // swap adjacent lanes
  int b = __builtin_amdgcn_ds_swizzle(v, 0x801f);   // quad permute mode
  out[gid_x()] = a + 2 * b;
}

extern "C" __global__ void wave_dpp(const int *in, int *out) {
  int v = in[gid_x()];
  v += __builtin_amdgcn_update_dpp(0, v, 0x111, 0xf, 0xf, false);   // row_shr:1
  v += __builtin_amdgcn_update_dpp(0, v, 0x114, 0xf, 0xe, false);   // row_shr:4, bank_mask
  v += __builtin_amdgcn_update_dpp(0, v, 0x142, 0xa, 0xf, false);   // row_bcast:15
  v += __builtin_amdgcn_mov_dpp(v, 0x1b, 0xf, 0xf, true);           // quad_perm, bound_ctrl
  out[gid_x()] = v;
}

extern "C" __global__ void wave_permute(const int *in, const int *idx, int *out) {
  int v = in[gid_x()];
  int sel = idx[gid_x()] & 63;
  out[gid_x()] = __builtin_amdgcn_ds_bpermute(sel << 2, v) + __builtin_amdgcn_ds_permute(sel << 2, v);
}

extern "C" __global__ void wave_reduce(const float *in, float *out) {
  float v = in[gid_x()];
  for (int off = 32; off > 0; off >>= 1) {
    int src = (lane_id() + off) & 63;
    v += __builtin_bit_cast(float, __builtin_amdgcn_ds_bpermute(src << 2, __builtin_bit_cast(int, v)));
  }
  if (lane_id() == 0) out[gid_x() / 64] = v;
}

extern "C" __global__ void wave_writelane(const int *in, int *out) {
  int v = in[gid_x()];
  int s = __builtin_amdgcn_readfirstlane(v + 1);
  asm volatile("v_writelane_b32 %0, %1, 7" : "+v"(v) : "s"(s));
  out[gid_x()] = v;
}
