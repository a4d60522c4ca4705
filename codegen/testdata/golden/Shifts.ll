define spir_kernel void @Shifts(i32 addrspace(1)* %x.ptr, i64 %x.len, i64 addrspace(1)* %u.ptr, i64 %u.len, i8 addrspace(1)* %s.ptr, i64 %s.len, i64 %ka.gsize0, i64 %ka.gsize1, i64 %ka.gsize2, i32 addrspace(1)* %ka.fault, i32 %ka.launch) {
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
	%29 = call i64 @ka.global_id(i32 0)
	%30 = icmp ult i64 %29, %x.len
	br i1 %30, label %31, label %fault

31:
	%32 = getelementptr i32, i32 addrspace(1)* %x.ptr, i64 %29
	%33 = load i32, i32 addrspace(1)* %32
	%34 = icmp ult i64 %29, %s.len
	br i1 %34, label %35, label %fault

35:
	%36 = getelementptr i8, i8 addrspace(1)* %s.ptr, i64 %29
	%37 = load i8, i8 addrspace(1)* %36
	%38 = zext i8 %37 to i32
	%39 = icmp uge i32 %38, 32
	%40 = shl i32 %33, %38
	%41 = select i1 %39, i32 0, i32 %40
	%42 = icmp ult i64 %29, %x.len
	br i1 %42, label %43, label %fault

43:
	%44 = getelementptr i32, i32 addrspace(1)* %x.ptr, i64 %29
	%45 = load i32, i32 addrspace(1)* %44
	%46 = icmp ult i64 %29, %s.len
	br i1 %46, label %47, label %fault

47:
	%48 = getelementptr i8, i8 addrspace(1)* %s.ptr, i64 %29
	%49 = load i8, i8 addrspace(1)* %48
	%50 = zext i8 %49 to i32
	%51 = icmp uge i32 %50, 32
	%52 = select i1 %51, i32 31, i32 %50
	%53 = ashr i32 %45, %52
	%54 = or i32 %41, %53
	%55 = icmp ult i64 %29, %x.len
	br i1 %55, label %56, label %fault

56:
	%57 = getelementptr i32, i32 addrspace(1)* %x.ptr, i64 %29
	store i32 %54, i32 addrspace(1)* %57
	%58 = icmp ult i64 %29, %u.len
	br i1 %58, label %59, label %fault

59:
	%60 = getelementptr i64, i64 addrspace(1)* %u.ptr, i64 %29
	%61 = load i64, i64 addrspace(1)* %60
	%62 = icmp ult i64 %29, %s.len
	br i1 %62, label %63, label %fault

63:
	%64 = getelementptr i8, i8 addrspace(1)* %s.ptr, i64 %29
	%65 = load i8, i8 addrspace(1)* %64
	%66 = zext i8 %65 to i64
	%67 = icmp uge i64 %66, 64
	%68 = lshr i64 %61, %66
	%69 = select i1 %67, i64 0, i64 %68
	%70 = icmp ult i64 %29, %u.len
	br i1 %70, label %71, label %fault

71:
	%72 = getelementptr i64, i64 addrspace(1)* %u.ptr, i64 %29
	%73 = load i64, i64 addrspace(1)* %72
	%74 = shl i64 %73, 40
	%75 = add i64 %69, %74
	%76 = icmp ult i64 %29, %u.len
	br i1 %76, label %101, label %fault

fault:
	%77 = phi i32 [ 0, %28 ], [ 1, %31 ], [ 2, %35 ], [ 3, %43 ], [ 4, %47 ], [ 5, %56 ], [ 6, %59 ], [ 7, %63 ], [ 8, %71 ]
	%78 = phi i64 [ %29, %28 ], [ %29, %31 ], [ %29, %35 ], [ %29, %43 ], [ %29, %47 ], [ %29, %56 ], [ %29, %59 ], [ %29, %63 ], [ %29, %71 ]
	%79 = phi i64 [ %x.len, %28 ], [ %s.len, %31 ], [ %x.len, %35 ], [ %s.len, %43 ], [ %x.len, %47 ], [ %u.len, %56 ], [ %s.len, %59 ], [ %u.len, %63 ], [ %u.len, %71 ]
	%80 = phi i64 [ 0, %28 ], [ 0, %31 ], [ 0, %35 ], [ 0, %43 ], [ 0, %47 ], [ 0, %56 ], [ 0, %59 ], [ 0, %63 ], [ 0, %71 ]
	%81 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 0
	%82 = cmpxchg i32 addrspace(1)* %81, i32 0, i32 1 monotonic monotonic
	%83 = extractvalue { i32, i1 } %82, 1
	br i1 %83, label %84, label %100

84:
	%85 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 1
	store i32 %ka.launch, i32 addrspace(1)* %85
	%86 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 2
	store i32 %77, i32 addrspace(1)* %86
	%87 = call i64 @ka.global_id(i32 0)
	%88 = trunc i64 %87 to i32
	%89 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 3
	store i32 %88, i32 addrspace(1)* %89
	%90 = call i64 @ka.global_id(i32 1)
	%91 = trunc i64 %90 to i32
	%92 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 4
	store i32 %91, i32 addrspace(1)* %92
	%93 = call i64 @ka.global_id(i32 2)
	%94 = trunc i64 %93 to i32
	%95 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 5
	store i32 %94, i32 addrspace(1)* %95
	%96 = bitcast i32 addrspace(1)* %ka.fault to i64 addrspace(1)*
	%97 = getelementptr i64, i64 addrspace(1)* %96, i64 4
	store i64 %78, i64 addrspace(1)* %97
	%98 = getelementptr i64, i64 addrspace(1)* %96, i64 5
	store i64 %79, i64 addrspace(1)* %98
	%99 = getelementptr i64, i64 addrspace(1)* %96, i64 6
	store i64 %80, i64 addrspace(1)* %99
	br label %100

100:
	ret void

101:
	%102 = getelementptr i64, i64 addrspace(1)* %u.ptr, i64 %29
	store i64 %75, i64 addrspace(1)* %102
	ret void

outside:
	ret void
}

declare i64 @ka.global_id(i32 %0)

declare i64 @ka.num_groups(i32 %0)

declare i64 @ka.group_size(i32 %0)

declare i64 @ka.global_size(i32 %0)
