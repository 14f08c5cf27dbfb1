// Irregular memory: CSR sparse matrix-vector product, gather and scatter through index
// arrays, a scatter-add with atomics, and binary search.
#include "hip_min.h"

extern "C" __global__ void spmv_csr(const int *rowptr, const int *col, const float *val,
                                    const float *x, float *y, int rows) {
  unsigned r = gid_x();
  if (r >= (unsigned)rows) return;
  float s = 0.0f;
  for (int k = rowptr[r]; k < rowptr[r + 1]; ++k) s += val[k] * x[col[k]];
  y[r] = s;
}

extern "C" __global__ void gather(const float *src, const int *idx, float *dst, int n) {
  unsigned i = gid_x();
  if (i < (unsigned)n) dst[i] = src[idx[i]];
}

extern "C" __global__ void scatter(const float *src, const int *idx, float *dst, int n) {
  unsigned i = gid_x();
  if (i < (unsigned)n) dst[idx[i]] = src[i];
}

extern "C" __global__ void scatter_add(const float *src, const int *idx, float *dst, int n) {
  unsigned i = gid_x();
  if (i < (unsigned)n) ATOMIC(fetch_add, &dst[idx[i]], src[i], AGENT);
}

extern "C" __global__ void bsearch(const int *sorted, int n, const int *keys, int *pos) {
  int key = keys[gid_x()], lo = 0, hi = n;
  while (lo < hi) {
    int mid = (lo + hi) / 2;
    if (sorted[mid] < key) lo = mid + 1; else hi = mid;
  }
  pos[gid_x()] = lo;
}
