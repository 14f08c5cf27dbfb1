; LLVM IR as a compiler other than clang hands it to the NVPTX back end (what XLA, Julia, Rust
; and Mojo do): generate.py runs it through `llc -march=nvptx64 -mcpu=... -mattr=+ptx...` and
; through llvmlite's bundled LLVM. Opaque pointers, so LLVM 15 or newer. Kernels use the
; ptx_kernel calling convention, which LLVM 19 and later read alike.
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@table = internal addrspace(1) global [4 x float] [float 1.0, float 2.0, float 4.0, float 8.0], align 4
@table_ptr = addrspace(1) global ptr addrspace(1) @table, align 8      ; an address initialiser
@weak_scale = weak addrspace(1) global float 3.0, align 4                 ; `.weak .global`
@dyn = external addrspace(3) global [0 x float], align 16               ; `.extern .shared`

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare void @llvm.nvvm.barrier0()
declare void @llvm.nvvm.membar.cta()

; llc does not inline (no inliner runs in the code generator): a `.func` with a return and no
; params, called with an empty argument list
define internal i32 @global_id() noinline {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %n = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %cn = mul i32 %c, %n
  %i = add i32 %cn, %t
  ret i32 %i
}

; a dense switch: a jump table (`brx.idx`) where the back end makes one, compares elsewhere
define ptx_kernel void @ll_switch(ptr addrspace(1) noalias readonly %op, ptr addrspace(1) noalias %out, i32 %n) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %nt = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %cn = mul i32 %c, %nt
  %i = add i32 %cn, %t
  %in = icmp ult i32 %i, %n
  br i1 %in, label %body, label %done
body:
  %ix = zext i32 %i to i64
  %pk = getelementptr inbounds i32, ptr addrspace(1) %op, i64 %ix
  %k = load i32, ptr addrspace(1) %pk, align 4
  switch i32 %k, label %other [
    i32 0, label %c0
    i32 1, label %c1
    i32 2, label %c2
    i32 3, label %c3
    i32 4, label %c4
    i32 5, label %c5
    i32 6, label %c6
    i32 7, label %c7
  ]
c0:
  br label %join
c1:
  %v1 = mul i32 %i, 3
  br label %join
c2:
  %v2 = xor i32 %i, 85
  br label %join
c3:
  %v3 = shl i32 %i, 2
  br label %join
c4:
  %v4 = sub i32 1000, %i
  br label %join
c5:
  %v5 = and i32 %i, 15
  br label %join
c6:
  %v6 = or i32 %i, 256
  br label %join
c7:
  %v7 = lshr i32 %i, 1
  br label %join
other:
  br label %join
join:
  %v = phi i32 [ 11, %c0 ], [ %v1, %c1 ], [ %v2, %c2 ], [ %v3, %c3 ], [ %v4, %c4 ], [ %v5, %c5 ], [ %v6, %c6 ], [ %v7, %c7 ], [ -1, %other ]
  %po = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %ix
  store i32 %v, ptr addrspace(1) %po, align 4
  br label %done
done:
  ret void
}

; a local array indexed at run time: the stack (`__local_depot`, %SP/%SPL)
define ptx_kernel void @ll_local(ptr addrspace(1) noalias readonly %in, ptr addrspace(1) noalias %out, i32 %n) {
entry:
  %buf = alloca [8 x float], align 4
  %i = call i32 @global_id()
  %in.ok = icmp ult i32 %i, %n
  br i1 %in.ok, label %fill, label %done
fill:
  %ix = zext i32 %i to i64
  %pin = getelementptr inbounds float, ptr addrspace(1) %in, i64 %ix
  %x = load float, ptr addrspace(1) %pin, align 4
  br label %loop
loop:
  %k = phi i32 [ 0, %fill ], [ %k1, %loop ]
  %kf = sitofp i32 %k to float
  %v = fmul float %x, %kf
  %slot = getelementptr inbounds [8 x float], ptr %buf, i32 0, i32 %k
  store volatile float %v, ptr %slot, align 4
  %k1 = add i32 %k, 1
  %more = icmp slt i32 %k1, 8
  br i1 %more, label %loop, label %pick
pick:
  %j = and i32 %i, 7
  %pj = getelementptr inbounds [8 x float], ptr %buf, i32 0, i32 %j
  %y = load volatile float, ptr %pj, align 4
  %po = getelementptr inbounds float, ptr addrspace(1) %out, i64 %ix
  store float %y, ptr addrspace(1) %po, align 4
  br label %done
done:
  ret void
}

; vector loads and stores, a table read through a pointer held in global memory, a weak
; variable, and dynamic shared memory reached through a generic pointer (addrspacecast: cvta)
define ptx_kernel void @ll_vector(ptr addrspace(1) noalias readonly %in, ptr addrspace(1) noalias %out, i32 %n4) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %nt = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %cn = mul i32 %c, %nt
  %i = add i32 %cn, %t
  %ok = icmp ult i32 %i, %n4
  %ix = zext i32 %i to i64
  %pin = getelementptr inbounds <4 x float>, ptr addrspace(1) %in, i64 %ix
  %v = load <4 x float>, ptr addrspace(1) %pin, align 16
  %tab = load ptr addrspace(1), ptr addrspace(1) @table_ptr, align 8
  %t3 = and i32 %t, 3
  %pt = getelementptr inbounds float, ptr addrspace(1) %tab, i32 %t3
  %w = load float, ptr addrspace(1) %pt, align 4
  %s = load float, ptr addrspace(1) @weak_scale, align 4
  %ws = fmul float %w, %s
  %e0 = extractelement <4 x float> %v, i32 0
  %gen = addrspacecast ptr addrspace(3) @dyn to ptr
  %slot = getelementptr inbounds float, ptr %gen, i32 %t
  store float %e0, ptr %slot, align 4
  call void @llvm.nvvm.barrier0()
  %t1 = xor i32 %t, 1
  %other = getelementptr inbounds float, ptr %gen, i32 %t1
  %o = load float, ptr %other, align 4
  %splat.i = insertelement <4 x float> poison, float %ws, i32 0
  %splat = shufflevector <4 x float> %splat.i, <4 x float> poison, <4 x i32> zeroinitializer
  %r = fmul <4 x float> %v, %splat
  %r1 = insertelement <4 x float> %r, float %o, i32 3
  br i1 %ok, label %store, label %done
store:
  %pout = getelementptr inbounds <4 x float>, ptr addrspace(1) %out, i64 %ix
  store <4 x float> %r1, ptr addrspace(1) %pout, align 16
  br label %done
done:
  ret void
}

; 128-bit integers (carry chains), 64-bit atomics (exchange, unsigned max, compare-and-swap),
; packed half additions and a block-level memory barrier
define ptx_kernel void @ll_wide(ptr addrspace(1) noalias %acc, ptr addrspace(1) noalias %wide, ptr addrspace(1) noalias %h2, i32 %n) {
entry:
  %i = call i32 @global_id()
  %ok = icmp ult i32 %i, %n
  br i1 %ok, label %body, label %done
body:
  %ix = zext i32 %i to i64
  %pw = getelementptr inbounds i128, ptr addrspace(1) %wide, i64 %ix
  %a = load i128, ptr addrspace(1) %pw, align 16
  %b = mul i128 %a, 18446744073709551621
  %c = add i128 %b, 340282366920938463463374607431768211455
  store i128 %c, ptr addrspace(1) %pw, align 16
  %lo = trunc i128 %c to i64
  %p1 = getelementptr inbounds i64, ptr addrspace(1) %acc, i64 1
  %p2 = getelementptr inbounds i64, ptr addrspace(1) %acc, i64 2
  %old = atomicrmw umax ptr addrspace(1) %acc, i64 %lo monotonic, align 8
  %x = atomicrmw xchg ptr addrspace(1) %p1, i64 %ix monotonic, align 8
  %cas = cmpxchg ptr addrspace(1) %p2, i64 0, i64 %x monotonic monotonic, align 8
  call void @llvm.nvvm.membar.cta()
  %ph = getelementptr inbounds <2 x half>, ptr addrspace(1) %h2, i64 %ix
  %hv = load <2 x half>, ptr addrspace(1) %ph, align 4
  %hs = fadd <2 x half> %hv, <half 1.0, half 2.0>
  store <2 x half> %hs, ptr addrspace(1) %ph, align 4
  br label %done
done:
  ret void
}
