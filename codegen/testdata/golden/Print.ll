define spir_kernel void @Print(float addrspace(1)* %x.ptr, i64 %x.len, i8 %ok, i64 %ka.gsize0, i64 %ka.gsize1, i64 %ka.gsize2, i32 addrspace(1)* %ka.fault, i32 %ka.launch) {
entry:
	%0 = icmp ne i8 %ok, 0
	%1 = call i64 @ka.global_id(i32 0)
	%2 = call i64 @ka.global_size(i32 0)
	%3 = icmp uge i64 %1, %2
	%4 = call i64 @ka.global_id(i32 1)
	%5 = call i64 @ka.global_size(i32 1)
	%6 = icmp uge i64 %4, %5
	%7 = or i1 %3, %6
	%8 = call i64 @ka.global_id(i32 2)
	%9 = call i64 @ka.global_size(i32 2)
	%10 = icmp uge i64 %8, %9
	%11 = or i1 %7, %10
	br i1 %11, label %outside, label %12

12:
	%13 = call i64 @ka.global_id(i32 2)
	%14 = call i64 @ka.global_size(i32 1)
	%15 = call i64 @ka.global_id(i32 1)
	%16 = call i64 @ka.global_size(i32 0)
	%17 = call i64 @ka.global_id(i32 0)
	%18 = mul i64 %14, %13
	%19 = add i64 %15, %18
	%20 = mul i64 %16, %19
	%21 = add i64 %17, %20
	%22 = icmp ult i64 %21, %x.len
	br i1 %22, label %23, label %fault

23:
	%24 = getelementptr float, float addrspace(1)* %x.ptr, i64 %21
	%25 = load float, float addrspace(1)* %24
	%26 = fpext float %25 to double
	br i1 %0, label %28, label %27

27:
	call void (...) @ka.printf([17 x i8] c"x %ld %+e false\0A\00", i64 %21, double %26)
	br label %29

28:
	call void (...) @ka.printf([16 x i8] c"x %ld %+e true\0A\00", i64 %21, double %26)
	br label %29

29:
	%30 = sext i8 -3 to i64
	%31 = zext i16 7 to i64
	call void (...) @ka.printf([18 x i8] c"no newline %ld%lu\00", i64 %30, i64 %31)
	%32 = icmp ult i64 %21, %x.len
	br i1 %32, label %57, label %fault

fault:
	%33 = phi i32 [ 0, %12 ], [ 1, %29 ]
	%34 = phi i64 [ %21, %12 ], [ %21, %29 ]
	%35 = phi i64 [ %x.len, %12 ], [ %x.len, %29 ]
	%36 = phi i64 [ 0, %12 ], [ 0, %29 ]
	%37 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 0
	%38 = cmpxchg i32 addrspace(1)* %37, i32 0, i32 1 monotonic monotonic
	%39 = extractvalue { i32, i1 } %38, 1
	br i1 %39, label %40, label %56

40:
	%41 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 1
	store i32 %ka.launch, i32 addrspace(1)* %41
	%42 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 2
	store i32 %33, i32 addrspace(1)* %42
	%43 = call i64 @ka.global_id(i32 0)
	%44 = trunc i64 %43 to i32
	%45 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 3
	store i32 %44, i32 addrspace(1)* %45
	%46 = call i64 @ka.global_id(i32 1)
	%47 = trunc i64 %46 to i32
	%48 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 4
	store i32 %47, i32 addrspace(1)* %48
	%49 = call i64 @ka.global_id(i32 2)
	%50 = trunc i64 %49 to i32
	%51 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 5
	store i32 %50, i32 addrspace(1)* %51
	%52 = bitcast i32 addrspace(1)* %ka.fault to i64 addrspace(1)*
	%53 = getelementptr i64, i64 addrspace(1)* %52, i64 4
	store i64 %34, i64 addrspace(1)* %53
	%54 = getelementptr i64, i64 addrspace(1)* %52, i64 5
	store i64 %35, i64 addrspace(1)* %54
	%55 = getelementptr i64, i64 addrspace(1)* %52, i64 6
	store i64 %36, i64 addrspace(1)* %55
	br label %56

56:
	ret void

57:
	%58 = getelementptr float, float addrspace(1)* %x.ptr, i64 %21
	%59 = load float, float addrspace(1)* %58
	%60 = fpext float %59 to double
	%61 = zext i32 255 to i64
	br i1 %0, label %63, label %62

62:
	call void (...) @ka.printf([30 x i8] c"x[%ld] = %.2f (false, %lx%%)\0A\00", i64 %21, double %60, i64 %61)
	br label %64

63:
	call void (...) @ka.printf([29 x i8] c"x[%ld] = %.2f (true, %lx%%)\0A\00", i64 %21, double %60, i64 %61)
	br label %64

64:
	ret void

outside:
	ret void
}

declare i64 @ka.global_id(i32 %0)

declare i64 @ka.global_size(i32 %0)

declare void @ka.printf(...)
