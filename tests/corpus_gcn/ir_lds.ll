; LDS in LLVM IR: a dynamically sized (external, zero-length) LDS array next to a static one,
; 128-bit LDS loads, ds_read2/ds_write2 with st64 offsets, an LDS barrier pattern and
; ds_append/ds_consume counters.
target triple = "amdgcn-amd-amdhsa"

@static_lds = internal addrspace(3) global [64 x float] poison, align 16
@dynamic_lds = external addrspace(3) global [0 x float], align 16

define amdgpu_kernel void @ir_dynamic_lds(ptr addrspace(1) %out, ptr addrspace(1) %in) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr float, ptr addrspace(1) %in, i32 %tid
  %v = load float, ptr addrspace(1) %p
  %k = and i32 %tid, 63
  %s = getelementptr [64 x float], ptr addrspace(3) @static_lds, i32 0, i32 %k
  store float %v, ptr addrspace(3) %s
  %d = getelementptr [0 x float], ptr addrspace(3) @dynamic_lds, i32 0, i32 %tid
  store float %v, ptr addrspace(3) %d
  call void @llvm.amdgcn.s.barrier()
  %x = xor i32 %tid, 1
  %d2 = getelementptr [0 x float], ptr addrspace(3) @dynamic_lds, i32 0, i32 %x
  %w = load float, ptr addrspace(3) %d2
  %s2 = getelementptr [64 x float], ptr addrspace(3) @static_lds, i32 0, i32 63
  %u = load float, ptr addrspace(3) %s2
  %r = fadd float %w, %u
  %q = getelementptr float, ptr addrspace(1) %out, i32 %tid
  store float %r, ptr addrspace(1) %q
  ret void
}

define amdgpu_kernel void @ir_lds_b128(ptr addrspace(1) %out) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %k = and i32 %tid, 15
  %base = getelementptr <4 x float>, ptr addrspace(3) @static_lds, i32 %k
  %f = uitofp i32 %tid to float
  %v = insertelement <4 x float> poison, float %f, i32 0
  %v4 = shufflevector <4 x float> %v, <4 x float> poison, <4 x i32> zeroinitializer
  store <4 x float> %v4, ptr addrspace(3) %base
  call void @llvm.amdgcn.s.barrier()
  %j = xor i32 %k, 3
  %b2 = getelementptr <4 x float>, ptr addrspace(3) @static_lds, i32 %j
  %r = load <4 x float>, ptr addrspace(3) %b2
  %q = getelementptr <4 x float>, ptr addrspace(1) %out, i32 %tid
  store <4 x float> %r, ptr addrspace(1) %q
  ret void
}

define amdgpu_kernel void @ir_lds_read2_st64(ptr addrspace(1) %out) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %k = and i32 %tid, 63
  %a = getelementptr float, ptr addrspace(3) @dynamic_lds, i32 %k
  %b = getelementptr float, ptr addrspace(3) %a, i32 64
  %c = getelementptr float, ptr addrspace(3) %a, i32 128
  store float 1.0, ptr addrspace(3) %a
  store float 2.0, ptr addrspace(3) %c
  call void @llvm.amdgcn.s.barrier()
  %x = load float, ptr addrspace(3) %b
  %y = load float, ptr addrspace(3) %c
  %s = fadd float %x, %y
  %q = getelementptr float, ptr addrspace(1) %out, i32 %tid
  store float %s, ptr addrspace(1) %q
  ret void
}

define amdgpu_kernel void @ir_ds_append(ptr addrspace(1) %out) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %a = call i32 @llvm.amdgcn.ds.append.p3(ptr addrspace(3) @static_lds, i1 false)
  %c = call i32 @llvm.amdgcn.ds.consume.p3(ptr addrspace(3) @static_lds, i1 false)
  %s = add i32 %a, %c
  %q = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %s, ptr addrspace(1) %q
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare void @llvm.amdgcn.s.barrier()
declare i32 @llvm.amdgcn.ds.append.p3(ptr addrspace(3), i1)
declare i32 @llvm.amdgcn.ds.consume.p3(ptr addrspace(3), i1)
