define spir_kernel void @Shifts(i32 addrspace(1)* %x.ptr, i64 %x.len, i64 addrspace(1)* %u.ptr, i64 %u.len, i8 addrspace(1)* %s.ptr, i64 %s.len, i64 %ka.gsize0, i64 %ka.gsize1, i64 %ka.gsize2, i32 addrspace(1)* %ka.fault, i32 %ka.launch) {
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
	%12 = call i64 @ka.global_id(i32 0)
	%13 = icmp ult i64 %12, %x.len
	br i1 %13, label %14, label %fault

14:
	%15 = getelementptr i32, i32 addrspace(1)* %x.ptr, i64 %12
	%16 = load i32, i32 addrspace(1)* %15
	%17 = icmp ult i64 %12, %s.len
	br i1 %17, label %18, label %fault

18:
	%19 = getelementptr i8, i8 addrspace(1)* %s.ptr, i64 %12
	%20 = load i8, i8 addrspace(1)* %19
	%21 = zext i8 %20 to i32
	%22 = icmp uge i32 %21, 32
	%23 = shl i32 %16, %21
	%24 = select i1 %22, i32 0, i32 %23
	%25 = icmp ult i64 %12, %x.len
	br i1 %25, label %26, label %fault

26:
	%27 = getelementptr i32, i32 addrspace(1)* %x.ptr, i64 %12
	%28 = load i32, i32 addrspace(1)* %27
	%29 = icmp ult i64 %12, %s.len
	br i1 %29, label %30, label %fault

30:
	%31 = getelementptr i8, i8 addrspace(1)* %s.ptr, i64 %12
	%32 = load i8, i8 addrspace(1)* %31
	%33 = zext i8 %32 to i32
	%34 = icmp uge i32 %33, 32
	%35 = select i1 %34, i32 31, i32 %33
	%36 = ashr i32 %28, %35
	%37 = or i32 %24, %36
	%38 = icmp ult i64 %12, %x.len
	br i1 %38, label %39, label %fault

39:
	%40 = getelementptr i32, i32 addrspace(1)* %x.ptr, i64 %12
	store i32 %37, i32 addrspace(1)* %40
	%41 = icmp ult i64 %12, %u.len
	br i1 %41, label %42, label %fault

42:
	%43 = getelementptr i64, i64 addrspace(1)* %u.ptr, i64 %12
	%44 = load i64, i64 addrspace(1)* %43
	%45 = icmp ult i64 %12, %s.len
	br i1 %45, label %46, label %fault

46:
	%47 = getelementptr i8, i8 addrspace(1)* %s.ptr, i64 %12
	%48 = load i8, i8 addrspace(1)* %47
	%49 = zext i8 %48 to i64
	%50 = icmp uge i64 %49, 64
	%51 = lshr i64 %44, %49
	%52 = select i1 %50, i64 0, i64 %51
	%53 = icmp ult i64 %12, %u.len
	br i1 %53, label %54, label %fault

54:
	%55 = getelementptr i64, i64 addrspace(1)* %u.ptr, i64 %12
	%56 = load i64, i64 addrspace(1)* %55
	%57 = shl i64 %56, 40
	%58 = add i64 %52, %57
	%59 = icmp ult i64 %12, %u.len
	br i1 %59, label %84, label %fault

fault:
	%60 = phi i32 [ 0, %11 ], [ 1, %14 ], [ 2, %18 ], [ 3, %26 ], [ 4, %30 ], [ 5, %39 ], [ 6, %42 ], [ 7, %46 ], [ 8, %54 ]
	%61 = phi i64 [ %12, %11 ], [ %12, %14 ], [ %12, %18 ], [ %12, %26 ], [ %12, %30 ], [ %12, %39 ], [ %12, %42 ], [ %12, %46 ], [ %12, %54 ]
	%62 = phi i64 [ %x.len, %11 ], [ %s.len, %14 ], [ %x.len, %18 ], [ %s.len, %26 ], [ %x.len, %30 ], [ %u.len, %39 ], [ %s.len, %42 ], [ %u.len, %46 ], [ %u.len, %54 ]
	%63 = phi i64 [ 0, %11 ], [ 0, %14 ], [ 0, %18 ], [ 0, %26 ], [ 0, %30 ], [ 0, %39 ], [ 0, %42 ], [ 0, %46 ], [ 0, %54 ]
	%64 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 0
	%65 = cmpxchg i32 addrspace(1)* %64, i32 0, i32 1 monotonic monotonic
	%66 = extractvalue { i32, i1 } %65, 1
	br i1 %66, label %67, label %83

67:
	%68 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 1
	store i32 %ka.launch, i32 addrspace(1)* %68
	%69 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 2
	store i32 %60, i32 addrspace(1)* %69
	%70 = call i64 @ka.global_id(i32 0)
	%71 = trunc i64 %70 to i32
	%72 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 3
	store i32 %71, i32 addrspace(1)* %72
	%73 = call i64 @ka.global_id(i32 1)
	%74 = trunc i64 %73 to i32
	%75 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 4
	store i32 %74, i32 addrspace(1)* %75
	%76 = call i64 @ka.global_id(i32 2)
	%77 = trunc i64 %76 to i32
	%78 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 5
	store i32 %77, i32 addrspace(1)* %78
	%79 = bitcast i32 addrspace(1)* %ka.fault to i64 addrspace(1)*
	%80 = getelementptr i64, i64 addrspace(1)* %79, i64 4
	store i64 %61, i64 addrspace(1)* %80
	%81 = getelementptr i64, i64 addrspace(1)* %79, i64 5
	store i64 %62, i64 addrspace(1)* %81
	%82 = getelementptr i64, i64 addrspace(1)* %79, i64 6
	store i64 %63, i64 addrspace(1)* %82
	br label %83

83:
	ret void

84:
	%85 = getelementptr i64, i64 addrspace(1)* %u.ptr, i64 %12
	store i64 %58, i64 addrspace(1)* %85
	ret void

outside:
	ret void
}

declare i64 @ka.global_id(i32 %0)

declare i64 @ka.global_size(i32 %0)
