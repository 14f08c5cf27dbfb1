// Three-dimensional launches: x/y/z work-item and workgroup ids, block sizes from the hidden
// arguments, a 3D stencil with bounds checks on every side.
#include "hip_min.h"

extern "C" __global__ void index3d(unsigned *out, int nx, int ny) {
  unsigned x = bid_x() * bdim_x() + tid_x();
  unsigned y = bid_y() * bdim_y() + tid_y();
  unsigned z = bid_z() * bdim_z() + tid_z();
  out[(z * ny + y) * nx + x] = x | y << 10 | z << 20;
}

extern "C" __global__ void stencil7(const float *in, float *out, int nx, int ny, int nz) {
  int x = bid_x() * bdim_x() + tid_x(), y = bid_y() * bdim_y() + tid_y(), z = bid_z();
  if (x < 1 || y < 1 || z < 1 || x >= nx - 1 || y >= ny - 1 || z >= nz - 1) return;
  long s = nx, p = (long)nx * ny, c = z * p + y * s + x;
  out[c] = 6.0f * in[c] - in[c - 1] - in[c + 1] - in[c - s] - in[c + s] - in[c - p] - in[c + p];
}

extern "C" __global__ void block_dims(unsigned *out) {
  if (tid_x() + tid_y() + tid_z() == 0)
    out[bid_x()] = bdim_x() * 10000 + bdim_y() * 100 + bdim_z() + gdim_x();
}
