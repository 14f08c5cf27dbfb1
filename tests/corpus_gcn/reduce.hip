// Reductions as libraries write them: warp shuffles through DPP and ds_swizzle, a two-level
// block reduction with one atomic per block, an argmax carrying an index, a 64-bit sum.
#include "hip_min.h"

static __device__ inline float wave_sum(float v) {
  for (int off = 1; off < 64; off <<= 1)
    v += __builtin_bit_cast(float, __builtin_amdgcn_ds_bpermute(((lane_id() ^ off) & 63) << 2,
                                                                  __builtin_bit_cast(int, v)));
  return v;
}

extern "C" __global__ void block_sum_atomic(const float *in, float *out, int n) {
  __shared__ float part[16];
  unsigned i = gid_x();
  float v = wave_sum(i < (unsigned)n ? in[i] : 0.0f);
  if (lane_id() == 0) part[tid_x() / 64] = v;
  syncthreads();
  if (tid_x() == 0) {
    float s = 0.0f;
    for (unsigned w = 0; w < bdim_x() / 64; ++w) s += part[w];
    ATOMIC(fetch_add, out, s, AGENT);
  }
}

extern "C" __global__ void argmax(const float *in, int *best, int n) {
  __shared__ float val[256];
  __shared__ int idx[256];
  unsigned t = tid_x(), i = gid_x();
  val[t] = i < (unsigned)n ? in[i] : -1e30f;
  idx[t] = i;
  syncthreads();
  for (unsigned s = bdim_x() / 2; s > 0; s >>= 1) {
    if (t < s && val[t + s] > val[t]) { val[t] = val[t + s]; idx[t] = idx[t + s]; }
    syncthreads();
  }
  if (t == 0) best[bid_x()] = idx[0];
}

extern "C" __global__ void sum_u64(const unsigned long *in, unsigned long *out, int n) {
  unsigned long s = 0;
  for (int i = gid_x(); i < n; i += gdim_x()) s += in[i];
  s += __builtin_amdgcn_update_dpp(0l, (long)s, 0x111, 0xf, 0xf, false);
  if (lane_id() == 0) ATOMIC(fetch_add, out, s, AGENT);
}
