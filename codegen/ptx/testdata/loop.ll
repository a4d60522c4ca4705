; Collatz-like loop with continue and break: for each i, step n until 1 or
; 1000 steps, skipping multiples of 3 in the sum (continue) and stopping at
; a negative overflow (break). Phis carry three variables, two swapped.

define spir_kernel void @Loop(i64 addrspace(1)* %out.ptr, i64 %out.len, i64 %ka.gsize0, i64 %ka.gsize1, i64 %ka.gsize2) {
entry:
  %i = call i64 @ka.global_id(i32 0)
  %ok = icmp ult i64 %i, %out.len
  br i1 %ok, label %head, label %exit

head:
  %n = phi i64 [ %i, %entry ], [ %n.next, %latch ], [ %n.next, %skip ]
  %sum = phi i64 [ 0, %entry ], [ %sum.next, %latch ], [ %sum, %skip ]
  %a = phi i64 [ 1, %entry ], [ %b, %latch ], [ %b, %skip ]
  %b = phi i64 [ 2, %entry ], [ %a, %latch ], [ %a, %skip ]
  %steps = phi i32 [ 0, %entry ], [ %steps.next, %latch ], [ %steps.next, %skip ]
  %done = icmp sle i64 %n, 1
  %many = icmp sge i32 %steps, 1000
  %stop = or i1 %done, %many
  br i1 %stop, label %exit.loop, label %step

step:
  %odd.bit = and i64 %n, 1
  %odd = icmp ne i64 %odd.bit, 0
  %t3 = mul i64 %n, 3
  %t31 = add i64 %t3, 1
  %half = sdiv i64 %n, 2
  %n.next = select i1 %odd, i64 %t31, i64 %half
  %steps.next = add i32 %steps, 1
  %neg = icmp slt i64 %n.next, 0
  br i1 %neg, label %exit.loop, label %check

check:
  %m3 = srem i64 %n.next, 3
  %is3 = icmp eq i64 %m3, 0
  br i1 %is3, label %skip, label %latch

skip:
  br label %head

latch:
  %sum.next = add i64 %sum, %n.next
  br label %head

exit.loop:
  %res = phi i64 [ %sum, %head ], [ -1, %step ]
  %ab = mul i64 %a, %b
  %res2 = add i64 %res, %ab
  %p = getelementptr i64, i64 addrspace(1)* %out.ptr, i64 %i
  store i64 %res2, i64 addrspace(1)* %p
  br label %exit

exit:
  ret void
}

declare i64 @ka.global_id(i32)
