define spir_kernel void @Triangular(float addrspace(1)* %l.ptr, i64 %l.off, i64 %l.rows, i64 %l.cols, i64 %l.stride, float addrspace(1)* %x.ptr, i64 %x.len, float addrspace(1)* %y.ptr, i64 %y.len, i64 %ka.gsize0, i64 %ka.gsize1, i64 %ka.gsize2, i32 addrspace(1)* %ka.fault, i32 %ka.launch) {
entry:
	%0 = getelementptr float, float addrspace(1)* %l.ptr, i64 %l.off
	%1 = call i64 @ka.num_groups(i32 0)
	%2 = call i64 @ka.group_size(i32 0)
	%3 = call i64 @ka.global_size(i32 0)
	%4 = mul i64 %1, %2
	%5 = icmp ne i64 %4, %3
	%6 = call i64 @ka.num_groups(i32 1)
	%7 = call i64 @ka.group_size(i32 1)
	%8 = call i64 @ka.global_size(i32 1)
	%9 = mul i64 %6, %7
	%10 = icmp ne i64 %9, %8
	%11 = or i1 %5, %10
	%12 = call i64 @ka.num_groups(i32 2)
	%13 = call i64 @ka.group_size(i32 2)
	%14 = call i64 @ka.global_size(i32 2)
	%15 = mul i64 %12, %13
	%16 = icmp ne i64 %15, %14
	%17 = or i1 %11, %16
	br i1 %17, label %partial, label %29

partial:
	%18 = call i64 @ka.global_id(i32 0)
	%19 = call i64 @ka.global_size(i32 0)
	%20 = icmp uge i64 %18, %19
	%21 = call i64 @ka.global_id(i32 1)
	%22 = call i64 @ka.global_size(i32 1)
	%23 = icmp uge i64 %21, %22
	%24 = or i1 %20, %23
	%25 = call i64 @ka.global_id(i32 2)
	%26 = call i64 @ka.global_size(i32 2)
	%27 = icmp uge i64 %25, %26
	%28 = or i1 %24, %27
	br i1 %28, label %outside, label %29

29:
	%30 = call i64 @ka.global_id(i32 2)
	%31 = call i64 @ka.global_id(i32 1)
	%32 = call i64 @ka.global_size(i32 1)
	%33 = mul i64 %32, %30
	%34 = add i64 %31, %33
	%35 = call i64 @ka.global_id(i32 0)
	%36 = call i64 @ka.global_size(i32 0)
	%37 = mul i64 %36, %34
	%38 = add i64 %35, %37
	%39 = icmp slt i64 %38, %l.rows
	br i1 %39, label %40, label %49

40:
	br label %41

41:
	%42 = phi float [ 0.0, %40 ], [ %86, %82 ]
	%43 = phi i64 [ 0, %40 ], [ %87, %82 ]
	%44 = icmp sle i64 %43, %38
	br i1 %44, label %50, label %45

45:
	%46 = icmp ult i64 %38, %y.len
	br i1 %46, label %47, label %fault

47:
	%48 = getelementptr float, float addrspace(1)* %y.ptr, i64 %38
	store float %42, float addrspace(1)* %48
	br label %49

49:
	ret void

50:
	%51 = mul i64 %38, %l.stride
	%52 = icmp ult i64 %43, %l.cols
	br i1 %52, label %53, label %fault

53:
	%54 = add i64 %51, %43
	%55 = getelementptr float, float addrspace(1)* %0, i64 %54
	%56 = load float, float addrspace(1)* %55
	%57 = icmp ult i64 %43, %x.len
	br i1 %57, label %82, label %fault

fault:
	%58 = phi i32 [ 0, %50 ], [ 1, %53 ], [ 2, %45 ]
	%59 = phi i64 [ %43, %50 ], [ %43, %53 ], [ %38, %45 ]
	%60 = phi i64 [ %l.cols, %50 ], [ %x.len, %53 ], [ %y.len, %45 ]
	%61 = phi i64 [ 0, %50 ], [ 0, %53 ], [ 0, %45 ]
	%62 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 0
	%63 = cmpxchg i32 addrspace(1)* %62, i32 0, i32 1 monotonic monotonic
	%64 = extractvalue { i32, i1 } %63, 1
	br i1 %64, label %65, label %81

65:
	%66 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 1
	store i32 %ka.launch, i32 addrspace(1)* %66
	%67 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 2
	store i32 %58, i32 addrspace(1)* %67
	%68 = call i64 @ka.global_id(i32 0)
	%69 = trunc i64 %68 to i32
	%70 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 3
	store i32 %69, i32 addrspace(1)* %70
	%71 = call i64 @ka.global_id(i32 1)
	%72 = trunc i64 %71 to i32
	%73 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 4
	store i32 %72, i32 addrspace(1)* %73
	%74 = call i64 @ka.global_id(i32 2)
	%75 = trunc i64 %74 to i32
	%76 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 5
	store i32 %75, i32 addrspace(1)* %76
	%77 = bitcast i32 addrspace(1)* %ka.fault to i64 addrspace(1)*
	%78 = getelementptr i64, i64 addrspace(1)* %77, i64 4
	store i64 %59, i64 addrspace(1)* %78
	%79 = getelementptr i64, i64 addrspace(1)* %77, i64 5
	store i64 %60, i64 addrspace(1)* %79
	%80 = getelementptr i64, i64 addrspace(1)* %77, i64 6
	store i64 %61, i64 addrspace(1)* %80
	br label %81

81:
	ret void

82:
	%83 = getelementptr float, float addrspace(1)* %x.ptr, i64 %43
	%84 = load float, float addrspace(1)* %83
	%85 = fmul float %56, %84
	%86 = fadd float %42, %85
	%87 = add i64 %43, 1
	br label %41

outside:
	ret void
}

declare i64 @ka.global_id(i32 %0)

declare i64 @ka.global_size(i32 %0)

declare i64 @ka.num_groups(i32 %0)

declare i64 @ka.group_size(i32 %0)
