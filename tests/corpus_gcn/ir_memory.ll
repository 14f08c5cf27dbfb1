; Address spaces in LLVM IR: flat loads and stores through generic pointers, global loads with a
; uniform base and a lane offset (saddr form), constant-space loads of many widths (s_load_dwordx8),
; private (scratch) accesses, buffer resources (raw and struct buffer intrinsics).
; (global.load.lds is left out: llc 19.1.7 crashes in its hazard recognizer on it.)
target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @ir_flat(ptr %in, ptr %out) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr float, ptr %in, i32 %tid
  %v = load float, ptr %p
  %d = fmul float %v, 3.0
  %q = getelementptr float, ptr %out, i32 %tid
  store float %d, ptr %q
  %p8 = getelementptr i8, ptr %in, i32 %tid
  %b = load i8, ptr %p8
  %q8 = getelementptr i8, ptr %out, i32 %tid
  store i8 %b, ptr %q8
  ret void
}

define amdgpu_kernel void @ir_saddr(ptr addrspace(1) %base, ptr addrspace(1) %out) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %off = zext i32 %tid to i64
  %p = getelementptr i32, ptr addrspace(1) %base, i64 %off
  %v = load i32, ptr addrspace(1) %p
  %p2 = getelementptr i32, ptr addrspace(1) %p, i64 64
  %w = load <2 x i32>, ptr addrspace(1) %p2
  %w0 = extractelement <2 x i32> %w, i32 0
  %w1 = extractelement <2 x i32> %w, i32 1
  %s = add i32 %v, %w0
  %t = add i32 %s, %w1
  %q = getelementptr i32, ptr addrspace(1) %out, i64 %off
  store i32 %t, ptr addrspace(1) %q
  ret void
}

define amdgpu_kernel void @ir_constant_loads(ptr addrspace(4) %c, ptr addrspace(1) %out) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %v8 = load <8 x i32>, ptr addrspace(4) %c
  %p16 = getelementptr <8 x i32>, ptr addrspace(4) %c, i32 1
  %v16 = load <16 x i32>, ptr addrspace(4) %p16
  %k = and i32 %tid, 7
  %a = extractelement <8 x i32> %v8, i32 %k
  %b = extractelement <16 x i32> %v16, i32 %k
  %s = add i32 %a, %b
  %q = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %s, ptr addrspace(1) %q
  ret void
}

define amdgpu_kernel void @ir_private(ptr addrspace(1) %out, i32 %n) {
  %buf = alloca [64 x i32], align 4, addrspace(5)
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  br label %fill
fill:
  %i = phi i32 [ 0, %0 ], [ %i1, %fill ]
  %p = getelementptr [64 x i32], ptr addrspace(5) %buf, i32 0, i32 %i
  %v = mul i32 %i, %tid
  store volatile i32 %v, ptr addrspace(5) %p
  %i1 = add i32 %i, 1
  %c = icmp ult i32 %i1, 64
  br i1 %c, label %fill, label %read
read:
  %k = urem i32 %tid, %n
  %rp = getelementptr [64 x i32], ptr addrspace(5) %buf, i32 0, i32 %k
  %r = load volatile i32, ptr addrspace(5) %rp
  %q = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %r, ptr addrspace(1) %q
  ret void
}

define amdgpu_kernel void @ir_buffer(<4 x i32> %rsrc, ptr addrspace(1) %out) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %off = shl i32 %tid, 2
  %v = call float @llvm.amdgcn.raw.buffer.load.f32(<4 x i32> %rsrc, i32 %off, i32 0, i32 0)
  %w = call <4 x float> @llvm.amdgcn.struct.buffer.load.v4f32(<4 x i32> %rsrc, i32 %tid, i32 16, i32 0, i32 0)
  %w2 = extractelement <4 x float> %w, i32 2
  %s = fadd float %v, %w2
  call void @llvm.amdgcn.raw.buffer.store.f32(float %s, <4 x i32> %rsrc, i32 %off, i32 256, i32 0)
  %old = call i32 @llvm.amdgcn.raw.buffer.atomic.add.i32(i32 1, <4 x i32> %rsrc, i32 0, i32 0, i32 0)
  %q = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %old, ptr addrspace(1) %q
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare float @llvm.amdgcn.raw.buffer.load.f32(<4 x i32>, i32, i32, i32)
declare <4 x float> @llvm.amdgcn.struct.buffer.load.v4f32(<4 x i32>, i32, i32, i32, i32)
declare void @llvm.amdgcn.raw.buffer.store.f32(float, <4 x i32>, i32, i32, i32)
declare i32 @llvm.amdgcn.raw.buffer.atomic.add.i32(i32, <4 x i32>, i32, i32, i32)
