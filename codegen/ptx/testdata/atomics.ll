; Atomics: atomicrmw on i32, i64 and float in global memory and on i32 in
; workgroup memory, and a float max as the front end makes it: a cmpxchg
; loop on the bits.

@ka.local.0 = internal addrspace(3) global [1 x i32] undef

define spir_kernel void @Atomics(i32 addrspace(1)* %cnt.ptr, i64 %cnt.len, float addrspace(1)* %sum.ptr, i64 %sum.len, i64 addrspace(1)* %big.ptr, i64 %big.len, double addrspace(1)* %d.ptr, i64 %d.len, i64 %ka.gsize0, i64 %ka.gsize1, i64 %ka.gsize2) {
entry:
  %i = call i64 @ka.global_id(i32 0)
  %f = sitofp i64 %i to float
  %old = atomicrmw add i32 addrspace(1)* %cnt.ptr, i32 1 monotonic
  %s1 = atomicrmw sub i32 addrspace(1)* %cnt.ptr, i32 %old monotonic
  %m1 = atomicrmw max i32 addrspace(1)* %cnt.ptr, i32 %s1 monotonic
  %m2 = atomicrmw umin i32 addrspace(1)* %cnt.ptr, i32 %m1 monotonic
  %x1 = atomicrmw xchg i64 addrspace(1)* %big.ptr, i64 %i monotonic
  %m3 = atomicrmw umax i64 addrspace(1)* %big.ptr, i64 %x1 monotonic
  %m4 = atomicrmw min i64 addrspace(1)* %big.ptr, i64 %m3 monotonic
  %fa = atomicrmw fadd float addrspace(1)* %sum.ptr, float %f monotonic
  %fd = fpext float %fa to double
  %da = atomicrmw fadd double addrspace(1)* %d.ptr, double %fd monotonic
  %lp = getelementptr [1 x i32], [1 x i32] addrspace(3)* @ka.local.0, i64 0, i64 0
  %la = atomicrmw add i32 addrspace(3)* %lp, i32 %m2 monotonic
  br label %cas

cas:
  %cur = load float, float addrspace(1)* %sum.ptr
  %curb = bitcast float %cur to i32
  %gt = fcmp ogt float %f, %cur
  br i1 %gt, label %try, label %done

try:
  %fb = bitcast float %f to i32
  %fp1 = getelementptr i32, i32 addrspace(1)* %cnt.ptr, i64 1
  %pair = cmpxchg i32 addrspace(1)* %fp1, i32 %curb, i32 %fb monotonic monotonic
  %seen = extractvalue { i32, i1 } %pair, 0
  %won = extractvalue { i32, i1 } %pair, 1
  br i1 %won, label %done, label %cas

done:
  %w = phi i32 [ %la, %cas ], [ %seen, %try ]
  %w64 = sext i32 %w to i64
  %m5 = add i64 %m4, %w64
  %dp = getelementptr i64, i64 addrspace(1)* %big.ptr, i64 1
  store i64 %m5, i64 addrspace(1)* %dp
  ret void
}

declare i64 @ka.global_id(i32)
