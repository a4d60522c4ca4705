define spir_kernel void @Saxpy(float %a, float addrspace(1)* %x.ptr, i64 %x.len, float addrspace(1)* %y.ptr, i64 %y.len, i64 %ka.gsize0, i64 %ka.gsize1, i64 %ka.gsize2, i32 addrspace(1)* %ka.fault, i32 %ka.launch) {
entry:
	%0 = call i64 @ka.num_groups(i32 0)
	%1 = call i64 @ka.group_size(i32 0)
	%2 = call i64 @ka.global_size(i32 0)
	%3 = mul i64 %0, %1
	%4 = icmp ne i64 %3, %2
	%5 = call i64 @ka.num_groups(i32 1)
	%6 = call i64 @ka.group_size(i32 1)
	%7 = call i64 @ka.global_size(i32 1)
	%8 = mul i64 %5, %6
	%9 = icmp ne i64 %8, %7
	%10 = or i1 %4, %9
	%11 = call i64 @ka.num_groups(i32 2)
	%12 = call i64 @ka.group_size(i32 2)
	%13 = call i64 @ka.global_size(i32 2)
	%14 = mul i64 %11, %12
	%15 = icmp ne i64 %14, %13
	%16 = or i1 %10, %15
	br i1 %16, label %partial, label %28

partial:
	%17 = call i64 @ka.global_id(i32 0)
	%18 = call i64 @ka.global_size(i32 0)
	%19 = icmp uge i64 %17, %18
	%20 = call i64 @ka.global_id(i32 1)
	%21 = call i64 @ka.global_size(i32 1)
	%22 = icmp uge i64 %20, %21
	%23 = or i1 %19, %22
	%24 = call i64 @ka.global_id(i32 2)
	%25 = call i64 @ka.global_size(i32 2)
	%26 = icmp uge i64 %24, %25
	%27 = or i1 %23, %26
	br i1 %27, label %outside, label %28

28:
	%29 = call i64 @ka.global_id(i32 2)
	%30 = call i64 @ka.global_size(i32 1)
	%31 = call i64 @ka.global_id(i32 1)
	%32 = call i64 @ka.global_size(i32 0)
	%33 = call i64 @ka.global_id(i32 0)
	%34 = mul i64 %30, %29
	%35 = add i64 %31, %34
	%36 = mul i64 %32, %35
	%37 = add i64 %33, %36
	%38 = icmp slt i64 %37, %y.len
	br i1 %38, label %39, label %77

39:
	%40 = icmp ult i64 %37, %x.len
	br i1 %40, label %41, label %fault

41:
	%42 = getelementptr float, float addrspace(1)* %x.ptr, i64 %37
	%43 = load float, float addrspace(1)* %42
	%44 = fmul float %a, %43
	%45 = icmp ult i64 %37, %y.len
	br i1 %45, label %46, label %fault

46:
	%47 = getelementptr float, float addrspace(1)* %y.ptr, i64 %37
	%48 = load float, float addrspace(1)* %47
	%49 = fadd float %44, %48
	%50 = icmp ult i64 %37, %y.len
	br i1 %50, label %75, label %fault

fault:
	%51 = phi i32 [ 0, %39 ], [ 1, %41 ], [ 2, %46 ]
	%52 = phi i64 [ %37, %39 ], [ %37, %41 ], [ %37, %46 ]
	%53 = phi i64 [ %x.len, %39 ], [ %y.len, %41 ], [ %y.len, %46 ]
	%54 = phi i64 [ 0, %39 ], [ 0, %41 ], [ 0, %46 ]
	%55 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 0
	%56 = cmpxchg i32 addrspace(1)* %55, i32 0, i32 1 monotonic monotonic
	%57 = extractvalue { i32, i1 } %56, 1
	br i1 %57, label %58, label %74

58:
	%59 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 1
	store i32 %ka.launch, i32 addrspace(1)* %59
	%60 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 2
	store i32 %51, i32 addrspace(1)* %60
	%61 = call i64 @ka.global_id(i32 0)
	%62 = trunc i64 %61 to i32
	%63 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 3
	store i32 %62, i32 addrspace(1)* %63
	%64 = call i64 @ka.global_id(i32 1)
	%65 = trunc i64 %64 to i32
	%66 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 4
	store i32 %65, i32 addrspace(1)* %66
	%67 = call i64 @ka.global_id(i32 2)
	%68 = trunc i64 %67 to i32
	%69 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 5
	store i32 %68, i32 addrspace(1)* %69
	%70 = bitcast i32 addrspace(1)* %ka.fault to i64 addrspace(1)*
	%71 = getelementptr i64, i64 addrspace(1)* %70, i64 4
	store i64 %52, i64 addrspace(1)* %71
	%72 = getelementptr i64, i64 addrspace(1)* %70, i64 5
	store i64 %53, i64 addrspace(1)* %72
	%73 = getelementptr i64, i64 addrspace(1)* %70, i64 6
	store i64 %54, i64 addrspace(1)* %73
	br label %74

74:
	ret void

75:
	%76 = getelementptr float, float addrspace(1)* %y.ptr, i64 %37
	store float %49, float addrspace(1)* %76
	br label %77

77:
	ret void

outside:
	ret void
}

declare i64 @ka.global_id(i32 %0)

declare i64 @ka.global_size(i32 %0)

declare i64 @ka.num_groups(i32 %0)

declare i64 @ka.group_size(i32 %0)
