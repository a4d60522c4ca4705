; Atomics: 32-bit atomics on global memory.
;   counts[i%4] += 1             atomicrmw add i32
;   sum[0] += v                  atomicrmw fadd float (a CAS loop in C)
;   mm[0] = max(mm[0], int32(k)) atomicrmw max (signed)
;   mm[1] = min(mm[1], int32(k)) atomicrmw min (signed)
;   mm[2] = max(mm[2], uint32(k)) atomicrmw umax
;   mm[3] = min(mm[3], uint32(k)) atomicrmw umin
;   mm[4] -= 1; xchg(mm[5], 7)   atomicrmw sub, xchg
;   fmax[0]: float max of v, as the front end makes it for ka.AtomicMax on
;   float32: a cmpxchg loop on the bits (fmax holds float32 bits as uint32)
; where k = i - 8 and v = vals[i].

define spir_kernel void @Atomics(i32 addrspace(1)* %counts.ptr, i64 %counts.len, float addrspace(1)* %sum.ptr, i64 %sum.len, i32 addrspace(1)* %mm.ptr, i64 %mm.len, i32 addrspace(1)* %fmax.ptr, i64 %fmax.len, float addrspace(1)* %vals.ptr, i64 %vals.len, i64 %ka.gsize0, i64 %ka.gsize1, i64 %ka.gsize2) {
entry:
  %i = call i64 @ka.global_id(i32 0)
  %inr = icmp slt i64 %i, %vals.len
  br i1 %inr, label %body, label %exit

body:
  %pv = getelementptr float, float addrspace(1)* %vals.ptr, i64 %i
  %v = load float, float addrspace(1)* %pv
  %bucket = urem i64 %i, 4
  %pc = getelementptr i32, i32 addrspace(1)* %counts.ptr, i64 %bucket
  %0 = atomicrmw add i32 addrspace(1)* %pc, i32 1 monotonic
  %1 = atomicrmw fadd float addrspace(1)* %sum.ptr, float %v monotonic
  %k64 = sub i64 %i, 8
  %k = trunc i64 %k64 to i32
  %2 = atomicrmw max i32 addrspace(1)* %mm.ptr, i32 %k monotonic
  %pm1 = getelementptr i32, i32 addrspace(1)* %mm.ptr, i64 1
  %3 = atomicrmw min i32 addrspace(1)* %pm1, i32 %k monotonic
  %pm2 = getelementptr i32, i32 addrspace(1)* %mm.ptr, i64 2
  %4 = atomicrmw umax i32 addrspace(1)* %pm2, i32 %k monotonic
  %pm3 = getelementptr i32, i32 addrspace(1)* %mm.ptr, i64 3
  %5 = atomicrmw umin i32 addrspace(1)* %pm3, i32 %k monotonic
  %pm4 = getelementptr i32, i32 addrspace(1)* %mm.ptr, i64 4
  %6 = atomicrmw sub i32 addrspace(1)* %pm4, i32 1 monotonic
  %pm5 = getelementptr i32, i32 addrspace(1)* %mm.ptr, i64 5
  %7 = atomicrmw xchg i32 addrspace(1)* %pm5, i32 7 monotonic
  %old0 = load i32, i32 addrspace(1)* %fmax.ptr
  br label %cas

cas:
  %old = phi i32 [ %old0, %body ], [ %seen, %retry ]
  %oldf = bitcast i32 %old to float
  %bigger = fcmp ogt float %v, %oldf
  br i1 %bigger, label %try, label %exit

try:
  %new = bitcast float %v to i32
  %pair = cmpxchg i32 addrspace(1)* %fmax.ptr, i32 %old, i32 %new monotonic monotonic
  %seen = extractvalue { i32, i1 } %pair, 0
  %ok = extractvalue { i32, i1 } %pair, 1
  br i1 %ok, label %exit, label %retry

retry:
  br label %cas

exit:
  ret void
}

declare i64 @ka.global_id(i32)
