; Matrix cores in LLVM IR: MFMA with the cbsz/abid/blgp broadcast fields, accumulators read
; and written directly as AGPRs (v_accvgpr_*), a 32x32 f32 chain and an MFMA feeding another.
target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @ir_mfma_bcast(ptr addrspace(1) %out, float %a, float %b) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %r = call <4 x float> @llvm.amdgcn.mfma.f32.4x4x1f32(float %a, float %b, <4 x float> zeroinitializer, i32 2, i32 1, i32 3)
  %p = getelementptr <4 x float>, ptr addrspace(1) %out, i32 %tid
  store <4 x float> %r, ptr addrspace(1) %p
  ret void
}

define amdgpu_kernel void @ir_mfma_chain(ptr addrspace(1) %out, ptr addrspace(1) %in) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr float, ptr addrspace(1) %in, i32 %tid
  %a = load float, ptr addrspace(1) %p
  %r0 = call <16 x float> @llvm.amdgcn.mfma.f32.32x32x2f32(float %a, float %a, <16 x float> zeroinitializer, i32 0, i32 0, i32 0)
  %r1 = call <16 x float> @llvm.amdgcn.mfma.f32.32x32x2f32(float %a, float 2.0, <16 x float> %r0, i32 0, i32 0, i32 0)
  %r2 = call <16 x float> @llvm.amdgcn.mfma.f32.32x32x2f32(float 1.0, float %a, <16 x float> %r1, i32 0, i32 0, i32 0)
  %q = getelementptr <16 x float>, ptr addrspace(1) %out, i32 %tid
  store <16 x float> %r2, ptr addrspace(1) %q
  ret void
}

define amdgpu_kernel void @ir_mfma_i8_wide(ptr addrspace(1) %out, ptr addrspace(1) %in) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr i32, ptr addrspace(1) %in, i32 %tid
  %a = load i32, ptr addrspace(1) %p
  %r = call <16 x i32> @llvm.amdgcn.mfma.i32.16x16x4i8(i32 %a, i32 %a, <16 x i32> zeroinitializer, i32 0, i32 0, i32 0)
  %q = getelementptr <16 x i32>, ptr addrspace(1) %out, i32 %tid
  store <16 x i32> %r, ptr addrspace(1) %q
  ret void
}

define amdgpu_kernel void @ir_mfma_f64_4x4(ptr addrspace(1) %out, ptr addrspace(1) %in) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr double, ptr addrspace(1) %in, i32 %tid
  %a = load double, ptr addrspace(1) %p
  %r = call double @llvm.amdgcn.mfma.f64.4x4x4f64(double %a, double %a, double 0.0, i32 0, i32 0, i32 0)
  %q = getelementptr double, ptr addrspace(1) %out, i32 %tid
  store double %r, ptr addrspace(1) %q
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare <4 x float> @llvm.amdgcn.mfma.f32.4x4x1f32(float, float, <4 x float>, i32, i32, i32)
declare <16 x float> @llvm.amdgcn.mfma.f32.32x32x2f32(float, float, <16 x float>, i32, i32, i32)
declare <16 x i32> @llvm.amdgcn.mfma.i32.16x16x4i8(i32, i32, <16 x i32>, i32, i32, i32)
declare double @llvm.amdgcn.mfma.f64.4x4x4f64(double, double, double, i32, i32, i32)
