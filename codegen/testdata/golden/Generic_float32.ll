define spir_kernel void @Generic_float32(float %a, float addrspace(1)* %x.ptr, i64 %x.len, i64 %ka.gsize0, i64 %ka.gsize1, i64 %ka.gsize2, i32 addrspace(1)* %ka.fault, i32 %ka.launch) {
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
	%21 = call i64 @ka.global_id(i32 2)
	%22 = call i64 @ka.global_size(i32 1)
	%23 = call i64 @ka.global_id(i32 1)
	%24 = call i64 @ka.global_size(i32 0)
	%25 = call i64 @ka.global_id(i32 0)
	%26 = mul i64 %22, %21
	%27 = add i64 %23, %26
	%28 = mul i64 %24, %27
	%29 = add i64 %25, %28
	%30 = icmp ult i64 %29, %x.len
	br i1 %30, label %31, label %fault

31:
	%32 = getelementptr float, float addrspace(1)* %x.ptr, i64 %29
	%33 = load float, float addrspace(1)* %32
	%34 = call float @llvm.maximum.f32(float %33, float %a)
	%35 = icmp ult i64 %20, %x.len
	br i1 %35, label %60, label %fault

fault:
	%36 = phi i32 [ 0, %11 ], [ 1, %31 ]
	%37 = phi i64 [ %29, %11 ], [ %20, %31 ]
	%38 = phi i64 [ %x.len, %11 ], [ %x.len, %31 ]
	%39 = phi i64 [ 0, %11 ], [ 0, %31 ]
	%40 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 0
	%41 = cmpxchg i32 addrspace(1)* %40, i32 0, i32 1 monotonic monotonic
	%42 = extractvalue { i32, i1 } %41, 1
	br i1 %42, label %43, label %59

43:
	%44 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 1
	store i32 %ka.launch, i32 addrspace(1)* %44
	%45 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 2
	store i32 %36, i32 addrspace(1)* %45
	%46 = call i64 @ka.global_id(i32 0)
	%47 = trunc i64 %46 to i32
	%48 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 3
	store i32 %47, i32 addrspace(1)* %48
	%49 = call i64 @ka.global_id(i32 1)
	%50 = trunc i64 %49 to i32
	%51 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 4
	store i32 %50, i32 addrspace(1)* %51
	%52 = call i64 @ka.global_id(i32 2)
	%53 = trunc i64 %52 to i32
	%54 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 5
	store i32 %53, i32 addrspace(1)* %54
	%55 = bitcast i32 addrspace(1)* %ka.fault to i64 addrspace(1)*
	%56 = getelementptr i64, i64 addrspace(1)* %55, i64 4
	store i64 %37, i64 addrspace(1)* %56
	%57 = getelementptr i64, i64 addrspace(1)* %55, i64 5
	store i64 %38, i64 addrspace(1)* %57
	%58 = getelementptr i64, i64 addrspace(1)* %55, i64 6
	store i64 %39, i64 addrspace(1)* %58
	br label %59

59:
	ret void

60:
	%61 = getelementptr float, float addrspace(1)* %x.ptr, i64 %20
	store float %34, float addrspace(1)* %61
	ret void

outside:
	ret void
}

declare i64 @ka.global_id(i32 %0)

declare i64 @ka.global_size(i32 %0)

declare float @llvm.maximum.f32(float %0, float %1)
