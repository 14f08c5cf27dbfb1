; Dot products and media instructions in LLVM IR: packed 8-bit and 16-bit dot products
; (v_dot4_i32_i8, v_dot2_f32_f16), sad/msad, med3, alignbyte, and packed half arithmetic.
target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @ir_dot4(ptr addrspace(1) %out, ptr addrspace(1) %a, ptr addrspace(1) %b) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %pa = getelementptr i32, ptr addrspace(1) %a, i32 %tid
  %pb = getelementptr i32, ptr addrspace(1) %b, i32 %tid
  %x = load i32, ptr addrspace(1) %pa
  %y = load i32, ptr addrspace(1) %pb
  %d = call i32 @llvm.amdgcn.sdot4(i32 %x, i32 %y, i32 %tid, i1 false)
  %u = call i32 @llvm.amdgcn.udot4(i32 %x, i32 %y, i32 %d, i1 true)
  %q = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %u, ptr addrspace(1) %q
  ret void
}

define amdgpu_kernel void @ir_fdot2(ptr addrspace(1) %out, ptr addrspace(1) %a) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %pa = getelementptr <2 x half>, ptr addrspace(1) %a, i32 %tid
  %x = load <2 x half>, ptr addrspace(1) %pa
  %y = fmul <2 x half> %x, <half 0xH3C00, half 0xH4000>
  %d = call float @llvm.amdgcn.fdot2(<2 x half> %x, <2 x half> %y, float 1.0, i1 false)
  %q = getelementptr float, ptr addrspace(1) %out, i32 %tid
  store float %d, ptr addrspace(1) %q
  ret void
}

define amdgpu_kernel void @ir_media(ptr addrspace(1) %out, ptr addrspace(1) %a, i32 %k) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %pa = getelementptr i32, ptr addrspace(1) %a, i32 %tid
  %x = load i32, ptr addrspace(1) %pa
  %s = call i32 @llvm.amdgcn.sad.u8(i32 %x, i32 %k, i32 %tid)
  %m = call i32 @llvm.amdgcn.msad.u8(i32 %x, i32 %k, i32 %s)
  %al = call i32 @llvm.amdgcn.alignbyte(i32 %x, i32 %m, i32 %tid)
  %f = uitofp i32 %al to float
  %md = call float @llvm.amdgcn.fmed3.f32(float %f, float 0.0, float 100.0)
  %q = getelementptr float, ptr addrspace(1) %out, i32 %tid
  store float %md, ptr addrspace(1) %q
  ret void
}

define amdgpu_kernel void @ir_packed_half(ptr addrspace(1) %out, ptr addrspace(1) %a) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %pa = getelementptr <4 x half>, ptr addrspace(1) %a, i32 %tid
  %x = load <4 x half>, ptr addrspace(1) %pa
  %y = call <4 x half> @llvm.fma.v4f16(<4 x half> %x, <4 x half> %x, <4 x half> <half 0xH3800, half 0xH3800, half 0xH3800, half 0xH3800>)
  %z = call <4 x half> @llvm.maxnum.v4f16(<4 x half> %y, <4 x half> zeroinitializer)
  %q = getelementptr <4 x half>, ptr addrspace(1) %out, i32 %tid
  store <4 x half> %z, ptr addrspace(1) %q
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.sdot4(i32, i32, i32, i1)
declare i32 @llvm.amdgcn.udot4(i32, i32, i32, i1)
declare float @llvm.amdgcn.fdot2(<2 x half>, <2 x half>, float, i1)
declare i32 @llvm.amdgcn.sad.u8(i32, i32, i32)
declare i32 @llvm.amdgcn.msad.u8(i32, i32, i32)
declare i32 @llvm.amdgcn.alignbyte(i32, i32, i32)
declare float @llvm.amdgcn.fmed3.f32(float, float, float)
declare <4 x half> @llvm.fma.v4f16(<4 x half>, <4 x half>, <4 x half>)
declare <4 x half> @llvm.maxnum.v4f16(<4 x half>, <4 x half>)
