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
	%38 = icmp ult i64 %37, %x.len
	br i1 %38, label %39, label %fault

39:
	%40 = getelementptr i32, i32 addrspace(1)* %x.ptr, i64 %37
	%41 = load i32, i32 addrspace(1)* %40
	%42 = icmp slt i32 %41, 0
	br i1 %42, label %70, label %43

43:
	%44 = icmp ule i64 %37, %x.len
	br i1 %44, label %45, label %fault

45:
	%46 = icmp ule i64 1, %37
	br i1 %46, label %47, label %fault

47:
	%48 = getelementptr i32, i32 addrspace(1)* %x.ptr, i64 1
	%49 = sub i64 %37, 1
	%50 = icmp ult i64 %37, %x.len
	br i1 %50, label %51, label %fault

51:
	%52 = getelementptr i32, i32 addrspace(1)* %x.ptr, i64 %37
	%53 = load i32, i32 addrspace(1)* %52
	%54 = icmp ne i32 %d, 0
	br i1 %54, label %55, label %fault

55:
	%56 = icmp eq i32 %d, -1
	%57 = select i1 %56, i32 1, i32 %d
	%58 = sub i32 0, %53
	%59 = sdiv i32 %53, %57
	%60 = select i1 %56, i32 %58, i32 %59
	%61 = icmp ult i64 %37, %x.len
	br i1 %61, label %62, label %fault

62:
	%63 = getelementptr i32, i32 addrspace(1)* %x.ptr, i64 %37
	%64 = load i32, i32 addrspace(1)* %63
	%65 = srem i32 %64, 7
	%66 = add i32 %60, %65
	%67 = icmp ult i64 0, %49
	br i1 %67, label %68, label %fault

68:
	%69 = getelementptr i32, i32 addrspace(1)* %48, i64 0
	store i32 %66, i32 addrspace(1)* %69
	ret void

70:
	%71 = icmp ult i64 %37, %x.len
	br i1 %71, label %72, label %fault

72:
	%73 = getelementptr i32, i32 addrspace(1)* %x.ptr, i64 %37
	%74 = load i32, i32 addrspace(1)* %73
	%75 = zext i32 %74 to i64
	br label %fault

fault:
	%76 = phi i32 [ 0, %28 ], [ 1, %70 ], [ 2, %72 ], [ 3, %43 ], [ 4, %45 ], [ 5, %47 ], [ 6, %51 ], [ 7, %55 ], [ 8, %62 ]
	%77 = phi i64 [ %37, %28 ], [ %37, %70 ], [ %37, %72 ], [ %37, %43 ], [ 1, %45 ], [ %37, %47 ], [ 0, %51 ], [ %37, %55 ], [ 0, %62 ]
	%78 = phi i64 [ %x.len, %28 ], [ %x.len, %70 ], [ %75, %72 ], [ %x.len, %43 ], [ %37, %45 ], [ %x.len, %47 ], [ 0, %51 ], [ %x.len, %55 ], [ %49, %62 ]
	%79 = phi i64 [ 0, %28 ], [ 0, %70 ], [ 0, %72 ], [ 0, %43 ], [ 0, %45 ], [ 0, %47 ], [ 0, %51 ], [ 0, %55 ], [ 0, %62 ]
	%80 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 0
	%81 = cmpxchg i32 addrspace(1)* %80, i32 0, i32 1 monotonic monotonic
	%82 = extractvalue { i32, i1 } %81, 1
	br i1 %82, label %83, label %99

83:
	%84 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 1
	store i32 %ka.launch, i32 addrspace(1)* %84
	%85 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 2
	store i32 %76, i32 addrspace(1)* %85
	%86 = call i64 @ka.global_id(i32 0)
	%87 = trunc i64 %86 to i32
	%88 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 3
	store i32 %87, i32 addrspace(1)* %88
	%89 = call i64 @ka.global_id(i32 1)
	%90 = trunc i64 %89 to i32
	%91 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 4
	store i32 %90, i32 addrspace(1)* %91
	%92 = call i64 @ka.global_id(i32 2)
	%93 = trunc i64 %92 to i32
	%94 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 5
	store i32 %93, i32 addrspace(1)* %94
	%95 = bitcast i32 addrspace(1)* %ka.fault to i64 addrspace(1)*
	%96 = getelementptr i64, i64 addrspace(1)* %95, i64 4
	store i64 %77, i64 addrspace(1)* %96
	%97 = getelementptr i64, i64 addrspace(1)* %95, i64 5
	store i64 %78, i64 addrspace(1)* %97
	%98 = getelementptr i64, i64 addrspace(1)* %95, i64 6
	store i64 %79, i64 addrspace(1)* %98
	br label %99

99:
	ret void

outside:
	ret void
}

declare i64 @ka.global_id(i32 %0)

declare i64 @ka.global_size(i32 %0)

declare i64 @ka.num_groups(i32 %0)

declare i64 @ka.group_size(i32 %0)
