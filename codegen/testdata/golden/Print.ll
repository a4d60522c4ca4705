define spir_kernel void @Print(float addrspace(1)* %x.ptr, i64 %x.len, i8 %ok, i64 %ka.gsize0, i64 %ka.gsize1, i64 %ka.gsize2, i32 addrspace(1)* %ka.fault, i32 %ka.launch) {
entry:
	%0 = icmp ne i8 %ok, 0
	%1 = call i64 @ka.num_groups(i32 0)
	%2 = call i64 @ka.group_size(i32 0)
	%3 = call i64 @ka.global_size(i32 0)
	%4 = mul i64 %1, %2
	%5 = icmp ne i64 %4, %3
	%6 = call i64 @ka.num_groups(i32 1)
	%7 = call i64 @ka.group_size(i32 1)
	%8 = call i64 @ka.global_size(i32 1)
	%9 = mul i64 %6, %7
	%10 = icmp ne i64 %9, %8
	%11 = or i1 %5, %10
	%12 = call i64 @ka.num_groups(i32 2)
	%13 = call i64 @ka.group_size(i32 2)
	%14 = call i64 @ka.global_size(i32 2)
	%15 = mul i64 %12, %13
	%16 = icmp ne i64 %15, %14
	%17 = or i1 %11, %16
	br i1 %17, label %partial, label %29, !ka.partial !{}

partial:
	%18 = call i64 @ka.global_id(i32 0)
	%19 = call i64 @ka.global_size(i32 0)
	%20 = icmp uge i64 %18, %19
	%21 = call i64 @ka.global_id(i32 1)
	%22 = call i64 @ka.global_size(i32 1)
	%23 = icmp uge i64 %21, %22
	%24 = or i1 %20, %23
	%25 = call i64 @ka.global_id(i32 2)
	%26 = call i64 @ka.global_size(i32 2)
	%27 = icmp uge i64 %25, %26
	%28 = or i1 %24, %27
	br i1 %28, label %outside, label %29

29:
	%30 = call i64 @ka.global_id(i32 2)
	%31 = call i64 @ka.global_id(i32 1)
	%32 = call i64 @ka.global_size(i32 1)
	%33 = mul i64 %32, %30
	%34 = add i64 %31, %33
	%35 = call i64 @ka.global_id(i32 0)
	%36 = call i64 @ka.global_size(i32 0)
	%37 = mul i64 %36, %34
	%38 = add i64 %35, %37
	%39 = icmp ult i64 %38, %x.len
	br i1 %39, label %64, label %fault

fault:
	%40 = phi i32 [ 0, %29 ]
	%41 = phi i64 [ %38, %29 ]
	%42 = phi i64 [ %x.len, %29 ]
	%43 = phi i64 [ 0, %29 ]
	%44 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 0
	%45 = cmpxchg i32 addrspace(1)* %44, i32 0, i32 1 monotonic monotonic
	%46 = extractvalue { i32, i1 } %45, 1
	br i1 %46, label %47, label %63

47:
	%48 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 1
	store i32 %ka.launch, i32 addrspace(1)* %48
	%49 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 2
	store i32 %40, i32 addrspace(1)* %49
	%50 = call i64 @ka.global_id(i32 0)
	%51 = trunc i64 %50 to i32
	%52 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 3
	store i32 %51, i32 addrspace(1)* %52
	%53 = call i64 @ka.global_id(i32 1)
	%54 = trunc i64 %53 to i32
	%55 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 4
	store i32 %54, i32 addrspace(1)* %55
	%56 = call i64 @ka.global_id(i32 2)
	%57 = trunc i64 %56 to i32
	%58 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 5
	store i32 %57, i32 addrspace(1)* %58
	%59 = bitcast i32 addrspace(1)* %ka.fault to i64 addrspace(1)*
	%60 = getelementptr i64, i64 addrspace(1)* %59, i64 4
	store i64 %41, i64 addrspace(1)* %60
	%61 = getelementptr i64, i64 addrspace(1)* %59, i64 5
	store i64 %42, i64 addrspace(1)* %61
	%62 = getelementptr i64, i64 addrspace(1)* %59, i64 6
	store i64 %43, i64 addrspace(1)* %62
	br label %63

63:
	ret void

64:
	%65 = getelementptr float, float addrspace(1)* %x.ptr, i64 %38
	%66 = load float, float addrspace(1)* %65
	%67 = fpext float %66 to double
	br i1 %0, label %69, label %68

68:
	call void (...) @ka.printf([17 x i8] c"x %ld %+e false\0A\00", i64 %38, double %67)
	br label %70

69:
	call void (...) @ka.printf([16 x i8] c"x %ld %+e true\0A\00", i64 %38, double %67)
	br label %70

70:
	%71 = sext i8 -3 to i64
	%72 = zext i16 7 to i64
	call void (...) @ka.printf([18 x i8] c"no newline %ld%lu\00", i64 %71, i64 %72)
	%73 = getelementptr float, float addrspace(1)* %x.ptr, i64 %38
	%74 = load float, float addrspace(1)* %73
	%75 = fpext float %74 to double
	%76 = zext i32 255 to i64
	br i1 %0, label %78, label %77

77:
	call void (...) @ka.printf([30 x i8] c"x[%ld] = %.2f (false, %lx%%)\0A\00", i64 %38, double %75, i64 %76)
	br label %79

78:
	call void (...) @ka.printf([29 x i8] c"x[%ld] = %.2f (true, %lx%%)\0A\00", i64 %38, double %75, i64 %76)
	br label %79

79:
	ret void

outside:
	ret void
}

declare i64 @ka.global_id(i32 %0)

declare i64 @ka.global_size(i32 %0)

declare void @ka.printf(...)

declare i64 @ka.num_groups(i32 %0)

declare i64 @ka.group_size(i32 %0)
