; Double precision in LLVM IR: fdiv (the div_scale/div_fmas/div_fixup sequence), sqrt, frexp,
; ldexp, fract-like floor, is.fpclass, min/max with NaN semantics, and f64 <-> f16 conversion.
target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @ir_fdiv64(ptr addrspace(1) %out, ptr addrspace(1) %a, ptr addrspace(1) %b) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %pa = getelementptr double, ptr addrspace(1) %a, i32 %tid
  %pb = getelementptr double, ptr addrspace(1) %b, i32 %tid
  %x = load double, ptr addrspace(1) %pa
  %y = load double, ptr addrspace(1) %pb
  %d = fdiv double %x, %y
  %s = call double @llvm.sqrt.f64(double %d)
  %q = getelementptr double, ptr addrspace(1) %out, i32 %tid
  store double %s, ptr addrspace(1) %q
  ret void
}

define amdgpu_kernel void @ir_frexp_ldexp(ptr addrspace(1) %out, ptr addrspace(1) %a) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %pa = getelementptr double, ptr addrspace(1) %a, i32 %tid
  %x = load double, ptr addrspace(1) %pa
  %fe = call { double, i32 } @llvm.frexp.f64.i32(double %x)
  %m = extractvalue { double, i32 } %fe, 0
  %e = extractvalue { double, i32 } %fe, 1
  %e2 = add i32 %e, 3
  %r = call double @llvm.ldexp.f64.i32(double %m, i32 %e2)
  %f = call double @llvm.floor.f64(double %r)
  %g = fsub double %r, %f
  %q = getelementptr double, ptr addrspace(1) %out, i32 %tid
  store double %g, ptr addrspace(1) %q
  ret void
}

define amdgpu_kernel void @ir_fpclass(ptr addrspace(1) %out, ptr addrspace(1) %a) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %pa = getelementptr double, ptr addrspace(1) %a, i32 %tid
  %x = load double, ptr addrspace(1) %pa
  %nan = call i1 @llvm.is.fpclass.f64(double %x, i32 3)
  %inf = call i1 @llvm.is.fpclass.f64(double %x, i32 516)
  %n = zext i1 %nan to i32
  %i = zext i1 %inf to i32
  %i2 = shl i32 %i, 1
  %r = or i32 %n, %i2
  %q = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %r, ptr addrspace(1) %q
  ret void
}

define amdgpu_kernel void @ir_minmax64(ptr addrspace(1) %out, ptr addrspace(1) %a, double %lo, double %hi) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %pa = getelementptr double, ptr addrspace(1) %a, i32 %tid
  %x = load double, ptr addrspace(1) %pa
  %m = call double @llvm.maxnum.f64(double %x, double %lo)
  %n = call double @llvm.minnum.f64(double %m, double %hi)
  %h = fptrunc double %n to half
  %b = fpext half %h to double
  %q = getelementptr double, ptr addrspace(1) %out, i32 %tid
  store double %b, ptr addrspace(1) %q
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare double @llvm.sqrt.f64(double)
declare { double, i32 } @llvm.frexp.f64.i32(double)
declare double @llvm.ldexp.f64.i32(double, i32)
declare double @llvm.floor.f64(double)
declare i1 @llvm.is.fpclass.f64(double, i32)
declare double @llvm.maxnum.f64(double, double)
declare double @llvm.minnum.f64(double, double)
