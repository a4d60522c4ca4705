define spir_kernel void @Generic_int16(i16 %a, i16 addrspace(1)* %x.ptr, i64 %x.len, i64 %ka.gsize0, i64 %ka.gsize1, i64 %ka.gsize2, i32 addrspace(1)* %ka.fault, i32 %ka.launch) {
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
	%38 = call i64 @ka.global_id(i32 2)
	%39 = call i64 @ka.global_id(i32 1)
	%40 = call i64 @ka.global_size(i32 1)
	%41 = mul i64 %40, %38
	%42 = add i64 %39, %41
	%43 = call i64 @ka.global_id(i32 0)
	%44 = call i64 @ka.global_size(i32 0)
	%45 = mul i64 %44, %42
	%46 = add i64 %43, %45
	%47 = icmp ult i64 %46, %x.len
	br i1 %47, label %48, label %fault

48:
	%49 = getelementptr i16, i16 addrspace(1)* %x.ptr, i64 %46
	%50 = load i16, i16 addrspace(1)* %49
	%51 = icmp slt i16 %50, %a
	%52 = select i1 %51, i16 %a, i16 %50
	%53 = icmp ult i64 %37, %x.len
	br i1 %53, label %78, label %fault

fault:
	%54 = phi i32 [ 0, %28 ], [ 1, %48 ]
	%55 = phi i64 [ %46, %28 ], [ %37, %48 ]
	%56 = phi i64 [ %x.len, %28 ], [ %x.len, %48 ]
	%57 = phi i64 [ 0, %28 ], [ 0, %48 ]
	%58 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 0
	%59 = cmpxchg i32 addrspace(1)* %58, i32 0, i32 1 monotonic monotonic
	%60 = extractvalue { i32, i1 } %59, 1
	br i1 %60, label %61, label %77

61:
	%62 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 1
	store i32 %ka.launch, i32 addrspace(1)* %62
	%63 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 2
	store i32 %54, i32 addrspace(1)* %63
	%64 = call i64 @ka.global_id(i32 0)
	%65 = trunc i64 %64 to i32
	%66 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 3
	store i32 %65, i32 addrspace(1)* %66
	%67 = call i64 @ka.global_id(i32 1)
	%68 = trunc i64 %67 to i32
	%69 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 4
	store i32 %68, i32 addrspace(1)* %69
	%70 = call i64 @ka.global_id(i32 2)
	%71 = trunc i64 %70 to i32
	%72 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 5
	store i32 %71, i32 addrspace(1)* %72
	%73 = bitcast i32 addrspace(1)* %ka.fault to i64 addrspace(1)*
	%74 = getelementptr i64, i64 addrspace(1)* %73, i64 4
	store i64 %55, i64 addrspace(1)* %74
	%75 = getelementptr i64, i64 addrspace(1)* %73, i64 5
	store i64 %56, i64 addrspace(1)* %75
	%76 = getelementptr i64, i64 addrspace(1)* %73, i64 6
	store i64 %57, i64 addrspace(1)* %76
	br label %77

77:
	ret void

78:
	%79 = getelementptr i16, i16 addrspace(1)* %x.ptr, i64 %37
	store i16 %52, i16 addrspace(1)* %79
	ret void

outside:
	ret void
}

declare i64 @ka.global_id(i32 %0)

declare i64 @ka.global_size(i32 %0)

declare i64 @ka.num_groups(i32 %0)

declare i64 @ka.group_size(i32 %0)
