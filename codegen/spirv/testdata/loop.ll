; A loop with break and continue, as go/ssa lowers it (phis in the header):
;   s, k := 0, 0
;   for j := 0; j < n; j++ {
;       if x[j] < 0 { continue }
;       if x[j] > limit { break }
;       s += x[j]; k++
;   }
;   out[Global()] = s * float(k)
define spir_kernel void @Loop(i32 addrspace(1)* %x.ptr, i64 %x.len, i32 %limit, i32 addrspace(1)* %out.ptr, i64 %out.len, i64 %ka.gsize0, i64 %ka.gsize1, i64 %ka.gsize2) {
entry:
  %g = call i64 @ka.global_id(i32 0)
  br label %header

header:
  %j = phi i64 [ 0, %entry ], [ %j.next, %latch ]
  %s = phi i32 [ 0, %entry ], [ %s.next, %latch ]
  %k = phi i32 [ 0, %entry ], [ %k.next, %latch ]
  %more = icmp slt i64 %j, %x.len
  br i1 %more, label %body, label %exit

body:
  %p = getelementptr i32, i32 addrspace(1)* %x.ptr, i64 %j
  %v = load i32, i32 addrspace(1)* %p, align 4
  %neg = icmp slt i32 %v, 0
  br i1 %neg, label %latch, label %check

check:
  %big = icmp sgt i32 %v, %limit
  br i1 %big, label %exit, label %accum

accum:
  %s.add = add i32 %s, %v
  %k.add = add i32 %k, 1
  br label %latch

latch:
  %s.next = phi i32 [ %s, %body ], [ %s.add, %accum ]
  %k.next = phi i32 [ %k, %body ], [ %k.add, %accum ]
  %j.next = add i64 %j, 1
  br label %header

exit:
  %s.out = phi i32 [ %s, %header ], [ %s, %check ]
  %k.out = phi i32 [ %k, %header ], [ %k, %check ]
  %r = mul i32 %s.out, %k.out
  %inb = icmp ult i64 %g, %out.len
  br i1 %inb, label %write, label %done

write:
  %op = getelementptr i32, i32 addrspace(1)* %out.ptr, i64 %g
  store i32 %r, i32 addrspace(1)* %op, align 4
  br label %done

done:
  ret void
}

declare i64 @ka.global_id(i32)
