@ka.local.0 = internal addrspace(3) global [16 x i32] undef

define spir_kernel void @Local(i8 %flag, i32 addrspace(1)* %out.ptr, i64 %out.len, i64 %ka.gsize0, i64 %ka.gsize1, i64 %ka.gsize2) {
entry:
	%0 = alloca [4 x i32]
	%1 = icmp ne i8 %flag, 0
	br label %2

2:
	%3 = getelementptr [16 x i32], [16 x i32] addrspace(3)* @ka.local.0, i64 0, i64 0
	%4 = getelementptr [4 x i32], [4 x i32]* %0, i64 0, i64 0
	store i32 0, i32* %4
	%5 = getelementptr [4 x i32], [4 x i32]* %0, i64 0, i64 1
	store i32 0, i32* %5
	%6 = getelementptr [4 x i32], [4 x i32]* %0, i64 0, i64 2
	store i32 0, i32* %6
	%7 = getelementptr [4 x i32], [4 x i32]* %0, i64 0, i64 3
	store i32 0, i32* %7
	%8 = call i64 @ka.local_id(i32 2)
	%9 = call i64 @ka.group_size(i32 1)
	%10 = call i64 @ka.local_id(i32 1)
	%11 = call i64 @ka.group_size(i32 0)
	%12 = call i64 @ka.local_id(i32 0)
	%13 = mul i64 %9, %8
	%14 = add i64 %10, %13
	%15 = mul i64 %11, %14
	%16 = add i64 %12, %15
	%17 = srem i64 %16, 4
	%18 = getelementptr [4 x i32], [4 x i32]* %0, i64 0, i64 %17
	store i32 1, i32* %18
	%19 = call i64 @ka.local_id(i32 2)
	%20 = call i64 @ka.group_size(i32 1)
	%21 = call i64 @ka.local_id(i32 1)
	%22 = call i64 @ka.group_size(i32 0)
	%23 = call i64 @ka.local_id(i32 0)
	%24 = mul i64 %20, %19
	%25 = add i64 %21, %24
	%26 = mul i64 %22, %25
	%27 = add i64 %23, %26
	%28 = getelementptr [4 x i32], [4 x i32]* %0, i64 0, i64 0
	%29 = load i32, i32* %28
	%30 = getelementptr i32, i32 addrspace(3)* %3, i64 %27
	store i32 %29, i32 addrspace(3)* %30
	call void @ka.barrier()
	br i1 %1, label %31, label %54

31:
	%32 = call i64 @ka.global_id(i32 2)
	%33 = call i64 @ka.global_size(i32 1)
	%34 = call i64 @ka.global_id(i32 1)
	%35 = call i64 @ka.global_size(i32 0)
	%36 = call i64 @ka.global_id(i32 0)
	%37 = mul i64 %33, %32
	%38 = add i64 %34, %37
	%39 = mul i64 %35, %38
	%40 = add i64 %36, %39
	%41 = call i64 @ka.local_id(i32 2)
	%42 = call i64 @ka.group_size(i32 1)
	%43 = call i64 @ka.local_id(i32 1)
	%44 = call i64 @ka.group_size(i32 0)
	%45 = call i64 @ka.local_id(i32 0)
	%46 = mul i64 %42, %41
	%47 = add i64 %43, %46
	%48 = mul i64 %44, %47
	%49 = add i64 %45, %48
	%50 = sub i64 15, %49
	%51 = getelementptr i32, i32 addrspace(3)* %3, i64 %50
	%52 = load i32, i32 addrspace(3)* %51
	%53 = getelementptr i32, i32 addrspace(1)* %out.ptr, i64 %40
	store i32 %52, i32 addrspace(1)* %53
	br label %54

54:
	ret void
}

declare i64 @ka.local_id(i32 %0)

declare i64 @ka.group_size(i32 %0)

declare void @ka.barrier()

declare i64 @ka.global_id(i32 %0)

declare i64 @ka.global_size(i32 %0)
