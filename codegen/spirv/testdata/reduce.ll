; A workgroup sum (group size 64) in local memory:
;   buf := ka.LocalArray[float32](it, 64)
;   buf[l] = x[g] (0 past the end); barrier
;   for s := 32; s > 0; s >>= 1 { if l < s { buf[l] += buf[l+s] }; barrier }
;   if l == 0 { out[GroupID(0)] = buf[0] }
@ka.local.0 = internal addrspace(3) global [64 x float] undef

define spir_kernel void @Reduce(float addrspace(1)* %x.ptr, i64 %x.len, float addrspace(1)* %out.ptr, i64 %out.len, i64 %ka.gsize0, i64 %ka.gsize1, i64 %ka.gsize2) {
entry:
  %g = call i64 @ka.global_id(i32 0)
  %l = call i64 @ka.local_id(i32 0)
  %inb = icmp slt i64 %g, %x.len
  br i1 %inb, label %load, label %fill

load:
  %xp = getelementptr float, float addrspace(1)* %x.ptr, i64 %g
  %xv = load float, float addrspace(1)* %xp, align 4
  br label %fill

fill:
  %v = phi float [ %xv, %load ], [ 0.000000e+00, %entry ]
  %bp = getelementptr [64 x float], [64 x float] addrspace(3)* @ka.local.0, i64 0, i64 %l
  store float %v, float addrspace(3)* %bp, align 4
  call void @ka.barrier()
  br label %header

header:
  %s = phi i64 [ 32, %fill ], [ %s.next, %sync ]
  %more = icmp sgt i64 %s, 0
  br i1 %more, label %step, label %tail

step:
  %active = icmp slt i64 %l, %s
  br i1 %active, label %add, label %sync

add:
  %ls = add i64 %l, %s
  %op = getelementptr [64 x float], [64 x float] addrspace(3)* @ka.local.0, i64 0, i64 %ls
  %ov = load float, float addrspace(3)* %op, align 4
  %mp = getelementptr [64 x float], [64 x float] addrspace(3)* @ka.local.0, i64 0, i64 %l
  %mv = load float, float addrspace(3)* %mp, align 4
  %sum = fadd float %mv, %ov
  store float %sum, float addrspace(3)* %mp, align 4
  br label %sync

sync:
  call void @ka.barrier()
  %s.next = ashr i64 %s, 1
  br label %header

tail:
  %first = icmp eq i64 %l, 0
  br i1 %first, label %write, label %done

write:
  %grp = call i64 @ka.group_id(i32 0)
  %rp = getelementptr [64 x float], [64 x float] addrspace(3)* @ka.local.0, i64 0, i64 0
  %rv = load float, float addrspace(3)* %rp, align 4
  %dst = getelementptr float, float addrspace(1)* %out.ptr, i64 %grp
  store float %rv, float addrspace(1)* %dst, align 4
  br label %done

done:
  ret void
}

declare i64 @ka.global_id(i32)
declare i64 @ka.local_id(i32)
declare i64 @ka.group_id(i32)
declare void @ka.barrier()
