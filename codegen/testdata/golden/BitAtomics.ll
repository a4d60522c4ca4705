define spir_kernel void @BitAtomics(i32 addrspace(1)* %u.ptr, i64 %u.len, i64 addrspace(1)* %i.ptr, i64 %i.len, float addrspace(1)* %f.ptr, i64 %f.len, i64 %ka.gsize0, i64 %ka.gsize1, i64 %ka.gsize2, i32 addrspace(1)* %ka.fault, i32 %ka.launch) {
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
	%12 = icmp ult i64 0, %u.len
	br i1 %12, label %13, label %fault

13:
	%14 = getelementptr i32, i32 addrspace(1)* %u.ptr, i64 0
	%15 = atomicrmw sub i32 addrspace(1)* %14, i32 3 monotonic
	%16 = icmp ult i64 1, %u.len
	br i1 %16, label %17, label %fault

17:
	%18 = getelementptr i32, i32 addrspace(1)* %u.ptr, i64 1
	%19 = call i64 @ka.global_id(i32 2)
	%20 = call i64 @ka.global_size(i32 1)
	%21 = call i64 @ka.global_id(i32 1)
	%22 = call i64 @ka.global_size(i32 0)
	%23 = call i64 @ka.global_id(i32 0)
	%24 = mul i64 %20, %19
	%25 = add i64 %21, %24
	%26 = mul i64 %22, %25
	%27 = add i64 %23, %26
	%28 = trunc i64 %27 to i32
	%29 = atomicrmw and i32 addrspace(1)* %18, i32 %28 monotonic
	%30 = icmp ult i64 0, %i.len
	br i1 %30, label %31, label %fault

31:
	%32 = getelementptr i64, i64 addrspace(1)* %i.ptr, i64 0
	%33 = call i64 @ka.global_id(i32 2)
	%34 = call i64 @ka.global_size(i32 1)
	%35 = call i64 @ka.global_id(i32 1)
	%36 = call i64 @ka.global_size(i32 0)
	%37 = call i64 @ka.global_id(i32 0)
	%38 = mul i64 %34, %33
	%39 = add i64 %35, %38
	%40 = mul i64 %36, %39
	%41 = add i64 %37, %40
	%42 = atomicrmw or i64 addrspace(1)* %32, i64 %41 monotonic
	%43 = icmp ult i64 1, %i.len
	br i1 %43, label %44, label %fault

44:
	%45 = getelementptr i64, i64 addrspace(1)* %i.ptr, i64 1
	%46 = atomicrmw xor i64 addrspace(1)* %45, i64 5 monotonic
	%47 = icmp ult i64 0, %f.len
	br i1 %47, label %72, label %fault

fault:
	%48 = phi i32 [ 0, %11 ], [ 1, %13 ], [ 2, %17 ], [ 3, %31 ], [ 4, %44 ]
	%49 = phi i64 [ 0, %11 ], [ 1, %13 ], [ 0, %17 ], [ 1, %31 ], [ 0, %44 ]
	%50 = phi i64 [ %u.len, %11 ], [ %u.len, %13 ], [ %i.len, %17 ], [ %i.len, %31 ], [ %f.len, %44 ]
	%51 = phi i64 [ 0, %11 ], [ 0, %13 ], [ 0, %17 ], [ 0, %31 ], [ 0, %44 ]
	%52 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 0
	%53 = cmpxchg i32 addrspace(1)* %52, i32 0, i32 1 monotonic monotonic
	%54 = extractvalue { i32, i1 } %53, 1
	br i1 %54, label %55, label %71

55:
	%56 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 1
	store i32 %ka.launch, i32 addrspace(1)* %56
	%57 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 2
	store i32 %48, i32 addrspace(1)* %57
	%58 = call i64 @ka.global_id(i32 0)
	%59 = trunc i64 %58 to i32
	%60 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 3
	store i32 %59, i32 addrspace(1)* %60
	%61 = call i64 @ka.global_id(i32 1)
	%62 = trunc i64 %61 to i32
	%63 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 4
	store i32 %62, i32 addrspace(1)* %63
	%64 = call i64 @ka.global_id(i32 2)
	%65 = trunc i64 %64 to i32
	%66 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 5
	store i32 %65, i32 addrspace(1)* %66
	%67 = bitcast i32 addrspace(1)* %ka.fault to i64 addrspace(1)*
	%68 = getelementptr i64, i64 addrspace(1)* %67, i64 4
	store i64 %49, i64 addrspace(1)* %68
	%69 = getelementptr i64, i64 addrspace(1)* %67, i64 5
	store i64 %50, i64 addrspace(1)* %69
	%70 = getelementptr i64, i64 addrspace(1)* %67, i64 6
	store i64 %51, i64 addrspace(1)* %70
	br label %71

71:
	ret void

72:
	%73 = getelementptr float, float addrspace(1)* %f.ptr, i64 0
	%74 = fneg float 0.5
	%75 = atomicrmw fadd float addrspace(1)* %73, float %74 monotonic
	ret void

outside:
	ret void
}

declare i64 @ka.global_id(i32 %0)

declare i64 @ka.global_size(i32 %0)
