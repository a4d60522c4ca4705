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
	br i1 %25, label %53, label %26

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
	%39 = icmp eq i32 %d, -1
	%40 = select i1 %39, i32 1, i32 %d
	%41 = sub i32 0, %36
	%42 = sdiv i32 %36, %40
	%43 = select i1 %39, i32 %41, i32 %42
	%44 = icmp ult i64 %20, %x.len
	br i1 %44, label %45, label %fault

45:
	%46 = getelementptr i32, i32 addrspace(1)* %x.ptr, i64 %20
	%47 = load i32, i32 addrspace(1)* %46
	%48 = srem i32 %47, 7
	%49 = add i32 %43, %48
	%50 = icmp ult i64 0, %32
	br i1 %50, label %51, label %fault

51:
	%52 = getelementptr i32, i32 addrspace(1)* %31, i64 0
	store i32 %49, i32 addrspace(1)* %52
	ret void

53:
	%54 = icmp ult i64 %20, %x.len
	br i1 %54, label %55, label %fault

55:
	%56 = getelementptr i32, i32 addrspace(1)* %x.ptr, i64 %20
	%57 = load i32, i32 addrspace(1)* %56
	%58 = zext i32 %57 to i64
	br label %fault

fault:
	%59 = phi i32 [ 0, %11 ], [ 1, %53 ], [ 2, %55 ], [ 3, %26 ], [ 4, %28 ], [ 5, %30 ], [ 6, %34 ], [ 7, %38 ], [ 8, %45 ]
	%60 = phi i64 [ %20, %11 ], [ %20, %53 ], [ %20, %55 ], [ %20, %26 ], [ 1, %28 ], [ %20, %30 ], [ 0, %34 ], [ %20, %38 ], [ 0, %45 ]
	%61 = phi i64 [ %x.len, %11 ], [ %x.len, %53 ], [ %58, %55 ], [ %x.len, %26 ], [ %20, %28 ], [ %x.len, %30 ], [ 0, %34 ], [ %x.len, %38 ], [ %32, %45 ]
	%62 = phi i64 [ 0, %11 ], [ 0, %53 ], [ 0, %55 ], [ 0, %26 ], [ 0, %28 ], [ 0, %30 ], [ 0, %34 ], [ 0, %38 ], [ 0, %45 ]
	%63 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 0
	%64 = cmpxchg i32 addrspace(1)* %63, i32 0, i32 1 monotonic monotonic
	%65 = extractvalue { i32, i1 } %64, 1
	br i1 %65, label %66, label %82

66:
	%67 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 1
	store i32 %ka.launch, i32 addrspace(1)* %67
	%68 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 2
	store i32 %59, i32 addrspace(1)* %68
	%69 = call i64 @ka.global_id(i32 0)
	%70 = trunc i64 %69 to i32
	%71 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 3
	store i32 %70, i32 addrspace(1)* %71
	%72 = call i64 @ka.global_id(i32 1)
	%73 = trunc i64 %72 to i32
	%74 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 4
	store i32 %73, i32 addrspace(1)* %74
	%75 = call i64 @ka.global_id(i32 2)
	%76 = trunc i64 %75 to i32
	%77 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 5
	store i32 %76, i32 addrspace(1)* %77
	%78 = bitcast i32 addrspace(1)* %ka.fault to i64 addrspace(1)*
	%79 = getelementptr i64, i64 addrspace(1)* %78, i64 4
	store i64 %60, i64 addrspace(1)* %79
	%80 = getelementptr i64, i64 addrspace(1)* %78, i64 5
	store i64 %61, i64 addrspace(1)* %80
	%81 = getelementptr i64, i64 addrspace(1)* %78, i64 6
	store i64 %62, i64 addrspace(1)* %81
	br label %82

82:
	ret void

outside:
	ret void
}

declare i64 @ka.global_id(i32 %0)

declare i64 @ka.global_size(i32 %0)
