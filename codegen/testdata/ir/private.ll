; Private: a private array [8]int32 and a private scalar, with a bounds
; check that traps.
;
;	//ka:kernel
;	func Private(it ka.Item, out []int32, idx []int64) {
;		i := it.Global()
;		if i >= len(out) { return }
;		var a [8]int32
;		for k := range a { a[k] = int32(i * k) }
;		out[i] = a[idx[i]] + a[7]    // idx[i] is bounds-checked
;	}

define spir_kernel void @Private(i32 addrspace(1)* %out.ptr, i64 %out.len, i64 addrspace(1)* %idx.ptr, i64 %idx.len, i64 %ka.gsize0, i64 %ka.gsize1, i64 %ka.gsize2) {
entry:
  %a = alloca [8 x i32]
  %acc = alloca i32
  %i = call i64 @ka.global_id(i32 0)
  %inr = icmp slt i64 %i, %out.len
  br i1 %inr, label %head, label %exit

head:
  %k = phi i64 [ 0, %entry ], [ %k.next, %body ]
  %more = icmp slt i64 %k, 8
  br i1 %more, label %body, label %use

body:
  %ik = mul i64 %i, %k
  %v = trunc i64 %ik to i32
  %pa = getelementptr [8 x i32], [8 x i32]* %a, i64 0, i64 %k
  store i32 %v, i32* %pa
  %k.next = add i64 %k, 1
  br label %head

use:
  %pidx = getelementptr i64, i64 addrspace(1)* %idx.ptr, i64 %i
  %j = load i64, i64 addrspace(1)* %pidx
  %inb = icmp ult i64 %j, 8
  br i1 %inb, label %ok, label %fail

fail:
  call void @llvm.trap()
  unreachable

ok:
  %pj = getelementptr [8 x i32], [8 x i32]* %a, i64 0, i64 %j
  %aj = load i32, i32* %pj
  store i32 %aj, i32* %acc
  %p7 = getelementptr [8 x i32], [8 x i32]* %a, i64 0, i64 7
  %a7 = load i32, i32* %p7
  %s0 = load i32, i32* %acc
  %s = add i32 %s0, %a7
  %po = getelementptr i32, i32 addrspace(1)* %out.ptr, i64 %i
  store i32 %s, i32 addrspace(1)* %po
  br label %exit

exit:
  ret void
}

declare i64 @ka.global_id(i32)
declare void @llvm.trap()
