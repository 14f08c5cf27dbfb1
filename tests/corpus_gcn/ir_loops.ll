; Loops in LLVM IR: a 64-bit induction variable, a loop nest with a phi carried across both
; levels, a countdown loop with an early continue, and a loop whose exit value is used after it.
target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @ir_i64_loop(ptr addrspace(1) %out, ptr addrspace(1) %in, i64 %n) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %t64 = zext i32 %tid to i64
  br label %loop
loop:
  %i = phi i64 [ %t64, %entry ], [ %i1, %loop ]
  %acc = phi i64 [ 0, %entry ], [ %acc1, %loop ]
  %p = getelementptr i64, ptr addrspace(1) %in, i64 %i
  %v = load i64, ptr addrspace(1) %p
  %acc1 = add i64 %acc, %v
  %i1 = add i64 %i, 64
  %c = icmp ult i64 %i1, %n
  br i1 %c, label %loop, label %exit
exit:
  %q = getelementptr i64, ptr addrspace(1) %out, i32 %tid
  store i64 %acc1, ptr addrspace(1) %q
  ret void
}

define amdgpu_kernel void @ir_nest(ptr addrspace(1) %out, i32 %n, i32 %m) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  br label %outer
outer:
  %i = phi i32 [ 0, %entry ], [ %i1, %outer.end ]
  %acc = phi i32 [ %tid, %entry ], [ %acc2, %outer.end ]
  br label %inner
inner:
  %j = phi i32 [ 0, %outer ], [ %j1, %inner ]
  %a = phi i32 [ %acc, %outer ], [ %a1, %inner ]
  %x = mul i32 %i, %j
  %a1 = xor i32 %a, %x
  %j1 = add i32 %j, 1
  %ci = icmp ult i32 %j1, %m
  br i1 %ci, label %inner, label %outer.end
outer.end:
  %acc2 = add i32 %a1, 1
  %i1 = add i32 %i, 1
  %co = icmp ult i32 %i1, %n
  br i1 %co, label %outer, label %exit
exit:
  %q = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %acc2, ptr addrspace(1) %q
  ret void
}

define amdgpu_kernel void @ir_countdown(ptr addrspace(1) %out, ptr addrspace(1) %in) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr i32, ptr addrspace(1) %in, i32 %tid
  %n = load i32, ptr addrspace(1) %p
  %z = icmp eq i32 %n, 0
  br i1 %z, label %exit, label %loop
loop:
  %k = phi i32 [ %n, %entry ], [ %k1, %latch ]
  %s = phi i32 [ 0, %entry ], [ %s2, %latch ]
  %odd = and i32 %k, 1
  %skip = icmp eq i32 %odd, 0
  br i1 %skip, label %latch, label %body
body:
  %s1 = add i32 %s, %k
  br label %latch
latch:
  %s2 = phi i32 [ %s, %loop ], [ %s1, %body ]
  %k1 = sub i32 %k, 1
  %more = icmp ne i32 %k1, 0
  br i1 %more, label %loop, label %exit
exit:
  %r = phi i32 [ 0, %entry ], [ %s2, %latch ]
  %q = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %r, ptr addrspace(1) %q
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
