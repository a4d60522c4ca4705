define spir_kernel void @Unchecked(float %a, float addrspace(1)* %x.ptr, i64 %x.len, float addrspace(1)* %y.ptr, i64 %y.len, i64 %ka.gsize0, i64 %ka.gsize1, i64 %ka.gsize2) {
entry:
	br label %0

0:
	%1 = call i64 @ka.global_id(i32 2)
	%2 = call i64 @ka.global_size(i32 1)
	%3 = call i64 @ka.global_id(i32 1)
	%4 = call i64 @ka.global_size(i32 0)
	%5 = call i64 @ka.global_id(i32 0)
	%6 = mul i64 %2, %1
	%7 = add i64 %3, %6
	%8 = mul i64 %4, %7
	%9 = add i64 %5, %8
	%10 = getelementptr float, float addrspace(1)* %x.ptr, i64 %9
	%11 = load float, float addrspace(1)* %10
	%12 = fmul float %a, %11
	%13 = getelementptr float, float addrspace(1)* %y.ptr, i64 %9
	%14 = load float, float addrspace(1)* %13
	%15 = fadd float %12, %14
	%16 = getelementptr float, float addrspace(1)* %y.ptr, i64 %9
	store float %15, float addrspace(1)* %16
	ret void
}

declare i64 @ka.global_id(i32 %0)

declare i64 @ka.global_size(i32 %0)
