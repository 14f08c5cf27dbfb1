// Private memory: arrays indexed by lane-dependent values (kept in scratch), a large local
// array, and a struct on the stack whose address escapes into a call.
#include "hip_min.h"

extern "C" __global__ void scratch_array(const int *idx, int *out) {
  int buf[32];
  unsigned i = gid_x();
  for (int k = 0; k < 32; ++k) buf[k] = k * (int)i;
  out[i] = buf[idx[i] & 31] + buf[(idx[i] >> 5) & 31];
}

extern "C" __global__ void scratch_large(const float *in, float *out, int n) {
  float hist[200];
  for (int k = 0; k < 200; ++k) hist[k] = 0.0f;
  for (int k = 0; k < n; ++k) {
    float v = in[gid_x() * n + k];
    hist[(int)(v * 199.0f) % 200] += 1.0f;
  }
  out[gid_x()] = hist[gid_x() % 200];
}

struct Acc { float s; float q; int n; };

__device__ __attribute__((noinline)) void accumulate(Acc *a, float v) {
  a->s += v;
  a->q += v * v;
  a->n += 1;
}

extern "C" __global__ void escaped_struct(const float *in, float *out, int n) {
  Acc a = {0.0f, 0.0f, 0};
  for (int k = 0; k < n; ++k) accumulate(&a, in[gid_x() * n + k]);
  out[gid_x()] = a.n ? a.q / a.n - (a.s / a.n) * (a.s / a.n) : 0.0f;
}
