; Kernel arguments in LLVM IR: byref structs in the constant address space, i8/i16/i1 and
; vector arguments, and explicit uses of the hidden arguments (implicitarg.ptr, dispatch.ptr,
; queue.ptr, dispatch.id) that make the kernel enable more user SGPRs.
target triple = "amdgcn-amd-amdhsa"

%struct.cfg = type { i32, float, i64, [4 x i32] }

define amdgpu_kernel void @ir_byref(ptr addrspace(1) %out, ptr addrspace(4) byref(%struct.cfg) align 8 %c) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %a = load i32, ptr addrspace(4) %c
  %fp = getelementptr %struct.cfg, ptr addrspace(4) %c, i32 0, i32 1
  %f = load float, ptr addrspace(4) %fp
  %lp = getelementptr %struct.cfg, ptr addrspace(4) %c, i32 0, i32 2
  %l = load i64, ptr addrspace(4) %lp
  %k = and i32 %tid, 3
  %ep = getelementptr %struct.cfg, ptr addrspace(4) %c, i32 0, i32 3, i32 %k
  %e = load i32, ptr addrspace(4) %ep
  %ft = fptosi float %f to i32
  %lt = trunc i64 %l to i32
  %s1 = add i32 %a, %ft
  %s2 = add i32 %s1, %lt
  %s3 = add i32 %s2, %e
  %q = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %s3, ptr addrspace(1) %q
  ret void
}

define amdgpu_kernel void @ir_small_ints(ptr addrspace(1) %out, i8 %a, i16 %b, i1 %c, i8 signext %d, i16 zeroext %e) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %a32 = zext i8 %a to i32
  %b32 = sext i16 %b to i32
  %d32 = sext i8 %d to i32
  %e32 = zext i16 %e to i32
  %s = add i32 %a32, %b32
  %t = add i32 %d32, %e32
  %u = mul i32 %s, %t
  %r = select i1 %c, i32 %u, i32 %tid
  %q = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %r, ptr addrspace(1) %q
  ret void
}

define amdgpu_kernel void @ir_vector_args(ptr addrspace(1) %out, <4 x float> %v, <2 x i64> %w, <3 x i32> %x) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %k = and i32 %tid, 3
  %e = extractelement <4 x float> %v, i32 %k
  %w0 = extractelement <2 x i64> %w, i32 1
  %x2 = extractelement <3 x i32> %x, i32 2
  %wf = sitofp i64 %w0 to float
  %xf = uitofp i32 %x2 to float
  %s = fadd float %e, %wf
  %t = fadd float %s, %xf
  %q = getelementptr float, ptr addrspace(1) %out, i32 %tid
  store float %t, ptr addrspace(1) %q
  ret void
}

define amdgpu_kernel void @ir_hidden_args(ptr addrspace(1) %out) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %imp = call ptr addrspace(4) @llvm.amdgcn.implicitarg.ptr()
  %gx = load i32, ptr addrspace(4) %imp
  %gsp = getelementptr i8, ptr addrspace(4) %imp, i64 12
  %gs = load i16, ptr addrspace(4) %gsp
  %gs32 = zext i16 %gs to i32
  %dp = call ptr addrspace(4) @llvm.amdgcn.dispatch.ptr()
  %dsp = getelementptr i8, ptr addrspace(4) %dp, i64 4
  %ds = load i16, ptr addrspace(4) %dsp
  %ds32 = zext i16 %ds to i32
  %id = call i64 @llvm.amdgcn.dispatch.id()
  %id32 = trunc i64 %id to i32
  %a = add i32 %gx, %gs32
  %b = add i32 %a, %ds32
  %c = add i32 %b, %id32
  %q = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %c, ptr addrspace(1) %q
  ret void
}

define amdgpu_kernel void @ir_queue_ptr(ptr addrspace(1) %out) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %qp = call ptr addrspace(4) @llvm.amdgcn.queue.ptr()
  %v = load i64, ptr addrspace(4) %qp
  %q = getelementptr i64, ptr addrspace(1) %out, i32 %tid
  store i64 %v, ptr addrspace(1) %q
  ret void
}

define amdgpu_kernel void @ir_kernarg_segment(ptr addrspace(1) %out, i32 %a, i32 %b) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %ks = call ptr addrspace(4) @llvm.amdgcn.kernarg.segment.ptr()
  %bp = getelementptr i8, ptr addrspace(4) %ks, i64 12
  %bb = load i32, ptr addrspace(4) %bp
  %s = add i32 %a, %bb
  %t = add i32 %s, %tid
  %q = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %t, ptr addrspace(1) %q
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare ptr addrspace(4) @llvm.amdgcn.implicitarg.ptr()
declare ptr addrspace(4) @llvm.amdgcn.dispatch.ptr()
declare ptr addrspace(4) @llvm.amdgcn.queue.ptr()
declare ptr addrspace(4) @llvm.amdgcn.kernarg.segment.ptr()
declare i64 @llvm.amdgcn.dispatch.id()
