define spir_kernel void @FloatAtomics(double addrspace(1)* %x.ptr, i64 %x.len, double addrspace(1)* %acc.ptr, i64 %acc.len, i64 %ka.gsize0, i64 %ka.gsize1, i64 %ka.gsize2, i32 addrspace(1)* %ka.fault, i32 %ka.launch) {
entry:
	br label %0

0:
	%1 = call i64 @ka.global_id(i32 2)
	%2 = call i64 @ka.global_size(i32 1)
	%3 = call i64 @ka.global_id(i32 1)
	%4 = call i64 @ka.global_size(i32 0)
	%5 = call i64 @ka.global_id(i32 0)
	%6 = mul i64 %2, %1
	%7 = add i64 %3, %6
	%8 = mul i64 %4, %7
	%9 = add i64 %5, %8
	%10 = icmp ult i64 %9, %x.len
	br i1 %10, label %11, label %fault

11:
	%12 = getelementptr double, double addrspace(1)* %x.ptr, i64 %9
	%13 = load double, double addrspace(1)* %12
	%14 = call double @llvm.sqrt.f64(double 2.0)
	br label %15

15:
	%16 = fcmp olt double %13, %14
	br i1 %16, label %18, label %17

17:
	br label %19

18:
	br label %19

19:
	%20 = phi double [ %13, %18 ], [ %14, %17 ]
	%21 = phi double [ %14, %18 ], [ %13, %17 ]
	%22 = icmp ult i64 0, %acc.len
	br i1 %22, label %23, label %fault

23:
	%24 = getelementptr double, double addrspace(1)* %acc.ptr, i64 0
	%25 = bitcast double addrspace(1)* %24 to i64 addrspace(1)*
	%26 = load i64, i64 addrspace(1)* %25
	br label %27

27:
	%28 = phi i64 [ %26, %23 ], [ %33, %27 ]
	%29 = bitcast i64 %28 to double
	%30 = call double @llvm.minimum.f64(double %29, double %20)
	%31 = bitcast double %30 to i64
	%32 = cmpxchg i64 addrspace(1)* %25, i64 %28, i64 %31 monotonic monotonic
	%33 = extractvalue { i64, i1 } %32, 0
	%34 = extractvalue { i64, i1 } %32, 1
	br i1 %34, label %35, label %27

35:
	%36 = bitcast i64 %28 to double
	%37 = icmp ult i64 1, %acc.len
	br i1 %37, label %38, label %fault

38:
	%39 = getelementptr double, double addrspace(1)* %acc.ptr, i64 1
	%40 = bitcast double addrspace(1)* %39 to i64 addrspace(1)*
	%41 = load i64, i64 addrspace(1)* %40
	br label %42

42:
	%43 = phi i64 [ %41, %38 ], [ %48, %42 ]
	%44 = bitcast i64 %43 to double
	%45 = call double @llvm.maximum.f64(double %44, double %21)
	%46 = bitcast double %45 to i64
	%47 = cmpxchg i64 addrspace(1)* %40, i64 %43, i64 %46 monotonic monotonic
	%48 = extractvalue { i64, i1 } %47, 0
	%49 = extractvalue { i64, i1 } %47, 1
	br i1 %49, label %50, label %42

50:
	%51 = bitcast i64 %43 to double
	%52 = icmp ult i64 2, %acc.len
	br i1 %52, label %77, label %fault

fault:
	%53 = phi i32 [ 0, %0 ], [ 1, %19 ], [ 2, %35 ], [ 3, %50 ]
	%54 = phi i64 [ %9, %0 ], [ 0, %19 ], [ 1, %35 ], [ 2, %50 ]
	%55 = phi i64 [ %x.len, %0 ], [ %acc.len, %19 ], [ %acc.len, %35 ], [ %acc.len, %50 ]
	%56 = phi i64 [ 0, %0 ], [ 0, %19 ], [ 0, %35 ], [ 0, %50 ]
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
	%78 = getelementptr double, double addrspace(1)* %acc.ptr, i64 2
	%79 = atomicrmw fadd double addrspace(1)* %78, double 1.0 monotonic
	ret void
}

declare i64 @ka.global_id(i32 %0)

declare i64 @ka.global_size(i32 %0)

declare double @llvm.sqrt.f64(double %0)

declare double @llvm.minimum.f64(double %0, double %1)

declare double @llvm.maximum.f64(double %0, double %1)
