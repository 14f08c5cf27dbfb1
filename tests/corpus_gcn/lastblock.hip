// Grid-wide patterns: the "last block finishes the reduction" idiom with a device-scope fence
// and a ticket counter, a grid barrier built on an atomic counter, and a work queue of tiles
// handed out by atomics.
#include "hip_min.h"

extern "C" __global__ void last_block_sum(const float *in, float *partial, unsigned *ticket, float *total, int n) {
  __shared__ bool last;
  __shared__ float s[64];
  float v = gid_x() < (unsigned)n ? in[gid_x()] : 0.0f;
  s[tid_x()] = v;
  syncthreads();
  if (tid_x() == 0) {
    float acc = 0.0f;
    for (unsigned k = 0; k < bdim_x(); ++k) acc += s[k];
    partial[bid_x()] = acc;
    __builtin_amdgcn_fence(__ATOMIC_RELEASE, "agent");
    last = ATOMIC(fetch_add, ticket, 1u, AGENT) == gdim_x() / bdim_x() - 1;
  }
  syncthreads();
  if (last && tid_x() == 0) {
    __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "agent");
    float acc = 0.0f;
    for (unsigned b = 0; b < gdim_x() / bdim_x(); ++b) acc += partial[b];
    *total = acc;
  }
}

extern "C" __global__ void tile_queue(unsigned *next, const float *in, float *out, int tiles) {
  __shared__ unsigned tile;
  while (true) {
    if (tid_x() == 0) tile = ATOMIC(fetch_add, next, 1u, AGENT);
    syncthreads();
    unsigned t = tile;
    syncthreads();
    if (t >= (unsigned)tiles) break;
    out[t * bdim_x() + tid_x()] = 2.0f * in[t * bdim_x() + tid_x()];
  }
}
