define spir_kernel void @FloatAtomics(double addrspace(1)* %x.ptr, i64 %x.len, double addrspace(1)* %acc.ptr, i64 %acc.len, i64 %ka.gsize0, i64 %ka.gsize1, i64 %ka.gsize2) {
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
	%10 = getelementptr double, double addrspace(1)* %x.ptr, i64 %9
	%11 = load double, double addrspace(1)* %10
	%12 = call double @llvm.sqrt.f64(double 2.0)
	br label %13

13:
	%14 = fcmp olt double %11, %12
	br i1 %14, label %16, label %15

15:
	br label %17

16:
	br label %17

17:
	%18 = phi double [ %11, %16 ], [ %12, %15 ]
	%19 = phi double [ %12, %16 ], [ %11, %15 ]
	%20 = getelementptr double, double addrspace(1)* %acc.ptr, i64 0
	%21 = bitcast double addrspace(1)* %20 to i64 addrspace(1)*
	%22 = load i64, i64 addrspace(1)* %21
	br label %23

23:
	%24 = phi i64 [ %22, %17 ], [ %29, %23 ]
	%25 = bitcast i64 %24 to double
	%26 = call double @llvm.minimum.f64(double %25, double %18)
	%27 = bitcast double %26 to i64
	%28 = cmpxchg i64 addrspace(1)* %21, i64 %24, i64 %27 monotonic monotonic
	%29 = extractvalue { i64, i1 } %28, 0
	%30 = extractvalue { i64, i1 } %28, 1
	br i1 %30, label %31, label %23

31:
	%32 = bitcast i64 %24 to double
	%33 = getelementptr double, double addrspace(1)* %acc.ptr, i64 1
	%34 = bitcast double addrspace(1)* %33 to i64 addrspace(1)*
	%35 = load i64, i64 addrspace(1)* %34
	br label %36

36:
	%37 = phi i64 [ %35, %31 ], [ %42, %36 ]
	%38 = bitcast i64 %37 to double
	%39 = call double @llvm.maximum.f64(double %38, double %19)
	%40 = bitcast double %39 to i64
	%41 = cmpxchg i64 addrspace(1)* %34, i64 %37, i64 %40 monotonic monotonic
	%42 = extractvalue { i64, i1 } %41, 0
	%43 = extractvalue { i64, i1 } %41, 1
	br i1 %43, label %44, label %36

44:
	%45 = bitcast i64 %37 to double
	%46 = getelementptr double, double addrspace(1)* %acc.ptr, i64 2
	%47 = atomicrmw fadd double addrspace(1)* %46, double 1.0 monotonic
	ret void
}

declare i64 @ka.global_id(i32 %0)

declare i64 @ka.global_size(i32 %0)

declare double @llvm.sqrt.f64(double %0)

declare double @llvm.minimum.f64(double %0, double %1)

declare double @llvm.maximum.f64(double %0, double %1)
