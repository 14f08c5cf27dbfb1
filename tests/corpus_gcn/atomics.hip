// Atomics: global and LDS, 32 and 64 bit, integer and float, every scope, returning and not,
// compare-and-swap loops, exchange, and a ticket lock.
#include "hip_min.h"

extern "C" __global__ void atomic_int_ops(int *ctr, const int *in) {
  int v = in[gid_x()];
  ATOMIC(fetch_add, &ctr[0], v, AGENT);
  ATOMIC(fetch_min, &ctr[1], v, AGENT);
  ATOMIC(fetch_max, &ctr[2], v, AGENT);
  ATOMIC(fetch_and, &ctr[3], v, WORKGROUP);
  ATOMIC(fetch_or, &ctr[4], v, SYSTEM);
  ATOMIC(fetch_xor, &ctr[5], v, WAVEFRONT);
}

extern "C" __global__ void atomic_returning(unsigned *ctr, unsigned *slot) {
  unsigned old = ATOMIC(fetch_add, ctr, 1u, AGENT);
  slot[old] = gid_x();
}

extern "C" __global__ void atomic_u64(unsigned long *ctr, const unsigned long *in) {
  unsigned long v = in[gid_x()];
  ATOMIC(fetch_add, &ctr[0], v, AGENT);
  ATOMIC(fetch_max, &ctr[1], v, AGENT);
  unsigned long prev = ATOMIC(exchange, &ctr[2], v, AGENT);
  if (prev == 7) ctr[3] = prev;
}

extern "C" __global__ void atomic_float(float *f, double *d, const float *in) {
  float v = in[gid_x()];
  ATOMIC(fetch_add, f, v, AGENT);
  ATOMIC(fetch_add, d, (double)v, AGENT);
}

extern "C" __global__ void cas_float_max(float *m, const float *in) {
  float v = in[gid_x()];
  unsigned *p = (unsigned *)m;
  unsigned old = *p;
  while (__builtin_bit_cast(float, old) < v) {
    unsigned want = __builtin_bit_cast(unsigned, v);
    if (__hip_atomic_compare_exchange_weak(p, &old, want, __ATOMIC_RELAXED, __ATOMIC_RELAXED,
                                           __HIP_MEMORY_SCOPE_AGENT)) break;
  }
}

extern "C" __global__ void lds_atomics(const unsigned *in, unsigned *out) {
  __shared__ unsigned acc[4];
  __shared__ unsigned long wide;
  unsigned t = tid_x();
  if (t < 4) acc[t] = t == 1 ? ~0u : 0u;
  if (t == 0) wide = 0;
  syncthreads();
  unsigned v = in[gid_x()];
  ATOMIC(fetch_add, &acc[0], v, WORKGROUP);
  ATOMIC(fetch_min, &acc[1], v, WORKGROUP);
  ATOMIC(fetch_max, &acc[2], v, WORKGROUP);
  unsigned was = ATOMIC(fetch_add, &acc[3], 1u, WORKGROUP);
  ATOMIC(fetch_add, &wide, (unsigned long)v, WORKGROUP);
  syncthreads();
  if (t < 4) out[bid_x() * 6 + t] = acc[t];
  if (t == 0) { out[bid_x() * 6 + 4] = (unsigned)wide; out[bid_x() * 6 + 5] = was; }
}

extern "C" __global__ void ticket_lock(int *lock, int *turn, int *data) {
  if (tid_x() != 0) return;
  int me = ATOMIC(fetch_add, lock, 1, AGENT);
  while (__hip_atomic_load(turn, __ATOMIC_ACQUIRE, __HIP_MEMORY_SCOPE_AGENT) != me) {}
  data[0] += 1;
  __hip_atomic_store(turn, me + 1, __ATOMIC_RELEASE, __HIP_MEMORY_SCOPE_AGENT);
}
