@ka.local.0 = internal addrspace(3) global [16 x i32] undef

define spir_kernel void @Local(i8 %flag, i32 addrspace(1)* %out.ptr, i64 %out.len, i64 %ka.gsize0, i64 %ka.gsize1, i64 %ka.gsize2, i32 addrspace(1)* %ka.fault, i32 %ka.launch) {
entry:
	%0 = alloca [4 x i32]
	%1 = icmp ne i8 %flag, 0
	%2 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 16
	br label %3

3:
	%4 = getelementptr [16 x i32], [16 x i32] addrspace(3)* @ka.local.0, i64 0, i64 0
	%5 = getelementptr [4 x i32], [4 x i32]* %0, i64 0, i64 0
	store i32 0, i32* %5
	%6 = getelementptr [4 x i32], [4 x i32]* %0, i64 0, i64 1
	store i32 0, i32* %6
	%7 = getelementptr [4 x i32], [4 x i32]* %0, i64 0, i64 2
	store i32 0, i32* %7
	%8 = getelementptr [4 x i32], [4 x i32]* %0, i64 0, i64 3
	store i32 0, i32* %8
	%9 = call i64 @ka.local_id(i32 2)
	%10 = call i64 @ka.local_id(i32 1)
	%11 = call i64 @ka.group_size(i32 1)
	%12 = mul i64 %11, %9
	%13 = add i64 %10, %12
	%14 = call i64 @ka.local_id(i32 0)
	%15 = call i64 @ka.group_size(i32 0)
	%16 = mul i64 %15, %13
	%17 = add i64 %14, %16
	%18 = srem i64 %17, 4
	%19 = icmp ult i64 %18, 4
	br i1 %19, label %41, label %20

20:
	%21 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 0
	%22 = cmpxchg i32 addrspace(1)* %21, i32 0, i32 1 monotonic monotonic
	%23 = extractvalue { i32, i1 } %22, 1
	br i1 %23, label %24, label %40

24:
	%25 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 1
	store i32 %ka.launch, i32 addrspace(1)* %25
	%26 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 2
	store i32 0, i32 addrspace(1)* %26
	%27 = call i64 @ka.global_id(i32 0)
	%28 = trunc i64 %27 to i32
	%29 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 3
	store i32 %28, i32 addrspace(1)* %29
	%30 = call i64 @ka.global_id(i32 1)
	%31 = trunc i64 %30 to i32
	%32 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 4
	store i32 %31, i32 addrspace(1)* %32
	%33 = call i64 @ka.global_id(i32 2)
	%34 = trunc i64 %33 to i32
	%35 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 5
	store i32 %34, i32 addrspace(1)* %35
	%36 = bitcast i32 addrspace(1)* %ka.fault to i64 addrspace(1)*
	%37 = getelementptr i64, i64 addrspace(1)* %36, i64 4
	store i64 %18, i64 addrspace(1)* %37
	%38 = getelementptr i64, i64 addrspace(1)* %36, i64 5
	store i64 4, i64 addrspace(1)* %38
	%39 = getelementptr i64, i64 addrspace(1)* %36, i64 6
	store i64 0, i64 addrspace(1)* %39
	br label %40

40:
	br label %41

41:
	%42 = phi i64 [ %18, %3 ], [ 0, %40 ]
	%43 = getelementptr [4 x i32], [4 x i32]* %0, i64 0, i64 %42
	store i32 1, i32* %43
	%44 = call i64 @ka.local_id(i32 2)
	%45 = call i64 @ka.local_id(i32 1)
	%46 = call i64 @ka.group_size(i32 1)
	%47 = mul i64 %46, %44
	%48 = add i64 %45, %47
	%49 = call i64 @ka.local_id(i32 0)
	%50 = call i64 @ka.group_size(i32 0)
	%51 = mul i64 %50, %48
	%52 = add i64 %49, %51
	%53 = getelementptr [4 x i32], [4 x i32]* %0, i64 0, i64 0
	%54 = load i32, i32* %53
	%55 = icmp ult i64 %52, 16
	br i1 %55, label %77, label %56

56:
	%57 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 0
	%58 = cmpxchg i32 addrspace(1)* %57, i32 0, i32 1 monotonic monotonic
	%59 = extractvalue { i32, i1 } %58, 1
	br i1 %59, label %60, label %76

60:
	%61 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 1
	store i32 %ka.launch, i32 addrspace(1)* %61
	%62 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 2
	store i32 1, i32 addrspace(1)* %62
	%63 = call i64 @ka.global_id(i32 0)
	%64 = trunc i64 %63 to i32
	%65 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 3
	store i32 %64, i32 addrspace(1)* %65
	%66 = call i64 @ka.global_id(i32 1)
	%67 = trunc i64 %66 to i32
	%68 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 4
	store i32 %67, i32 addrspace(1)* %68
	%69 = call i64 @ka.global_id(i32 2)
	%70 = trunc i64 %69 to i32
	%71 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 5
	store i32 %70, i32 addrspace(1)* %71
	%72 = bitcast i32 addrspace(1)* %ka.fault to i64 addrspace(1)*
	%73 = getelementptr i64, i64 addrspace(1)* %72, i64 4
	store i64 %52, i64 addrspace(1)* %73
	%74 = getelementptr i64, i64 addrspace(1)* %72, i64 5
	store i64 16, i64 addrspace(1)* %74
	%75 = getelementptr i64, i64 addrspace(1)* %72, i64 6
	store i64 0, i64 addrspace(1)* %75
	br label %76

76:
	br label %77

77:
	%78 = phi i64 [ %52, %41 ], [ 0, %76 ]
	%79 = getelementptr i32, i32 addrspace(3)* %4, i64 %78
	store i32 %54, i32 addrspace(3)* %79
	call void @ka.barrier()
	br i1 %1, label %80, label %152

80:
	%81 = call i64 @ka.global_id(i32 2)
	%82 = call i64 @ka.global_id(i32 1)
	%83 = call i64 @ka.global_size(i32 1)
	%84 = mul i64 %83, %81
	%85 = add i64 %82, %84
	%86 = call i64 @ka.global_id(i32 0)
	%87 = call i64 @ka.global_size(i32 0)
	%88 = mul i64 %87, %85
	%89 = add i64 %86, %88
	%90 = call i64 @ka.local_id(i32 2)
	%91 = call i64 @ka.local_id(i32 1)
	%92 = call i64 @ka.group_size(i32 1)
	%93 = mul i64 %92, %90
	%94 = add i64 %91, %93
	%95 = call i64 @ka.local_id(i32 0)
	%96 = call i64 @ka.group_size(i32 0)
	%97 = mul i64 %96, %94
	%98 = add i64 %95, %97
	%99 = sub i64 15, %98
	%100 = icmp ult i64 %99, 16
	br i1 %100, label %122, label %101

101:
	%102 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 0
	%103 = cmpxchg i32 addrspace(1)* %102, i32 0, i32 1 monotonic monotonic
	%104 = extractvalue { i32, i1 } %103, 1
	br i1 %104, label %105, label %121

105:
	%106 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 1
	store i32 %ka.launch, i32 addrspace(1)* %106
	%107 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 2
	store i32 2, i32 addrspace(1)* %107
	%108 = call i64 @ka.global_id(i32 0)
	%109 = trunc i64 %108 to i32
	%110 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 3
	store i32 %109, i32 addrspace(1)* %110
	%111 = call i64 @ka.global_id(i32 1)
	%112 = trunc i64 %111 to i32
	%113 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 4
	store i32 %112, i32 addrspace(1)* %113
	%114 = call i64 @ka.global_id(i32 2)
	%115 = trunc i64 %114 to i32
	%116 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 5
	store i32 %115, i32 addrspace(1)* %116
	%117 = bitcast i32 addrspace(1)* %ka.fault to i64 addrspace(1)*
	%118 = getelementptr i64, i64 addrspace(1)* %117, i64 4
	store i64 %99, i64 addrspace(1)* %118
	%119 = getelementptr i64, i64 addrspace(1)* %117, i64 5
	store i64 16, i64 addrspace(1)* %119
	%120 = getelementptr i64, i64 addrspace(1)* %117, i64 6
	store i64 0, i64 addrspace(1)* %120
	br label %121

121:
	br label %122

122:
	%123 = phi i64 [ %99, %80 ], [ 0, %121 ]
	%124 = getelementptr i32, i32 addrspace(3)* %4, i64 %123
	%125 = load i32, i32 addrspace(3)* %124
	%126 = icmp ult i64 %89, %out.len
	br i1 %126, label %148, label %127

127:
	%128 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 0
	%129 = cmpxchg i32 addrspace(1)* %128, i32 0, i32 1 monotonic monotonic
	%130 = extractvalue { i32, i1 } %129, 1
	br i1 %130, label %131, label %147

131:
	%132 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 1
	store i32 %ka.launch, i32 addrspace(1)* %132
	%133 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 2
	store i32 3, i32 addrspace(1)* %133
	%134 = call i64 @ka.global_id(i32 0)
	%135 = trunc i64 %134 to i32
	%136 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 3
	store i32 %135, i32 addrspace(1)* %136
	%137 = call i64 @ka.global_id(i32 1)
	%138 = trunc i64 %137 to i32
	%139 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 4
	store i32 %138, i32 addrspace(1)* %139
	%140 = call i64 @ka.global_id(i32 2)
	%141 = trunc i64 %140 to i32
	%142 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 5
	store i32 %141, i32 addrspace(1)* %142
	%143 = bitcast i32 addrspace(1)* %ka.fault to i64 addrspace(1)*
	%144 = getelementptr i64, i64 addrspace(1)* %143, i64 4
	store i64 %89, i64 addrspace(1)* %144
	%145 = getelementptr i64, i64 addrspace(1)* %143, i64 5
	store i64 %out.len, i64 addrspace(1)* %145
	%146 = getelementptr i64, i64 addrspace(1)* %143, i64 6
	store i64 0, i64 addrspace(1)* %146
	br label %147

147:
	br label %148

148:
	%149 = phi i32 addrspace(1)* [ %out.ptr, %122 ], [ %2, %147 ]
	%150 = phi i64 [ %89, %122 ], [ 0, %147 ]
	%151 = getelementptr i32, i32 addrspace(1)* %149, i64 %150
	store i32 %125, i32 addrspace(1)* %151
	br label %152

152:
	ret void
}

declare i64 @ka.local_id(i32 %0)

declare i64 @ka.group_size(i32 %0)

declare i64 @ka.global_id(i32 %0)

declare void @ka.barrier()

declare i64 @ka.global_size(i32 %0)
