; A header with two entering edges gets a preheader, with a phi for the
; counter's different start values.
define spir_kernel void @K(i64 %n, i64 %x, i64 addrspace(1)* %o, HIDDEN) {
entry:
	%c = icmp sgt i64 %n, 100
	br i1 %c, label %head, label %other
other:
	br label %head
head:
	%i = phi i64 [ 0, %entry ], [ 1, %other ], [ %i1, %head ]
	%a = mul i64 %x, %x
	%b = add i64 %a, %i
	store i64 %b, i64 addrspace(1)* %o
	%i1 = add i64 %i, 1
	%d = icmp slt i64 %i1, %n
	br i1 %d, label %head, label %exit
exit:
	ret void
}
