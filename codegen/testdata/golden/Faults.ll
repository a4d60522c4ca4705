define spir_kernel void @Faults(i32 addrspace(1)* %x.ptr, i64 %x.len, i32 %d, i64 %ka.gsize0, i64 %ka.gsize1, i64 %ka.gsize2, i32 addrspace(1)* %ka.fault, i32 %ka.launch) {
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
	%12 = call i64 @ka.global_id(i32 2)
	%13 = call i64 @ka.global_size(i32 1)
	%14 = call i64 @ka.global_id(i32 1)
	%15 = call i64 @ka.global_size(i32 0)
	%16 = call i64 @ka.global_id(i32 0)
	%17 = mul i64 %13, %12
	%18 = add i64 %14, %17
	%19 = mul i64 %15, %18
	%20 = add i64 %16, %19
	%21 = icmp ult i64 %20, %x.len
	br i1 %21, label %22, label %fault

22:
	%23 = getelementptr i32, i32 addrspace(1)* %x.ptr, i64 %20
	%24 = load i32, i32 addrspace(1)* %23
	%25 = icmp slt i32 %24, 0
	br i1 %25, label %49, label %26

26:
	%27 = icmp ule i64 %20, %x.len
	br i1 %27, label %28, label %fault

28:
	%29 = icmp ule i64 1, %20
	br i1 %29, label %30, label %fault

30:
	%31 = getelementptr i32, i32 addrspace(1)* %x.ptr, i64 1
	%32 = sub i64 %20, 1
	%33 = icmp ult i64 %20, %x.len
	br i1 %33, label %34, label %fault

34:
	%35 = getelementptr i32, i32 addrspace(1)* %x.ptr, i64 %20
	%36 = load i32, i32 addrspace(1)* %35
	%37 = icmp ne i32 %d, 0
	br i1 %37, label %38, label %fault

38:
	%39 = sdiv i32 %36, %d
	%40 = icmp ult i64 %20, %x.len
	br i1 %40, label %41, label %fault

41:
	%42 = getelementptr i32, i32 addrspace(1)* %x.ptr, i64 %20
	%43 = load i32, i32 addrspace(1)* %42
	%44 = srem i32 %43, 7
	%45 = add i32 %39, %44
	%46 = icmp ult i64 0, %32
	br i1 %46, label %47, label %fault

47:
	%48 = getelementptr i32, i32 addrspace(1)* %31, i64 0
	store i32 %45, i32 addrspace(1)* %48
	ret void

49:
	%50 = icmp ult i64 %20, %x.len
	br i1 %50, label %51, label %fault

51:
	%52 = getelementptr i32, i32 addrspace(1)* %x.ptr, i64 %20
	%53 = load i32, i32 addrspace(1)* %52
	%54 = zext i32 %53 to i64
	br label %fault

fault:
	%55 = phi i32 [ 0, %11 ], [ 1, %49 ], [ 2, %51 ], [ 3, %26 ], [ 4, %28 ], [ 5, %30 ], [ 6, %34 ], [ 7, %38 ], [ 8, %41 ]
	%56 = phi i64 [ %20, %11 ], [ %20, %49 ], [ %20, %51 ], [ %20, %26 ], [ 1, %28 ], [ %20, %30 ], [ 0, %34 ], [ %20, %38 ], [ 0, %41 ]
	%57 = phi i64 [ %x.len, %11 ], [ %x.len, %49 ], [ %54, %51 ], [ %x.len, %26 ], [ %20, %28 ], [ %x.len, %30 ], [ 0, %34 ], [ %x.len, %38 ], [ %32, %41 ]
	%58 = phi i64 [ 0, %11 ], [ 0, %49 ], [ 0, %51 ], [ 0, %26 ], [ 0, %28 ], [ 0, %30 ], [ 0, %34 ], [ 0, %38 ], [ 0, %41 ]
	%59 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 0
	%60 = cmpxchg i32 addrspace(1)* %59, i32 0, i32 1 monotonic monotonic
	%61 = extractvalue { i32, i1 } %60, 1
	br i1 %61, label %62, label %78

62:
	%63 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 1
	store i32 %ka.launch, i32 addrspace(1)* %63
	%64 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 2
	store i32 %55, i32 addrspace(1)* %64
	%65 = call i64 @ka.global_id(i32 0)
	%66 = trunc i64 %65 to i32
	%67 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 3
	store i32 %66, i32 addrspace(1)* %67
	%68 = call i64 @ka.global_id(i32 1)
	%69 = trunc i64 %68 to i32
	%70 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 4
	store i32 %69, i32 addrspace(1)* %70
	%71 = call i64 @ka.global_id(i32 2)
	%72 = trunc i64 %71 to i32
	%73 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 5
	store i32 %72, i32 addrspace(1)* %73
	%74 = bitcast i32 addrspace(1)* %ka.fault to i64 addrspace(1)*
	%75 = getelementptr i64, i64 addrspace(1)* %74, i64 4
	store i64 %56, i64 addrspace(1)* %75
	%76 = getelementptr i64, i64 addrspace(1)* %74, i64 5
	store i64 %57, i64 addrspace(1)* %76
	%77 = getelementptr i64, i64 addrspace(1)* %74, i64 6
	store i64 %58, i64 addrspace(1)* %77
	br label %78

78:
	ret void

outside:
	ret void
}

declare i64 @ka.global_id(i32 %0)

declare i64 @ka.global_size(i32 %0)
