define spir_kernel void @Contracted(float %a, float addrspace(1)* %x.ptr, i64 %x.len, float addrspace(1)* %y.ptr, i64 %y.len, i64 %ka.gsize0, i64 %ka.gsize1, i64 %ka.gsize2) "ka-contract" {
entry:
	%0 = call i64 @ka.global_id(i32 0)
	%1 = call i64 @ka.global_size(i32 0)
	%2 = icmp uge i64 %0, %1
	%3 = call i64 @ka.global_id(i32 1)
	%4 = call i64 @ka.global_size(i32 1)
	%5 = icmp uge i64 %3, %4
	%6 = or i1 %2, %5
	%7 = call i64 @ka.global_id(i32 2)
	%8 = call i64 @ka.global_size(i32 2)
	%9 = icmp uge i64 %7, %8
	%10 = or i1 %6, %9
	br i1 %10, label %outside, label %11

11:
	%12 = call i64 @ka.global_id(i32 2)
	%13 = call i64 @ka.global_size(i32 1)
	%14 = call i64 @ka.global_id(i32 1)
	%15 = call i64 @ka.global_size(i32 0)
	%16 = call i64 @ka.global_id(i32 0)
	%17 = mul i64 %13, %12
	%18 = add i64 %14, %17
	%19 = mul i64 %15, %18
	%20 = add i64 %16, %19
	%21 = getelementptr float, float addrspace(1)* %x.ptr, i64 %20
	%22 = load float, float addrspace(1)* %21
	%23 = fmul float %a, %22
	%24 = getelementptr float, float addrspace(1)* %y.ptr, i64 %20
	%25 = load float, float addrspace(1)* %24
	%26 = fadd float %23, %25
	%27 = getelementptr float, float addrspace(1)* %y.ptr, i64 %20
	store float %26, float addrspace(1)* %27
	%28 = getelementptr float, float addrspace(1)* %x.ptr, i64 %20
	%29 = load float, float addrspace(1)* %28
	%30 = fmul float %a, %29, !ka.round !{}
	%31 = getelementptr float, float addrspace(1)* %y.ptr, i64 %20
	%32 = load float, float addrspace(1)* %31
	%33 = fadd float %30, %32
	%34 = getelementptr float, float addrspace(1)* %x.ptr, i64 %20
	store float %33, float addrspace(1)* %34
	ret void

outside:
	ret void
}

declare i64 @ka.global_id(i32 %0)

declare i64 @ka.global_size(i32 %0)
