define spir_kernel void @Saxpy(float %a, float addrspace(1)* %x.ptr, i64 %x.len, float addrspace(1)* %y.ptr, i64 %y.len, i64 %ka.gsize0, i64 %ka.gsize1, i64 %ka.gsize2, i32 addrspace(1)* %ka.fault, i32 %ka.launch) {
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
	br i1 %16, label %partial, label %28, !ka.partial !{}

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
	%29 = call i64 @ka.global_id(i32 2)
	%30 = call i64 @ka.global_id(i32 1)
	%31 = call i64 @ka.global_size(i32 1)
	%32 = mul i64 %31, %29
	%33 = add i64 %30, %32
	%34 = call i64 @ka.global_id(i32 0)
	%35 = call i64 @ka.global_size(i32 0)
	%36 = mul i64 %35, %33
	%37 = add i64 %34, %36
	%38 = icmp slt i64 %37, %y.len
	br i1 %38, label %39, label %73

39:
	%40 = icmp ult i64 %37, %x.len
	br i1 %40, label %65, label %fault

fault:
	%41 = phi i32 [ 0, %39 ]
	%42 = phi i64 [ %37, %39 ]
	%43 = phi i64 [ %x.len, %39 ]
	%44 = phi i64 [ 0, %39 ]
	%45 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 0
	%46 = cmpxchg i32 addrspace(1)* %45, i32 0, i32 1 monotonic monotonic
	%47 = extractvalue { i32, i1 } %46, 1
	br i1 %47, label %48, label %64

48:
	%49 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 1
	store i32 %ka.launch, i32 addrspace(1)* %49
	%50 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 2
	store i32 %41, i32 addrspace(1)* %50
	%51 = call i64 @ka.global_id(i32 0)
	%52 = trunc i64 %51 to i32
	%53 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 3
	store i32 %52, i32 addrspace(1)* %53
	%54 = call i64 @ka.global_id(i32 1)
	%55 = trunc i64 %54 to i32
	%56 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 4
	store i32 %55, i32 addrspace(1)* %56
	%57 = call i64 @ka.global_id(i32 2)
	%58 = trunc i64 %57 to i32
	%59 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 5
	store i32 %58, i32 addrspace(1)* %59
	%60 = bitcast i32 addrspace(1)* %ka.fault to i64 addrspace(1)*
	%61 = getelementptr i64, i64 addrspace(1)* %60, i64 4
	store i64 %42, i64 addrspace(1)* %61
	%62 = getelementptr i64, i64 addrspace(1)* %60, i64 5
	store i64 %43, i64 addrspace(1)* %62
	%63 = getelementptr i64, i64 addrspace(1)* %60, i64 6
	store i64 %44, i64 addrspace(1)* %63
	br label %64

64:
	ret void

65:
	%66 = getelementptr float, float addrspace(1)* %x.ptr, i64 %37
	%67 = load float, float addrspace(1)* %66
	%68 = fmul float %a, %67
	%69 = getelementptr float, float addrspace(1)* %y.ptr, i64 %37
	%70 = load float, float addrspace(1)* %69
	%71 = fadd float %68, %70
	%72 = getelementptr float, float addrspace(1)* %y.ptr, i64 %37
	store float %71, float addrspace(1)* %72
	br label %73

73:
	ret void

outside:
	ret void
}

declare i64 @ka.global_id(i32 %0)

declare i64 @ka.global_size(i32 %0)

declare i64 @ka.num_groups(i32 %0)

declare i64 @ka.group_size(i32 %0)
