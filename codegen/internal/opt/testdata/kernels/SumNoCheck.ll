@ka.local.0 = internal addrspace(3) global [256 x i64] undef

define spir_kernel void @SumNoCheck(i64 addrspace(1)* %x.ptr, i64 %x.len, i64 addrspace(1)* %out.ptr, i64 %out.len, i64 %ka.gsize0, i64 %ka.gsize1, i64 %ka.gsize2) {
entry:
	br label %0

0:
	%1 = getelementptr [256 x i64], [256 x i64] addrspace(3)* @ka.local.0, i64 0, i64 0
	%2 = call i64 @ka.local_id(i32 2)
	%3 = call i64 @ka.local_id(i32 1)
	%4 = call i64 @ka.group_size(i32 1)
	%5 = mul i64 %4, %2
	%6 = add i64 %3, %5
	%7 = call i64 @ka.local_id(i32 0)
	%8 = call i64 @ka.group_size(i32 0)
	%9 = mul i64 %8, %6
	%10 = add i64 %7, %9
	%11 = call i64 @ka.global_id(i32 2)
	%12 = call i64 @ka.global_id(i32 1)
	%13 = call i64 @ka.global_size(i32 1)
	%14 = mul i64 %13, %11
	%15 = add i64 %12, %14
	%16 = call i64 @ka.global_id(i32 0)
	%17 = call i64 @ka.global_size(i32 0)
	%18 = mul i64 %17, %15
	%19 = add i64 %16, %18
	%20 = icmp slt i64 %19, %x.len
	br i1 %20, label %21, label %24

21:
	%22 = getelementptr i64, i64 addrspace(1)* %x.ptr, i64 %19
	%23 = load i64, i64 addrspace(1)* %22
	br label %24

24:
	%25 = phi i64 [ 0, %0 ], [ %23, %21 ]
	%26 = getelementptr i64, i64 addrspace(3)* %1, i64 %10
	store i64 %25, i64 addrspace(3)* %26
	call void @ka.barrier()
	br label %27

27:
	%28 = phi i64 [ 128, %24 ], [ %57, %56 ]
	%29 = icmp sgt i64 %28, 0
	br i1 %29, label %46, label %30

30:
	%31 = icmp eq i64 %10, 0
	br i1 %31, label %32, label %45

32:
	%33 = call i64 @ka.group_id(i32 2)
	%34 = call i64 @ka.group_id(i32 1)
	%35 = call i64 @ka.num_groups(i32 1)
	%36 = mul i64 %35, %33
	%37 = add i64 %34, %36
	%38 = call i64 @ka.group_id(i32 0)
	%39 = call i64 @ka.num_groups(i32 0)
	%40 = mul i64 %39, %37
	%41 = add i64 %38, %40
	%42 = getelementptr i64, i64 addrspace(3)* %1, i64 0
	%43 = load i64, i64 addrspace(3)* %42
	%44 = getelementptr i64, i64 addrspace(1)* %out.ptr, i64 %41
	store i64 %43, i64 addrspace(1)* %44
	br label %45

45:
	ret void

46:
	%47 = icmp slt i64 %10, %28
	br i1 %47, label %48, label %56

48:
	%49 = add i64 %10, %28
	%50 = getelementptr i64, i64 addrspace(3)* %1, i64 %49
	%51 = load i64, i64 addrspace(3)* %50
	%52 = getelementptr i64, i64 addrspace(3)* %1, i64 %10
	%53 = load i64, i64 addrspace(3)* %52
	%54 = add i64 %53, %51
	%55 = getelementptr i64, i64 addrspace(3)* %1, i64 %10
	store i64 %54, i64 addrspace(3)* %55
	br label %56

56:
	call void @ka.barrier()
	%57 = sdiv i64 %28, 2
	br label %27
}

declare i64 @ka.local_id(i32 %0)

declare i64 @ka.group_size(i32 %0)

declare i64 @ka.global_id(i32 %0)

declare i64 @ka.global_size(i32 %0)

declare void @ka.barrier()

declare i64 @ka.group_id(i32 %0)

declare i64 @ka.num_groups(i32 %0)
