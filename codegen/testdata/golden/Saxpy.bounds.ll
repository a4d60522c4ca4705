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
	br i1 %10, label %11, label %25

11:
	%12 = icmp ult i64 %9, %x.len
	br i1 %12, label %13, label %bounds.fail

13:
	%14 = getelementptr float, float addrspace(1)* %x.ptr, i64 %9
	%15 = load float, float addrspace(1)* %14
	%16 = fmul float %a, %15
	%17 = icmp ult i64 %9, %y.len
	br i1 %17, label %18, label %bounds.fail

18:
	%19 = getelementptr float, float addrspace(1)* %y.ptr, i64 %9
	%20 = load float, float addrspace(1)* %19
	%21 = fadd float %16, %20
	%22 = icmp ult i64 %9, %y.len
	br i1 %22, label %23, label %bounds.fail

bounds.fail:
	call void @llvm.trap()
	unreachable

23:
	%24 = getelementptr float, float addrspace(1)* %y.ptr, i64 %9
	store float %21, float addrspace(1)* %24
	br label %25

25:
	ret void
}

declare i64 @ka.global_id(i32 %0)

declare i64 @ka.global_size(i32 %0)

declare void @llvm.trap()
