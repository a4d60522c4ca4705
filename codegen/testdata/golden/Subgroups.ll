define spir_kernel void @Subgroups(i8 addrspace(1)* %b.ptr, i64 %b.len, i64 addrspace(1)* %u.ptr, i64 %u.len, float addrspace(1)* %f.ptr, i64 %f.len, double addrspace(1)* %d.ptr, i64 %d.len, i32 addrspace(1)* %m.ptr, i64 %m.len, i64 %ka.gsize0, i64 %ka.gsize1, i64 %ka.gsize2, i32 addrspace(1)* %ka.fault, i32 %ka.launch) {
entry:
	%0 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 16
	%1 = bitcast i32 addrspace(1)* %0 to i8 addrspace(1)*
	%2 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 16
	%3 = bitcast i32 addrspace(1)* %2 to i64 addrspace(1)*
	%4 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 16
	%5 = bitcast i32 addrspace(1)* %4 to float addrspace(1)*
	%6 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 16
	%7 = bitcast i32 addrspace(1)* %6 to double addrspace(1)*
	%8 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 16
	br label %9

9:
	%10 = call i64 @ka.global_id(i32 2)
	%11 = call i64 @ka.global_size(i32 1)
	%12 = call i64 @ka.global_id(i32 1)
	%13 = call i64 @ka.global_size(i32 0)
	%14 = call i64 @ka.global_id(i32 0)
	%15 = mul i64 %11, %10
	%16 = add i64 %12, %15
	%17 = mul i64 %13, %16
	%18 = add i64 %14, %17
	%19 = icmp slt i64 %18, %b.len
	br i1 %19, label %20, label %129

20:
	%21 = icmp ult i64 %18, %b.len
	br i1 %21, label %43, label %22

22:
	%23 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 0
	%24 = cmpxchg i32 addrspace(1)* %23, i32 0, i32 1 monotonic monotonic
	%25 = extractvalue { i32, i1 } %24, 1
	br i1 %25, label %26, label %42

26:
	%27 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 1
	store i32 %ka.launch, i32 addrspace(1)* %27
	%28 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 2
	store i32 0, i32 addrspace(1)* %28
	%29 = call i64 @ka.global_id(i32 0)
	%30 = trunc i64 %29 to i32
	%31 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 3
	store i32 %30, i32 addrspace(1)* %31
	%32 = call i64 @ka.global_id(i32 1)
	%33 = trunc i64 %32 to i32
	%34 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 4
	store i32 %33, i32 addrspace(1)* %34
	%35 = call i64 @ka.global_id(i32 2)
	%36 = trunc i64 %35 to i32
	%37 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 5
	store i32 %36, i32 addrspace(1)* %37
	%38 = bitcast i32 addrspace(1)* %ka.fault to i64 addrspace(1)*
	%39 = getelementptr i64, i64 addrspace(1)* %38, i64 4
	store i64 %18, i64 addrspace(1)* %39
	%40 = getelementptr i64, i64 addrspace(1)* %38, i64 5
	store i64 %b.len, i64 addrspace(1)* %40
	%41 = getelementptr i64, i64 addrspace(1)* %38, i64 6
	store i64 0, i64 addrspace(1)* %41
	br label %42

42:
	br label %43

43:
	%44 = phi i8 addrspace(1)* [ %b.ptr, %20 ], [ %1, %42 ]
	%45 = phi i64 [ %18, %20 ], [ 0, %42 ]
	%46 = getelementptr i8, i8 addrspace(1)* %44, i64 %45
	%47 = load i8, i8 addrspace(1)* %46
	%48 = icmp ult i64 %18, %u.len
	br i1 %48, label %70, label %49

49:
	%50 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 0
	%51 = cmpxchg i32 addrspace(1)* %50, i32 0, i32 1 monotonic monotonic
	%52 = extractvalue { i32, i1 } %51, 1
	br i1 %52, label %53, label %69

53:
	%54 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 1
	store i32 %ka.launch, i32 addrspace(1)* %54
	%55 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 2
	store i32 1, i32 addrspace(1)* %55
	%56 = call i64 @ka.global_id(i32 0)
	%57 = trunc i64 %56 to i32
	%58 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 3
	store i32 %57, i32 addrspace(1)* %58
	%59 = call i64 @ka.global_id(i32 1)
	%60 = trunc i64 %59 to i32
	%61 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 4
	store i32 %60, i32 addrspace(1)* %61
	%62 = call i64 @ka.global_id(i32 2)
	%63 = trunc i64 %62 to i32
	%64 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 5
	store i32 %63, i32 addrspace(1)* %64
	%65 = bitcast i32 addrspace(1)* %ka.fault to i64 addrspace(1)*
	%66 = getelementptr i64, i64 addrspace(1)* %65, i64 4
	store i64 %18, i64 addrspace(1)* %66
	%67 = getelementptr i64, i64 addrspace(1)* %65, i64 5
	store i64 %u.len, i64 addrspace(1)* %67
	%68 = getelementptr i64, i64 addrspace(1)* %65, i64 6
	store i64 0, i64 addrspace(1)* %68
	br label %69

69:
	br label %70

70:
	%71 = phi i64 addrspace(1)* [ %u.ptr, %43 ], [ %3, %69 ]
	%72 = phi i64 [ %18, %43 ], [ 0, %69 ]
	%73 = getelementptr i64, i64 addrspace(1)* %71, i64 %72
	%74 = load i64, i64 addrspace(1)* %73
	%75 = icmp ult i64 %18, %f.len
	br i1 %75, label %97, label %76

76:
	%77 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 0
	%78 = cmpxchg i32 addrspace(1)* %77, i32 0, i32 1 monotonic monotonic
	%79 = extractvalue { i32, i1 } %78, 1
	br i1 %79, label %80, label %96

80:
	%81 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 1
	store i32 %ka.launch, i32 addrspace(1)* %81
	%82 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 2
	store i32 2, i32 addrspace(1)* %82
	%83 = call i64 @ka.global_id(i32 0)
	%84 = trunc i64 %83 to i32
	%85 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 3
	store i32 %84, i32 addrspace(1)* %85
	%86 = call i64 @ka.global_id(i32 1)
	%87 = trunc i64 %86 to i32
	%88 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 4
	store i32 %87, i32 addrspace(1)* %88
	%89 = call i64 @ka.global_id(i32 2)
	%90 = trunc i64 %89 to i32
	%91 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 5
	store i32 %90, i32 addrspace(1)* %91
	%92 = bitcast i32 addrspace(1)* %ka.fault to i64 addrspace(1)*
	%93 = getelementptr i64, i64 addrspace(1)* %92, i64 4
	store i64 %18, i64 addrspace(1)* %93
	%94 = getelementptr i64, i64 addrspace(1)* %92, i64 5
	store i64 %f.len, i64 addrspace(1)* %94
	%95 = getelementptr i64, i64 addrspace(1)* %92, i64 6
	store i64 0, i64 addrspace(1)* %95
	br label %96

96:
	br label %97

97:
	%98 = phi float addrspace(1)* [ %f.ptr, %70 ], [ %5, %96 ]
	%99 = phi i64 [ %18, %70 ], [ 0, %96 ]
	%100 = getelementptr float, float addrspace(1)* %98, i64 %99
	%101 = load float, float addrspace(1)* %100
	%102 = icmp ult i64 %18, %d.len
	br i1 %102, label %124, label %103

103:
	%104 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 0
	%105 = cmpxchg i32 addrspace(1)* %104, i32 0, i32 1 monotonic monotonic
	%106 = extractvalue { i32, i1 } %105, 1
	br i1 %106, label %107, label %123

107:
	%108 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 1
	store i32 %ka.launch, i32 addrspace(1)* %108
	%109 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 2
	store i32 3, i32 addrspace(1)* %109
	%110 = call i64 @ka.global_id(i32 0)
	%111 = trunc i64 %110 to i32
	%112 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 3
	store i32 %111, i32 addrspace(1)* %112
	%113 = call i64 @ka.global_id(i32 1)
	%114 = trunc i64 %113 to i32
	%115 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 4
	store i32 %114, i32 addrspace(1)* %115
	%116 = call i64 @ka.global_id(i32 2)
	%117 = trunc i64 %116 to i32
	%118 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 5
	store i32 %117, i32 addrspace(1)* %118
	%119 = bitcast i32 addrspace(1)* %ka.fault to i64 addrspace(1)*
	%120 = getelementptr i64, i64 addrspace(1)* %119, i64 4
	store i64 %18, i64 addrspace(1)* %120
	%121 = getelementptr i64, i64 addrspace(1)* %119, i64 5
	store i64 %d.len, i64 addrspace(1)* %121
	%122 = getelementptr i64, i64 addrspace(1)* %119, i64 6
	store i64 0, i64 addrspace(1)* %122
	br label %123

123:
	br label %124

124:
	%125 = phi double addrspace(1)* [ %d.ptr, %97 ], [ %7, %123 ]
	%126 = phi i64 [ %18, %97 ], [ 0, %123 ]
	%127 = getelementptr double, double addrspace(1)* %125, i64 %126
	%128 = load double, double addrspace(1)* %127
	br label %129

129:
	%130 = phi i8 [ 0, %9 ], [ %47, %124 ]
	%131 = phi i64 [ 0, %9 ], [ %74, %124 ]
	%132 = phi float [ 0.0, %9 ], [ %101, %124 ]
	%133 = phi double [ 0.0, %9 ], [ %128, %124 ]
	%134 = call i64 @ka.subgroup_local_id()
	%135 = call i64 @ka.subgroup_size()
	%136 = sub i64 %135, 1
	%137 = sub i64 %136, %134
	%138 = call i64 @ka.subgroup_size()
	%139 = call i64 @ka.subgroup_local_id()
	%140 = icmp ult i64 %137, %138
	%141 = select i1 %140, i64 %137, i64 %139
	%142 = trunc i64 %141 to i32
	%143 = zext i8 %130 to i32
	%144 = call i32 @ka.subgroup_shuffle(i32 %143, i32 %142)
	%145 = trunc i32 %144 to i8
	%146 = call i64 @ka.subgroup_size()
	%147 = call i64 @ka.subgroup_local_id()
	%148 = xor i64 %147, 2
	%149 = icmp ult i64 %148, %146
	%150 = select i1 %149, i64 %148, i64 %147
	%151 = trunc i64 %150 to i32
	%152 = trunc i64 %131 to i32
	%153 = call i32 @ka.subgroup_shuffle(i32 %152, i32 %151)
	%154 = lshr i64 %131, 32
	%155 = trunc i64 %154 to i32
	%156 = call i32 @ka.subgroup_shuffle(i32 %155, i32 %151)
	%157 = zext i32 %153 to i64
	%158 = zext i32 %156 to i64
	%159 = shl i64 %158, 32
	%160 = or i64 %157, %159
	%161 = call i64 @ka.subgroup_size()
	%162 = call i64 @ka.subgroup_local_id()
	br label %163

163:
	%164 = phi i64 [ 1, %129 ], [ %411, %400 ]
	%165 = phi float [ %132, %129 ], [ %416, %400 ]
	%166 = icmp ult i64 %164, %161
	br i1 %166, label %400, label %167

167:
	%168 = trunc i64 0 to i32
	%169 = bitcast float %165 to i32
	%170 = trunc i64 0 to i32
	%171 = call i32 @ka.subgroup_shuffle(i32 %169, i32 %170)
	%172 = bitcast i32 %171 to float
	%173 = call i64 @ka.subgroup_size()
	%174 = call i64 @ka.subgroup_local_id()
	%175 = xor i64 %174, 1
	%176 = icmp ult i64 %175, %173
	%177 = select i1 %176, i64 %175, i64 %174
	%178 = trunc i64 %177 to i32
	%179 = bitcast double %133 to i64
	%180 = trunc i64 %177 to i32
	%181 = trunc i64 %179 to i32
	%182 = call i32 @ka.subgroup_shuffle(i32 %181, i32 %180)
	%183 = lshr i64 %179, 32
	%184 = trunc i64 %183 to i32
	%185 = call i32 @ka.subgroup_shuffle(i32 %184, i32 %180)
	%186 = zext i32 %182 to i64
	%187 = zext i32 %185 to i64
	%188 = shl i64 %187, 32
	%189 = or i64 %186, %188
	%190 = bitcast i64 %189 to double
	%191 = call i64 @ka.subgroup_size()
	%192 = call i64 @ka.subgroup_local_id()
	br label %193

193:
	%194 = phi i64 [ 1, %167 ], [ %394, %375 ]
	%195 = phi double [ %190, %167 ], [ %399, %375 ]
	%196 = icmp ult i64 %194, %191
	br i1 %196, label %375, label %197

197:
	%198 = trunc i64 0 to i32
	%199 = bitcast double %195 to i64
	%200 = trunc i64 0 to i32
	%201 = trunc i64 %199 to i32
	%202 = call i32 @ka.subgroup_shuffle(i32 %201, i32 %200)
	%203 = lshr i64 %199, 32
	%204 = trunc i64 %203 to i32
	%205 = call i32 @ka.subgroup_shuffle(i32 %204, i32 %200)
	%206 = zext i32 %202 to i64
	%207 = zext i32 %205 to i64
	%208 = shl i64 %207, 32
	%209 = or i64 %206, %208
	%210 = bitcast i64 %209 to double
	%211 = sext i8 %145 to i32
	%212 = call i64 @ka.subgroup_size()
	%213 = call i64 @ka.subgroup_local_id()
	br label %214

214:
	%215 = phi i64 [ 1, %197 ], [ %369, %360 ]
	%216 = phi i32 [ %211, %197 ], [ %374, %360 ]
	%217 = icmp ult i64 %215, %212
	br i1 %217, label %360, label %218

218:
	%219 = trunc i64 0 to i32
	%220 = call i32 @ka.subgroup_shuffle(i32 %216, i32 %219)
	%221 = icmp sgt i8 %145, 0
	%222 = call i32 @ka.subgroup_ballot(i1 %221)
	%223 = icmp slt i64 %18, %b.len
	br i1 %223, label %224, label %359

224:
	%225 = icmp ult i64 %18, %b.len
	br i1 %225, label %247, label %226

226:
	%227 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 0
	%228 = cmpxchg i32 addrspace(1)* %227, i32 0, i32 1 monotonic monotonic
	%229 = extractvalue { i32, i1 } %228, 1
	br i1 %229, label %230, label %246

230:
	%231 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 1
	store i32 %ka.launch, i32 addrspace(1)* %231
	%232 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 2
	store i32 4, i32 addrspace(1)* %232
	%233 = call i64 @ka.global_id(i32 0)
	%234 = trunc i64 %233 to i32
	%235 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 3
	store i32 %234, i32 addrspace(1)* %235
	%236 = call i64 @ka.global_id(i32 1)
	%237 = trunc i64 %236 to i32
	%238 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 4
	store i32 %237, i32 addrspace(1)* %238
	%239 = call i64 @ka.global_id(i32 2)
	%240 = trunc i64 %239 to i32
	%241 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 5
	store i32 %240, i32 addrspace(1)* %241
	%242 = bitcast i32 addrspace(1)* %ka.fault to i64 addrspace(1)*
	%243 = getelementptr i64, i64 addrspace(1)* %242, i64 4
	store i64 %18, i64 addrspace(1)* %243
	%244 = getelementptr i64, i64 addrspace(1)* %242, i64 5
	store i64 %b.len, i64 addrspace(1)* %244
	%245 = getelementptr i64, i64 addrspace(1)* %242, i64 6
	store i64 0, i64 addrspace(1)* %245
	br label %246

246:
	br label %247

247:
	%248 = phi i8 addrspace(1)* [ %b.ptr, %224 ], [ %1, %246 ]
	%249 = phi i64 [ %18, %224 ], [ 0, %246 ]
	%250 = getelementptr i8, i8 addrspace(1)* %248, i64 %249
	store i8 %145, i8 addrspace(1)* %250
	%251 = icmp ult i64 %18, %u.len
	br i1 %251, label %273, label %252

252:
	%253 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 0
	%254 = cmpxchg i32 addrspace(1)* %253, i32 0, i32 1 monotonic monotonic
	%255 = extractvalue { i32, i1 } %254, 1
	br i1 %255, label %256, label %272

256:
	%257 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 1
	store i32 %ka.launch, i32 addrspace(1)* %257
	%258 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 2
	store i32 5, i32 addrspace(1)* %258
	%259 = call i64 @ka.global_id(i32 0)
	%260 = trunc i64 %259 to i32
	%261 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 3
	store i32 %260, i32 addrspace(1)* %261
	%262 = call i64 @ka.global_id(i32 1)
	%263 = trunc i64 %262 to i32
	%264 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 4
	store i32 %263, i32 addrspace(1)* %264
	%265 = call i64 @ka.global_id(i32 2)
	%266 = trunc i64 %265 to i32
	%267 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 5
	store i32 %266, i32 addrspace(1)* %267
	%268 = bitcast i32 addrspace(1)* %ka.fault to i64 addrspace(1)*
	%269 = getelementptr i64, i64 addrspace(1)* %268, i64 4
	store i64 %18, i64 addrspace(1)* %269
	%270 = getelementptr i64, i64 addrspace(1)* %268, i64 5
	store i64 %u.len, i64 addrspace(1)* %270
	%271 = getelementptr i64, i64 addrspace(1)* %268, i64 6
	store i64 0, i64 addrspace(1)* %271
	br label %272

272:
	br label %273

273:
	%274 = phi i64 addrspace(1)* [ %u.ptr, %247 ], [ %3, %272 ]
	%275 = phi i64 [ %18, %247 ], [ 0, %272 ]
	%276 = getelementptr i64, i64 addrspace(1)* %274, i64 %275
	store i64 %160, i64 addrspace(1)* %276
	%277 = icmp ult i64 %18, %f.len
	br i1 %277, label %299, label %278

278:
	%279 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 0
	%280 = cmpxchg i32 addrspace(1)* %279, i32 0, i32 1 monotonic monotonic
	%281 = extractvalue { i32, i1 } %280, 1
	br i1 %281, label %282, label %298

282:
	%283 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 1
	store i32 %ka.launch, i32 addrspace(1)* %283
	%284 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 2
	store i32 6, i32 addrspace(1)* %284
	%285 = call i64 @ka.global_id(i32 0)
	%286 = trunc i64 %285 to i32
	%287 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 3
	store i32 %286, i32 addrspace(1)* %287
	%288 = call i64 @ka.global_id(i32 1)
	%289 = trunc i64 %288 to i32
	%290 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 4
	store i32 %289, i32 addrspace(1)* %290
	%291 = call i64 @ka.global_id(i32 2)
	%292 = trunc i64 %291 to i32
	%293 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 5
	store i32 %292, i32 addrspace(1)* %293
	%294 = bitcast i32 addrspace(1)* %ka.fault to i64 addrspace(1)*
	%295 = getelementptr i64, i64 addrspace(1)* %294, i64 4
	store i64 %18, i64 addrspace(1)* %295
	%296 = getelementptr i64, i64 addrspace(1)* %294, i64 5
	store i64 %f.len, i64 addrspace(1)* %296
	%297 = getelementptr i64, i64 addrspace(1)* %294, i64 6
	store i64 0, i64 addrspace(1)* %297
	br label %298

298:
	br label %299

299:
	%300 = phi float addrspace(1)* [ %f.ptr, %273 ], [ %5, %298 ]
	%301 = phi i64 [ %18, %273 ], [ 0, %298 ]
	%302 = getelementptr float, float addrspace(1)* %300, i64 %301
	store float %172, float addrspace(1)* %302
	%303 = icmp ult i64 %18, %d.len
	br i1 %303, label %325, label %304

304:
	%305 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 0
	%306 = cmpxchg i32 addrspace(1)* %305, i32 0, i32 1 monotonic monotonic
	%307 = extractvalue { i32, i1 } %306, 1
	br i1 %307, label %308, label %324

308:
	%309 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 1
	store i32 %ka.launch, i32 addrspace(1)* %309
	%310 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 2
	store i32 7, i32 addrspace(1)* %310
	%311 = call i64 @ka.global_id(i32 0)
	%312 = trunc i64 %311 to i32
	%313 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 3
	store i32 %312, i32 addrspace(1)* %313
	%314 = call i64 @ka.global_id(i32 1)
	%315 = trunc i64 %314 to i32
	%316 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 4
	store i32 %315, i32 addrspace(1)* %316
	%317 = call i64 @ka.global_id(i32 2)
	%318 = trunc i64 %317 to i32
	%319 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 5
	store i32 %318, i32 addrspace(1)* %319
	%320 = bitcast i32 addrspace(1)* %ka.fault to i64 addrspace(1)*
	%321 = getelementptr i64, i64 addrspace(1)* %320, i64 4
	store i64 %18, i64 addrspace(1)* %321
	%322 = getelementptr i64, i64 addrspace(1)* %320, i64 5
	store i64 %d.len, i64 addrspace(1)* %322
	%323 = getelementptr i64, i64 addrspace(1)* %320, i64 6
	store i64 0, i64 addrspace(1)* %323
	br label %324

324:
	br label %325

325:
	%326 = phi double addrspace(1)* [ %d.ptr, %299 ], [ %7, %324 ]
	%327 = phi i64 [ %18, %299 ], [ 0, %324 ]
	%328 = getelementptr double, double addrspace(1)* %326, i64 %327
	store double %210, double addrspace(1)* %328
	%329 = add i32 %222, %220
	%330 = call i64 @ka.subgroup_id()
	%331 = trunc i64 %330 to i32
	%332 = add i32 %329, %331
	%333 = icmp ult i64 %18, %m.len
	br i1 %333, label %355, label %334

334:
	%335 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 0
	%336 = cmpxchg i32 addrspace(1)* %335, i32 0, i32 1 monotonic monotonic
	%337 = extractvalue { i32, i1 } %336, 1
	br i1 %337, label %338, label %354

338:
	%339 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 1
	store i32 %ka.launch, i32 addrspace(1)* %339
	%340 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 2
	store i32 8, i32 addrspace(1)* %340
	%341 = call i64 @ka.global_id(i32 0)
	%342 = trunc i64 %341 to i32
	%343 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 3
	store i32 %342, i32 addrspace(1)* %343
	%344 = call i64 @ka.global_id(i32 1)
	%345 = trunc i64 %344 to i32
	%346 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 4
	store i32 %345, i32 addrspace(1)* %346
	%347 = call i64 @ka.global_id(i32 2)
	%348 = trunc i64 %347 to i32
	%349 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 5
	store i32 %348, i32 addrspace(1)* %349
	%350 = bitcast i32 addrspace(1)* %ka.fault to i64 addrspace(1)*
	%351 = getelementptr i64, i64 addrspace(1)* %350, i64 4
	store i64 %18, i64 addrspace(1)* %351
	%352 = getelementptr i64, i64 addrspace(1)* %350, i64 5
	store i64 %m.len, i64 addrspace(1)* %352
	%353 = getelementptr i64, i64 addrspace(1)* %350, i64 6
	store i64 0, i64 addrspace(1)* %353
	br label %354

354:
	br label %355

355:
	%356 = phi i32 addrspace(1)* [ %m.ptr, %325 ], [ %8, %354 ]
	%357 = phi i64 [ %18, %325 ], [ 0, %354 ]
	%358 = getelementptr i32, i32 addrspace(1)* %356, i64 %357
	store i32 %332, i32 addrspace(1)* %358
	br label %359

359:
	ret void

360:
	%361 = add i64 %213, %215
	%362 = icmp ult i64 %361, %212
	%363 = sub i64 %212, 1
	%364 = select i1 %362, i64 %361, i64 %363
	%365 = trunc i64 %364 to i32
	%366 = call i32 @ka.subgroup_shuffle(i32 %216, i32 %365)
	%367 = icmp slt i32 %216, %366
	%368 = select i1 %367, i32 %216, i32 %366
	%369 = shl i64 %215, 1
	%370 = sub i64 %369, 1
	%371 = and i64 %213, %370
	%372 = icmp eq i64 %371, 0
	%373 = and i1 %372, %362
	%374 = select i1 %373, i32 %368, i32 %216
	br label %214

375:
	%376 = add i64 %192, %194
	%377 = icmp ult i64 %376, %191
	%378 = sub i64 %191, 1
	%379 = select i1 %377, i64 %376, i64 %378
	%380 = trunc i64 %379 to i32
	%381 = bitcast double %195 to i64
	%382 = trunc i64 %379 to i32
	%383 = trunc i64 %381 to i32
	%384 = call i32 @ka.subgroup_shuffle(i32 %383, i32 %382)
	%385 = lshr i64 %381, 32
	%386 = trunc i64 %385 to i32
	%387 = call i32 @ka.subgroup_shuffle(i32 %386, i32 %382)
	%388 = zext i32 %384 to i64
	%389 = zext i32 %387 to i64
	%390 = shl i64 %389, 32
	%391 = or i64 %388, %390
	%392 = bitcast i64 %391 to double
	%393 = call double @llvm.maximum.f64(double %195, double %392)
	%394 = shl i64 %194, 1
	%395 = sub i64 %394, 1
	%396 = and i64 %192, %395
	%397 = icmp eq i64 %396, 0
	%398 = and i1 %397, %377
	%399 = select i1 %398, double %393, double %195
	br label %193

400:
	%401 = add i64 %162, %164
	%402 = icmp ult i64 %401, %161
	%403 = sub i64 %161, 1
	%404 = select i1 %402, i64 %401, i64 %403
	%405 = trunc i64 %404 to i32
	%406 = bitcast float %165 to i32
	%407 = trunc i64 %404 to i32
	%408 = call i32 @ka.subgroup_shuffle(i32 %406, i32 %407)
	%409 = bitcast i32 %408 to float
	%410 = fadd float %165, %409
	%411 = shl i64 %164, 1
	%412 = sub i64 %411, 1
	%413 = and i64 %162, %412
	%414 = icmp eq i64 %413, 0
	%415 = and i1 %414, %402
	%416 = select i1 %415, float %410, float %165
	br label %163
}

declare i64 @ka.global_id(i32 %0)

declare i64 @ka.global_size(i32 %0)

declare i64 @ka.subgroup_local_id()

declare i64 @ka.subgroup_size()

declare i32 @ka.subgroup_shuffle(i32 %0, i32 %1)

declare double @llvm.maximum.f64(double %0, double %1)

declare i32 @ka.subgroup_ballot(i1 %0)

declare i64 @ka.subgroup_id()
