define spir_kernel void @Faults(i32 addrspace(1)* %x.ptr, i64 %x.len, i32 %d, i64 %ka.gsize0, i64 %ka.gsize1, i64 %ka.gsize2, i32 addrspace(1)* %ka.fault, i32 %ka.launch) {
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
	br i1 %16, label %partial, label %28, !ka.partial !{}

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
	%30 = call i64 @ka.global_id(i32 1)
	%31 = call i64 @ka.global_size(i32 1)
	%32 = mul i64 %31, %29
	%33 = add i64 %30, %32
	%34 = call i64 @ka.global_id(i32 0)
	%35 = call i64 @ka.global_size(i32 0)
	%36 = mul i64 %35, %33
	%37 = add i64 %34, %36
	%38 = icmp ult i64 %37, %x.len
	br i1 %38, label %39, label %fault

39:
	%40 = getelementptr i32, i32 addrspace(1)* %x.ptr, i64 %37
	%41 = load i32, i32 addrspace(1)* %40
	%42 = icmp slt i32 %41, 0
	br i1 %42, label %66, label %43

43:
	%44 = icmp ule i64 %37, %x.len
	br i1 %44, label %45, label %fault

45:
	%46 = icmp ule i64 1, %37
	br i1 %46, label %47, label %fault

47:
	%48 = getelementptr i32, i32 addrspace(1)* %x.ptr, i64 1
	%49 = sub i64 %37, 1
	%50 = getelementptr i32, i32 addrspace(1)* %x.ptr, i64 %37
	%51 = load i32, i32 addrspace(1)* %50
	%52 = icmp ne i32 %d, 0
	br i1 %52, label %53, label %fault

53:
	%54 = icmp eq i32 %d, -1
	%55 = select i1 %54, i32 1, i32 %d
	%56 = sub i32 0, %51
	%57 = sdiv i32 %51, %55
	%58 = select i1 %54, i32 %56, i32 %57
	%59 = getelementptr i32, i32 addrspace(1)* %x.ptr, i64 %37
	%60 = load i32, i32 addrspace(1)* %59
	%61 = srem i32 %60, 7
	%62 = add i32 %58, %61
	%63 = icmp ult i64 0, %49
	br i1 %63, label %64, label %fault

64:
	%65 = getelementptr i32, i32 addrspace(1)* %48, i64 0
	store i32 %62, i32 addrspace(1)* %65
	ret void

66:
	%67 = getelementptr i32, i32 addrspace(1)* %x.ptr, i64 %37
	%68 = load i32, i32 addrspace(1)* %67
	%69 = zext i32 %68 to i64
	br label %fault

fault:
	%70 = phi i32 [ 0, %28 ], [ 1, %66 ], [ 2, %43 ], [ 3, %45 ], [ 4, %47 ], [ 5, %53 ]
	%71 = phi i64 [ %37, %28 ], [ %37, %66 ], [ %37, %43 ], [ 1, %45 ], [ 0, %47 ], [ 0, %53 ]
	%72 = phi i64 [ %x.len, %28 ], [ %69, %66 ], [ %x.len, %43 ], [ %37, %45 ], [ 0, %47 ], [ %49, %53 ]
	%73 = phi i64 [ 0, %28 ], [ 0, %66 ], [ 0, %43 ], [ 0, %45 ], [ 0, %47 ], [ 0, %53 ]
	%74 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 0
	%75 = cmpxchg i32 addrspace(1)* %74, i32 0, i32 1 monotonic monotonic
	%76 = extractvalue { i32, i1 } %75, 1
	br i1 %76, label %77, label %93

77:
	%78 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 1
	store i32 %ka.launch, i32 addrspace(1)* %78
	%79 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 2
	store i32 %70, i32 addrspace(1)* %79
	%80 = call i64 @ka.global_id(i32 0)
	%81 = trunc i64 %80 to i32
	%82 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 3
	store i32 %81, i32 addrspace(1)* %82
	%83 = call i64 @ka.global_id(i32 1)
	%84 = trunc i64 %83 to i32
	%85 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 4
	store i32 %84, i32 addrspace(1)* %85
	%86 = call i64 @ka.global_id(i32 2)
	%87 = trunc i64 %86 to i32
	%88 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 5
	store i32 %87, i32 addrspace(1)* %88
	%89 = bitcast i32 addrspace(1)* %ka.fault to i64 addrspace(1)*
	%90 = getelementptr i64, i64 addrspace(1)* %89, i64 4
	store i64 %71, i64 addrspace(1)* %90
	%91 = getelementptr i64, i64 addrspace(1)* %89, i64 5
	store i64 %72, i64 addrspace(1)* %91
	%92 = getelementptr i64, i64 addrspace(1)* %89, i64 6
	store i64 %73, i64 addrspace(1)* %92
	br label %93

93:
	ret void

outside:
	ret void
}

declare i64 @ka.global_id(i32 %0)

declare i64 @ka.global_size(i32 %0)

declare i64 @ka.num_groups(i32 %0)

declare i64 @ka.group_size(i32 %0)
