// LDS shapes: static tiles, dynamic (extern) shared memory, a tiled matrix multiply with
// barriers, an inclusive scan, padded transposes, LDS of 64-bit and 8-bit elements.
#include "hip_min.h"

extern __shared__ float dyn_f[];
extern __shared__ double dyn_d[];

extern "C" __global__ void dyn_reverse(const float *in, float *out, int n) {
  unsigned t = tid_x(), i = gid_x();
  dyn_f[t] = i < (unsigned)n ? in[i] : 0.0f;
  syncthreads();
  if (i < (unsigned)n) out[i] = dyn_f[bdim_x() - 1 - t];
}

extern "C" __global__ void dyn_double_avg(const double *in, double *out) {
  unsigned t = tid_x();
  dyn_d[t] = in[gid_x()];
  syncthreads();
  out[gid_x()] = 0.5 * (dyn_d[t] + dyn_d[(t + 1) % bdim_x()]);
}

#define TS 16
extern "C" __global__ void matmul_tiled(const float *a, const float *b, float *c, int n) {
  __shared__ float ta[TS][TS], tb[TS][TS];
  unsigned row = bid_y() * TS + tid_y(), col = bid_x() * TS + tid_x();
  float acc = 0.0f;
  for (int t = 0; t < n; t += TS) {
    ta[tid_y()][tid_x()] = a[row * n + t + tid_x()];
    tb[tid_y()][tid_x()] = b[(t + tid_y()) * n + col];
    syncthreads();
    for (int k = 0; k < TS; ++k) acc += ta[tid_y()][k] * tb[k][tid_x()];
    syncthreads();
  }
  c[row * n + col] = acc;
}

extern "C" __global__ void block_scan(const int *in, int *out) {
  __shared__ int buf[256];
  unsigned t = tid_x();
  buf[t] = in[gid_x()];
  syncthreads();
  for (unsigned off = 1; off < bdim_x(); off <<= 1) {
    int v = t >= off ? buf[t - off] : 0;
    syncthreads();
    buf[t] += v;
    syncthreads();
  }
  out[gid_x()] = buf[t];
}

extern "C" __global__ void bytes_lds(const unsigned char *in, unsigned char *out) {
  __shared__ unsigned char b[1024];
  __shared__ unsigned short h[512];
  unsigned t = tid_x();
  b[t] = in[gid_x()];
  h[t & 511] = (unsigned short)(in[gid_x()] * 3);
  syncthreads();
  out[gid_x()] = b[t ^ 1] + (unsigned char)h[(t + 7) & 511];
}

extern "C" __global__ void lds_u64_pairs(const unsigned long *in, unsigned long *out) {
  __shared__ unsigned long s[2][128];
  unsigned t = tid_x() & 127;
  s[0][t] = in[gid_x()];
  s[1][t] = in[gid_x()] >> 3;
  syncthreads();
  out[gid_x()] = s[0][127 - t] ^ s[1][t];
}
