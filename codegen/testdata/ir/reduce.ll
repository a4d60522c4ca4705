; Reduce: a workgroup tree reduction in local memory, one partial sum per
; group (groups of 64).
;
;	//ka:kernel
;	func Reduce(it ka.Item, x, partial []float32) {
;		tile := ka.LocalArray[float32](it, 64)
;		l, i := it.LocalID(0), it.Global()
;		v := float32(0)
;		if i < len(x) { v = x[i] }
;		tile[l] = v
;		it.Barrier()
;		for s := it.GroupSize(0) / 2; s > 0; s >>= 1 {
;			if l < s { tile[l] += tile[l+s] }
;			it.Barrier()
;		}
;		if l == 0 { partial[it.GroupID(0)] = tile[0] }
;	}

@ka.local.0 = internal addrspace(3) global [64 x float] undef

define spir_kernel void @Reduce(float addrspace(1)* %x.ptr, i64 %x.len, float addrspace(1)* %partial.ptr, i64 %partial.len, i64 %ka.gsize0, i64 %ka.gsize1, i64 %ka.gsize2) {
entry:
  %l = call i64 @ka.local_id(i32 0)
  %i = call i64 @ka.global_id(i32 0)
  %inr = icmp slt i64 %i, %x.len
  br i1 %inr, label %load, label %fill

load:
  %px = getelementptr float, float addrspace(1)* %x.ptr, i64 %i
  %xv = load float, float addrspace(1)* %px
  br label %fill

fill:
  %v = phi float [ 0.000000e+00, %entry ], [ %xv, %load ]
  %pl = getelementptr [64 x float], [64 x float] addrspace(3)* @ka.local.0, i64 0, i64 %l
  store float %v, float addrspace(3)* %pl
  call void @ka.barrier()
  %gs = call i64 @ka.group_size(i32 0)
  %s0 = sdiv i64 %gs, 2
  br label %head

head:
  %s = phi i64 [ %s0, %fill ], [ %s.next, %step.done ]
  %more = icmp sgt i64 %s, 0
  br i1 %more, label %step, label %out

step:
  %active = icmp slt i64 %l, %s
  br i1 %active, label %add, label %step.done

add:
  %ls = add i64 %l, %s
  %pls = getelementptr [64 x float], [64 x float] addrspace(3)* @ka.local.0, i64 0, i64 %ls
  %a = load float, float addrspace(3)* %pl
  %b = load float, float addrspace(3)* %pls
  %sum = fadd float %a, %b
  store float %sum, float addrspace(3)* %pl
  br label %step.done

step.done:
  call void @ka.barrier()
  %s.next = ashr i64 %s, 1
  br label %head

out:
  %first = icmp eq i64 %l, 0
  br i1 %first, label %write, label %exit

write:
  %g = call i64 @ka.group_id(i32 0)
  %p0 = getelementptr [64 x float], [64 x float] addrspace(3)* @ka.local.0, i64 0, i64 0
  %t = load float, float addrspace(3)* %p0
  %pp = getelementptr float, float addrspace(1)* %partial.ptr, i64 %g
  store float %t, float addrspace(1)* %pp
  br label %exit

exit:
  ret void
}

declare i64 @ka.local_id(i32)
declare i64 @ka.global_id(i32)
declare i64 @ka.group_id(i32)
declare i64 @ka.group_size(i32)
declare void @ka.barrier()
