; Calls in LLVM IR: a kernel calling an external-linkage function (stack, s_swappc), a tail
; call between functions, an indirect call through a kernel argument, a function with a
; by-value aggregate spilled to the stack, and two kernels sharing one callee.
target triple = "amdgcn-amd-amdhsa"

define hidden float @ir_helper(float %x, float %y) #0 {
  %m = fmul float %x, %y
  %a = fadd float %m, 1.0
  ret float %a
}

define hidden float @ir_tail(float %x) #0 {
  %y = fmul float %x, 2.0
  %r = tail call float @ir_helper(float %y, float %x)
  ret float %r
}

define hidden i32 @ir_big_frame(i32 %k) #0 {
  %arr = alloca [32 x i32], align 4, addrspace(5)
  %p0 = getelementptr [32 x i32], ptr addrspace(5) %arr, i32 0, i32 0
  call void @llvm.memset.p5.i32(ptr addrspace(5) %p0, i8 1, i32 128, i1 true)
  %i = and i32 %k, 31
  %p = getelementptr [32 x i32], ptr addrspace(5) %arr, i32 0, i32 %i
  %v = load volatile i32, ptr addrspace(5) %p
  ret i32 %v
}

define amdgpu_kernel void @ir_call_direct(ptr addrspace(1) %out, ptr addrspace(1) %in) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr float, ptr addrspace(1) %in, i32 %tid
  %v = load float, ptr addrspace(1) %p
  %r = call float @ir_helper(float %v, float %v)
  %q = getelementptr float, ptr addrspace(1) %out, i32 %tid
  store float %r, ptr addrspace(1) %q
  ret void
}

define amdgpu_kernel void @ir_call_tail(ptr addrspace(1) %out, ptr addrspace(1) %in) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr float, ptr addrspace(1) %in, i32 %tid
  %v = load float, ptr addrspace(1) %p
  %r = call float @ir_tail(float %v)
  %q = getelementptr float, ptr addrspace(1) %out, i32 %tid
  store float %r, ptr addrspace(1) %q
  ret void
}

define amdgpu_kernel void @ir_call_pointer(ptr addrspace(1) %out, ptr %fn, float %x) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %r = call float %fn(float %x, float %x)
  %q = getelementptr float, ptr addrspace(1) %out, i32 %tid
  store float %r, ptr addrspace(1) %q
  ret void
}

define amdgpu_kernel void @ir_call_frame(ptr addrspace(1) %out) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %r = call i32 @ir_big_frame(i32 %tid)
  %q = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %r, ptr addrspace(1) %q
  ret void
}

attributes #0 = { noinline }
declare i32 @llvm.amdgcn.workitem.id.x()
declare void @llvm.memset.p5.i32(ptr addrspace(5), i8, i32, i1)
