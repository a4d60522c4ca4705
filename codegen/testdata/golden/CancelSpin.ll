define spir_kernel void @CancelSpin(i32 addrspace(1)* %x.ptr, i64 %x.len, i32 %n, i64 %ka.gsize0, i64 %ka.gsize1, i64 %ka.gsize2, i32 addrspace(1)* %ka.fault, i32 %ka.launch) {
entry:
	%0 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 6
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
	%18 = load volatile i32, i32 addrspace(1)* %0, align 4
	%19 = icmp ne i32 %18, 0
	br i1 %19, label %82, label %20

20:
	br i1 %17, label %partial, label %32

partial:
	%21 = call i64 @ka.global_id(i32 0)
	%22 = call i64 @ka.global_size(i32 0)
	%23 = icmp uge i64 %21, %22
	%24 = call i64 @ka.global_id(i32 1)
	%25 = call i64 @ka.global_size(i32 1)
	%26 = icmp uge i64 %24, %25
	%27 = or i1 %23, %26
	%28 = call i64 @ka.global_id(i32 2)
	%29 = call i64 @ka.global_size(i32 2)
	%30 = icmp uge i64 %28, %29
	%31 = or i1 %27, %30
	br i1 %31, label %outside, label %32

32:
	%33 = call i64 @ka.global_id(i32 2)
	%34 = call i64 @ka.global_size(i32 1)
	%35 = call i64 @ka.global_id(i32 1)
	%36 = call i64 @ka.global_size(i32 0)
	%37 = call i64 @ka.global_id(i32 0)
	%38 = mul i64 %34, %33
	%39 = add i64 %35, %38
	%40 = mul i64 %36, %39
	%41 = add i64 %37, %40
	%42 = trunc i64 %41 to i32
	br label %43

43:
	%44 = phi i32 [ %42, %32 ], [ %80, %83 ]
	%45 = phi i32 [ 0, %32 ], [ %81, %83 ]
	%46 = icmp slt i32 %45, %n
	br i1 %46, label %78, label %47

47:
	%48 = icmp slt i64 %41, %x.len
	br i1 %48, label %49, label %77

49:
	%50 = icmp ult i64 %41, %x.len
	br i1 %50, label %75, label %fault

fault:
	%51 = phi i32 [ 0, %49 ]
	%52 = phi i64 [ %41, %49 ]
	%53 = phi i64 [ %x.len, %49 ]
	%54 = phi i64 [ 0, %49 ]
	%55 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 0
	%56 = cmpxchg i32 addrspace(1)* %55, i32 0, i32 1 monotonic monotonic
	%57 = extractvalue { i32, i1 } %56, 1
	br i1 %57, label %58, label %74

58:
	%59 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 1
	store i32 %ka.launch, i32 addrspace(1)* %59
	%60 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 2
	store i32 %51, i32 addrspace(1)* %60
	%61 = call i64 @ka.global_id(i32 0)
	%62 = trunc i64 %61 to i32
	%63 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 3
	store i32 %62, i32 addrspace(1)* %63
	%64 = call i64 @ka.global_id(i32 1)
	%65 = trunc i64 %64 to i32
	%66 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 4
	store i32 %65, i32 addrspace(1)* %66
	%67 = call i64 @ka.global_id(i32 2)
	%68 = trunc i64 %67 to i32
	%69 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 5
	store i32 %68, i32 addrspace(1)* %69
	%70 = bitcast i32 addrspace(1)* %ka.fault to i64 addrspace(1)*
	%71 = getelementptr i64, i64 addrspace(1)* %70, i64 4
	store i64 %52, i64 addrspace(1)* %71
	%72 = getelementptr i64, i64 addrspace(1)* %70, i64 5
	store i64 %53, i64 addrspace(1)* %72
	%73 = getelementptr i64, i64 addrspace(1)* %70, i64 6
	store i64 %54, i64 addrspace(1)* %73
	br label %74

74:
	ret void

75:
	%76 = getelementptr i32, i32 addrspace(1)* %x.ptr, i64 %41
	store i32 %44, i32 addrspace(1)* %76
	br label %77

77:
	ret void

78:
	%79 = mul i32 %44, 1664525
	%80 = add i32 %79, 1013904223
	%81 = add i32 %45, 1
	br label %83

outside:
	ret void

82:
	ret void

83:
	%84 = load volatile i32, i32 addrspace(1)* %0, align 4
	%85 = icmp ne i32 %84, 0
	br i1 %85, label %82, label %43
}

declare i64 @ka.global_id(i32 %0)

declare i64 @ka.global_size(i32 %0)

declare i64 @ka.num_groups(i32 %0)

declare i64 @ka.group_size(i32 %0)
