; Two loops: the inner one's address a[i*n + j] steps by 1 in j, from
; a[i*n] computed in the inner loop's preheader, in the outer loop, where
; it steps by n in i, as o[i] steps by 1. A counter
; whose step is not invariant (m doubles) reduces nothing.
define spir_kernel void @K(i64 %n, float addrspace(1)* %a, float addrspace(1)* %o, HIDDEN) {
entry:
	br label %outer
outer:
	%i = phi i64 [ 0, %entry ], [ %i1, %olatch ]
	%acc = phi float [ 0.0, %entry ], [ %sum, %olatch ]
	%ci = icmp slt i64 %i, %n
	br i1 %ci, label %pre, label %exit
pre:
	%in = mul i64 %i, %n
	br label %inner
inner:
	%j = phi i64 [ 0, %pre ], [ %j1, %body ]
	%m = phi i64 [ 1, %pre ], [ %m2, %body ]
	%sum = phi float [ %acc, %pre ], [ %sum1, %body ]
	%cj = icmp slt i64 %j, %n
	br i1 %cj, label %body, label %olatch
body:
	%ia = add i64 %in, %j
	%pa = getelementptr float, float addrspace(1)* %a, i64 %ia
	%va = load float, float addrspace(1)* %pa
	%pm = getelementptr float, float addrspace(1)* %a, i64 %m
	%vm = load float, float addrspace(1)* %pm
	%s0 = fadd float %sum, %va
	%sum1 = fadd float %s0, %vm
	%j1 = add i64 %j, 1
	%m2 = add i64 %m, %m
	br label %inner
olatch:
	%po = getelementptr float, float addrspace(1)* %o, i64 %i
	store float %sum, float addrspace(1)* %po
	%i1 = add i64 %i, 1
	br label %outer
exit:
	ret void
}
