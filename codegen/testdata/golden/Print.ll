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
	br i1 %17, label %partial, label %29

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
	%31 = call i64 @ka.global_size(i32 1)
	%32 = call i64 @ka.global_id(i32 1)
	%33 = call i64 @ka.global_size(i32 0)
	%34 = call i64 @ka.global_id(i32 0)
	%35 = mul i64 %31, %30
	%36 = add i64 %32, %35
	%37 = mul i64 %33, %36
	%38 = add i64 %34, %37
	%39 = icmp ult i64 %38, %x.len
	br i1 %39, label %40, label %fault

40:
	%41 = getelementptr float, float addrspace(1)* %x.ptr, i64 %38
	%42 = load float, float addrspace(1)* %41
	%43 = fpext float %42 to double
	br i1 %0, label %45, label %44

44:
	call void (...) @ka.printf([17 x i8] c"x %ld %+e false\0A\00", i64 %38, double %43)
	br label %46

45:
	call void (...) @ka.printf([16 x i8] c"x %ld %+e true\0A\00", i64 %38, double %43)
	br label %46

46:
	%47 = sext i8 -3 to i64
	%48 = zext i16 7 to i64
	call void (...) @ka.printf([18 x i8] c"no newline %ld%lu\00", i64 %47, i64 %48)
	%49 = icmp ult i64 %38, %x.len
	br i1 %49, label %74, label %fault

fault:
	%50 = phi i32 [ 0, %29 ], [ 1, %46 ]
	%51 = phi i64 [ %38, %29 ], [ %38, %46 ]
	%52 = phi i64 [ %x.len, %29 ], [ %x.len, %46 ]
	%53 = phi i64 [ 0, %29 ], [ 0, %46 ]
	%54 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 0
	%55 = cmpxchg i32 addrspace(1)* %54, i32 0, i32 1 monotonic monotonic
	%56 = extractvalue { i32, i1 } %55, 1
	br i1 %56, label %57, label %73

57:
	%58 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 1
	store i32 %ka.launch, i32 addrspace(1)* %58
	%59 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 2
	store i32 %50, i32 addrspace(1)* %59
	%60 = call i64 @ka.global_id(i32 0)
	%61 = trunc i64 %60 to i32
	%62 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 3
	store i32 %61, i32 addrspace(1)* %62
	%63 = call i64 @ka.global_id(i32 1)
	%64 = trunc i64 %63 to i32
	%65 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 4
	store i32 %64, i32 addrspace(1)* %65
	%66 = call i64 @ka.global_id(i32 2)
	%67 = trunc i64 %66 to i32
	%68 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 5
	store i32 %67, i32 addrspace(1)* %68
	%69 = bitcast i32 addrspace(1)* %ka.fault to i64 addrspace(1)*
	%70 = getelementptr i64, i64 addrspace(1)* %69, i64 4
	store i64 %51, i64 addrspace(1)* %70
	%71 = getelementptr i64, i64 addrspace(1)* %69, i64 5
	store i64 %52, i64 addrspace(1)* %71
	%72 = getelementptr i64, i64 addrspace(1)* %69, i64 6
	store i64 %53, i64 addrspace(1)* %72
	br label %73

73:
	ret void

74:
	%75 = getelementptr float, float addrspace(1)* %x.ptr, i64 %38
	%76 = load float, float addrspace(1)* %75
	%77 = fpext float %76 to double
	%78 = zext i32 255 to i64
	br i1 %0, label %80, label %79

79:
	call void (...) @ka.printf([30 x i8] c"x[%ld] = %.2f (false, %lx%%)\0A\00", i64 %38, double %77, i64 %78)
	br label %81

80:
	call void (...) @ka.printf([29 x i8] c"x[%ld] = %.2f (true, %lx%%)\0A\00", i64 %38, double %77, i64 %78)
	br label %81

81:
	ret void

outside:
	ret void
}

declare i64 @ka.global_id(i32 %0)

declare i64 @ka.global_size(i32 %0)

declare void @ka.printf(...)

declare i64 @ka.num_groups(i32 %0)

declare i64 @ka.group_size(i32 %0)
