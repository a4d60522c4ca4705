define spir_kernel void @MatMulNaiveNoCheck(i64 %n, float addrspace(1)* %a.ptr, i64 %a.len, float addrspace(1)* %b.ptr, i64 %b.len, float addrspace(1)* %c.ptr, i64 %c.len, i64 %ka.gsize0, i64 %ka.gsize1, i64 %ka.gsize2) {
entry:
	%0 = call i64 @ka.num_groups(i32 0)
	%1 = call i64 @ka.group_size(i32 0)
	%2 = call i64 @ka.global_size(i32 0)
	%3 = mul i64 %0, %1
	%4 = icmp ne i64 %3, %2
	%5 = call i64 @ka.num_groups(i32 1)
	%6 = call i64 @ka.group_size(i32 1)
	%7 = call i64 @ka.global_size(i32 1)
	%8 = mul i64 %5, %6
	%9 = icmp ne i64 %8, %7
	%10 = or i1 %4, %9
	%11 = call i64 @ka.num_groups(i32 2)
	%12 = call i64 @ka.group_size(i32 2)
	%13 = call i64 @ka.global_size(i32 2)
	%14 = mul i64 %11, %12
	%15 = icmp ne i64 %14, %13
	%16 = or i1 %10, %15
	br i1 %16, label %partial, label %28

partial:
	%17 = call i64 @ka.global_id(i32 0)
	%18 = call i64 @ka.global_size(i32 0)
	%19 = icmp uge i64 %17, %18
	%20 = call i64 @ka.global_id(i32 1)
	%21 = call i64 @ka.global_size(i32 1)
	%22 = icmp uge i64 %20, %21
	%23 = or i1 %19, %22
	%24 = call i64 @ka.global_id(i32 2)
	%25 = call i64 @ka.global_size(i32 2)
	%26 = icmp uge i64 %24, %25
	%27 = or i1 %23, %26
	br i1 %27, label %outside, label %28

28:
	%29 = call i64 @ka.global_id(i32 0)
	%30 = call i64 @ka.global_id(i32 1)
	%31 = icmp slt i64 %29, %n
	br i1 %31, label %32, label %43

32:
	%33 = icmp slt i64 %30, %n
	br i1 %33, label %34, label %43

34:
	br label %35

35:
	%36 = phi float [ 0.0, %34 ], [ %54, %44 ]
	%37 = phi i64 [ 0, %34 ], [ %55, %44 ]
	%38 = icmp slt i64 %37, %n
	br i1 %38, label %44, label %39

39:
	%40 = mul i64 %30, %n
	%41 = add i64 %40, %29
	%42 = getelementptr float, float addrspace(1)* %c.ptr, i64 %41
	store float %36, float addrspace(1)* %42
	br label %43

43:
	ret void

44:
	%45 = mul i64 %30, %n
	%46 = add i64 %45, %37
	%47 = getelementptr float, float addrspace(1)* %a.ptr, i64 %46
	%48 = load float, float addrspace(1)* %47
	%49 = mul i64 %37, %n
	%50 = add i64 %49, %29
	%51 = getelementptr float, float addrspace(1)* %b.ptr, i64 %50
	%52 = load float, float addrspace(1)* %51
	%53 = fmul float %48, %52
	%54 = fadd float %36, %53
	%55 = add i64 %37, 1
	br label %35

outside:
	ret void
}

declare i64 @ka.global_id(i32 %0)

declare i64 @ka.num_groups(i32 %0)

declare i64 @ka.group_size(i32 %0)

declare i64 @ka.global_size(i32 %0)
