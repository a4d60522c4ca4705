define spir_kernel void @Generic_int16(i16 %a, i16 addrspace(1)* %x.ptr, i64 %x.len, i64 %ka.gsize0, i64 %ka.gsize1, i64 %ka.gsize2, i32 addrspace(1)* %ka.fault, i32 %ka.launch) {
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
	%10 = call i64 @ka.global_id(i32 2)
	%11 = call i64 @ka.global_size(i32 1)
	%12 = call i64 @ka.global_id(i32 1)
	%13 = call i64 @ka.global_size(i32 0)
	%14 = call i64 @ka.global_id(i32 0)
	%15 = mul i64 %11, %10
	%16 = add i64 %12, %15
	%17 = mul i64 %13, %16
	%18 = add i64 %14, %17
	%19 = icmp ult i64 %18, %x.len
	br i1 %19, label %20, label %fault

20:
	%21 = getelementptr i16, i16 addrspace(1)* %x.ptr, i64 %18
	%22 = load i16, i16 addrspace(1)* %21
	%23 = icmp slt i16 %22, %a
	%24 = select i1 %23, i16 %a, i16 %22
	%25 = icmp ult i64 %9, %x.len
	br i1 %25, label %50, label %fault

fault:
	%26 = phi i32 [ 0, %0 ], [ 1, %20 ]
	%27 = phi i64 [ %18, %0 ], [ %9, %20 ]
	%28 = phi i64 [ %x.len, %0 ], [ %x.len, %20 ]
	%29 = phi i64 [ 0, %0 ], [ 0, %20 ]
	%30 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 0
	%31 = cmpxchg i32 addrspace(1)* %30, i32 0, i32 1 monotonic monotonic
	%32 = extractvalue { i32, i1 } %31, 1
	br i1 %32, label %33, label %49

33:
	%34 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 1
	store i32 %ka.launch, i32 addrspace(1)* %34
	%35 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 2
	store i32 %26, i32 addrspace(1)* %35
	%36 = call i64 @ka.global_id(i32 0)
	%37 = trunc i64 %36 to i32
	%38 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 3
	store i32 %37, i32 addrspace(1)* %38
	%39 = call i64 @ka.global_id(i32 1)
	%40 = trunc i64 %39 to i32
	%41 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 4
	store i32 %40, i32 addrspace(1)* %41
	%42 = call i64 @ka.global_id(i32 2)
	%43 = trunc i64 %42 to i32
	%44 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 5
	store i32 %43, i32 addrspace(1)* %44
	%45 = bitcast i32 addrspace(1)* %ka.fault to i64 addrspace(1)*
	%46 = getelementptr i64, i64 addrspace(1)* %45, i64 4
	store i64 %27, i64 addrspace(1)* %46
	%47 = getelementptr i64, i64 addrspace(1)* %45, i64 5
	store i64 %28, i64 addrspace(1)* %47
	%48 = getelementptr i64, i64 addrspace(1)* %45, i64 6
	store i64 %29, i64 addrspace(1)* %48
	br label %49

49:
	ret void

50:
	%51 = getelementptr i16, i16 addrspace(1)* %x.ptr, i64 %9
	store i16 %24, i16 addrspace(1)* %51
	ret void
}

declare i64 @ka.global_id(i32 %0)

declare i64 @ka.global_size(i32 %0)
