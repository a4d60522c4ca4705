; Invariants climb out of two loops: row*n (parameters and a query) out of
; both, i*16 out of the inner one only. The inner loop's header has one
; entering edge, from the outer header's conditional branch, so it gets a
; new preheader; the outer loop uses entry. The division by a constant
; 16 moves, the one by %d does not, nor does the load (next to a
; barrier), nor what depends on the counters.
define spir_kernel void @K(i64 %n, i64 %d, float addrspace(3)* %l, float addrspace(1)* %o, HIDDEN) {
entry:
	%row = call i64 @ka.global_id(i32 1)
	br label %outer
outer:
	%i = phi i64 [ 0, %entry ], [ %i1, %olatch ]
	%tiles = sdiv i64 %n, 16
	%c = icmp slt i64 %i, %tiles
	br i1 %c, label %inner, label %exit
inner:
	%j = phi i64 [ 0, %outer ], [ %j1, %body ]
	%cj = icmp slt i64 %j, 16
	br i1 %cj, label %body, label %olatch
body:
	%rn = mul i64 %row, %n
	%i16 = mul i64 %i, 16
	%k = add i64 %i16, %j
	%idx = add i64 %rn, %k
	%q = sdiv i64 %n, %d
	%lid = call i64 @ka.local_id(i32 0)
	%p = getelementptr float, float addrspace(3)* %l, i64 %lid
	%v = load float, float addrspace(3)* %p
	call void @ka.barrier()
	%op = getelementptr float, float addrspace(1)* %o, i64 %idx
	store float %v, float addrspace(1)* %op
	%op2 = getelementptr float, float addrspace(1)* %o, i64 %q
	store float %v, float addrspace(1)* %op2
	%j1 = add i64 %j, 1
	br label %inner
olatch:
	%i1 = add i64 %i, 1
	br label %outer
exit:
	ret void
}
