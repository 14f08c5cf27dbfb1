; Control flow in LLVM IR: a switch on a lane value, an irreducible loop (two entries), a loop
; with two exits, a uniform branch on an argument, an unreachable default, and s_sleep /
; s_setprio / scheduling barriers inside a loop.
target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @ir_switch(ptr addrspace(1) %out, ptr addrspace(1) %in) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr i32, ptr addrspace(1) %in, i32 %tid
  %v = load i32, ptr addrspace(1) %p
  switch i32 %v, label %other [ i32 0, label %a
                                i32 1, label %b
                                i32 5, label %c
                                i32 9, label %d ]
a:
  br label %join
b:
  %bv = mul i32 %v, 7
  br label %join
c:
  %cv = xor i32 %v, %tid
  br label %join
d:
  %dv = shl i32 %tid, 3
  br label %join
other:
  %ov = sub i32 0, %v
  br label %join
join:
  %r = phi i32 [ 11, %a ], [ %bv, %b ], [ %cv, %c ], [ %dv, %d ], [ %ov, %other ]
  %q = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %r, ptr addrspace(1) %q
  ret void
}

define amdgpu_kernel void @ir_irreducible(ptr addrspace(1) %out, i32 %n) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %odd = and i32 %tid, 1
  %c0 = icmp eq i32 %odd, 0
  br i1 %c0, label %left, label %right
left:
  %x = phi i32 [ %tid, %entry ], [ %y1, %right ]
  %x1 = add i32 %x, 3
  %cl = icmp ult i32 %x1, %n
  br i1 %cl, label %right, label %exit
right:
  %y = phi i32 [ %tid, %entry ], [ %x1, %left ]
  %y1 = mul i32 %y, 2
  %cr = icmp ult i32 %y1, %n
  br i1 %cr, label %left, label %exit
exit:
  %r = phi i32 [ %x1, %left ], [ %y1, %right ]
  %q = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %r, ptr addrspace(1) %q
  ret void
}

define amdgpu_kernel void @ir_two_exits(ptr addrspace(1) %out, ptr addrspace(1) %in, i32 %n) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %next ]
  %acc = phi i32 [ 0, %entry ], [ %acc1, %next ]
  %idx = add i32 %i, %tid
  %p = getelementptr i32, ptr addrspace(1) %in, i32 %idx
  %v = load i32, ptr addrspace(1) %p
  %neg = icmp slt i32 %v, 0
  br i1 %neg, label %found, label %next
next:
  %acc1 = add i32 %acc, %v
  %i1 = add i32 %i, 1
  %more = icmp ult i32 %i1, %n
  br i1 %more, label %loop, label %done
found:
  %q = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %i, ptr addrspace(1) %q
  ret void
done:
  %q2 = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %acc1, ptr addrspace(1) %q2
  ret void
}

define amdgpu_kernel void @ir_uniform_branch(ptr addrspace(1) %out, i32 %mode) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %c = icmp eq i32 %mode, 3
  br i1 %c, label %three, label %else
three:
  %a = mul i32 %tid, 3
  br label %join
else:
  %b = add i32 %tid, %mode
  br label %join
join:
  %r = phi i32 [ %a, %three ], [ %b, %else ]
  %q = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %r, ptr addrspace(1) %q
  ret void
}

define amdgpu_kernel void @ir_sleep_prio(ptr addrspace(1) %out, i32 %n) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  call void @llvm.amdgcn.s.setprio(i16 2)
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %acc = phi i32 [ %tid, %entry ], [ %acc1, %loop ]
  call void @llvm.amdgcn.s.sleep(i32 1)
  call void @llvm.amdgcn.sched.barrier(i32 0)
  %acc1 = mul i32 %acc, 1664525
  %i1 = add i32 %i, 1
  %c = icmp ult i32 %i1, %n
  br i1 %c, label %loop, label %exit
exit:
  call void @llvm.amdgcn.s.setprio(i16 0)
  %q = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %acc1, ptr addrspace(1) %q
  ret void
}

define amdgpu_kernel void @ir_early_exit(ptr addrspace(1) %out, i32 %n) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %c = icmp uge i32 %tid, %n
  br i1 %c, label %bail, label %work
bail:
  ret void
work:
  %q = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %tid, ptr addrspace(1) %q
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare void @llvm.amdgcn.s.setprio(i16)
declare void @llvm.amdgcn.s.sleep(i32)
declare void @llvm.amdgcn.sched.barrier(i32)
