// Image-style kernels: a 3x3 convolution with clamped borders, a separable blur through LDS
// with a halo, and a 2x2 max pool; 2D launches with x/y ids.
#include "hip_min.h"

extern "C" __global__ void conv3x3(const float *img, const float *k, float *out, int w, int h) {
  int x = bid_x() * bdim_x() + tid_x(), y = bid_y() * bdim_y() + tid_y();
  if (x >= w || y >= h) return;
  float s = 0.0f;
  for (int dy = -1; dy <= 1; ++dy)
    for (int dx = -1; dx <= 1; ++dx) {
      int xx = x + dx < 0 ? 0 : x + dx >= w ? w - 1 : x + dx;
      int yy = y + dy < 0 ? 0 : y + dy >= h ? h - 1 : y + dy;
      s += img[yy * w + xx] * k[(dy + 1) * 3 + dx + 1];
    }
  out[y * w + x] = s;
}

extern "C" __global__ void blur_rows(const float *in, float *out, int w) {
  __shared__ float row[64 + 4];
  int x = bid_x() * 64 + tid_x(), y = bid_y();
  row[tid_x() + 2] = in[y * w + x];
  if (tid_x() < 2) {
    row[tid_x()] = x >= 2 ? in[y * w + x - 2] : 0.0f;
    row[66 + tid_x()] = x + 64 < w ? in[y * w + x + 64] : 0.0f;
  }
  syncthreads();
  float s = 0.0f;
  for (int k = 0; k < 5; ++k) s += row[tid_x() + k];
  out[y * w + x] = s * 0.2f;
}

extern "C" __global__ void maxpool2(const float *in, float *out, int w) {
  int x = bid_x() * bdim_x() + tid_x(), y = bid_y() * bdim_y() + tid_y();
  const float *p = in + 2 * y * w + 2 * x;
  out[y * (w / 2) + x] = __builtin_fmaxf(__builtin_fmaxf(p[0], p[1]), __builtin_fmaxf(p[w], p[w + 1]));
}
