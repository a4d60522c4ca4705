@ka.local.0 = internal addrspace(3) global [256 x float] undef
@ka.local.1 = internal addrspace(3) global [256 x float] undef

define spir_kernel void @MatMulTiled(i64 %n, float addrspace(1)* %a.ptr, i64 %a.len, float addrspace(1)* %b.ptr, i64 %b.len, float addrspace(1)* %c.ptr, i64 %c.len, i64 %ka.gsize0, i64 %ka.gsize1, i64 %ka.gsize2, i32 addrspace(1)* %ka.fault, i32 %ka.launch) {
entry:
	%0 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 16
	%1 = bitcast i32 addrspace(1)* %0 to float addrspace(1)*
	br label %2

2:
	%3 = getelementptr [256 x float], [256 x float] addrspace(3)* @ka.local.0, i64 0, i64 0
	%4 = getelementptr [256 x float], [256 x float] addrspace(3)* @ka.local.1, i64 0, i64 0
	%5 = call i64 @ka.local_id(i32 0)
	%6 = call i64 @ka.local_id(i32 1)
	%7 = call i64 @ka.global_id(i32 0)
	%8 = call i64 @ka.global_id(i32 1)
	br label %9

9:
	%10 = phi float [ 0.0, %2 ], [ %180, %183 ]
	%11 = phi i64 [ 0, %2 ], [ %184, %183 ]
	%12 = add i64 %n, 16
	%13 = sub i64 %12, 1
	%14 = sdiv i64 %13, 16
	%15 = icmp slt i64 %11, %14
	br i1 %15, label %50, label %16

16:
	%17 = icmp slt i64 %8, %n
	br i1 %17, label %18, label %49

18:
	%19 = icmp slt i64 %7, %n
	br i1 %19, label %20, label %49

20:
	%21 = mul i64 %8, %n
	%22 = add i64 %21, %7
	%23 = icmp ult i64 %22, %c.len
	br i1 %23, label %45, label %24

24:
	%25 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 0
	%26 = cmpxchg i32 addrspace(1)* %25, i32 0, i32 1 monotonic monotonic
	%27 = extractvalue { i32, i1 } %26, 1
	br i1 %27, label %28, label %44

28:
	%29 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 1
	store i32 %ka.launch, i32 addrspace(1)* %29
	%30 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 2
	store i32 6, i32 addrspace(1)* %30
	%31 = call i64 @ka.global_id(i32 0)
	%32 = trunc i64 %31 to i32
	%33 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 3
	store i32 %32, i32 addrspace(1)* %33
	%34 = call i64 @ka.global_id(i32 1)
	%35 = trunc i64 %34 to i32
	%36 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 4
	store i32 %35, i32 addrspace(1)* %36
	%37 = call i64 @ka.global_id(i32 2)
	%38 = trunc i64 %37 to i32
	%39 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 5
	store i32 %38, i32 addrspace(1)* %39
	%40 = bitcast i32 addrspace(1)* %ka.fault to i64 addrspace(1)*
	%41 = getelementptr i64, i64 addrspace(1)* %40, i64 4
	store i64 %22, i64 addrspace(1)* %41
	%42 = getelementptr i64, i64 addrspace(1)* %40, i64 5
	store i64 %c.len, i64 addrspace(1)* %42
	%43 = getelementptr i64, i64 addrspace(1)* %40, i64 6
	store i64 0, i64 addrspace(1)* %43
	br label %44

44:
	br label %45

45:
	%46 = phi float addrspace(1)* [ %c.ptr, %20 ], [ %1, %44 ]
	%47 = phi i64 [ %22, %20 ], [ 0, %44 ]
	%48 = getelementptr float, float addrspace(1)* %46, i64 %47
	store float %10, float addrspace(1)* %48
	br label %49

49:
	ret void

50:
	%51 = mul i64 %11, 16
	%52 = add i64 %51, %5
	%53 = mul i64 %11, 16
	%54 = add i64 %53, %6
	%55 = icmp slt i64 %8, %n
	br i1 %55, label %56, label %88

56:
	%57 = icmp slt i64 %52, %n
	br i1 %57, label %58, label %88

58:
	%59 = mul i64 %8, %n
	%60 = add i64 %59, %52
	%61 = icmp ult i64 %60, %a.len
	br i1 %61, label %83, label %62

62:
	%63 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 0
	%64 = cmpxchg i32 addrspace(1)* %63, i32 0, i32 1 monotonic monotonic
	%65 = extractvalue { i32, i1 } %64, 1
	br i1 %65, label %66, label %82

66:
	%67 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 1
	store i32 %ka.launch, i32 addrspace(1)* %67
	%68 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 2
	store i32 0, i32 addrspace(1)* %68
	%69 = call i64 @ka.global_id(i32 0)
	%70 = trunc i64 %69 to i32
	%71 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 3
	store i32 %70, i32 addrspace(1)* %71
	%72 = call i64 @ka.global_id(i32 1)
	%73 = trunc i64 %72 to i32
	%74 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 4
	store i32 %73, i32 addrspace(1)* %74
	%75 = call i64 @ka.global_id(i32 2)
	%76 = trunc i64 %75 to i32
	%77 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 5
	store i32 %76, i32 addrspace(1)* %77
	%78 = bitcast i32 addrspace(1)* %ka.fault to i64 addrspace(1)*
	%79 = getelementptr i64, i64 addrspace(1)* %78, i64 4
	store i64 %60, i64 addrspace(1)* %79
	%80 = getelementptr i64, i64 addrspace(1)* %78, i64 5
	store i64 %a.len, i64 addrspace(1)* %80
	%81 = getelementptr i64, i64 addrspace(1)* %78, i64 6
	store i64 0, i64 addrspace(1)* %81
	br label %82

82:
	br label %83

83:
	%84 = phi float addrspace(1)* [ %a.ptr, %58 ], [ %1, %82 ]
	%85 = phi i64 [ %60, %58 ], [ 0, %82 ]
	%86 = getelementptr float, float addrspace(1)* %84, i64 %85
	%87 = load float, float addrspace(1)* %86
	br label %88

88:
	%89 = phi float [ 0.0, %50 ], [ 0.0, %56 ], [ %87, %83 ]
	%90 = icmp slt i64 %54, %n
	br i1 %90, label %91, label %123

91:
	%92 = icmp slt i64 %7, %n
	br i1 %92, label %93, label %123

93:
	%94 = mul i64 %54, %n
	%95 = add i64 %94, %7
	%96 = icmp ult i64 %95, %b.len
	br i1 %96, label %118, label %97

97:
	%98 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 0
	%99 = cmpxchg i32 addrspace(1)* %98, i32 0, i32 1 monotonic monotonic
	%100 = extractvalue { i32, i1 } %99, 1
	br i1 %100, label %101, label %117

101:
	%102 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 1
	store i32 %ka.launch, i32 addrspace(1)* %102
	%103 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 2
	store i32 1, i32 addrspace(1)* %103
	%104 = call i64 @ka.global_id(i32 0)
	%105 = trunc i64 %104 to i32
	%106 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 3
	store i32 %105, i32 addrspace(1)* %106
	%107 = call i64 @ka.global_id(i32 1)
	%108 = trunc i64 %107 to i32
	%109 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 4
	store i32 %108, i32 addrspace(1)* %109
	%110 = call i64 @ka.global_id(i32 2)
	%111 = trunc i64 %110 to i32
	%112 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 5
	store i32 %111, i32 addrspace(1)* %112
	%113 = bitcast i32 addrspace(1)* %ka.fault to i64 addrspace(1)*
	%114 = getelementptr i64, i64 addrspace(1)* %113, i64 4
	store i64 %95, i64 addrspace(1)* %114
	%115 = getelementptr i64, i64 addrspace(1)* %113, i64 5
	store i64 %b.len, i64 addrspace(1)* %115
	%116 = getelementptr i64, i64 addrspace(1)* %113, i64 6
	store i64 0, i64 addrspace(1)* %116
	br label %117

117:
	br label %118

118:
	%119 = phi float addrspace(1)* [ %b.ptr, %93 ], [ %1, %117 ]
	%120 = phi i64 [ %95, %93 ], [ 0, %117 ]
	%121 = getelementptr float, float addrspace(1)* %119, i64 %120
	%122 = load float, float addrspace(1)* %121
	br label %123

123:
	%124 = phi float [ 0.0, %88 ], [ 0.0, %91 ], [ %122, %118 ]
	%125 = mul i64 %6, 16
	%126 = add i64 %125, %5
	%127 = icmp ult i64 %126, 256
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
	store i64 %126, i64 addrspace(1)* %145
	%146 = getelementptr i64, i64 addrspace(1)* %144, i64 5
	store i64 256, i64 addrspace(1)* %146
	%147 = getelementptr i64, i64 addrspace(1)* %144, i64 6
	store i64 0, i64 addrspace(1)* %147
	br label %148

148:
	br label %149

149:
	%150 = phi i64 [ %126, %123 ], [ 0, %148 ]
	%151 = getelementptr float, float addrspace(3)* %3, i64 %150
	store float %89, float addrspace(3)* %151
	%152 = mul i64 %6, 16
	%153 = add i64 %152, %5
	%154 = icmp ult i64 %153, 256
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
	store i64 %153, i64 addrspace(1)* %172
	%173 = getelementptr i64, i64 addrspace(1)* %171, i64 5
	store i64 256, i64 addrspace(1)* %173
	%174 = getelementptr i64, i64 addrspace(1)* %171, i64 6
	store i64 0, i64 addrspace(1)* %174
	br label %175

175:
	br label %176

176:
	%177 = phi i64 [ %153, %149 ], [ 0, %175 ]
	%178 = getelementptr float, float addrspace(3)* %4, i64 %177
	store float %124, float addrspace(3)* %178
	call void @ka.barrier()
	br label %179

179:
	%180 = phi float [ %10, %176 ], [ %243, %238 ]
	%181 = phi i64 [ 0, %176 ], [ %244, %238 ]
	%182 = icmp slt i64 %181, 16
	br i1 %182, label %185, label %183

183:
	call void @ka.barrier()
	%184 = add i64 %11, 1
	br label %9

185:
	%186 = mul i64 %6, 16
	%187 = add i64 %186, %181
	%188 = icmp ult i64 %187, 256
	br i1 %188, label %210, label %189

189:
	%190 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 0
	%191 = cmpxchg i32 addrspace(1)* %190, i32 0, i32 1 monotonic monotonic
	%192 = extractvalue { i32, i1 } %191, 1
	br i1 %192, label %193, label %209

193:
	%194 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 1
	store i32 %ka.launch, i32 addrspace(1)* %194
	%195 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 2
	store i32 4, i32 addrspace(1)* %195
	%196 = call i64 @ka.global_id(i32 0)
	%197 = trunc i64 %196 to i32
	%198 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 3
	store i32 %197, i32 addrspace(1)* %198
	%199 = call i64 @ka.global_id(i32 1)
	%200 = trunc i64 %199 to i32
	%201 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 4
	store i32 %200, i32 addrspace(1)* %201
	%202 = call i64 @ka.global_id(i32 2)
	%203 = trunc i64 %202 to i32
	%204 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 5
	store i32 %203, i32 addrspace(1)* %204
	%205 = bitcast i32 addrspace(1)* %ka.fault to i64 addrspace(1)*
	%206 = getelementptr i64, i64 addrspace(1)* %205, i64 4
	store i64 %187, i64 addrspace(1)* %206
	%207 = getelementptr i64, i64 addrspace(1)* %205, i64 5
	store i64 256, i64 addrspace(1)* %207
	%208 = getelementptr i64, i64 addrspace(1)* %205, i64 6
	store i64 0, i64 addrspace(1)* %208
	br label %209

209:
	br label %210

210:
	%211 = phi i64 [ %187, %185 ], [ 0, %209 ]
	%212 = getelementptr float, float addrspace(3)* %3, i64 %211
	%213 = load float, float addrspace(3)* %212
	%214 = mul i64 %181, 16
	%215 = add i64 %214, %5
	%216 = icmp ult i64 %215, 256
	br i1 %216, label %238, label %217

217:
	%218 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 0
	%219 = cmpxchg i32 addrspace(1)* %218, i32 0, i32 1 monotonic monotonic
	%220 = extractvalue { i32, i1 } %219, 1
	br i1 %220, label %221, label %237

221:
	%222 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 1
	store i32 %ka.launch, i32 addrspace(1)* %222
	%223 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 2
	store i32 5, i32 addrspace(1)* %223
	%224 = call i64 @ka.global_id(i32 0)
	%225 = trunc i64 %224 to i32
	%226 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 3
	store i32 %225, i32 addrspace(1)* %226
	%227 = call i64 @ka.global_id(i32 1)
	%228 = trunc i64 %227 to i32
	%229 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 4
	store i32 %228, i32 addrspace(1)* %229
	%230 = call i64 @ka.global_id(i32 2)
	%231 = trunc i64 %230 to i32
	%232 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 5
	store i32 %231, i32 addrspace(1)* %232
	%233 = bitcast i32 addrspace(1)* %ka.fault to i64 addrspace(1)*
	%234 = getelementptr i64, i64 addrspace(1)* %233, i64 4
	store i64 %215, i64 addrspace(1)* %234
	%235 = getelementptr i64, i64 addrspace(1)* %233, i64 5
	store i64 256, i64 addrspace(1)* %235
	%236 = getelementptr i64, i64 addrspace(1)* %233, i64 6
	store i64 0, i64 addrspace(1)* %236
	br label %237

237:
	br label %238

238:
	%239 = phi i64 [ %215, %210 ], [ 0, %237 ]
	%240 = getelementptr float, float addrspace(3)* %4, i64 %239
	%241 = load float, float addrspace(3)* %240
	%242 = fmul float %213, %241
	%243 = fadd float %180, %242
	%244 = add i64 %181, 1
	br label %179
}

declare i64 @ka.local_id(i32 %0)

declare i64 @ka.global_id(i32 %0)

declare void @ka.barrier()
