; Wave intrinsics written in LLVM IR: readlane with a uniform lane, ds.swizzle modes, DPP
; moves with bound_ctrl, whole-wave mode (strict.wwm with set.inactive), ballot, mbcnt.
target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @ir_readlane(ptr addrspace(1) %out, ptr addrspace(1) %in, i32 %lane) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr i32, ptr addrspace(1) %in, i32 %tid
  %v = load i32, ptr addrspace(1) %p
  %r = call i32 @llvm.amdgcn.readlane.i32(i32 %v, i32 %lane)
  %f = call i32 @llvm.amdgcn.readfirstlane.i32(i32 %v)
  %s = add i32 %r, %f
  %q = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %s, ptr addrspace(1) %q
  ret void
}

define amdgpu_kernel void @ir_swizzle(ptr addrspace(1) %out, ptr addrspace(1) %in) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr i32, ptr addrspace(1) %in, i32 %tid
  %v = load i32, ptr addrspace(1) %p
  %a = call i32 @llvm.amdgcn.ds.swizzle(i32 %v, i32 31)      ; bitmask mode, and_mask 31
  %b = call i32 @llvm.amdgcn.ds.swizzle(i32 %a, i32 1055)    ; xor_mask 1
  %c = call i32 @llvm.amdgcn.ds.swizzle(i32 %b, i32 32795)   ; quad_perm
  %q = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %c, ptr addrspace(1) %q
  ret void
}

define amdgpu_kernel void @ir_dpp(ptr addrspace(1) %out, ptr addrspace(1) %in) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr i32, ptr addrspace(1) %in, i32 %tid
  %v = load i32, ptr addrspace(1) %p
  %a = call i32 @llvm.amdgcn.mov.dpp.i32(i32 %v, i32 273, i32 15, i32 15, i1 true)     ; row_shr:1
  %b = call i32 @llvm.amdgcn.update.dpp.i32(i32 %v, i32 %a, i32 312, i32 15, i32 15, i1 false) ; row_ror:8
  %c = call i32 @llvm.amdgcn.update.dpp.i32(i32 0, i32 %b, i32 322, i32 10, i32 15, i1 false) ; row_bcast:15
  %d = call i32 @llvm.amdgcn.update.dpp.i32(i32 0, i32 %c, i32 323, i32 12, i32 15, i1 false) ; row_bcast:31
  %e = call i32 @llvm.amdgcn.update.dpp.i32(i32 0, i32 %d, i32 304, i32 15, i32 15, i1 false) ; wave_shr:1
  %s = add i32 %e, %v
  %q = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %s, ptr addrspace(1) %q
  ret void
}

define amdgpu_kernel void @ir_wwm_sum(ptr addrspace(1) %out, ptr addrspace(1) %in, i32 %n) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %ok = icmp ult i32 %tid, %n
  br i1 %ok, label %body, label %done
body:
  %p = getelementptr i32, ptr addrspace(1) %in, i32 %tid
  %v = load i32, ptr addrspace(1) %p
  %x = call i32 @llvm.amdgcn.set.inactive.i32(i32 %v, i32 0)
  %y = call i32 @llvm.amdgcn.update.dpp.i32(i32 0, i32 %x, i32 273, i32 15, i32 15, i1 false)
  %z = add i32 %x, %y
  %w = call i32 @llvm.amdgcn.strict.wwm.i32(i32 %z)
  %q = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %w, ptr addrspace(1) %q
  br label %done
done:
  ret void
}

define amdgpu_kernel void @ir_ballot(ptr addrspace(1) %out, ptr addrspace(1) %in) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr float, ptr addrspace(1) %in, i32 %tid
  %v = load float, ptr addrspace(1) %p
  %c = fcmp ogt float %v, 0.0
  %m = call i64 @llvm.amdgcn.ballot.i64(i1 %c)
  %lo = call i32 @llvm.amdgcn.mbcnt.lo(i32 -1, i32 0)
  %lane = call i32 @llvm.amdgcn.mbcnt.hi(i32 -1, i32 %lo)
  %pop = call i64 @llvm.ctpop.i64(i64 %m)
  %p32 = trunc i64 %pop to i32
  %r = add i32 %p32, %lane
  %q = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %r, ptr addrspace(1) %q
  ret void
}

define amdgpu_kernel void @ir_permlane_bpermute(ptr addrspace(1) %out, ptr addrspace(1) %in) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr i32, ptr addrspace(1) %in, i32 %tid
  %v = load i32, ptr addrspace(1) %p
  %x = xor i32 %tid, 32
  %a = shl i32 %x, 2
  %r = call i32 @llvm.amdgcn.ds.bpermute(i32 %a, i32 %v)
  %q = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %r, ptr addrspace(1) %q
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.readlane.i32(i32, i32)
declare i32 @llvm.amdgcn.readfirstlane.i32(i32)
declare i32 @llvm.amdgcn.ds.swizzle(i32, i32)
declare i32 @llvm.amdgcn.ds.bpermute(i32, i32)
declare i32 @llvm.amdgcn.mov.dpp.i32(i32, i32, i32, i32, i1)
declare i32 @llvm.amdgcn.update.dpp.i32(i32, i32, i32, i32, i32, i1)
declare i32 @llvm.amdgcn.set.inactive.i32(i32, i32)
declare i32 @llvm.amdgcn.strict.wwm.i32(i32)
declare i64 @llvm.amdgcn.ballot.i64(i1)
declare i32 @llvm.amdgcn.mbcnt.lo(i32, i32)
declare i32 @llvm.amdgcn.mbcnt.hi(i32, i32)
declare i64 @llvm.ctpop.i64(i64)
