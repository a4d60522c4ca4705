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
	%42 = getelementptr i32, i32 addrspace(1)* %x.ptr, i64 %29
	%43 = load i32, i32 addrspace(1)* %42
	%44 = getelementptr i8, i8 addrspace(1)* %s.ptr, i64 %29
	%45 = load i8, i8 addrspace(1)* %44
	%46 = zext i8 %45 to i32
	%47 = icmp uge i32 %46, 32
	%48 = select i1 %47, i32 31, i32 %46
	%49 = ashr i32 %43, %48
	%50 = or i32 %41, %49
	%51 = getelementptr i32, i32 addrspace(1)* %x.ptr, i64 %29
	store i32 %50, i32 addrspace(1)* %51
	%52 = icmp ult i64 %29, %u.len
	br i1 %52, label %77, label %fault

fault:
	%53 = phi i32 [ 0, %28 ], [ 1, %31 ], [ 2, %35 ]
	%54 = phi i64 [ %29, %28 ], [ %29, %31 ], [ %29, %35 ]
	%55 = phi i64 [ %x.len, %28 ], [ %s.len, %31 ], [ %u.len, %35 ]
	%56 = phi i64 [ 0, %28 ], [ 0, %31 ], [ 0, %35 ]
	%57 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 0
	%58 = cmpxchg i32 addrspace(1)* %57, i32 0, i32 1 monotonic monotonic
	%59 = extractvalue { i32, i1 } %58, 1
	br i1 %59, label %60, label %76

60:
	%61 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 1
	store i32 %ka.launch, i32 addrspace(1)* %61
	%62 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 2
	store i32 %53, i32 addrspace(1)* %62
	%63 = call i64 @ka.global_id(i32 0)
	%64 = trunc i64 %63 to i32
	%65 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 3
	store i32 %64, i32 addrspace(1)* %65
	%66 = call i64 @ka.global_id(i32 1)
	%67 = trunc i64 %66 to i32
	%68 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 4
	store i32 %67, i32 addrspace(1)* %68
	%69 = call i64 @ka.global_id(i32 2)
	%70 = trunc i64 %69 to i32
	%71 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 5
	store i32 %70, i32 addrspace(1)* %71
	%72 = bitcast i32 addrspace(1)* %ka.fault to i64 addrspace(1)*
	%73 = getelementptr i64, i64 addrspace(1)* %72, i64 4
	store i64 %54, i64 addrspace(1)* %73
	%74 = getelementptr i64, i64 addrspace(1)* %72, i64 5
	store i64 %55, i64 addrspace(1)* %74
	%75 = getelementptr i64, i64 addrspace(1)* %72, i64 6
	store i64 %56, i64 addrspace(1)* %75
	br label %76

76:
	ret void

77:
	%78 = getelementptr i64, i64 addrspace(1)* %u.ptr, i64 %29
	%79 = load i64, i64 addrspace(1)* %78
	%80 = getelementptr i8, i8 addrspace(1)* %s.ptr, i64 %29
	%81 = load i8, i8 addrspace(1)* %80
	%82 = zext i8 %81 to i64
	%83 = icmp uge i64 %82, 64
	%84 = lshr i64 %79, %82
	%85 = select i1 %83, i64 0, i64 %84
	%86 = getelementptr i64, i64 addrspace(1)* %u.ptr, i64 %29
	%87 = load i64, i64 addrspace(1)* %86
	%88 = shl i64 %87, 40
	%89 = add i64 %85, %88
	%90 = getelementptr i64, i64 addrspace(1)* %u.ptr, i64 %29
	store i64 %89, i64 addrspace(1)* %90
	ret void

outside:
	ret void
}

declare i64 @ka.global_id(i32 %0)

declare i64 @ka.num_groups(i32 %0)

declare i64 @ka.group_size(i32 %0)

declare i64 @ka.global_size(i32 %0)
