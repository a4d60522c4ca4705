define spir_kernel void @Shifts(i32 addrspace(1)* %x.ptr, i64 %x.len, i64 addrspace(1)* %u.ptr, i64 %u.len, i8 addrspace(1)* %s.ptr, i64 %s.len, i64 %ka.gsize0, i64 %ka.gsize1, i64 %ka.gsize2, i32 addrspace(1)* %ka.fault, i32 %ka.launch) {
entry:
	br label %0

0:
	%1 = call i64 @ka.global_id(i32 0)
	%2 = icmp ult i64 %1, %x.len
	br i1 %2, label %3, label %fault

3:
	%4 = getelementptr i32, i32 addrspace(1)* %x.ptr, i64 %1
	%5 = load i32, i32 addrspace(1)* %4
	%6 = icmp ult i64 %1, %s.len
	br i1 %6, label %7, label %fault

7:
	%8 = getelementptr i8, i8 addrspace(1)* %s.ptr, i64 %1
	%9 = load i8, i8 addrspace(1)* %8
	%10 = zext i8 %9 to i32
	%11 = icmp uge i32 %10, 32
	%12 = shl i32 %5, %10
	%13 = select i1 %11, i32 0, i32 %12
	%14 = icmp ult i64 %1, %x.len
	br i1 %14, label %15, label %fault

15:
	%16 = getelementptr i32, i32 addrspace(1)* %x.ptr, i64 %1
	%17 = load i32, i32 addrspace(1)* %16
	%18 = icmp ult i64 %1, %s.len
	br i1 %18, label %19, label %fault

19:
	%20 = getelementptr i8, i8 addrspace(1)* %s.ptr, i64 %1
	%21 = load i8, i8 addrspace(1)* %20
	%22 = zext i8 %21 to i32
	%23 = icmp uge i32 %22, 32
	%24 = select i1 %23, i32 31, i32 %22
	%25 = ashr i32 %17, %24
	%26 = or i32 %13, %25
	%27 = icmp ult i64 %1, %x.len
	br i1 %27, label %28, label %fault

28:
	%29 = getelementptr i32, i32 addrspace(1)* %x.ptr, i64 %1
	store i32 %26, i32 addrspace(1)* %29
	%30 = icmp ult i64 %1, %u.len
	br i1 %30, label %31, label %fault

31:
	%32 = getelementptr i64, i64 addrspace(1)* %u.ptr, i64 %1
	%33 = load i64, i64 addrspace(1)* %32
	%34 = icmp ult i64 %1, %s.len
	br i1 %34, label %35, label %fault

35:
	%36 = getelementptr i8, i8 addrspace(1)* %s.ptr, i64 %1
	%37 = load i8, i8 addrspace(1)* %36
	%38 = zext i8 %37 to i64
	%39 = icmp uge i64 %38, 64
	%40 = lshr i64 %33, %38
	%41 = select i1 %39, i64 0, i64 %40
	%42 = icmp ult i64 %1, %u.len
	br i1 %42, label %43, label %fault

43:
	%44 = getelementptr i64, i64 addrspace(1)* %u.ptr, i64 %1
	%45 = load i64, i64 addrspace(1)* %44
	%46 = shl i64 %45, 40
	%47 = add i64 %41, %46
	%48 = icmp ult i64 %1, %u.len
	br i1 %48, label %73, label %fault

fault:
	%49 = phi i32 [ 0, %0 ], [ 1, %3 ], [ 2, %7 ], [ 3, %15 ], [ 4, %19 ], [ 5, %28 ], [ 6, %31 ], [ 7, %35 ], [ 8, %43 ]
	%50 = phi i64 [ %1, %0 ], [ %1, %3 ], [ %1, %7 ], [ %1, %15 ], [ %1, %19 ], [ %1, %28 ], [ %1, %31 ], [ %1, %35 ], [ %1, %43 ]
	%51 = phi i64 [ %x.len, %0 ], [ %s.len, %3 ], [ %x.len, %7 ], [ %s.len, %15 ], [ %x.len, %19 ], [ %u.len, %28 ], [ %s.len, %31 ], [ %u.len, %35 ], [ %u.len, %43 ]
	%52 = phi i64 [ 0, %0 ], [ 0, %3 ], [ 0, %7 ], [ 0, %15 ], [ 0, %19 ], [ 0, %28 ], [ 0, %31 ], [ 0, %35 ], [ 0, %43 ]
	%53 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 0
	%54 = cmpxchg i32 addrspace(1)* %53, i32 0, i32 1 monotonic monotonic
	%55 = extractvalue { i32, i1 } %54, 1
	br i1 %55, label %56, label %72

56:
	%57 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 1
	store i32 %ka.launch, i32 addrspace(1)* %57
	%58 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 2
	store i32 %49, i32 addrspace(1)* %58
	%59 = call i64 @ka.global_id(i32 0)
	%60 = trunc i64 %59 to i32
	%61 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 3
	store i32 %60, i32 addrspace(1)* %61
	%62 = call i64 @ka.global_id(i32 1)
	%63 = trunc i64 %62 to i32
	%64 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 4
	store i32 %63, i32 addrspace(1)* %64
	%65 = call i64 @ka.global_id(i32 2)
	%66 = trunc i64 %65 to i32
	%67 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 5
	store i32 %66, i32 addrspace(1)* %67
	%68 = bitcast i32 addrspace(1)* %ka.fault to i64 addrspace(1)*
	%69 = getelementptr i64, i64 addrspace(1)* %68, i64 4
	store i64 %50, i64 addrspace(1)* %69
	%70 = getelementptr i64, i64 addrspace(1)* %68, i64 5
	store i64 %51, i64 addrspace(1)* %70
	%71 = getelementptr i64, i64 addrspace(1)* %68, i64 6
	store i64 %52, i64 addrspace(1)* %71
	br label %72

72:
	ret void

73:
	%74 = getelementptr i64, i64 addrspace(1)* %u.ptr, i64 %1
	store i64 %47, i64 addrspace(1)* %74
	ret void
}

declare i64 @ka.global_id(i32 %0)
