define spir_kernel void @Saxpy(float %a, float addrspace(1)* %x.ptr, i64 %x.len, float addrspace(1)* %y.ptr, i64 %y.len, i64 %ka.gsize0, i64 %ka.gsize1, i64 %ka.gsize2, i32 addrspace(1)* %ka.fault, i32 %ka.launch) {
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
	%21 = icmp slt i64 %20, %y.len
	br i1 %21, label %22, label %60

22:
	%23 = icmp ult i64 %20, %x.len
	br i1 %23, label %24, label %fault

24:
	%25 = getelementptr float, float addrspace(1)* %x.ptr, i64 %20
	%26 = load float, float addrspace(1)* %25
	%27 = fmul float %a, %26
	%28 = icmp ult i64 %20, %y.len
	br i1 %28, label %29, label %fault

29:
	%30 = getelementptr float, float addrspace(1)* %y.ptr, i64 %20
	%31 = load float, float addrspace(1)* %30
	%32 = fadd float %27, %31
	%33 = icmp ult i64 %20, %y.len
	br i1 %33, label %58, label %fault

fault:
	%34 = phi i32 [ 0, %22 ], [ 1, %24 ], [ 2, %29 ]
	%35 = phi i64 [ %20, %22 ], [ %20, %24 ], [ %20, %29 ]
	%36 = phi i64 [ %x.len, %22 ], [ %y.len, %24 ], [ %y.len, %29 ]
	%37 = phi i64 [ 0, %22 ], [ 0, %24 ], [ 0, %29 ]
	%38 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 0
	%39 = cmpxchg i32 addrspace(1)* %38, i32 0, i32 1 monotonic monotonic
	%40 = extractvalue { i32, i1 } %39, 1
	br i1 %40, label %41, label %57

41:
	%42 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 1
	store i32 %ka.launch, i32 addrspace(1)* %42
	%43 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 2
	store i32 %34, i32 addrspace(1)* %43
	%44 = call i64 @ka.global_id(i32 0)
	%45 = trunc i64 %44 to i32
	%46 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 3
	store i32 %45, i32 addrspace(1)* %46
	%47 = call i64 @ka.global_id(i32 1)
	%48 = trunc i64 %47 to i32
	%49 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 4
	store i32 %48, i32 addrspace(1)* %49
	%50 = call i64 @ka.global_id(i32 2)
	%51 = trunc i64 %50 to i32
	%52 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 5
	store i32 %51, i32 addrspace(1)* %52
	%53 = bitcast i32 addrspace(1)* %ka.fault to i64 addrspace(1)*
	%54 = getelementptr i64, i64 addrspace(1)* %53, i64 4
	store i64 %35, i64 addrspace(1)* %54
	%55 = getelementptr i64, i64 addrspace(1)* %53, i64 5
	store i64 %36, i64 addrspace(1)* %55
	%56 = getelementptr i64, i64 addrspace(1)* %53, i64 6
	store i64 %37, i64 addrspace(1)* %56
	br label %57

57:
	ret void

58:
	%59 = getelementptr float, float addrspace(1)* %y.ptr, i64 %20
	store float %32, float addrspace(1)* %59
	br label %60

60:
	ret void

outside:
	ret void
}

declare i64 @ka.global_id(i32 %0)

declare i64 @ka.global_size(i32 %0)
