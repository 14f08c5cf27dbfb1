// The few HIP spellings the corpus needs, so it compiles with Debian's clang alone (no ROCm).
#pragma once
#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))

static __device__ inline unsigned tid_x() { return __builtin_amdgcn_workitem_id_x(); }
static __device__ inline unsigned tid_y() { return __builtin_amdgcn_workitem_id_y(); }
static __device__ inline unsigned bid_x() { return __builtin_amdgcn_workgroup_id_x(); }
static __device__ inline unsigned bid_y() { return __builtin_amdgcn_workgroup_id_y(); }
static __device__ inline unsigned bdim_x() { return __builtin_amdgcn_workgroup_size_x(); }
static __device__ inline unsigned bdim_y() { return __builtin_amdgcn_workgroup_size_y(); }
static __device__ inline unsigned gdim_x() { return __builtin_amdgcn_grid_size_x(); }
static __device__ inline void syncthreads() {
  __builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup");
  __builtin_amdgcn_s_barrier();
  __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup");
}
static __device__ inline unsigned tid_z() { return __builtin_amdgcn_workitem_id_z(); }
static __device__ inline unsigned bid_z() { return __builtin_amdgcn_workgroup_id_z(); }
static __device__ inline unsigned bdim_z() { return __builtin_amdgcn_workgroup_size_z(); }
static __device__ inline unsigned gid_x() { return bid_x() * bdim_x() + tid_x(); }
static __device__ inline unsigned lane_id() {
  return __builtin_amdgcn_mbcnt_hi(~0u, __builtin_amdgcn_mbcnt_lo(~0u, 0u));
}
#define ATOMIC(op, p, v, scope) __hip_atomic_##op(p, v, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_##scope)
