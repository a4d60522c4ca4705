; Equal pure instructions merge into the one that dominates them: integer
; operations (commutative ones in either order), comparisons, selects,
; casts, getelementptrs and work-item queries; a query of another
; dimension, and equal instructions in sibling blocks, stay.
define spir_kernel void @K(i64 %x, i64 %y, float addrspace(1)* %p, i64 addrspace(1)* %o, HIDDEN) {
entry:
	%a = mul i64 %x, %y
	%g = call i64 @ka.global_id(i32 0)
	%l0 = call i64 @ka.local_id(i32 0)
	%c = icmp slt i64 %a, %g
	%q = getelementptr float, float addrspace(1)* %p, i64 %a
	%t = trunc i64 %x to i32
	br i1 %c, label %then, label %else
then:
	%a2 = mul i64 %y, %x
	%g2 = call i64 @ka.global_id(i32 0)
	%l1 = call i64 @ka.local_id(i32 1)
	%c2 = icmp slt i64 %a2, %g2
	%s = select i1 %c2, i64 %a2, i64 %l1
	%s2 = select i1 %c, i64 %a, i64 %l1
	%q2 = getelementptr float, float addrspace(1)* %q, i64 1
	%t2 = trunc i64 %x to i32
	%z = zext i32 %t2 to i64
	%sub = sub i64 %y, %x
	store i64 %s, i64 addrspace(1)* %o
	store i64 %s2, i64 addrspace(1)* %o
	store i64 %z, i64 addrspace(1)* %o
	store i64 %sub, i64 addrspace(1)* %o
	store i64 %l0, i64 addrspace(1)* %o
	%f2 = load float, float addrspace(1)* %q2
	br label %join
else:
	%sub3 = sub i64 %y, %x
	%q3 = getelementptr float, float addrspace(1)* %q, i64 1
	%f3 = load float, float addrspace(1)* %q3
	store i64 %sub3, i64 addrspace(1)* %o
	br label %join
join:
	%f = phi float [ %f2, %then ], [ %f3, %else ]
	%sub4 = sub i64 %y, %x
	%d = sdiv i64 %sub4, %a
	store i64 %d, i64 addrspace(1)* %o
	%d2 = sdiv i64 %sub4, %a
	store i64 %d2, i64 addrspace(1)* %o
	store float %f, float addrspace(1)* %p
	ret void
}
