; A private array: var a [8]int32; fill, then sum in reverse; a scalar
; alloca of a bool too.
define spir_kernel void @Private(i32 addrspace(1)* %out.ptr, i64 %out.len, i64 %ka.gsize0, i64 %ka.gsize1, i64 %ka.gsize2) {
entry:
  %a = alloca [8 x i32], align 4
  %flag = alloca i1, align 1
  %g = call i64 @ka.global_id(i32 0)
  store i1 false, i1* %flag, align 1
  br label %fill

fill:
  %k = phi i64 [ 0, %entry ], [ %k.next, %fill ]
  %p = getelementptr [8 x i32], [8 x i32]* %a, i64 0, i64 %k
  %k32 = trunc i64 %k to i32
  %g32 = trunc i64 %g to i32
  %v = mul i32 %k32, %g32
  store i32 %v, i32* %p, align 4
  %k.next = add i64 %k, 1
  %again = icmp slt i64 %k.next, 8
  br i1 %again, label %fill, label %sum

sum:
  %j = phi i64 [ 7, %fill ], [ %j.next, %sum ]
  %acc = phi i32 [ 0, %fill ], [ %acc.next, %sum ]
  %q = getelementptr [8 x i32], [8 x i32]* %a, i64 0, i64 %j
  %w = load i32, i32* %q, align 4
  %acc.next = add i32 %acc, %w
  %j.next = sub i64 %j, 1
  %cont = icmp sge i64 %j.next, 0
  br i1 %cont, label %sum, label %out

out:
  store i1 true, i1* %flag, align 1
  %f = load i1, i1* %flag, align 1
  %r = select i1 %f, i32 %acc.next, i32 -1
  %inb = icmp ult i64 %g, %out.len
  br i1 %inb, label %write, label %trap

write:
  %op = getelementptr i32, i32 addrspace(1)* %out.ptr, i64 %g
  store i32 %r, i32 addrspace(1)* %op, align 4
  ret void

trap:
  call void @llvm.trap()
  unreachable
}

declare i64 @ka.global_id(i32)
declare void @llvm.trap()
