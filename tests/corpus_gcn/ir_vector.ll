; Vector types in LLVM IR: <4 x i8> bytes packed in a dword (sdwa/perm), <2 x i16> packed
; integer math, <3 x float> loads (dwordx3), and shufflevector across 64-bit halves.
target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @ir_bytes4(ptr addrspace(1) %out, ptr addrspace(1) %in) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr <4 x i8>, ptr addrspace(1) %in, i32 %tid
  %v = load <4 x i8>, ptr addrspace(1) %p
  %w = add <4 x i8> %v, <i8 1, i8 2, i8 3, i8 4>
  %s = shufflevector <4 x i8> %w, <4 x i8> poison, <4 x i32> <i32 3, i32 2, i32 1, i32 0>
  %q = getelementptr <4 x i8>, ptr addrspace(1) %out, i32 %tid
  store <4 x i8> %s, ptr addrspace(1) %q
  ret void
}

define amdgpu_kernel void @ir_pk_i16(ptr addrspace(1) %out, ptr addrspace(1) %in) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr <2 x i16>, ptr addrspace(1) %in, i32 %tid
  %v = load <2 x i16>, ptr addrspace(1) %p
  %m = mul <2 x i16> %v, <i16 3, i16 5>
  %a = add <2 x i16> %m, %v
  %sh = lshr <2 x i16> %a, <i16 1, i16 2>
  %q = getelementptr <2 x i16>, ptr addrspace(1) %out, i32 %tid
  store <2 x i16> %sh, ptr addrspace(1) %q
  ret void
}

define amdgpu_kernel void @ir_vec3(ptr addrspace(1) %out, ptr addrspace(1) %in) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr <3 x float>, ptr addrspace(1) %in, i32 %tid
  %v = load <3 x float>, ptr addrspace(1) %p, align 4
  %w = fmul <3 x float> %v, <float 2.0, float 3.0, float 4.0>
  %q = getelementptr <3 x float>, ptr addrspace(1) %out, i32 %tid
  store <3 x float> %w, ptr addrspace(1) %q, align 4
  ret void
}

define amdgpu_kernel void @ir_shuffle64(ptr addrspace(1) %out, ptr addrspace(1) %in) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr <4 x i32>, ptr addrspace(1) %in, i32 %tid
  %v = load <4 x i32>, ptr addrspace(1) %p
  %s = shufflevector <4 x i32> %v, <4 x i32> poison, <4 x i32> <i32 2, i32 3, i32 0, i32 1>
  %q = getelementptr <4 x i32>, ptr addrspace(1) %out, i32 %tid
  store <4 x i32> %s, ptr addrspace(1) %q
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
