; Workgroup sum of 256 floats in local memory with barriers, one partial sum
; per group; the tree loop halves the stride each round.

@ka.local.0 = internal addrspace(3) global [256 x float] undef

define spir_kernel void @Reduce(float addrspace(1)* %in.ptr, i64 %in.len, float addrspace(1)* %out.ptr, i64 %out.len, i64 %ka.gsize0, i64 %ka.gsize1, i64 %ka.gsize2) {
entry:
  %g = call i64 @ka.global_id(i32 0)
  %l = call i64 @ka.local_id(i32 0)
  %grp = call i64 @ka.group_id(i32 0)
  %ok = icmp slt i64 %g, %in.len
  br i1 %ok, label %load, label %zero

load:
  %ip = getelementptr float, float addrspace(1)* %in.ptr, i64 %g
  %v = load float, float addrspace(1)* %ip
  br label %put

zero:
  br label %put

put:
  %x = phi float [ %v, %load ], [ 0.0, %zero ]
  %lp = getelementptr [256 x float], [256 x float] addrspace(3)* @ka.local.0, i64 0, i64 %l
  store float %x, float addrspace(3)* %lp
  call void @ka.barrier()
  br label %tree

tree:
  %s = phi i64 [ 128, %put ], [ %s.next, %next ]
  %more = icmp sgt i64 %s, 0
  br i1 %more, label %round, label %finish

round:
  %low = icmp slt i64 %l, %s
  br i1 %low, label %addup, label %sync

addup:
  %j = add i64 %l, %s
  %jp = getelementptr [256 x float], [256 x float] addrspace(3)* @ka.local.0, i64 0, i64 %j
  %a = load float, float addrspace(3)* %jp
  %b = load float, float addrspace(3)* %lp
  %c = fadd float %a, %b
  store float %c, float addrspace(3)* %lp
  br label %sync

sync:
  call void @ka.barrier()
  br label %next

next:
  %s.next = ashr i64 %s, 1
  br label %tree

finish:
  %first = icmp eq i64 %l, 0
  br i1 %first, label %write, label %done

write:
  %sum0 = getelementptr [256 x float], [256 x float] addrspace(3)* @ka.local.0, i64 0, i64 0
  %r = load float, float addrspace(3)* %sum0
  %op = getelementptr float, float addrspace(1)* %out.ptr, i64 %grp
  store float %r, float addrspace(1)* %op
  br label %done

done:
  ret void
}

declare i64 @ka.global_id(i32)
declare i64 @ka.local_id(i32)
declare i64 @ka.group_id(i32)
declare void @ka.barrier()
