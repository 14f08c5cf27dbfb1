; Atomics in LLVM IR: every atomicrmw operation on global, LDS and flat pointers, syncscopes and
; orderings (fences become waits and cache invalidates), 64-bit cmpxchg, floating-point fadd,
; fmin and fmax.
target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @ir_rmw_global(ptr addrspace(1) %p, i32 %v) {
  %a = atomicrmw add ptr addrspace(1) %p, i32 %v syncscope("agent") monotonic
  %p1 = getelementptr i32, ptr addrspace(1) %p, i32 1
  %b = atomicrmw sub ptr addrspace(1) %p1, i32 %v syncscope("workgroup") monotonic
  %p2 = getelementptr i32, ptr addrspace(1) %p, i32 2
  %c = atomicrmw umax ptr addrspace(1) %p2, i32 %v seq_cst
  %p3 = getelementptr i32, ptr addrspace(1) %p, i32 3
  %d = atomicrmw xchg ptr addrspace(1) %p3, i32 %v syncscope("agent") acq_rel
  %p4 = getelementptr i32, ptr addrspace(1) %p, i32 4
  %e = atomicrmw uinc_wrap ptr addrspace(1) %p4, i32 %v syncscope("agent") monotonic
  %p5 = getelementptr i32, ptr addrspace(1) %p, i32 5
  %f = atomicrmw udec_wrap ptr addrspace(1) %p5, i32 %v syncscope("agent") monotonic
  %s1 = add i32 %a, %b
  %s2 = add i32 %s1, %c
  %s3 = add i32 %s2, %d
  %s4 = add i32 %s3, %e
  %s5 = add i32 %s4, %f
  %p6 = getelementptr i32, ptr addrspace(1) %p, i32 6
  store i32 %s5, ptr addrspace(1) %p6
  ret void
}

define amdgpu_kernel void @ir_rmw_lds(ptr addrspace(1) %out, i32 %v) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %k = and i32 %tid, 15
  %l = getelementptr [16 x i32], ptr addrspace(3) @lds, i32 0, i32 %k
  %a = atomicrmw add ptr addrspace(3) %l, i32 %v syncscope("workgroup") monotonic
  %b = atomicrmw max ptr addrspace(3) %l, i32 %tid syncscope("workgroup") monotonic
  %c = atomicrmw or ptr addrspace(3) @lds, i32 %tid syncscope("workgroup") monotonic
  %pair = cmpxchg ptr addrspace(3) %l, i32 %a, i32 %b syncscope("workgroup") monotonic monotonic
  %old = extractvalue { i32, i1 } %pair, 0
  %s = add i32 %old, %c
  %q = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %s, ptr addrspace(1) %q
  ret void
}

define amdgpu_kernel void @ir_cmpxchg64(ptr addrspace(1) %p, i64 %want, ptr addrspace(1) %out) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %t64 = zext i32 %tid to i64
  %pair = cmpxchg ptr addrspace(1) %p, i64 %t64, i64 %want syncscope("agent") acquire monotonic
  %ok = extractvalue { i64, i1 } %pair, 1
  %r = zext i1 %ok to i32
  %q = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %r, ptr addrspace(1) %q
  ret void
}

define amdgpu_kernel void @ir_fp_atomics(ptr addrspace(1) %f, ptr addrspace(1) %d, float %x, double %y) {
  %a = atomicrmw fadd ptr addrspace(1) %f, float %x syncscope("agent") monotonic, !amdgpu.no.fine.grained.memory !0
  %b = atomicrmw fadd ptr addrspace(1) %d, double %y syncscope("agent") monotonic, !amdgpu.no.fine.grained.memory !0
  %f1 = getelementptr float, ptr addrspace(1) %f, i32 1
  %c = atomicrmw fmax ptr addrspace(1) %f1, float %x syncscope("agent") monotonic, !amdgpu.no.fine.grained.memory !0
  %d1 = getelementptr double, ptr addrspace(1) %d, i32 1
  %e = atomicrmw fmin ptr addrspace(1) %d1, double %y syncscope("agent") monotonic, !amdgpu.no.fine.grained.memory !0
  ret void
}

define amdgpu_kernel void @ir_flat_atomics(ptr %p, i64 %v, ptr %out) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %a = atomicrmw add ptr %p, i64 %v syncscope("agent") monotonic
  %p1 = getelementptr i32, ptr %p, i32 2
  %b = atomicrmw and ptr %p1, i32 %tid syncscope("agent") monotonic
  %b64 = zext i32 %b to i64
  %s = add i64 %a, %b64
  %q = getelementptr i64, ptr %out, i32 %tid
  store i64 %s, ptr %q
  ret void
}

define amdgpu_kernel void @ir_fences(ptr addrspace(1) %p, i32 %v) {
  store atomic i32 %v, ptr addrspace(1) %p syncscope("agent") release, align 4
  fence syncscope("workgroup") acq_rel
  %p1 = getelementptr i32, ptr addrspace(1) %p, i32 1
  %x = load atomic i32, ptr addrspace(1) %p1 syncscope("agent") acquire, align 4
  fence seq_cst
  %p2 = getelementptr i32, ptr addrspace(1) %p, i32 2
  store atomic i32 %x, ptr addrspace(1) %p2 seq_cst, align 4
  ret void
}

@lds = internal addrspace(3) global [16 x i32] poison, align 4
!0 = !{}
declare i32 @llvm.amdgcn.workitem.id.x()
