@ka.local.0 = internal addrspace(3) global [256 x i64] undef

define spir_kernel void @Sum(i64 addrspace(1)* %x.ptr, i64 %x.len, i64 addrspace(1)* %out.ptr, i64 %out.len, i64 %ka.gsize0, i64 %ka.gsize1, i64 %ka.gsize2, i32 addrspace(1)* %ka.fault, i32 %ka.launch) {
entry:
	%0 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 16
	%1 = bitcast i32 addrspace(1)* %0 to i64 addrspace(1)*
	br label %2

2:
	%3 = getelementptr [256 x i64], [256 x i64] addrspace(3)* @ka.local.0, i64 0, i64 0
	%4 = call i64 @ka.local_id(i32 2)
	%5 = call i64 @ka.local_id(i32 1)
	%6 = call i64 @ka.group_size(i32 1)
	%7 = mul i64 %6, %4
	%8 = add i64 %5, %7
	%9 = call i64 @ka.local_id(i32 0)
	%10 = call i64 @ka.group_size(i32 0)
	%11 = mul i64 %10, %8
	%12 = add i64 %9, %11
	%13 = call i64 @ka.global_id(i32 2)
	%14 = call i64 @ka.global_id(i32 1)
	%15 = call i64 @ka.global_size(i32 1)
	%16 = mul i64 %15, %13
	%17 = add i64 %14, %16
	%18 = call i64 @ka.global_id(i32 0)
	%19 = call i64 @ka.global_size(i32 0)
	%20 = mul i64 %19, %17
	%21 = add i64 %18, %20
	%22 = icmp slt i64 %21, %x.len
	br i1 %22, label %23, label %26

23:
	%24 = getelementptr i64, i64 addrspace(1)* %x.ptr, i64 %21
	%25 = load i64, i64 addrspace(1)* %24
	br label %26

26:
	%27 = phi i64 [ 0, %2 ], [ %25, %23 ]
	%28 = icmp ult i64 %12, 256
	br i1 %28, label %50, label %29

29:
	%30 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 0
	%31 = cmpxchg i32 addrspace(1)* %30, i32 0, i32 1 monotonic monotonic
	%32 = extractvalue { i32, i1 } %31, 1
	br i1 %32, label %33, label %49

33:
	%34 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 1
	store i32 %ka.launch, i32 addrspace(1)* %34
	%35 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 2
	store i32 0, i32 addrspace(1)* %35
	%36 = call i64 @ka.global_id(i32 0)
	%37 = trunc i64 %36 to i32
	%38 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 3
	store i32 %37, i32 addrspace(1)* %38
	%39 = call i64 @ka.global_id(i32 1)
	%40 = trunc i64 %39 to i32
	%41 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 4
	store i32 %40, i32 addrspace(1)* %41
	%42 = call i64 @ka.global_id(i32 2)
	%43 = trunc i64 %42 to i32
	%44 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 5
	store i32 %43, i32 addrspace(1)* %44
	%45 = bitcast i32 addrspace(1)* %ka.fault to i64 addrspace(1)*
	%46 = getelementptr i64, i64 addrspace(1)* %45, i64 4
	store i64 %12, i64 addrspace(1)* %46
	%47 = getelementptr i64, i64 addrspace(1)* %45, i64 5
	store i64 256, i64 addrspace(1)* %47
	%48 = getelementptr i64, i64 addrspace(1)* %45, i64 6
	store i64 0, i64 addrspace(1)* %48
	br label %49

49:
	br label %50

50:
	%51 = phi i64 [ %12, %26 ], [ 0, %49 ]
	%52 = getelementptr i64, i64 addrspace(3)* %3, i64 %51
	store i64 %27, i64 addrspace(3)* %52
	call void @ka.barrier()
	br label %53

53:
	%54 = phi i64 [ 128, %50 ], [ %180, %179 ]
	%55 = icmp sgt i64 %54, 0
	br i1 %55, label %97, label %56

56:
	%57 = icmp eq i64 %12, 0
	br i1 %57, label %58, label %96

58:
	%59 = call i64 @ka.group_id(i32 2)
	%60 = call i64 @ka.group_id(i32 1)
	%61 = call i64 @ka.num_groups(i32 1)
	%62 = mul i64 %61, %59
	%63 = add i64 %60, %62
	%64 = call i64 @ka.group_id(i32 0)
	%65 = call i64 @ka.num_groups(i32 0)
	%66 = mul i64 %65, %63
	%67 = add i64 %64, %66
	%68 = getelementptr i64, i64 addrspace(3)* %3, i64 0
	%69 = load i64, i64 addrspace(3)* %68
	%70 = icmp ult i64 %67, %out.len
	br i1 %70, label %92, label %71

71:
	%72 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 0
	%73 = cmpxchg i32 addrspace(1)* %72, i32 0, i32 1 monotonic monotonic
	%74 = extractvalue { i32, i1 } %73, 1
	br i1 %74, label %75, label %91

75:
	%76 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 1
	store i32 %ka.launch, i32 addrspace(1)* %76
	%77 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 2
	store i32 4, i32 addrspace(1)* %77
	%78 = call i64 @ka.global_id(i32 0)
	%79 = trunc i64 %78 to i32
	%80 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 3
	store i32 %79, i32 addrspace(1)* %80
	%81 = call i64 @ka.global_id(i32 1)
	%82 = trunc i64 %81 to i32
	%83 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 4
	store i32 %82, i32 addrspace(1)* %83
	%84 = call i64 @ka.global_id(i32 2)
	%85 = trunc i64 %84 to i32
	%86 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 5
	store i32 %85, i32 addrspace(1)* %86
	%87 = bitcast i32 addrspace(1)* %ka.fault to i64 addrspace(1)*
	%88 = getelementptr i64, i64 addrspace(1)* %87, i64 4
	store i64 %67, i64 addrspace(1)* %88
	%89 = getelementptr i64, i64 addrspace(1)* %87, i64 5
	store i64 %out.len, i64 addrspace(1)* %89
	%90 = getelementptr i64, i64 addrspace(1)* %87, i64 6
	store i64 0, i64 addrspace(1)* %90
	br label %91

91:
	br label %92

92:
	%93 = phi i64 addrspace(1)* [ %out.ptr, %58 ], [ %1, %91 ]
	%94 = phi i64 [ %67, %58 ], [ 0, %91 ]
	%95 = getelementptr i64, i64 addrspace(1)* %93, i64 %94
	store i64 %69, i64 addrspace(1)* %95
	br label %96

96:
	ret void

97:
	%98 = icmp slt i64 %12, %54
	br i1 %98, label %99, label %179

99:
	%100 = add i64 %12, %54
	%101 = icmp ult i64 %100, 256
	br i1 %101, label %123, label %102

102:
	%103 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 0
	%104 = cmpxchg i32 addrspace(1)* %103, i32 0, i32 1 monotonic monotonic
	%105 = extractvalue { i32, i1 } %104, 1
	br i1 %105, label %106, label %122

106:
	%107 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 1
	store i32 %ka.launch, i32 addrspace(1)* %107
	%108 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 2
	store i32 1, i32 addrspace(1)* %108
	%109 = call i64 @ka.global_id(i32 0)
	%110 = trunc i64 %109 to i32
	%111 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 3
	store i32 %110, i32 addrspace(1)* %111
	%112 = call i64 @ka.global_id(i32 1)
	%113 = trunc i64 %112 to i32
	%114 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 4
	store i32 %113, i32 addrspace(1)* %114
	%115 = call i64 @ka.global_id(i32 2)
	%116 = trunc i64 %115 to i32
	%117 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 5
	store i32 %116, i32 addrspace(1)* %117
	%118 = bitcast i32 addrspace(1)* %ka.fault to i64 addrspace(1)*
	%119 = getelementptr i64, i64 addrspace(1)* %118, i64 4
	store i64 %100, i64 addrspace(1)* %119
	%120 = getelementptr i64, i64 addrspace(1)* %118, i64 5
	store i64 256, i64 addrspace(1)* %120
	%121 = getelementptr i64, i64 addrspace(1)* %118, i64 6
	store i64 0, i64 addrspace(1)* %121
	br label %122

122:
	br label %123

123:
	%124 = phi i64 [ %100, %99 ], [ 0, %122 ]
	%125 = getelementptr i64, i64 addrspace(3)* %3, i64 %124
	%126 = load i64, i64 addrspace(3)* %125
	%127 = icmp ult i64 %12, 256
	br i1 %127, label %149, label %128

128:
	%129 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 0
	%130 = cmpxchg i32 addrspace(1)* %129, i32 0, i32 1 monotonic monotonic
	%131 = extractvalue { i32, i1 } %130, 1
	br i1 %131, label %132, label %148

132:
	%133 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 1
	store i32 %ka.launch, i32 addrspace(1)* %133
	%134 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 2
	store i32 2, i32 addrspace(1)* %134
	%135 = call i64 @ka.global_id(i32 0)
	%136 = trunc i64 %135 to i32
	%137 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 3
	store i32 %136, i32 addrspace(1)* %137
	%138 = call i64 @ka.global_id(i32 1)
	%139 = trunc i64 %138 to i32
	%140 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 4
	store i32 %139, i32 addrspace(1)* %140
	%141 = call i64 @ka.global_id(i32 2)
	%142 = trunc i64 %141 to i32
	%143 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 5
	store i32 %142, i32 addrspace(1)* %143
	%144 = bitcast i32 addrspace(1)* %ka.fault to i64 addrspace(1)*
	%145 = getelementptr i64, i64 addrspace(1)* %144, i64 4
	store i64 %12, i64 addrspace(1)* %145
	%146 = getelementptr i64, i64 addrspace(1)* %144, i64 5
	store i64 256, i64 addrspace(1)* %146
	%147 = getelementptr i64, i64 addrspace(1)* %144, i64 6
	store i64 0, i64 addrspace(1)* %147
	br label %148

148:
	br label %149

149:
	%150 = phi i64 [ %12, %123 ], [ 0, %148 ]
	%151 = getelementptr i64, i64 addrspace(3)* %3, i64 %150
	%152 = load i64, i64 addrspace(3)* %151
	%153 = add i64 %152, %126
	%154 = icmp ult i64 %12, 256
	br i1 %154, label %176, label %155

155:
	%156 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 0
	%157 = cmpxchg i32 addrspace(1)* %156, i32 0, i32 1 monotonic monotonic
	%158 = extractvalue { i32, i1 } %157, 1
	br i1 %158, label %159, label %175

159:
	%160 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 1
	store i32 %ka.launch, i32 addrspace(1)* %160
	%161 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 2
	store i32 3, i32 addrspace(1)* %161
	%162 = call i64 @ka.global_id(i32 0)
	%163 = trunc i64 %162 to i32
	%164 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 3
	store i32 %163, i32 addrspace(1)* %164
	%165 = call i64 @ka.global_id(i32 1)
	%166 = trunc i64 %165 to i32
	%167 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 4
	store i32 %166, i32 addrspace(1)* %167
	%168 = call i64 @ka.global_id(i32 2)
	%169 = trunc i64 %168 to i32
	%170 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 5
	store i32 %169, i32 addrspace(1)* %170
	%171 = bitcast i32 addrspace(1)* %ka.fault to i64 addrspace(1)*
	%172 = getelementptr i64, i64 addrspace(1)* %171, i64 4
	store i64 %12, i64 addrspace(1)* %172
	%173 = getelementptr i64, i64 addrspace(1)* %171, i64 5
	store i64 256, i64 addrspace(1)* %173
	%174 = getelementptr i64, i64 addrspace(1)* %171, i64 6
	store i64 0, i64 addrspace(1)* %174
	br label %175

175:
	br label %176

176:
	%177 = phi i64 [ %12, %149 ], [ 0, %175 ]
	%178 = getelementptr i64, i64 addrspace(3)* %3, i64 %177
	store i64 %153, i64 addrspace(3)* %178
	br label %179

179:
	call void @ka.barrier()
	%180 = sdiv i64 %54, 2
	br label %53
}

declare i64 @ka.local_id(i32 %0)

declare i64 @ka.group_size(i32 %0)

declare i64 @ka.global_id(i32 %0)

declare i64 @ka.global_size(i32 %0)

declare void @ka.barrier()

declare i64 @ka.group_id(i32 %0)

declare i64 @ka.num_groups(i32 %0)
