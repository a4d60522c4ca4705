define spir_kernel void @FloatAtomics(double addrspace(1)* %x.ptr, i64 %x.len, double addrspace(1)* %acc.ptr, i64 %acc.len, i64 %ka.gsize0, i64 %ka.gsize1, i64 %ka.gsize2, i32 addrspace(1)* %ka.fault, i32 %ka.launch) {
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
	%40 = getelementptr double, double addrspace(1)* %x.ptr, i64 %37
	%41 = load double, double addrspace(1)* %40
	%42 = call double @llvm.sqrt.f64(double 2.0)
	br label %43

43:
	%44 = fcmp olt double %41, %42
	br i1 %44, label %46, label %45

45:
	br label %47

46:
	br label %47

47:
	%48 = phi double [ %41, %46 ], [ %42, %45 ]
	%49 = phi double [ %42, %46 ], [ %41, %45 ]
	%50 = icmp ult i64 0, %acc.len
	br i1 %50, label %51, label %fault

51:
	%52 = getelementptr double, double addrspace(1)* %acc.ptr, i64 0
	%53 = bitcast double addrspace(1)* %52 to i64 addrspace(1)*
	%54 = load i64, i64 addrspace(1)* %53
	br label %55

55:
	%56 = phi i64 [ %54, %51 ], [ %61, %55 ]
	%57 = bitcast i64 %56 to double
	%58 = call double @llvm.minimum.f64(double %57, double %48)
	%59 = bitcast double %58 to i64
	%60 = cmpxchg i64 addrspace(1)* %53, i64 %56, i64 %59 monotonic monotonic
	%61 = extractvalue { i64, i1 } %60, 0
	%62 = extractvalue { i64, i1 } %60, 1
	br i1 %62, label %63, label %55

63:
	%64 = bitcast i64 %56 to double
	%65 = icmp ult i64 1, %acc.len
	br i1 %65, label %66, label %fault

66:
	%67 = getelementptr double, double addrspace(1)* %acc.ptr, i64 1
	%68 = bitcast double addrspace(1)* %67 to i64 addrspace(1)*
	%69 = load i64, i64 addrspace(1)* %68
	br label %70

70:
	%71 = phi i64 [ %69, %66 ], [ %76, %70 ]
	%72 = bitcast i64 %71 to double
	%73 = call double @llvm.maximum.f64(double %72, double %49)
	%74 = bitcast double %73 to i64
	%75 = cmpxchg i64 addrspace(1)* %68, i64 %71, i64 %74 monotonic monotonic
	%76 = extractvalue { i64, i1 } %75, 0
	%77 = extractvalue { i64, i1 } %75, 1
	br i1 %77, label %78, label %70

78:
	%79 = bitcast i64 %71 to double
	%80 = icmp ult i64 2, %acc.len
	br i1 %80, label %105, label %fault

fault:
	%81 = phi i32 [ 0, %28 ], [ 1, %47 ], [ 2, %63 ], [ 3, %78 ]
	%82 = phi i64 [ %37, %28 ], [ 0, %47 ], [ 1, %63 ], [ 2, %78 ]
	%83 = phi i64 [ %x.len, %28 ], [ %acc.len, %47 ], [ %acc.len, %63 ], [ %acc.len, %78 ]
	%84 = phi i64 [ 0, %28 ], [ 0, %47 ], [ 0, %63 ], [ 0, %78 ]
	%85 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 0
	%86 = cmpxchg i32 addrspace(1)* %85, i32 0, i32 1 monotonic monotonic
	%87 = extractvalue { i32, i1 } %86, 1
	br i1 %87, label %88, label %104

88:
	%89 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 1
	store i32 %ka.launch, i32 addrspace(1)* %89
	%90 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 2
	store i32 %81, i32 addrspace(1)* %90
	%91 = call i64 @ka.global_id(i32 0)
	%92 = trunc i64 %91 to i32
	%93 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 3
	store i32 %92, i32 addrspace(1)* %93
	%94 = call i64 @ka.global_id(i32 1)
	%95 = trunc i64 %94 to i32
	%96 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 4
	store i32 %95, i32 addrspace(1)* %96
	%97 = call i64 @ka.global_id(i32 2)
	%98 = trunc i64 %97 to i32
	%99 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 5
	store i32 %98, i32 addrspace(1)* %99
	%100 = bitcast i32 addrspace(1)* %ka.fault to i64 addrspace(1)*
	%101 = getelementptr i64, i64 addrspace(1)* %100, i64 4
	store i64 %82, i64 addrspace(1)* %101
	%102 = getelementptr i64, i64 addrspace(1)* %100, i64 5
	store i64 %83, i64 addrspace(1)* %102
	%103 = getelementptr i64, i64 addrspace(1)* %100, i64 6
	store i64 %84, i64 addrspace(1)* %103
	br label %104

104:
	ret void

105:
	%106 = getelementptr double, double addrspace(1)* %acc.ptr, i64 2
	%107 = atomicrmw fadd double addrspace(1)* %106, double 1.0 monotonic
	ret void

outside:
	ret void
}

declare i64 @ka.global_id(i32 %0)

declare i64 @ka.global_size(i32 %0)

declare double @llvm.sqrt.f64(double %0)

declare double @llvm.minimum.f64(double %0, double %1)

declare double @llvm.maximum.f64(double %0, double %1)

declare i64 @ka.num_groups(i32 %0)

declare i64 @ka.group_size(i32 %0)
