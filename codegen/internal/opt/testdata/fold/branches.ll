; A branch on a constant loses its other edge, the block only it reached
; goes with the phi values for it, and the phis left with one value are
; replaced by it. A loop's phi that only carries itself around is its
; entry value.
define spir_kernel void @K(i64 %x, i64 %n, i64 addrspace(1)* %o, HIDDEN) {
entry:
	%big = icmp sgt i64 16, 8
	br i1 %big, label %then, label %else
then:
	%a = add i64 %x, 1
	br label %join
else:
	%b = add i64 %x, 2
	br label %join
join:
	%p = phi i64 [ %a, %then ], [ %b, %else ]
	%q = phi i64 [ 3, %then ], [ 4, %else ]
	store i64 %p, i64 addrspace(1)* %o
	store i64 %q, i64 addrspace(1)* %o
	br label %head
head:
	%i = phi i64 [ 0, %join ], [ %i1, %body ]
	%inv = phi i64 [ %x, %join ], [ %inv, %body ]
	%c = icmp slt i64 %i, %n
	br i1 %c, label %body, label %exit
body:
	store i64 %inv, i64 addrspace(1)* %o
	%i1 = add i64 %i, 1
	br i1 %c, label %head, label %head
exit:
	ret void
}
