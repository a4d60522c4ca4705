; What never merges: loads (the two loads of local memory around the
; barrier above all), atomics, the subgroup shuffle, printf, float
; operations; nor a division in one branch with its twin in the other.
define spir_kernel void @K(i64 %x, i64 %y, i32 %v, float %a, float addrspace(3)* %l, i32 addrspace(1)* %n, float addrspace(1)* %o, i64 addrspace(1)* %oi, HIDDEN) {
entry:
	%p = getelementptr float, float addrspace(3)* %l, i64 %x
	%v1 = load float, float addrspace(3)* %p
	call void @ka.barrier()
	%p2 = getelementptr float, float addrspace(3)* %l, i64 %x
	%v2 = load float, float addrspace(3)* %p2
	%s = fadd float %v1, %v2
	store float %s, float addrspace(1)* %o
	%r1 = atomicrmw add i32 addrspace(1)* %n, i32 1 monotonic
	%r2 = atomicrmw add i32 addrspace(1)* %n, i32 1 monotonic
	%sh1 = call i32 @ka.subgroup_shuffle(i32 %v, i32 0)
	%sh2 = call i32 @ka.subgroup_shuffle(i32 %v, i32 0)
	%r = add i32 %r1, %r2
	%sh = add i32 %sh1, %sh2
	%rs = add i32 %r, %sh
	store i32 %rs, i32 addrspace(1)* %n
	call void (...) @ka.printf([4 x i8] c"%ld\00", i64 %x)
	call void (...) @ka.printf([4 x i8] c"%ld\00", i64 %x)
	%m1 = fmul float %a, %a
	%m2 = fmul float %a, %a
	%t1 = fadd float %m1, %a
	%t2 = fadd float %m2, %a
	store float %t1, float addrspace(1)* %o
	store float %t2, float addrspace(1)* %o
	%c = icmp eq i64 %y, 0
	br i1 %c, label %then, label %else
then:
	%d1 = udiv i64 %x, %y
	store i64 %d1, i64 addrspace(1)* %oi
	ret void
else:
	%d2 = udiv i64 %x, %y
	store i64 %d2, i64 addrspace(1)* %oi
	ret void
}
