; Addresses affine in the counter k (from %init, step %s, both
; invariant): a[row*n + k], a[row*n + k+1] and a[row*n + k-2] share one
; pointer phi and keep their offsets 0, 1 and -2; b[k*n + col] steps by
; s*n elements; c[(k << 2) + 3] by s*4. Not reduced: d[k*k] (not affine)
; and e[k] in a block that not every turn runs.
define spir_kernel void @K(i64 %n, i64 %init, i64 %s, float addrspace(1)* %a, float addrspace(1)* %b, float addrspace(1)* %c, float addrspace(1)* %d, float addrspace(1)* %e, HIDDEN) {
entry:
	%row = call i64 @ka.global_id(i32 1)
	%col = call i64 @ka.global_id(i32 0)
	%rn = mul i64 %row, %n
	br label %head
head:
	%k = phi i64 [ %init, %entry ], [ %k1, %latch ]
	%acc = phi float [ 0.0, %entry ], [ %acc3, %latch ]
	%ck = icmp slt i64 %k, %n
	br i1 %ck, label %body, label %exit
body:
	%ia = add i64 %rn, %k
	%pa = getelementptr float, float addrspace(1)* %a, i64 %ia
	%va = load float, float addrspace(1)* %pa
	%ia1 = add i64 %ia, 1
	%pa1 = getelementptr float, float addrspace(1)* %a, i64 %ia1
	%va1 = load float, float addrspace(1)* %pa1
	%ia2 = sub i64 %ia, 2
	%pa2 = getelementptr float, float addrspace(1)* %a, i64 %ia2
	%va2 = load float, float addrspace(1)* %pa2
	%kn = mul i64 %k, %n
	%ib = add i64 %kn, %col
	%pb = getelementptr float, float addrspace(1)* %b, i64 %ib
	%vb = load float, float addrspace(1)* %pb
	%k4 = shl i64 %k, 2
	%ic = add i64 %k4, 3
	%pc = getelementptr float, float addrspace(1)* %c, i64 %ic
	store float %va, float addrspace(1)* %pc
	%kk = mul i64 %k, %k
	%pd = getelementptr float, float addrspace(1)* %d, i64 %kk
	store float %va1, float addrspace(1)* %pd
	%odd = and i64 %k, 1
	%isodd = icmp eq i64 %odd, 1
	br i1 %isodd, label %side, label %latch
side:
	%pe = getelementptr float, float addrspace(1)* %e, i64 %k
	store float %va2, float addrspace(1)* %pe
	br label %latch
latch:
	%acc2 = fadd float %acc, %vb
	%acc3 = fadd float %acc2, %va2
	%k1 = add i64 %k, %s
	br label %head
exit:
	store float %acc, float addrspace(1)* %e
	ret void
}
