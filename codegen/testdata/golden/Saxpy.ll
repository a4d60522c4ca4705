define spir_kernel void @Saxpy(float %a, float addrspace(1)* %x.ptr, i64 %x.len, float addrspace(1)* %y.ptr, i64 %y.len, i64 %ka.gsize0, i64 %ka.gsize1, i64 %ka.gsize2, i32 addrspace(1)* %ka.fault, i32 %ka.launch) {
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
	br i1 %10, label %11, label %49

11:
	%12 = icmp ult i64 %9, %x.len
	br i1 %12, label %13, label %fault

13:
	%14 = getelementptr float, float addrspace(1)* %x.ptr, i64 %9
	%15 = load float, float addrspace(1)* %14
	%16 = fmul float %a, %15
	%17 = icmp ult i64 %9, %y.len
	br i1 %17, label %18, label %fault

18:
	%19 = getelementptr float, float addrspace(1)* %y.ptr, i64 %9
	%20 = load float, float addrspace(1)* %19
	%21 = fadd float %16, %20
	%22 = icmp ult i64 %9, %y.len
	br i1 %22, label %47, label %fault

fault:
	%23 = phi i32 [ 0, %11 ], [ 1, %13 ], [ 2, %18 ]
	%24 = phi i64 [ %9, %11 ], [ %9, %13 ], [ %9, %18 ]
	%25 = phi i64 [ %x.len, %11 ], [ %y.len, %13 ], [ %y.len, %18 ]
	%26 = phi i64 [ 0, %11 ], [ 0, %13 ], [ 0, %18 ]
	%27 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 0
	%28 = cmpxchg i32 addrspace(1)* %27, i32 0, i32 1 monotonic monotonic
	%29 = extractvalue { i32, i1 } %28, 1
	br i1 %29, label %30, label %46

30:
	%31 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 1
	store i32 %ka.launch, i32 addrspace(1)* %31
	%32 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 2
	store i32 %23, i32 addrspace(1)* %32
	%33 = call i64 @ka.global_id(i32 0)
	%34 = trunc i64 %33 to i32
	%35 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 3
	store i32 %34, i32 addrspace(1)* %35
	%36 = call i64 @ka.global_id(i32 1)
	%37 = trunc i64 %36 to i32
	%38 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 4
	store i32 %37, i32 addrspace(1)* %38
	%39 = call i64 @ka.global_id(i32 2)
	%40 = trunc i64 %39 to i32
	%41 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 5
	store i32 %40, i32 addrspace(1)* %41
	%42 = bitcast i32 addrspace(1)* %ka.fault to i64 addrspace(1)*
	%43 = getelementptr i64, i64 addrspace(1)* %42, i64 4
	store i64 %24, i64 addrspace(1)* %43
	%44 = getelementptr i64, i64 addrspace(1)* %42, i64 5
	store i64 %25, i64 addrspace(1)* %44
	%45 = getelementptr i64, i64 addrspace(1)* %42, i64 6
	store i64 %26, i64 addrspace(1)* %45
	br label %46

46:
	ret void

47:
	%48 = getelementptr float, float addrspace(1)* %y.ptr, i64 %9
	store float %21, float addrspace(1)* %48
	br label %49

49:
	ret void
}

declare i64 @ka.global_id(i32 %0)

declare i64 @ka.global_size(i32 %0)
