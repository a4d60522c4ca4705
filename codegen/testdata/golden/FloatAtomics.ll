define spir_kernel void @FloatAtomics(double addrspace(1)* %x.ptr, i64 %x.len, double addrspace(1)* %acc.ptr, i64 %acc.len, i64 %ka.gsize0, i64 %ka.gsize1, i64 %ka.gsize2, i32 addrspace(1)* %ka.fault, i32 %ka.launch) {
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
	%21 = icmp ult i64 %20, %x.len
	br i1 %21, label %22, label %fault

22:
	%23 = getelementptr double, double addrspace(1)* %x.ptr, i64 %20
	%24 = load double, double addrspace(1)* %23
	%25 = call double @llvm.sqrt.f64(double 2.0)
	br label %26

26:
	%27 = fcmp olt double %24, %25
	br i1 %27, label %29, label %28

28:
	br label %30

29:
	br label %30

30:
	%31 = phi double [ %24, %29 ], [ %25, %28 ]
	%32 = phi double [ %25, %29 ], [ %24, %28 ]
	%33 = icmp ult i64 0, %acc.len
	br i1 %33, label %34, label %fault

34:
	%35 = getelementptr double, double addrspace(1)* %acc.ptr, i64 0
	%36 = bitcast double addrspace(1)* %35 to i64 addrspace(1)*
	%37 = load i64, i64 addrspace(1)* %36
	br label %38

38:
	%39 = phi i64 [ %37, %34 ], [ %44, %38 ]
	%40 = bitcast i64 %39 to double
	%41 = call double @llvm.minimum.f64(double %40, double %31)
	%42 = bitcast double %41 to i64
	%43 = cmpxchg i64 addrspace(1)* %36, i64 %39, i64 %42 monotonic monotonic
	%44 = extractvalue { i64, i1 } %43, 0
	%45 = extractvalue { i64, i1 } %43, 1
	br i1 %45, label %46, label %38

46:
	%47 = bitcast i64 %39 to double
	%48 = icmp ult i64 1, %acc.len
	br i1 %48, label %49, label %fault

49:
	%50 = getelementptr double, double addrspace(1)* %acc.ptr, i64 1
	%51 = bitcast double addrspace(1)* %50 to i64 addrspace(1)*
	%52 = load i64, i64 addrspace(1)* %51
	br label %53

53:
	%54 = phi i64 [ %52, %49 ], [ %59, %53 ]
	%55 = bitcast i64 %54 to double
	%56 = call double @llvm.maximum.f64(double %55, double %32)
	%57 = bitcast double %56 to i64
	%58 = cmpxchg i64 addrspace(1)* %51, i64 %54, i64 %57 monotonic monotonic
	%59 = extractvalue { i64, i1 } %58, 0
	%60 = extractvalue { i64, i1 } %58, 1
	br i1 %60, label %61, label %53

61:
	%62 = bitcast i64 %54 to double
	%63 = icmp ult i64 2, %acc.len
	br i1 %63, label %88, label %fault

fault:
	%64 = phi i32 [ 0, %11 ], [ 1, %30 ], [ 2, %46 ], [ 3, %61 ]
	%65 = phi i64 [ %20, %11 ], [ 0, %30 ], [ 1, %46 ], [ 2, %61 ]
	%66 = phi i64 [ %x.len, %11 ], [ %acc.len, %30 ], [ %acc.len, %46 ], [ %acc.len, %61 ]
	%67 = phi i64 [ 0, %11 ], [ 0, %30 ], [ 0, %46 ], [ 0, %61 ]
	%68 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 0
	%69 = cmpxchg i32 addrspace(1)* %68, i32 0, i32 1 monotonic monotonic
	%70 = extractvalue { i32, i1 } %69, 1
	br i1 %70, label %71, label %87

71:
	%72 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 1
	store i32 %ka.launch, i32 addrspace(1)* %72
	%73 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 2
	store i32 %64, i32 addrspace(1)* %73
	%74 = call i64 @ka.global_id(i32 0)
	%75 = trunc i64 %74 to i32
	%76 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 3
	store i32 %75, i32 addrspace(1)* %76
	%77 = call i64 @ka.global_id(i32 1)
	%78 = trunc i64 %77 to i32
	%79 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 4
	store i32 %78, i32 addrspace(1)* %79
	%80 = call i64 @ka.global_id(i32 2)
	%81 = trunc i64 %80 to i32
	%82 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 5
	store i32 %81, i32 addrspace(1)* %82
	%83 = bitcast i32 addrspace(1)* %ka.fault to i64 addrspace(1)*
	%84 = getelementptr i64, i64 addrspace(1)* %83, i64 4
	store i64 %65, i64 addrspace(1)* %84
	%85 = getelementptr i64, i64 addrspace(1)* %83, i64 5
	store i64 %66, i64 addrspace(1)* %85
	%86 = getelementptr i64, i64 addrspace(1)* %83, i64 6
	store i64 %67, i64 addrspace(1)* %86
	br label %87

87:
	ret void

88:
	%89 = getelementptr double, double addrspace(1)* %acc.ptr, i64 2
	%90 = atomicrmw fadd double addrspace(1)* %89, double 1.0 monotonic
	ret void

outside:
	ret void
}

declare i64 @ka.global_id(i32 %0)

declare i64 @ka.global_size(i32 %0)

declare double @llvm.sqrt.f64(double %0)

declare double @llvm.minimum.f64(double %0, double %1)

declare double @llvm.maximum.f64(double %0, double %1)
