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
	br i1 %20, label %89, label %21

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
	%44 = sub i32 %n, 0
	%45 = icmp ugt i32 %44, 1024
	%46 = icmp slt i32 0, %n
	%47 = and i1 %46, %45
	%48 = add i32 0, 1024
	%49 = select i1 %47, i32 %48, i32 %n
	br label %90

50:
	%51 = phi i32 [ %92, %90 ], [ %87, %85 ]
	%52 = phi i32 [ %93, %90 ], [ %88, %85 ]
	%53 = icmp slt i32 %52, %91
	br i1 %53, label %85, label %94

54:
	%55 = icmp slt i64 %42, %x.len
	br i1 %55, label %56, label %84

56:
	%57 = icmp ult i64 %42, %x.len
	br i1 %57, label %82, label %fault

fault:
	%58 = phi i32 [ 0, %56 ]
	%59 = phi i64 [ %42, %56 ]
	%60 = phi i64 [ %x.len, %56 ]
	%61 = phi i64 [ 0, %56 ]
	%62 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 0
	%63 = cmpxchg i32 addrspace(1)* %62, i32 0, i32 1 monotonic monotonic
	%64 = extractvalue { i32, i1 } %63, 1
	br i1 %64, label %65, label %81

65:
	%66 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 1
	store i32 %ka.launch, i32 addrspace(1)* %66
	%67 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 2
	store i32 %58, i32 addrspace(1)* %67
	%68 = call i64 @ka.global_id(i32 0)
	%69 = trunc i64 %68 to i32
	%70 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 3
	store i32 %69, i32 addrspace(1)* %70
	%71 = call i64 @ka.global_id(i32 1)
	%72 = trunc i64 %71 to i32
	%73 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 4
	store i32 %72, i32 addrspace(1)* %73
	%74 = call i64 @ka.global_id(i32 2)
	%75 = trunc i64 %74 to i32
	%76 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 5
	store i32 %75, i32 addrspace(1)* %76
	%77 = bitcast i32 addrspace(1)* %ka.fault to i64 addrspace(1)*
	%78 = getelementptr i64, i64 addrspace(1)* %77, i64 4
	store i64 %59, i64 addrspace(1)* %78
	%79 = getelementptr i64, i64 addrspace(1)* %77, i64 5
	store i64 %60, i64 addrspace(1)* %79
	%80 = getelementptr i64, i64 addrspace(1)* %77, i64 6
	store i64 %61, i64 addrspace(1)* %80
	br label %81

81:
	ret void

82:
	%83 = getelementptr i32, i32 addrspace(1)* %x.ptr, i64 %42
	store i32 %51, i32 addrspace(1)* %83
	br label %84

84:
	ret void

85:
	%86 = mul i32 %51, 1664525
	%87 = add i32 %86, 1013904223
	%88 = add i32 %52, 1
	br label %50

outside:
	ret void

89:
	ret void

90:
	%91 = phi i32 [ %49, %33 ], [ %103, %99 ]
	%92 = phi i32 [ %43, %33 ], [ %51, %99 ]
	%93 = phi i32 [ 0, %33 ], [ %52, %99 ]
	br label %50

94:
	%95 = icmp slt i32 %52, %n
	br i1 %95, label %96, label %104

96:
	%97 = load volatile i32, i32 addrspace(1)* %1, align 4
	%98 = icmp ne i32 %97, 0
	br i1 %98, label %89, label %99

99:
	%100 = sub i32 %n, %52
	%101 = icmp ugt i32 %100, 1024
	%102 = add i32 %52, 1024
	%103 = select i1 %101, i32 %102, i32 %n
	br label %90

104:
	%105 = sub i32 %52, 0
	%106 = icmp ugt i32 %105, 1024
	%107 = select i1 %106, i32 1024, i32 %105
	%108 = load i32, i32* %0, align 4
	%109 = add i32 %108, %107
	%110 = icmp uge i32 %109, 1024
	br i1 %110, label %111, label %114

111:
	store i32 0, i32* %0, align 4
	%112 = load volatile i32, i32 addrspace(1)* %1, align 4
	%113 = icmp ne i32 %112, 0
	br i1 %113, label %89, label %54

114:
	store i32 %109, i32* %0, align 4
	br label %54
}

declare i64 @ka.global_id(i32 %0)

declare i64 @ka.global_size(i32 %0)

declare i64 @ka.num_groups(i32 %0)

declare i64 @ka.group_size(i32 %0)
