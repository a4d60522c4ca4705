define spir_kernel void @Saxpy(float %a, float addrspace(1)* %x.ptr, i64 %x.len, float addrspace(1)* %y.ptr, i64 %y.len) {
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
	br i1 %10, label %11, label %13

11:
	%12 = icmp ult i64 %9, %x.len
	br i1 %12, label %14, label %bounds.fail

13:
	ret void

bounds.fail:
	call void @llvm.trap()
	unreachable

14:
	%15 = getelementptr float, float addrspace(1)* %x.ptr, i64 %9
	%16 = load float, float addrspace(1)* %15
	%17 = fmul float %a, %16
	%18 = icmp ult i64 %9, %y.len
	br i1 %18, label %19, label %bounds.fail

19:
	%20 = getelementptr float, float addrspace(1)* %y.ptr, i64 %9
	%21 = load float, float addrspace(1)* %20
	%22 = fadd float %17, %21
	%23 = icmp ult i64 %9, %y.len
	br i1 %23, label %24, label %bounds.fail

24:
	%25 = getelementptr float, float addrspace(1)* %y.ptr, i64 %9
	store float %22, float addrspace(1)* %25
	br label %13
}

declare i64 @ka.global_id(i32 %0)

declare i64 @ka.global_size(i32 %0)

declare void @llvm.trap()
