define spir_kernel void @Generic_int16(i16 %a, i16 addrspace(1)* %x.ptr, i64 %x.len, i64 %ka.gsize0, i64 %ka.gsize1, i64 %ka.gsize2) {
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
	%19 = getelementptr i16, i16 addrspace(1)* %x.ptr, i64 %18
	%20 = load i16, i16 addrspace(1)* %19
	%21 = icmp slt i16 %20, %a
	%22 = select i1 %21, i16 %a, i16 %20
	%23 = getelementptr i16, i16 addrspace(1)* %x.ptr, i64 %9
	store i16 %22, i16 addrspace(1)* %23
	ret void
}

declare i64 @ka.global_id(i32 %0)

declare i64 @ka.global_size(i32 %0)
