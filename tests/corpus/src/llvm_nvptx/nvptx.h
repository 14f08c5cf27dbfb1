// The few CUDA names kernels.cu uses, from clang's NVPTX builtins alone: the corpus builds it with
// `-nocudainc -nocudalib`, so no CUDA toolkit header is needed and any clang since 14 compiles it.
#pragma once

#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
#define __shared__ __attribute__((shared))
#define __noinline__ __attribute__((noinline))

typedef unsigned long long u64;
typedef long long i64;

static __device__ inline unsigned tid_x() { return __nvvm_read_ptx_sreg_tid_x(); }
static __device__ inline unsigned ntid_x() { return __nvvm_read_ptx_sreg_ntid_x(); }
static __device__ inline unsigned ctaid_x() { return __nvvm_read_ptx_sreg_ctaid_x(); }
static __device__ inline unsigned nctaid_x() { return __nvvm_read_ptx_sreg_nctaid_x(); }
static __device__ inline unsigned global_id() { return ctaid_x() * ntid_x() + tid_x(); }

// __syncthreads is a clang builtin (bar.sync 0); half arithmetic on _Float16 from clang 15 on,
// before that __fp16 storage with float arithmetic
#if __clang_major__ >= 15
typedef _Float16 half;
#else
typedef __fp16 half;
#endif

static __device__ inline float shfl_down(float v, int delta) {
  return __nvvm_shfl_sync_down_f32(0xffffffffu, v, delta, 31);
}
static __device__ inline int shfl_xor(int v, int mask) {
  return __nvvm_shfl_sync_bfly_i32(0xffffffffu, v, mask, 31);
}

static __device__ inline int atomic_add(int *p, int v) { return __nvvm_atom_add_gen_i(p, v); }
static __device__ inline float atomic_add(float *p, float v) { return __nvvm_atom_add_gen_f(p, v); }
static __device__ inline int atomic_cas(int *p, int cmp, int v) {
  return __nvvm_atom_cas_gen_i(p, cmp, v);
}
