define spir_kernel void @BitAtomics(i32 addrspace(1)* %u.ptr, i64 %u.len, i64 addrspace(1)* %i.ptr, i64 %i.len, float addrspace(1)* %f.ptr, i64 %f.len, i64 %ka.gsize0, i64 %ka.gsize1, i64 %ka.gsize2, i32 addrspace(1)* %ka.fault, i32 %ka.launch) {
entry:
	br label %0

0:
	%1 = icmp ult i64 0, %u.len
	br i1 %1, label %2, label %fault

2:
	%3 = getelementptr i32, i32 addrspace(1)* %u.ptr, i64 0
	%4 = atomicrmw sub i32 addrspace(1)* %3, i32 3 monotonic
	%5 = icmp ult i64 1, %u.len
	br i1 %5, label %6, label %fault

6:
	%7 = getelementptr i32, i32 addrspace(1)* %u.ptr, i64 1
	%8 = call i64 @ka.global_id(i32 2)
	%9 = call i64 @ka.global_size(i32 1)
	%10 = call i64 @ka.global_id(i32 1)
	%11 = call i64 @ka.global_size(i32 0)
	%12 = call i64 @ka.global_id(i32 0)
	%13 = mul i64 %9, %8
	%14 = add i64 %10, %13
	%15 = mul i64 %11, %14
	%16 = add i64 %12, %15
	%17 = trunc i64 %16 to i32
	%18 = atomicrmw and i32 addrspace(1)* %7, i32 %17 monotonic
	%19 = icmp ult i64 0, %i.len
	br i1 %19, label %20, label %fault

20:
	%21 = getelementptr i64, i64 addrspace(1)* %i.ptr, i64 0
	%22 = call i64 @ka.global_id(i32 2)
	%23 = call i64 @ka.global_size(i32 1)
	%24 = call i64 @ka.global_id(i32 1)
	%25 = call i64 @ka.global_size(i32 0)
	%26 = call i64 @ka.global_id(i32 0)
	%27 = mul i64 %23, %22
	%28 = add i64 %24, %27
	%29 = mul i64 %25, %28
	%30 = add i64 %26, %29
	%31 = atomicrmw or i64 addrspace(1)* %21, i64 %30 monotonic
	%32 = icmp ult i64 1, %i.len
	br i1 %32, label %33, label %fault

33:
	%34 = getelementptr i64, i64 addrspace(1)* %i.ptr, i64 1
	%35 = atomicrmw xor i64 addrspace(1)* %34, i64 5 monotonic
	%36 = icmp ult i64 0, %f.len
	br i1 %36, label %61, label %fault

fault:
	%37 = phi i32 [ 0, %0 ], [ 1, %2 ], [ 2, %6 ], [ 3, %20 ], [ 4, %33 ]
	%38 = phi i64 [ 0, %0 ], [ 1, %2 ], [ 0, %6 ], [ 1, %20 ], [ 0, %33 ]
	%39 = phi i64 [ %u.len, %0 ], [ %u.len, %2 ], [ %i.len, %6 ], [ %i.len, %20 ], [ %f.len, %33 ]
	%40 = phi i64 [ 0, %0 ], [ 0, %2 ], [ 0, %6 ], [ 0, %20 ], [ 0, %33 ]
	%41 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 0
	%42 = cmpxchg i32 addrspace(1)* %41, i32 0, i32 1 monotonic monotonic
	%43 = extractvalue { i32, i1 } %42, 1
	br i1 %43, label %44, label %60

44:
	%45 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 1
	store i32 %ka.launch, i32 addrspace(1)* %45
	%46 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 2
	store i32 %37, i32 addrspace(1)* %46
	%47 = call i64 @ka.global_id(i32 0)
	%48 = trunc i64 %47 to i32
	%49 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 3
	store i32 %48, i32 addrspace(1)* %49
	%50 = call i64 @ka.global_id(i32 1)
	%51 = trunc i64 %50 to i32
	%52 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 4
	store i32 %51, i32 addrspace(1)* %52
	%53 = call i64 @ka.global_id(i32 2)
	%54 = trunc i64 %53 to i32
	%55 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 5
	store i32 %54, i32 addrspace(1)* %55
	%56 = bitcast i32 addrspace(1)* %ka.fault to i64 addrspace(1)*
	%57 = getelementptr i64, i64 addrspace(1)* %56, i64 4
	store i64 %38, i64 addrspace(1)* %57
	%58 = getelementptr i64, i64 addrspace(1)* %56, i64 5
	store i64 %39, i64 addrspace(1)* %58
	%59 = getelementptr i64, i64 addrspace(1)* %56, i64 6
	store i64 %40, i64 addrspace(1)* %59
	br label %60

60:
	ret void

61:
	%62 = getelementptr float, float addrspace(1)* %f.ptr, i64 0
	%63 = fneg float 0.5
	%64 = atomicrmw fadd float addrspace(1)* %62, float %63 monotonic
	ret void
}

declare i64 @ka.global_id(i32 %0)

declare i64 @ka.global_size(i32 %0)
