; Atomics: i32 add on global memory, float add, a cmpxchg loop (atomic max
; of a float on its bits, as the front end makes it), i64 and workgroup atomics.
; The sum gets each x twice (two float add loops in one block).
@ka.local.0 = internal addrspace(3) global [1 x i32] undef

define spir_kernel void @Atomics(i32 addrspace(1)* %count.ptr, i64 %count.len, float addrspace(1)* %sum.ptr, i64 %sum.len, float addrspace(1)* %max.ptr, i64 %max.len, i64 addrspace(1)* %wide.ptr, i64 %wide.len, float addrspace(1)* %x.ptr, i64 %x.len, i64 %ka.gsize0, i64 %ka.gsize1, i64 %ka.gsize2) {
entry:
  %i = call i64 @ka.global_id(i32 0)
  %xp = getelementptr float, float addrspace(1)* %x.ptr, i64 %i
  %x = load float, float addrspace(1)* %xp, align 4
  %old = atomicrmw add i32 addrspace(1)* %count.ptr, i32 1 monotonic
  %fold = atomicrmw fadd float addrspace(1)* %sum.ptr, float %x monotonic
  %xi = bitcast float %x to i32
  %mp = bitcast float addrspace(1)* %max.ptr to i32 addrspace(1)*
  %init = load i32, i32 addrspace(1)* %mp, align 4
  br label %cas

cas:
  %cur = phi i32 [ %init, %entry ], [ %seen, %retry ]
  %curf = bitcast i32 %cur to float
  %bigger = fcmp ogt float %x, %curf
  br i1 %bigger, label %try, label %after

try:
  %pair = cmpxchg i32 addrspace(1)* %mp, i32 %cur, i32 %xi monotonic monotonic
  %seen = extractvalue { i32, i1 } %pair, 0
  %ok = extractvalue { i32, i1 } %pair, 1
  br i1 %ok, label %after, label %retry

retry:
  br label %cas

after:
  %w1 = atomicrmw umax i64 addrspace(1)* %wide.ptr, i64 %i monotonic
  %w2 = atomicrmw min i64 addrspace(1)* %wide.ptr, i64 -5 monotonic
  %w3 = atomicrmw xchg i64 addrspace(1)* %wide.ptr, i64 %w2 monotonic
  %w4 = atomicrmw sub i64 addrspace(1)* %wide.ptr, i64 %w1 monotonic
  %lp = getelementptr [1 x i32], [1 x i32] addrspace(3)* @ka.local.0, i64 0, i64 0
  %l1 = atomicrmw max i32 addrspace(3)* %lp, i32 %old monotonic
  %l2 = atomicrmw umin i32 addrspace(3)* %lp, i32 %l1 monotonic
  %f2 = atomicrmw fadd float addrspace(1)* %sum.ptr, float %x monotonic
  ret void
}

declare i64 @ka.global_id(i32)
