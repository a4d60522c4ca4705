define spir_kernel void @Generic_float32(float %a, float addrspace(1)* %x.ptr, i64 %x.len, i64 %ka.gsize0, i64 %ka.gsize1, i64 %ka.gsize2, i32 addrspace(1)* %ka.fault, i32 %ka.launch) {
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
	%10 = call i64 @ka.global_id(i32 2)
	%11 = call i64 @ka.global_size(i32 1)
	%12 = call i64 @ka.global_id(i32 1)
	%13 = call i64 @ka.global_size(i32 0)
	%14 = call i64 @ka.global_id(i32 0)
	%15 = mul i64 %11, %10
	%16 = add i64 %12, %15
	%17 = mul i64 %13, %16
	%18 = add i64 %14, %17
	%19 = icmp ult i64 %18, %x.len
	br i1 %19, label %20, label %fault

20:
	%21 = getelementptr float, float addrspace(1)* %x.ptr, i64 %18
	%22 = load float, float addrspace(1)* %21
	%23 = call float @llvm.maximum.f32(float %22, float %a)
	%24 = icmp ult i64 %9, %x.len
	br i1 %24, label %49, label %fault

fault:
	%25 = phi i32 [ 0, %0 ], [ 1, %20 ]
	%26 = phi i64 [ %18, %0 ], [ %9, %20 ]
	%27 = phi i64 [ %x.len, %0 ], [ %x.len, %20 ]
	%28 = phi i64 [ 0, %0 ], [ 0, %20 ]
	%29 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 0
	%30 = cmpxchg i32 addrspace(1)* %29, i32 0, i32 1 monotonic monotonic
	%31 = extractvalue { i32, i1 } %30, 1
	br i1 %31, label %32, label %48

32:
	%33 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 1
	store i32 %ka.launch, i32 addrspace(1)* %33
	%34 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 2
	store i32 %25, i32 addrspace(1)* %34
	%35 = call i64 @ka.global_id(i32 0)
	%36 = trunc i64 %35 to i32
	%37 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 3
	store i32 %36, i32 addrspace(1)* %37
	%38 = call i64 @ka.global_id(i32 1)
	%39 = trunc i64 %38 to i32
	%40 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 4
	store i32 %39, i32 addrspace(1)* %40
	%41 = call i64 @ka.global_id(i32 2)
	%42 = trunc i64 %41 to i32
	%43 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 5
	store i32 %42, i32 addrspace(1)* %43
	%44 = bitcast i32 addrspace(1)* %ka.fault to i64 addrspace(1)*
	%45 = getelementptr i64, i64 addrspace(1)* %44, i64 4
	store i64 %26, i64 addrspace(1)* %45
	%46 = getelementptr i64, i64 addrspace(1)* %44, i64 5
	store i64 %27, i64 addrspace(1)* %46
	%47 = getelementptr i64, i64 addrspace(1)* %44, i64 6
	store i64 %28, i64 addrspace(1)* %47
	br label %48

48:
	ret void

49:
	%50 = getelementptr float, float addrspace(1)* %x.ptr, i64 %9
	store float %23, float addrspace(1)* %50
	ret void
}

declare i64 @ka.global_id(i32 %0)

declare i64 @ka.global_size(i32 %0)

declare float @llvm.maximum.f32(float %0, float %1)
