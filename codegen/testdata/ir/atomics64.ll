; Atomics64: 64-bit atomics (cl_khr_int64_base_atomics and
; cl_khr_int64_extended_atomics) and float64 atomic add (cl_khr_fp64).
;   acc[0] += i; acc[1] = max(acc[1], int64(i)-5); acc[2] = umin(...)
;   sum[0] += float64(i)
;   CAS loop: acc[3] = acc[3]*2 + 1 (by cmpxchg on i64)

define spir_kernel void @Atomics64(i64 addrspace(1)* %acc.ptr, i64 %acc.len, double addrspace(1)* %sum.ptr, i64 %sum.len, i64 %n, i64 %ka.gsize0, i64 %ka.gsize1, i64 %ka.gsize2) {
entry:
  %i = call i64 @ka.global_id(i32 0)
  %inr = icmp slt i64 %i, %n
  br i1 %inr, label %body, label %exit

body:
  %0 = atomicrmw add i64 addrspace(1)* %acc.ptr, i64 %i monotonic
  %k = sub i64 %i, 5
  %p1 = getelementptr i64, i64 addrspace(1)* %acc.ptr, i64 1
  %1 = atomicrmw max i64 addrspace(1)* %p1, i64 %k monotonic
  %p2 = getelementptr i64, i64 addrspace(1)* %acc.ptr, i64 2
  %2 = atomicrmw umin i64 addrspace(1)* %p2, i64 %k monotonic
  %d = sitofp i64 %i to double
  %3 = atomicrmw fadd double addrspace(1)* %sum.ptr, double %d monotonic
  %p3 = getelementptr i64, i64 addrspace(1)* %acc.ptr, i64 3
  %old0 = load i64, i64 addrspace(1)* %p3
  br label %cas

cas:
  %old = phi i64 [ %old0, %body ], [ %seen, %cas ]
  %twice = shl i64 %old, 1
  %new = or i64 %twice, 1
  %pair = cmpxchg i64 addrspace(1)* %p3, i64 %old, i64 %new monotonic monotonic
  %seen = extractvalue { i64, i1 } %pair, 0
  %ok = extractvalue { i64, i1 } %pair, 1
  br i1 %ok, label %exit, label %cas

exit:
  ret void
}

declare i64 @ka.global_id(i32)
