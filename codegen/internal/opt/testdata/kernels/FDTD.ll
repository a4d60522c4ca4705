define spir_kernel void @FDTD(float addrspace(1)* %ex.ptr, i64 %ex.off, i64 %ex.rows, i64 %ex.cols, i64 %ex.stride, float addrspace(1)* %ey.ptr, i64 %ey.off, i64 %ey.rows, i64 %ey.cols, i64 %ey.stride, float addrspace(1)* %hz.ptr, i64 %hz.off, i64 %hz.rows, i64 %hz.cols, i64 %hz.stride, i64 %ka.gsize0, i64 %ka.gsize1, i64 %ka.gsize2, i32 addrspace(1)* %ka.fault, i32 %ka.launch) {
entry:
	%0 = getelementptr float, float addrspace(1)* %ex.ptr, i64 %ex.off
	%1 = getelementptr float, float addrspace(1)* %ey.ptr, i64 %ey.off
	%2 = getelementptr float, float addrspace(1)* %hz.ptr, i64 %hz.off
	%3 = call i64 @ka.num_groups(i32 0)
	%4 = call i64 @ka.group_size(i32 0)
	%5 = call i64 @ka.global_size(i32 0)
	%6 = mul i64 %3, %4
	%7 = icmp ne i64 %6, %5
	%8 = call i64 @ka.num_groups(i32 1)
	%9 = call i64 @ka.group_size(i32 1)
	%10 = call i64 @ka.global_size(i32 1)
	%11 = mul i64 %8, %9
	%12 = icmp ne i64 %11, %10
	%13 = or i1 %7, %12
	%14 = call i64 @ka.num_groups(i32 2)
	%15 = call i64 @ka.group_size(i32 2)
	%16 = call i64 @ka.global_size(i32 2)
	%17 = mul i64 %14, %15
	%18 = icmp ne i64 %17, %16
	%19 = or i1 %13, %18
	br i1 %19, label %partial, label %31

partial:
	%20 = call i64 @ka.global_id(i32 0)
	%21 = call i64 @ka.global_size(i32 0)
	%22 = icmp uge i64 %20, %21
	%23 = call i64 @ka.global_id(i32 1)
	%24 = call i64 @ka.global_size(i32 1)
	%25 = icmp uge i64 %23, %24
	%26 = or i1 %22, %25
	%27 = call i64 @ka.global_id(i32 2)
	%28 = call i64 @ka.global_size(i32 2)
	%29 = icmp uge i64 %27, %28
	%30 = or i1 %26, %29
	br i1 %30, label %outside, label %31

31:
	%32 = call i64 @ka.global_id(i32 0)
	%33 = call i64 @ka.global_id(i32 1)
	%34 = sub i64 %hz.rows, 1
	%35 = icmp slt i64 %32, %34
	br i1 %35, label %36, label %106

36:
	%37 = sub i64 %hz.cols, 1
	%38 = icmp slt i64 %33, %37
	br i1 %38, label %39, label %106

39:
	%40 = mul i64 %32, %hz.stride
	%41 = add i64 %40, %33
	%42 = getelementptr float, float addrspace(1)* %2, i64 %41
	%43 = load float, float addrspace(1)* %42
	%44 = add i64 %33, 1
	%45 = icmp ult i64 %32, %ex.rows
	br i1 %45, label %46, label %fault

46:
	%47 = mul i64 %32, %ex.stride
	%48 = icmp ult i64 %44, %ex.cols
	br i1 %48, label %49, label %fault

49:
	%50 = add i64 %47, %44
	%51 = getelementptr float, float addrspace(1)* %0, i64 %50
	%52 = load float, float addrspace(1)* %51
	%53 = mul i64 %32, %ex.stride
	%54 = icmp ult i64 %33, %ex.cols
	br i1 %54, label %55, label %fault

55:
	%56 = add i64 %53, %33
	%57 = getelementptr float, float addrspace(1)* %0, i64 %56
	%58 = load float, float addrspace(1)* %57
	%59 = fsub float %52, %58
	%60 = add i64 %32, 1
	%61 = icmp ult i64 %60, %ey.rows
	br i1 %61, label %62, label %fault

62:
	%63 = mul i64 %60, %ey.stride
	%64 = icmp ult i64 %33, %ey.cols
	br i1 %64, label %65, label %fault

65:
	%66 = add i64 %63, %33
	%67 = getelementptr float, float addrspace(1)* %1, i64 %66
	%68 = load float, float addrspace(1)* %67
	%69 = fadd float %59, %68
	%70 = icmp ult i64 %32, %ey.rows
	br i1 %70, label %95, label %fault

fault:
	%71 = phi i32 [ 0, %39 ], [ 1, %46 ], [ 2, %49 ], [ 3, %55 ], [ 4, %62 ], [ 5, %65 ]
	%72 = phi i64 [ %32, %39 ], [ %44, %46 ], [ %33, %49 ], [ %60, %55 ], [ %33, %62 ], [ %32, %65 ]
	%73 = phi i64 [ %ex.rows, %39 ], [ %ex.cols, %46 ], [ %ex.cols, %49 ], [ %ey.rows, %55 ], [ %ey.cols, %62 ], [ %ey.rows, %65 ]
	%74 = phi i64 [ 0, %39 ], [ 0, %46 ], [ 0, %49 ], [ 0, %55 ], [ 0, %62 ], [ 0, %65 ]
	%75 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 0
	%76 = cmpxchg i32 addrspace(1)* %75, i32 0, i32 1 monotonic monotonic
	%77 = extractvalue { i32, i1 } %76, 1
	br i1 %77, label %78, label %94

78:
	%79 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 1
	store i32 %ka.launch, i32 addrspace(1)* %79
	%80 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 2
	store i32 %71, i32 addrspace(1)* %80
	%81 = call i64 @ka.global_id(i32 0)
	%82 = trunc i64 %81 to i32
	%83 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 3
	store i32 %82, i32 addrspace(1)* %83
	%84 = call i64 @ka.global_id(i32 1)
	%85 = trunc i64 %84 to i32
	%86 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 4
	store i32 %85, i32 addrspace(1)* %86
	%87 = call i64 @ka.global_id(i32 2)
	%88 = trunc i64 %87 to i32
	%89 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 5
	store i32 %88, i32 addrspace(1)* %89
	%90 = bitcast i32 addrspace(1)* %ka.fault to i64 addrspace(1)*
	%91 = getelementptr i64, i64 addrspace(1)* %90, i64 4
	store i64 %72, i64 addrspace(1)* %91
	%92 = getelementptr i64, i64 addrspace(1)* %90, i64 5
	store i64 %73, i64 addrspace(1)* %92
	%93 = getelementptr i64, i64 addrspace(1)* %90, i64 6
	store i64 %74, i64 addrspace(1)* %93
	br label %94

94:
	ret void

95:
	%96 = mul i64 %32, %ey.stride
	%97 = add i64 %96, %33
	%98 = getelementptr float, float addrspace(1)* %1, i64 %97
	%99 = load float, float addrspace(1)* %98
	%100 = fsub float %69, %99
	%101 = fmul float 0x3FE6666660000000, %100
	%102 = fsub float %43, %101
	%103 = mul i64 %32, %hz.stride
	%104 = add i64 %103, %33
	%105 = getelementptr float, float addrspace(1)* %2, i64 %104
	store float %102, float addrspace(1)* %105
	br label %106

106:
	ret void

outside:
	ret void
}

declare i64 @ka.global_id(i32 %0)

declare i64 @ka.num_groups(i32 %0)

declare i64 @ka.group_size(i32 %0)

declare i64 @ka.global_size(i32 %0)
