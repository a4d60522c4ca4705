; Loop: a loop with break and continue (Collatz steps, at most %limit), then
; a loop whose phis read each other (a Fibonacci step a, b = b, a+b and a
; swap p, q = q, p), which needs parallel copies.
;
;	//ka:kernel
;	func Loop(it ka.Item, out []int64, n, limit int) {
;		i := it.Global()
;		if i >= n { return }
;		x, steps := int64(i)+1, int64(0)
;		for k := 0; k < limit; k++ {
;			if x == 1 { break }
;			if x%2 == 0 { x /= 2; steps++; continue }
;			x = 3*x + 1
;			steps++
;		}
;		a, b, p, q := int64(0), int64(1), int64(1), int64(2)
;		for j := 0; j < i%60; j++ {
;			a, b = b, a+b
;			p, q = q, p
;		}
;		out[3*i], out[3*i+1], out[3*i+2] = steps, a, p
;	}

define spir_kernel void @Loop(i64 addrspace(1)* %out.ptr, i64 %out.len, i64 %n, i64 %limit, i64 %ka.gsize0, i64 %ka.gsize1, i64 %ka.gsize2) {
entry:
  %i = call i64 @ka.global_id(i32 0)
  %x0 = add i64 %i, 1
  %inr = icmp slt i64 %i, %n
  br i1 %inr, label %head, label %exit

head:
  %k = phi i64 [ 0, %entry ], [ %k.next, %latch ]
  %x = phi i64 [ %x0, %entry ], [ %x.next, %latch ]
  %steps = phi i64 [ 0, %entry ], [ %steps.next, %latch ]
  %more = icmp slt i64 %k, %limit
  br i1 %more, label %body, label %done

body:
  %isone = icmp eq i64 %x, 1
  br i1 %isone, label %done, label %test.even

test.even:
  %r = srem i64 %x, 2
  %even = icmp eq i64 %r, 0
  br i1 %even, label %halve, label %triple

halve:
  %h = sdiv i64 %x, 2
  %s1 = add i64 %steps, 1
  br label %latch

triple:
  %t3 = mul i64 %x, 3
  %t31 = add i64 %t3, 1
  %s2 = add i64 %steps, 1
  br label %latch

latch:
  %x.next = phi i64 [ %h, %halve ], [ %t31, %triple ]
  %steps.next = phi i64 [ %s1, %halve ], [ %s2, %triple ]
  %k.next = add i64 %k, 1
  br label %head

done:
  %steps.out = phi i64 [ %steps, %head ], [ %steps, %body ]
  %fibn = srem i64 %i, 60
  br label %fib.head

fib.head:
  %j = phi i64 [ 0, %done ], [ %j.next, %fib.body ]
  %a = phi i64 [ 0, %done ], [ %b, %fib.body ]
  %b = phi i64 [ 1, %done ], [ %ab, %fib.body ]
  %p = phi i64 [ 1, %done ], [ %q, %fib.body ]
  %q = phi i64 [ 2, %done ], [ %p, %fib.body ]
  %fmore = icmp slt i64 %j, %fibn
  br i1 %fmore, label %fib.body, label %store

fib.body:
  %ab = add i64 %a, %b
  %j.next = add i64 %j, 1
  br label %fib.head

store:
  %o = mul i64 %i, 3
  %p0 = getelementptr i64, i64 addrspace(1)* %out.ptr, i64 %o
  store i64 %steps.out, i64 addrspace(1)* %p0
  %o1 = add i64 %o, 1
  %p1 = getelementptr i64, i64 addrspace(1)* %out.ptr, i64 %o1
  store i64 %a, i64 addrspace(1)* %p1
  %o2 = add i64 %o, 2
  %p2 = getelementptr i64, i64 addrspace(1)* %out.ptr, i64 %o2
  store i64 %p, i64 addrspace(1)* %p2
  br label %exit

exit:
  ret void
}

declare i64 @ka.global_id(i32)
