// Histograms as people write them: per-block LDS bins merged with global atomics, a
// privatized per-wave histogram, 64-bit bins, and a global-only histogram of float buckets.
#include "hip_min.h"

extern "C" __global__ void hist_lds_merge(const unsigned char *in, unsigned *bins, int n) {
  __shared__ unsigned local[64];
  if (tid_x() < 64) local[tid_x()] = 0;
  syncthreads();
  for (int i = gid_x(); i < n; i += gdim_x()) ATOMIC(fetch_add, &local[in[i] & 63], 1u, WORKGROUP);
  syncthreads();
  if (tid_x() < 64 && local[tid_x()]) ATOMIC(fetch_add, &bins[tid_x()], local[tid_x()], AGENT);
}

extern "C" __global__ void hist_per_wave(const unsigned *in, unsigned *bins) {
  __shared__ unsigned wave_bins[4][16];
  unsigned w = tid_x() / 64;
  if (lane_id() < 16) wave_bins[w][lane_id()] = 0;
  syncthreads();
  ATOMIC(fetch_add, &wave_bins[w][in[gid_x()] & 15], 1u, WORKGROUP);
  syncthreads();
  if (lane_id() < 16) ATOMIC(fetch_add, &bins[lane_id()], wave_bins[w][lane_id()], AGENT);
}

extern "C" __global__ void hist_u64(const unsigned *in, unsigned long *bins, int n) {
  unsigned i = gid_x();
  if (i < (unsigned)n) ATOMIC(fetch_add, &bins[in[i] % 32], (unsigned long)in[i], AGENT);
}

extern "C" __global__ void hist_float(const float *in, unsigned *bins, float lo, float hi, int nb) {
  float v = in[gid_x()];
  int b = (int)((v - lo) / (hi - lo) * nb);
  b = b < 0 ? 0 : b >= nb ? nb - 1 : b;
  ATOMIC(fetch_add, &bins[b], 1u, AGENT);
}
