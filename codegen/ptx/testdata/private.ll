; A private [16 x int32] array: fill, then sum in reverse, with a scalar
; alloca too.

define spir_kernel void @Private(i32 addrspace(1)* %out.ptr, i64 %out.len, i64 %ka.gsize0, i64 %ka.gsize1, i64 %ka.gsize2) {
entry:
  %arr = alloca [16 x i32]
  %acc = alloca i32
  %i = call i64 @ka.global_id(i32 0)
  %i32 = trunc i64 %i to i32
  store i32 0, i32* %acc
  br label %fill

fill:
  %k = phi i64 [ 0, %entry ], [ %k.next, %fill ]
  %kp = getelementptr [16 x i32], [16 x i32]* %arr, i64 0, i64 %k
  %k32 = trunc i64 %k to i32
  %v = mul i32 %k32, %i32
  store i32 %v, i32* %kp
  %k.next = add i64 %k, 1
  %more = icmp slt i64 %k.next, 16
  br i1 %more, label %fill, label %sum

sum:
  %j = phi i64 [ 15, %fill ], [ %j.next, %sum ]
  %jp = getelementptr [16 x i32], [16 x i32]* %arr, i64 0, i64 %j
  %x = load i32, i32* %jp
  %a = load i32, i32* %acc
  %a2 = add i32 %a, %x
  store i32 %a2, i32* %acc
  %j.next = sub i64 %j, 1
  %again = icmp sge i64 %j.next, 0
  br i1 %again, label %sum, label %out

out:
  %ok = icmp ult i64 %i, %out.len
  br i1 %ok, label %write, label %done

write:
  %r = load i32, i32* %acc
  %op = getelementptr i32, i32 addrspace(1)* %out.ptr, i64 %i
  store i32 %r, i32 addrspace(1)* %op
  br label %done

done:
  ret void
}

declare i64 @ka.global_id(i32)
