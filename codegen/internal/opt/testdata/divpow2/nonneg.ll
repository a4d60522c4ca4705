; Dividends known not to be negative take the unsigned forms: a query, a
; zext, a mask, and the reduction's halving counter below its guard
; s > 0; not the counter where the guard does not hold.
define spir_kernel void @K(i32 %w, i64 %m, i64 addrspace(1)* %o, HIDDEN) {
entry:
	%lid = call i64 @ka.local_id(i32 0)
	%a = sdiv i64 %lid, 4
	store i64 %a, i64 addrspace(1)* %o
	%z = zext i32 %w to i64
	%b = srem i64 %z, 8
	store i64 %b, i64 addrspace(1)* %o
	%mk = and i64 %m, 1023
	%c = sdiv i64 %mk, 2
	store i64 %c, i64 addrspace(1)* %o
	br label %head
head:
	%s = phi i64 [ 128, %entry ], [ %s1, %body ]
	%pos = icmp sgt i64 %s, 0
	br i1 %pos, label %body, label %exit
body:
	%s1 = sdiv i64 %s, 2
	br label %head
exit:
	%e = sdiv i64 %s, 2
	store i64 %e, i64 addrspace(1)* %o
	ret void
}
