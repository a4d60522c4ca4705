define spir_kernel void @Stencil7Volume(float addrspace(1)* %in.ptr, i64 %in.off, i64 %in.depth, i64 %in.rows, i64 %in.cols, i64 %in.pstride, i64 %in.stride, float addrspace(1)* %out.ptr, i64 %out.off, i64 %out.depth, i64 %out.rows, i64 %out.cols, i64 %out.pstride, i64 %out.stride, i64 %ka.gsize0, i64 %ka.gsize1, i64 %ka.gsize2, i32 addrspace(1)* %ka.fault, i32 %ka.launch) {
entry:
	%0 = getelementptr float, float addrspace(1)* %in.ptr, i64 %in.off
	%1 = getelementptr float, float addrspace(1)* %out.ptr, i64 %out.off
	%2 = call i64 @ka.num_groups(i32 0)
	%3 = call i64 @ka.group_size(i32 0)
	%4 = call i64 @ka.global_size(i32 0)
	%5 = mul i64 %2, %3
	%6 = icmp ne i64 %5, %4
	%7 = call i64 @ka.num_groups(i32 1)
	%8 = call i64 @ka.group_size(i32 1)
	%9 = call i64 @ka.global_size(i32 1)
	%10 = mul i64 %7, %8
	%11 = icmp ne i64 %10, %9
	%12 = or i1 %6, %11
	%13 = call i64 @ka.num_groups(i32 2)
	%14 = call i64 @ka.group_size(i32 2)
	%15 = call i64 @ka.global_size(i32 2)
	%16 = mul i64 %13, %14
	%17 = icmp ne i64 %16, %15
	%18 = or i1 %12, %17
	br i1 %18, label %partial, label %30

partial:
	%19 = call i64 @ka.global_id(i32 0)
	%20 = call i64 @ka.global_size(i32 0)
	%21 = icmp uge i64 %19, %20
	%22 = call i64 @ka.global_id(i32 1)
	%23 = call i64 @ka.global_size(i32 1)
	%24 = icmp uge i64 %22, %23
	%25 = or i1 %21, %24
	%26 = call i64 @ka.global_id(i32 2)
	%27 = call i64 @ka.global_size(i32 2)
	%28 = icmp uge i64 %26, %27
	%29 = or i1 %25, %28
	br i1 %29, label %outside, label %30

30:
	%31 = call i64 @ka.global_id(i32 0)
	%32 = call i64 @ka.global_id(i32 1)
	%33 = call i64 @ka.global_id(i32 2)
	%34 = icmp sgt i64 %31, 0
	br i1 %34, label %35, label %140

35:
	%36 = sub i64 %in.depth, 1
	%37 = icmp slt i64 %31, %36
	br i1 %37, label %38, label %140

38:
	%39 = icmp sgt i64 %32, 0
	br i1 %39, label %40, label %140

40:
	%41 = sub i64 %in.rows, 1
	%42 = icmp slt i64 %32, %41
	br i1 %42, label %43, label %140

43:
	%44 = icmp sgt i64 %33, 0
	br i1 %44, label %45, label %140

45:
	%46 = sub i64 %in.cols, 1
	%47 = icmp slt i64 %33, %46
	br i1 %47, label %48, label %140

48:
	%49 = sub i64 %31, 1
	%50 = mul i64 %49, %in.pstride
	%51 = mul i64 %32, %in.stride
	%52 = add i64 %50, %51
	%53 = add i64 %52, %33
	%54 = getelementptr float, float addrspace(1)* %0, i64 %53
	%55 = load float, float addrspace(1)* %54
	%56 = add i64 %31, 1
	%57 = mul i64 %56, %in.pstride
	%58 = mul i64 %32, %in.stride
	%59 = add i64 %57, %58
	%60 = add i64 %59, %33
	%61 = getelementptr float, float addrspace(1)* %0, i64 %60
	%62 = load float, float addrspace(1)* %61
	%63 = fadd float %55, %62
	%64 = sub i64 %32, 1
	%65 = mul i64 %31, %in.pstride
	%66 = mul i64 %64, %in.stride
	%67 = add i64 %65, %66
	%68 = add i64 %67, %33
	%69 = getelementptr float, float addrspace(1)* %0, i64 %68
	%70 = load float, float addrspace(1)* %69
	%71 = fadd float %63, %70
	%72 = add i64 %32, 1
	%73 = mul i64 %31, %in.pstride
	%74 = mul i64 %72, %in.stride
	%75 = add i64 %73, %74
	%76 = add i64 %75, %33
	%77 = getelementptr float, float addrspace(1)* %0, i64 %76
	%78 = load float, float addrspace(1)* %77
	%79 = fadd float %71, %78
	%80 = sub i64 %33, 1
	%81 = mul i64 %31, %in.pstride
	%82 = mul i64 %32, %in.stride
	%83 = add i64 %81, %82
	%84 = add i64 %83, %80
	%85 = getelementptr float, float addrspace(1)* %0, i64 %84
	%86 = load float, float addrspace(1)* %85
	%87 = fadd float %79, %86
	%88 = add i64 %33, 1
	%89 = mul i64 %31, %in.pstride
	%90 = mul i64 %32, %in.stride
	%91 = add i64 %89, %90
	%92 = add i64 %91, %88
	%93 = getelementptr float, float addrspace(1)* %0, i64 %92
	%94 = load float, float addrspace(1)* %93
	%95 = fadd float %87, %94
	%96 = mul i64 %31, %in.pstride
	%97 = mul i64 %32, %in.stride
	%98 = add i64 %96, %97
	%99 = add i64 %98, %33
	%100 = getelementptr float, float addrspace(1)* %0, i64 %99
	%101 = load float, float addrspace(1)* %100
	%102 = fmul float 0x3FD99999A0000000, %101
	%103 = fmul float 0x3FB99999A0000000, %95
	%104 = fadd float %102, %103
	%105 = icmp ult i64 %31, %out.depth
	br i1 %105, label %106, label %fault

106:
	%107 = mul i64 %31, %out.pstride
	%108 = icmp ult i64 %32, %out.rows
	br i1 %108, label %109, label %fault

109:
	%110 = mul i64 %32, %out.stride
	%111 = add i64 %107, %110
	%112 = icmp ult i64 %33, %out.cols
	br i1 %112, label %137, label %fault

fault:
	%113 = phi i32 [ 0, %48 ], [ 1, %106 ], [ 2, %109 ]
	%114 = phi i64 [ %31, %48 ], [ %32, %106 ], [ %33, %109 ]
	%115 = phi i64 [ %out.depth, %48 ], [ %out.rows, %106 ], [ %out.cols, %109 ]
	%116 = phi i64 [ 0, %48 ], [ 0, %106 ], [ 0, %109 ]
	%117 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 0
	%118 = cmpxchg i32 addrspace(1)* %117, i32 0, i32 1 monotonic monotonic
	%119 = extractvalue { i32, i1 } %118, 1
	br i1 %119, label %120, label %136

120:
	%121 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 1
	store i32 %ka.launch, i32 addrspace(1)* %121
	%122 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 2
	store i32 %113, i32 addrspace(1)* %122
	%123 = call i64 @ka.global_id(i32 0)
	%124 = trunc i64 %123 to i32
	%125 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 3
	store i32 %124, i32 addrspace(1)* %125
	%126 = call i64 @ka.global_id(i32 1)
	%127 = trunc i64 %126 to i32
	%128 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 4
	store i32 %127, i32 addrspace(1)* %128
	%129 = call i64 @ka.global_id(i32 2)
	%130 = trunc i64 %129 to i32
	%131 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 5
	store i32 %130, i32 addrspace(1)* %131
	%132 = bitcast i32 addrspace(1)* %ka.fault to i64 addrspace(1)*
	%133 = getelementptr i64, i64 addrspace(1)* %132, i64 4
	store i64 %114, i64 addrspace(1)* %133
	%134 = getelementptr i64, i64 addrspace(1)* %132, i64 5
	store i64 %115, i64 addrspace(1)* %134
	%135 = getelementptr i64, i64 addrspace(1)* %132, i64 6
	store i64 %116, i64 addrspace(1)* %135
	br label %136

136:
	ret void

137:
	%138 = add i64 %111, %33
	%139 = getelementptr float, float addrspace(1)* %1, i64 %138
	store float %104, float addrspace(1)* %139
	br label %140

140:
	ret void

outside:
	ret void
}

declare i64 @ka.global_id(i32 %0)

declare i64 @ka.num_groups(i32 %0)

declare i64 @ka.group_size(i32 %0)

declare i64 @ka.global_size(i32 %0)
