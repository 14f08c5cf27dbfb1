; Register pressure in LLVM IR: kernels that use most of the register file, so that a probe's
; registers may not fit (the splicer must refuse with a located error, not crash): 256 live
; VGPRs across a loop, a kernel with its SGPR budget near the limit, and a kernel whose
; waves-per-EU attribute caps its VGPRs.
target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @ir_many_vgprs(ptr addrspace(1) %out, ptr addrspace(1) %in, i32 %n) #0 {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr <64 x float>, ptr addrspace(1) %in, i32 %tid
  %v = load volatile <64 x float>, ptr addrspace(1) %p
  %p2 = getelementptr <64 x float>, ptr addrspace(1) %p, i32 64
  %w = load volatile <64 x float>, ptr addrspace(1) %p2
  %p3 = getelementptr <64 x float>, ptr addrspace(1) %p, i32 128
  %x = load volatile <64 x float>, ptr addrspace(1) %p3
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %a = phi <64 x float> [ %v, %entry ], [ %a1, %loop ]
  %b = phi <64 x float> [ %w, %entry ], [ %b1, %loop ]
  %c = phi <64 x float> [ %x, %entry ], [ %c1, %loop ]
  %a1 = fmul <64 x float> %a, %b
  %b1 = fadd <64 x float> %b, %c
  %c1 = fsub <64 x float> %c, %a
  %i1 = add i32 %i, 1
  %more = icmp ult i32 %i1, %n
  br i1 %more, label %loop, label %exit
exit:
  %q = getelementptr <64 x float>, ptr addrspace(1) %out, i32 %tid
  store volatile <64 x float> %a1, ptr addrspace(1) %q
  %q2 = getelementptr <64 x float>, ptr addrspace(1) %q, i32 64
  store volatile <64 x float> %b1, ptr addrspace(1) %q2
  %q3 = getelementptr <64 x float>, ptr addrspace(1) %q, i32 128
  store volatile <64 x float> %c1, ptr addrspace(1) %q3
  ret void
}

define amdgpu_kernel void @ir_many_sgprs(ptr addrspace(1) %out, ptr addrspace(4) %c) #1 {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %v = load <32 x i32>, ptr addrspace(4) %c
  %c2 = getelementptr <32 x i32>, ptr addrspace(4) %c, i32 1
  %w = load <32 x i32>, ptr addrspace(4) %c2
  %c3 = getelementptr <32 x i32>, ptr addrspace(4) %c, i32 2
  %x = load <32 x i32>, ptr addrspace(4) %c3
  %s = add <32 x i32> %v, %w
  %t = mul <32 x i32> %s, %x
  %u = xor <32 x i32> %t, %v
  %r = call i32 @llvm.vector.reduce.add.v32i32(<32 x i32> %u)
  %r2 = add i32 %r, %tid
  %q = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %r2, ptr addrspace(1) %q
  ret void
}

define amdgpu_kernel void @ir_occupancy_capped(ptr addrspace(1) %out, ptr addrspace(1) %in) #2 {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr <16 x float>, ptr addrspace(1) %in, i32 %tid
  %v = load <16 x float>, ptr addrspace(1) %p
  %w = fmul <16 x float> %v, %v
  %q = getelementptr <16 x float>, ptr addrspace(1) %out, i32 %tid
  store <16 x float> %w, ptr addrspace(1) %q
  ret void
}

attributes #0 = { "amdgpu-flat-work-group-size"="1,256" }
attributes #1 = { "amdgpu-flat-work-group-size"="1,64" }
attributes #2 = { "amdgpu-waves-per-eu"="8,8" }
declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.vector.reduce.add.v32i32(<32 x i32>)
