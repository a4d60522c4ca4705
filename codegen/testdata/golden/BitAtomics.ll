define spir_kernel void @BitAtomics(i32 addrspace(1)* %u.ptr, i64 %u.len, i64 addrspace(1)* %i.ptr, i64 %i.len, float addrspace(1)* %f.ptr, i64 %f.len, i64 %ka.gsize0, i64 %ka.gsize1, i64 %ka.gsize2, i32 addrspace(1)* %ka.fault, i32 %ka.launch) {
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
	%29 = icmp ult i64 0, %u.len
	br i1 %29, label %30, label %fault

30:
	%31 = getelementptr i32, i32 addrspace(1)* %u.ptr, i64 0
	%32 = atomicrmw sub i32 addrspace(1)* %31, i32 3 monotonic
	%33 = icmp ult i64 1, %u.len
	br i1 %33, label %34, label %fault

34:
	%35 = getelementptr i32, i32 addrspace(1)* %u.ptr, i64 1
	%36 = call i64 @ka.global_id(i32 2)
	%37 = call i64 @ka.global_id(i32 1)
	%38 = call i64 @ka.global_size(i32 1)
	%39 = mul i64 %38, %36
	%40 = add i64 %37, %39
	%41 = call i64 @ka.global_id(i32 0)
	%42 = call i64 @ka.global_size(i32 0)
	%43 = mul i64 %42, %40
	%44 = add i64 %41, %43
	%45 = trunc i64 %44 to i32
	%46 = atomicrmw and i32 addrspace(1)* %35, i32 %45 monotonic
	%47 = icmp ult i64 0, %i.len
	br i1 %47, label %48, label %fault

48:
	%49 = getelementptr i64, i64 addrspace(1)* %i.ptr, i64 0
	%50 = call i64 @ka.global_id(i32 2)
	%51 = call i64 @ka.global_id(i32 1)
	%52 = call i64 @ka.global_size(i32 1)
	%53 = mul i64 %52, %50
	%54 = add i64 %51, %53
	%55 = call i64 @ka.global_id(i32 0)
	%56 = call i64 @ka.global_size(i32 0)
	%57 = mul i64 %56, %54
	%58 = add i64 %55, %57
	%59 = atomicrmw or i64 addrspace(1)* %49, i64 %58 monotonic
	%60 = icmp ult i64 1, %i.len
	br i1 %60, label %61, label %fault

61:
	%62 = getelementptr i64, i64 addrspace(1)* %i.ptr, i64 1
	%63 = atomicrmw xor i64 addrspace(1)* %62, i64 5 monotonic
	%64 = icmp ult i64 0, %f.len
	br i1 %64, label %89, label %fault

fault:
	%65 = phi i32 [ 0, %28 ], [ 1, %30 ], [ 2, %34 ], [ 3, %48 ], [ 4, %61 ]
	%66 = phi i64 [ 0, %28 ], [ 1, %30 ], [ 0, %34 ], [ 1, %48 ], [ 0, %61 ]
	%67 = phi i64 [ %u.len, %28 ], [ %u.len, %30 ], [ %i.len, %34 ], [ %i.len, %48 ], [ %f.len, %61 ]
	%68 = phi i64 [ 0, %28 ], [ 0, %30 ], [ 0, %34 ], [ 0, %48 ], [ 0, %61 ]
	%69 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 0
	%70 = cmpxchg i32 addrspace(1)* %69, i32 0, i32 1 monotonic monotonic
	%71 = extractvalue { i32, i1 } %70, 1
	br i1 %71, label %72, label %88

72:
	%73 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 1
	store i32 %ka.launch, i32 addrspace(1)* %73
	%74 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 2
	store i32 %65, i32 addrspace(1)* %74
	%75 = call i64 @ka.global_id(i32 0)
	%76 = trunc i64 %75 to i32
	%77 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 3
	store i32 %76, i32 addrspace(1)* %77
	%78 = call i64 @ka.global_id(i32 1)
	%79 = trunc i64 %78 to i32
	%80 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 4
	store i32 %79, i32 addrspace(1)* %80
	%81 = call i64 @ka.global_id(i32 2)
	%82 = trunc i64 %81 to i32
	%83 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 5
	store i32 %82, i32 addrspace(1)* %83
	%84 = bitcast i32 addrspace(1)* %ka.fault to i64 addrspace(1)*
	%85 = getelementptr i64, i64 addrspace(1)* %84, i64 4
	store i64 %66, i64 addrspace(1)* %85
	%86 = getelementptr i64, i64 addrspace(1)* %84, i64 5
	store i64 %67, i64 addrspace(1)* %86
	%87 = getelementptr i64, i64 addrspace(1)* %84, i64 6
	store i64 %68, i64 addrspace(1)* %87
	br label %88

88:
	ret void

89:
	%90 = getelementptr float, float addrspace(1)* %f.ptr, i64 0
	%91 = fneg float 0.5
	%92 = atomicrmw fadd float addrspace(1)* %90, float %91 monotonic
	ret void

outside:
	ret void
}

declare i64 @ka.global_id(i32 %0)

declare i64 @ka.global_size(i32 %0)

declare i64 @ka.num_groups(i32 %0)

declare i64 @ka.group_size(i32 %0)
