; Scalar ALU in LLVM IR: operations on kernel arguments and workgroup ids stay in SGPRs
; (s_bfe, s_brev, s_ff1, s_flbit, s_bcnt, s_mul_hi, s_abs, 64-bit s_lshl/s_ashr, s_cselect),
; and a uniform loop counted in SGPRs around vector work.
target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @ir_sbits(ptr addrspace(1) %out, i32 %a, i64 %b) {
  %g = call i32 @llvm.amdgcn.workgroup.id.x()
  %x = xor i32 %a, %g
  %r1 = call i32 @llvm.bitreverse.i32(i32 %x)
  %r2 = call i32 @llvm.ctlz.i32(i32 %x, i1 false)
  %r3 = call i32 @llvm.cttz.i32(i32 %x, i1 false)
  %r4 = call i64 @llvm.ctpop.i64(i64 %b)
  %r4t = trunc i64 %r4 to i32
  %sh = lshr i32 %x, 5
  %bf = and i32 %sh, 127
  %s1 = add i32 %r1, %r2
  %s2 = add i32 %s1, %r3
  %s3 = add i32 %s2, %r4t
  %s4 = add i32 %s3, %bf
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %g
  store i32 %s4, ptr addrspace(1) %p
  ret void
}

define amdgpu_kernel void @ir_smul(ptr addrspace(1) %out, i32 %a, i32 %b, i64 %c) {
  %g = call i32 @llvm.amdgcn.workgroup.id.x()
  %a64 = zext i32 %a to i64
  %b64 = zext i32 %b to i64
  %m = mul i64 %a64, %b64
  %hi = lshr i64 %m, 32
  %g64 = zext i32 %g to i64
  %m2 = mul i64 %c, %g64
  %s = ashr i64 %m2, 7
  %l = shl i64 %s, 3
  %t = add i64 %l, %hi
  %neg = sub i32 0, %a
  %ab = call i32 @llvm.abs.i32(i32 %neg, i1 false)
  %ab64 = zext i32 %ab to i64
  %u = add i64 %t, %ab64
  %p = getelementptr i64, ptr addrspace(1) %out, i32 %g
  store i64 %u, ptr addrspace(1) %p
  ret void
}

define amdgpu_kernel void @ir_sselect(ptr addrspace(1) %out, i32 %a, i32 %b) {
  %g = call i32 @llvm.amdgcn.workgroup.id.x()
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %c = icmp sgt i32 %a, %b
  %m = select i1 %c, i32 %a, i32 %b
  %c2 = icmp ult i32 %g, 4
  %n = select i1 %c2, i32 %m, i32 %g
  %v = add i32 %n, %tid
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %v, ptr addrspace(1) %p
  ret void
}

define amdgpu_kernel void @ir_uniform_loop(ptr addrspace(1) %out, ptr addrspace(1) %in, i32 %n) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %z = icmp eq i32 %n, 0
  br i1 %z, label %done, label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %acc = phi float [ 0.0, %entry ], [ %acc1, %loop ]
  %row = mul i32 %i, 64
  %idx = add i32 %row, %tid
  %p = getelementptr float, ptr addrspace(1) %in, i32 %idx
  %v = load float, ptr addrspace(1) %p
  %acc1 = fadd float %acc, %v
  %i1 = add i32 %i, 1
  %c = icmp ult i32 %i1, %n
  br i1 %c, label %loop, label %done
done:
  %r = phi float [ 0.0, %entry ], [ %acc1, %loop ]
  %q = getelementptr float, ptr addrspace(1) %out, i32 %tid
  store float %r, ptr addrspace(1) %q
  ret void
}

define amdgpu_kernel void @ir_sgpr_memtime(ptr addrspace(1) %out) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %t0 = call i64 @llvm.amdgcn.s.memtime()
  %t1 = call i64 @llvm.amdgcn.s.memrealtime()
  %id = call i32 @llvm.amdgcn.s.getreg(i32 6148)       ; hwreg(HW_REG_HW_ID, 0, 32) in LLVM's encoding
  %d = sub i64 %t1, %t0
  %id64 = zext i32 %id to i64
  %s = add i64 %d, %id64
  %q = getelementptr i64, ptr addrspace(1) %out, i32 %tid
  store i64 %s, ptr addrspace(1) %q
  ret void
}

declare i32 @llvm.amdgcn.workgroup.id.x()
declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.bitreverse.i32(i32)
declare i32 @llvm.ctlz.i32(i32, i1)
declare i32 @llvm.cttz.i32(i32, i1)
declare i64 @llvm.ctpop.i64(i64)
declare i32 @llvm.abs.i32(i32, i1)
declare i64 @llvm.amdgcn.s.memtime()
declare i64 @llvm.amdgcn.s.memrealtime()
declare i32 @llvm.amdgcn.s.getreg(i32)
