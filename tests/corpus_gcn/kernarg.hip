// Kernel arguments: a large struct by value, small structs, many scalar parameters of mixed
// widths (char, short, long, double, half), arrays inside structs, pointers among values.
#include "hip_min.h"

struct Params { float scale; int offset; double bias; unsigned char flags; long stride; float coef[8]; };
struct Small { short a; char b; };
struct Big { int v[64]; };

extern "C" __global__ void struct_by_value(Params p, const float *in, float *out) {
  unsigned i = gid_x();
  float c = p.coef[i & 7];
  out[i] = (in[i * p.stride] * p.scale + p.offset) * c + (float)p.bias + (p.flags & 1);
}

extern "C" __global__ void small_structs(Small s, Small t, int *out) {
  out[gid_x()] = s.a * t.b + t.a * s.b + (int)gid_x();
}

extern "C" __global__ void big_struct(Big b, int *out) {
  out[gid_x()] = b.v[tid_x() & 63] + b.v[0];
}

extern "C" __global__ void many_params(float *out, int a0, int a1, int a2, int a3, int a4, int a5,
                                       int a6, int a7, float f0, float f1, float f2, float f3,
                                       long l0, long l1, double d0, double d1, char c0, short s0,
                                       unsigned char c1, unsigned short s1, _Float16 h0,
                                       const float *p0, const float *p1, int a8, int a9) {
  unsigned i = gid_x();
  float v = a0 + a1 * a2 - a3 + a4 * a5 + a6 - a7 + a8 * a9;
  v += f0 * f1 + f2 - f3 + (float)(l0 - l1) + (float)(d0 * d1);
  v += c0 + s0 + c1 + s1 + (float)h0;
  out[i] = v + p0[i] * p1[i];
}

extern "C" __global__ void pointer_array_arg(const float *ptrs[4], float *out) {
  unsigned i = gid_x();
  out[i] = ptrs[i & 3][i];
}

extern "C" __global__ void only_values(int a, int b, long c) {
  // No pointer: nothing visible happens, only computation
  asm volatile("" ::"v"(a * (int)gid_x() + b + (int)c));
}
