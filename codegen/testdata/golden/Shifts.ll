define spir_kernel void @Shifts(i32 addrspace(1)* %x.ptr, i64 %x.len, i64 addrspace(1)* %u.ptr, i64 %u.len, i8 addrspace(1)* %s.ptr, i64 %s.len, i64 %ka.gsize0, i64 %ka.gsize1, i64 %ka.gsize2) {
entry:
	br label %0

0:
	%1 = call i64 @ka.global_id(i32 0)
	%2 = getelementptr i32, i32 addrspace(1)* %x.ptr, i64 %1
	%3 = load i32, i32 addrspace(1)* %2
	%4 = getelementptr i8, i8 addrspace(1)* %s.ptr, i64 %1
	%5 = load i8, i8 addrspace(1)* %4
	%6 = zext i8 %5 to i32
	%7 = icmp uge i32 %6, 32
	%8 = shl i32 %3, %6
	%9 = select i1 %7, i32 0, i32 %8
	%10 = getelementptr i32, i32 addrspace(1)* %x.ptr, i64 %1
	%11 = load i32, i32 addrspace(1)* %10
	%12 = getelementptr i8, i8 addrspace(1)* %s.ptr, i64 %1
	%13 = load i8, i8 addrspace(1)* %12
	%14 = zext i8 %13 to i32
	%15 = icmp uge i32 %14, 32
	%16 = select i1 %15, i32 31, i32 %14
	%17 = ashr i32 %11, %16
	%18 = or i32 %9, %17
	%19 = getelementptr i32, i32 addrspace(1)* %x.ptr, i64 %1
	store i32 %18, i32 addrspace(1)* %19
	%20 = getelementptr i64, i64 addrspace(1)* %u.ptr, i64 %1
	%21 = load i64, i64 addrspace(1)* %20
	%22 = getelementptr i8, i8 addrspace(1)* %s.ptr, i64 %1
	%23 = load i8, i8 addrspace(1)* %22
	%24 = zext i8 %23 to i64
	%25 = icmp uge i64 %24, 64
	%26 = lshr i64 %21, %24
	%27 = select i1 %25, i64 0, i64 %26
	%28 = getelementptr i64, i64 addrspace(1)* %u.ptr, i64 %1
	%29 = load i64, i64 addrspace(1)* %28
	%30 = shl i64 %29, 40
	%31 = add i64 %27, %30
	%32 = getelementptr i64, i64 addrspace(1)* %u.ptr, i64 %1
	store i64 %31, i64 addrspace(1)* %32
	ret void
}

declare i64 @ka.global_id(i32 %0)
