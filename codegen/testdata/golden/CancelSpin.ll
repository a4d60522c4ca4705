define spir_kernel void @CancelSpin(i32 addrspace(1)* %x.ptr, i64 %x.len, i32 %n, i64 %ka.gsize0, i64 %ka.gsize1, i64 %ka.gsize2, i32 addrspace(1)* %ka.fault, i32 %ka.launch) {
entry:
	%0 = alloca i32, align 4
	store i32 0, i32* %0
	%1 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 6
	%2 = call i64 @ka.num_groups(i32 0)
	%3 = call i64 @ka.group_size(i32 0)
	%4 = call i64 @ka.global_size(i32 0)
	%5 = mul i64 %2, %3
	%6 = icmp ne i64 %5, %4
	%7 = call i64 @ka.num_groups(i32 1)
	%8 = call i64 @ka.group_size(i32 1)
	%9 = call i64 @ka.global_size(i32 1)
	%10 = mul i64 %7, %8
	%11 = icmp ne i64 %10, %9
	%12 = or i1 %6, %11
	%13 = call i64 @ka.num_groups(i32 2)
	%14 = call i64 @ka.group_size(i32 2)
	%15 = call i64 @ka.global_size(i32 2)
	%16 = mul i64 %13, %14
	%17 = icmp ne i64 %16, %15
	%18 = or i1 %12, %17
	%19 = load volatile i32, i32 addrspace(1)* %1, align 4
	%20 = icmp ne i32 %19, 0
	br i1 %20, label %83, label %21

21:
	br i1 %18, label %partial, label %33

partial:
	%22 = call i64 @ka.global_id(i32 0)
	%23 = call i64 @ka.global_size(i32 0)
	%24 = icmp uge i64 %22, %23
	%25 = call i64 @ka.global_id(i32 1)
	%26 = call i64 @ka.global_size(i32 1)
	%27 = icmp uge i64 %25, %26
	%28 = or i1 %24, %27
	%29 = call i64 @ka.global_id(i32 2)
	%30 = call i64 @ka.global_size(i32 2)
	%31 = icmp uge i64 %29, %30
	%32 = or i1 %28, %31
	br i1 %32, label %outside, label %33

33:
	%34 = call i64 @ka.global_id(i32 2)
	%35 = call i64 @ka.global_size(i32 1)
	%36 = call i64 @ka.global_id(i32 1)
	%37 = call i64 @ka.global_size(i32 0)
	%38 = call i64 @ka.global_id(i32 0)
	%39 = mul i64 %35, %34
	%40 = add i64 %36, %39
	%41 = mul i64 %37, %40
	%42 = add i64 %38, %41
	%43 = trunc i64 %42 to i32
	br label %44

44:
	%45 = phi i32 [ %43, %33 ], [ %81, %84 ], [ %81, %89 ]
	%46 = phi i32 [ 0, %33 ], [ %82, %84 ], [ %82, %89 ]
	%47 = icmp slt i32 %46, %n
	br i1 %47, label %79, label %48

48:
	%49 = icmp slt i64 %42, %x.len
	br i1 %49, label %50, label %78

50:
	%51 = icmp ult i64 %42, %x.len
	br i1 %51, label %76, label %fault

fault:
	%52 = phi i32 [ 0, %50 ]
	%53 = phi i64 [ %42, %50 ]
	%54 = phi i64 [ %x.len, %50 ]
	%55 = phi i64 [ 0, %50 ]
	%56 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 0
	%57 = cmpxchg i32 addrspace(1)* %56, i32 0, i32 1 monotonic monotonic
	%58 = extractvalue { i32, i1 } %57, 1
	br i1 %58, label %59, label %75

59:
	%60 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 1
	store i32 %ka.launch, i32 addrspace(1)* %60
	%61 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 2
	store i32 %52, i32 addrspace(1)* %61
	%62 = call i64 @ka.global_id(i32 0)
	%63 = trunc i64 %62 to i32
	%64 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 3
	store i32 %63, i32 addrspace(1)* %64
	%65 = call i64 @ka.global_id(i32 1)
	%66 = trunc i64 %65 to i32
	%67 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 4
	store i32 %66, i32 addrspace(1)* %67
	%68 = call i64 @ka.global_id(i32 2)
	%69 = trunc i64 %68 to i32
	%70 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 5
	store i32 %69, i32 addrspace(1)* %70
	%71 = bitcast i32 addrspace(1)* %ka.fault to i64 addrspace(1)*
	%72 = getelementptr i64, i64 addrspace(1)* %71, i64 4
	store i64 %53, i64 addrspace(1)* %72
	%73 = getelementptr i64, i64 addrspace(1)* %71, i64 5
	store i64 %54, i64 addrspace(1)* %73
	%74 = getelementptr i64, i64 addrspace(1)* %71, i64 6
	store i64 %55, i64 addrspace(1)* %74
	br label %75

75:
	ret void

76:
	%77 = getelementptr i32, i32 addrspace(1)* %x.ptr, i64 %42
	store i32 %45, i32 addrspace(1)* %77
	br label %78

78:
	ret void

79:
	%80 = mul i32 %45, 1664525
	%81 = add i32 %80, 1013904223
	%82 = add i32 %46, 1
	br label %84

outside:
	ret void

83:
	ret void

84:
	%85 = load i32, i32* %0, align 4
	%86 = add i32 %85, 1
	store i32 %86, i32* %0, align 4
	%87 = and i32 %86, 1023
	%88 = icmp eq i32 %87, 0
	br i1 %88, label %89, label %44

89:
	%90 = load volatile i32, i32 addrspace(1)* %1, align 4
	%91 = icmp ne i32 %90, 0
	br i1 %91, label %83, label %44
}

declare i64 @ka.global_id(i32 %0)

declare i64 @ka.global_size(i32 %0)

declare i64 @ka.num_groups(i32 %0)

declare i64 @ka.group_size(i32 %0)
