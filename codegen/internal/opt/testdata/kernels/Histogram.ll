define spir_kernel void @Histogram(i8 addrspace(1)* %data.ptr, i64 %data.len, i32 addrspace(1)* %bins.ptr, i64 %bins.len, i64 %ka.gsize0, i64 %ka.gsize1, i64 %ka.gsize2, i32 addrspace(1)* %ka.fault, i32 %ka.launch) {
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
	br i1 %16, label %partial, label %28

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
	%38 = icmp slt i64 %37, %data.len
	br i1 %38, label %39, label %71

39:
	%40 = getelementptr i8, i8 addrspace(1)* %data.ptr, i64 %37
	%41 = load i8, i8 addrspace(1)* %40
	%42 = zext i8 %41 to i64
	%43 = icmp ult i64 %42, %bins.len
	br i1 %43, label %68, label %fault

fault:
	%44 = phi i32 [ 0, %39 ]
	%45 = phi i64 [ %42, %39 ]
	%46 = phi i64 [ %bins.len, %39 ]
	%47 = phi i64 [ 0, %39 ]
	%48 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 0
	%49 = cmpxchg i32 addrspace(1)* %48, i32 0, i32 1 monotonic monotonic
	%50 = extractvalue { i32, i1 } %49, 1
	br i1 %50, label %51, label %67

51:
	%52 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 1
	store i32 %ka.launch, i32 addrspace(1)* %52
	%53 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 2
	store i32 %44, i32 addrspace(1)* %53
	%54 = call i64 @ka.global_id(i32 0)
	%55 = trunc i64 %54 to i32
	%56 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 3
	store i32 %55, i32 addrspace(1)* %56
	%57 = call i64 @ka.global_id(i32 1)
	%58 = trunc i64 %57 to i32
	%59 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 4
	store i32 %58, i32 addrspace(1)* %59
	%60 = call i64 @ka.global_id(i32 2)
	%61 = trunc i64 %60 to i32
	%62 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 5
	store i32 %61, i32 addrspace(1)* %62
	%63 = bitcast i32 addrspace(1)* %ka.fault to i64 addrspace(1)*
	%64 = getelementptr i64, i64 addrspace(1)* %63, i64 4
	store i64 %45, i64 addrspace(1)* %64
	%65 = getelementptr i64, i64 addrspace(1)* %63, i64 5
	store i64 %46, i64 addrspace(1)* %65
	%66 = getelementptr i64, i64 addrspace(1)* %63, i64 6
	store i64 %47, i64 addrspace(1)* %66
	br label %67

67:
	ret void

68:
	%69 = getelementptr i32, i32 addrspace(1)* %bins.ptr, i64 %42
	%70 = atomicrmw add i32 addrspace(1)* %69, i32 1 monotonic
	br label %71

71:
	ret void

outside:
	ret void
}

declare i64 @ka.global_id(i32 %0)

declare i64 @ka.global_size(i32 %0)

declare i64 @ka.num_groups(i32 %0)

declare i64 @ka.group_size(i32 %0)
