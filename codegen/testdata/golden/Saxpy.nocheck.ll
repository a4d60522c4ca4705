define spir_kernel void @Saxpy(float %a, float addrspace(1)* %x.ptr, i64 %x.len, float addrspace(1)* %y.ptr, i64 %y.len, i64 %ka.gsize0, i64 %ka.gsize1, i64 %ka.gsize2) {
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
	%10 = icmp slt i64 %9, %y.len
	br i1 %10, label %11, label %19

11:
	%12 = getelementptr float, float addrspace(1)* %x.ptr, i64 %9
	%13 = load float, float addrspace(1)* %12
	%14 = fmul float %a, %13
	%15 = getelementptr float, float addrspace(1)* %y.ptr, i64 %9
	%16 = load float, float addrspace(1)* %15
	%17 = fadd float %14, %16
	%18 = getelementptr float, float addrspace(1)* %y.ptr, i64 %9
	store float %17, float addrspace(1)* %18
	br label %19

19:
	ret void
}

declare i64 @ka.global_id(i32 %0)

declare i64 @ka.global_size(i32 %0)
