// build-features: :sramecc+:xnack+
// Target features in the target id (gfx90a:sramecc+:xnack+): with XNACK replay on, memory
// instructions must not overwrite their own address registers (soft clauses end early).
#include "hip_min.h"

extern "C" __global__ void xn_copy(const float *in, float *out, int n) {
  for (unsigned i = gid_x(); i < (unsigned)n; i += gdim_x()) out[i] = in[i];
}

extern "C" __global__ void xn_chase(const int *next, int *out, int steps) {
  int p = gid_x();
  for (int k = 0; k < steps; ++k) p = next[p];
  out[gid_x()] = p;
}
