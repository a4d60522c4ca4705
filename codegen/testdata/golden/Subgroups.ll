define spir_kernel void @Subgroups(i8 addrspace(1)* %b.ptr, i64 %b.len, i64 addrspace(1)* %u.ptr, i64 %u.len, float addrspace(1)* %f.ptr, i64 %f.len, double addrspace(1)* %d.ptr, i64 %d.len, i32 addrspace(1)* %m.ptr, i64 %m.len, i64 %ka.gsize0, i64 %ka.gsize1, i64 %ka.gsize2, i32 addrspace(1)* %ka.fault, i32 %ka.launch) {
entry:
	%0 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 16
	%1 = bitcast i32 addrspace(1)* %0 to i64 addrspace(1)*
	%2 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 16
	%3 = bitcast i32 addrspace(1)* %2 to float addrspace(1)*
	%4 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 16
	%5 = bitcast i32 addrspace(1)* %4 to double addrspace(1)*
	%6 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 16
	br label %7

7:
	%8 = call i64 @ka.global_id(i32 2)
	%9 = call i64 @ka.global_id(i32 1)
	%10 = call i64 @ka.global_size(i32 1)
	%11 = mul i64 %10, %8
	%12 = add i64 %9, %11
	%13 = call i64 @ka.global_id(i32 0)
	%14 = call i64 @ka.global_size(i32 0)
	%15 = mul i64 %14, %12
	%16 = add i64 %13, %15
	%17 = icmp slt i64 %16, %b.len
	br i1 %17, label %18, label %102

18:
	%19 = getelementptr i8, i8 addrspace(1)* %b.ptr, i64 %16
	%20 = load i8, i8 addrspace(1)* %19
	%21 = icmp ult i64 %16, %u.len
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
	store i64 %16, i64 addrspace(1)* %39
	%40 = getelementptr i64, i64 addrspace(1)* %38, i64 5
	store i64 %u.len, i64 addrspace(1)* %40
	%41 = getelementptr i64, i64 addrspace(1)* %38, i64 6
	store i64 0, i64 addrspace(1)* %41
	br label %42

42:
	br label %43

43:
	%44 = phi i64 addrspace(1)* [ %u.ptr, %18 ], [ %1, %42 ]
	%45 = phi i64 [ %16, %18 ], [ 0, %42 ]
	%46 = getelementptr i64, i64 addrspace(1)* %44, i64 %45
	%47 = load i64, i64 addrspace(1)* %46
	%48 = icmp ult i64 %16, %f.len
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
	store i64 %16, i64 addrspace(1)* %66
	%67 = getelementptr i64, i64 addrspace(1)* %65, i64 5
	store i64 %f.len, i64 addrspace(1)* %67
	%68 = getelementptr i64, i64 addrspace(1)* %65, i64 6
	store i64 0, i64 addrspace(1)* %68
	br label %69

69:
	br label %70

70:
	%71 = phi float addrspace(1)* [ %f.ptr, %43 ], [ %3, %69 ]
	%72 = phi i64 [ %16, %43 ], [ 0, %69 ]
	%73 = getelementptr float, float addrspace(1)* %71, i64 %72
	%74 = load float, float addrspace(1)* %73
	%75 = icmp ult i64 %16, %d.len
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
	store i64 %16, i64 addrspace(1)* %93
	%94 = getelementptr i64, i64 addrspace(1)* %92, i64 5
	store i64 %d.len, i64 addrspace(1)* %94
	%95 = getelementptr i64, i64 addrspace(1)* %92, i64 6
	store i64 0, i64 addrspace(1)* %95
	br label %96

96:
	br label %97

97:
	%98 = phi double addrspace(1)* [ %d.ptr, %70 ], [ %5, %96 ]
	%99 = phi i64 [ %16, %70 ], [ 0, %96 ]
	%100 = getelementptr double, double addrspace(1)* %98, i64 %99
	%101 = load double, double addrspace(1)* %100
	br label %102

102:
	%103 = phi i8 [ 0, %7 ], [ %20, %97 ]
	%104 = phi i64 [ 0, %7 ], [ %47, %97 ]
	%105 = phi float [ 0.0, %7 ], [ %74, %97 ]
	%106 = phi double [ 0.0, %7 ], [ %101, %97 ]
	%107 = call i64 @ka.subgroup_local_id()
	%108 = call i64 @ka.subgroup_size()
	%109 = sub i64 %108, 1
	%110 = sub i64 %109, %107
	%111 = call i64 @ka.subgroup_size()
	%112 = call i64 @ka.subgroup_local_id()
	%113 = icmp ult i64 %110, %111
	%114 = select i1 %113, i64 %110, i64 %112
	%115 = trunc i64 %114 to i32
	%116 = zext i8 %103 to i32
	%117 = call i32 @ka.subgroup_shuffle(i32 %116, i32 %115)
	%118 = trunc i32 %117 to i8
	%119 = call i64 @ka.subgroup_size()
	%120 = call i64 @ka.subgroup_local_id()
	%121 = xor i64 %120, 2
	%122 = icmp ult i64 %121, %119
	%123 = select i1 %122, i64 %121, i64 %120
	%124 = trunc i64 %123 to i32
	%125 = trunc i64 %104 to i32
	%126 = call i32 @ka.subgroup_shuffle(i32 %125, i32 %124)
	%127 = lshr i64 %104, 32
	%128 = trunc i64 %127 to i32
	%129 = call i32 @ka.subgroup_shuffle(i32 %128, i32 %124)
	%130 = zext i32 %126 to i64
	%131 = zext i32 %129 to i64
	%132 = shl i64 %131, 32
	%133 = or i64 %130, %132
	%134 = call i64 @ka.subgroup_size()
	%135 = call i64 @ka.subgroup_local_id()
	br label %136

136:
	%137 = phi i64 [ 1, %102 ], [ %359, %348 ]
	%138 = phi float [ %105, %102 ], [ %364, %348 ]
	%139 = icmp ult i64 %137, %134
	br i1 %139, label %348, label %140

140:
	%141 = trunc i64 0 to i32
	%142 = bitcast float %138 to i32
	%143 = trunc i64 0 to i32
	%144 = call i32 @ka.subgroup_shuffle(i32 %142, i32 %143)
	%145 = bitcast i32 %144 to float
	%146 = call i64 @ka.subgroup_size()
	%147 = call i64 @ka.subgroup_local_id()
	%148 = xor i64 %147, 1
	%149 = icmp ult i64 %148, %146
	%150 = select i1 %149, i64 %148, i64 %147
	%151 = trunc i64 %150 to i32
	%152 = bitcast double %106 to i64
	%153 = trunc i64 %150 to i32
	%154 = trunc i64 %152 to i32
	%155 = call i32 @ka.subgroup_shuffle(i32 %154, i32 %153)
	%156 = lshr i64 %152, 32
	%157 = trunc i64 %156 to i32
	%158 = call i32 @ka.subgroup_shuffle(i32 %157, i32 %153)
	%159 = zext i32 %155 to i64
	%160 = zext i32 %158 to i64
	%161 = shl i64 %160, 32
	%162 = or i64 %159, %161
	%163 = bitcast i64 %162 to double
	%164 = call i64 @ka.subgroup_size()
	%165 = call i64 @ka.subgroup_local_id()
	br label %166

166:
	%167 = phi i64 [ 1, %140 ], [ %342, %323 ]
	%168 = phi double [ %163, %140 ], [ %347, %323 ]
	%169 = icmp ult i64 %167, %164
	br i1 %169, label %323, label %170

170:
	%171 = trunc i64 0 to i32
	%172 = bitcast double %168 to i64
	%173 = trunc i64 0 to i32
	%174 = trunc i64 %172 to i32
	%175 = call i32 @ka.subgroup_shuffle(i32 %174, i32 %173)
	%176 = lshr i64 %172, 32
	%177 = trunc i64 %176 to i32
	%178 = call i32 @ka.subgroup_shuffle(i32 %177, i32 %173)
	%179 = zext i32 %175 to i64
	%180 = zext i32 %178 to i64
	%181 = shl i64 %180, 32
	%182 = or i64 %179, %181
	%183 = bitcast i64 %182 to double
	%184 = sext i8 %118 to i32
	%185 = call i64 @ka.subgroup_size()
	%186 = call i64 @ka.subgroup_local_id()
	br label %187

187:
	%188 = phi i64 [ 1, %170 ], [ %317, %308 ]
	%189 = phi i32 [ %184, %170 ], [ %322, %308 ]
	%190 = icmp ult i64 %188, %185
	br i1 %190, label %308, label %191

191:
	%192 = trunc i64 0 to i32
	%193 = call i32 @ka.subgroup_shuffle(i32 %189, i32 %192)
	%194 = icmp sgt i8 %118, 0
	%195 = call i32 @ka.subgroup_ballot(i1 %194)
	%196 = icmp slt i64 %16, %b.len
	br i1 %196, label %197, label %307

197:
	%198 = getelementptr i8, i8 addrspace(1)* %b.ptr, i64 %16
	store i8 %118, i8 addrspace(1)* %198
	%199 = icmp ult i64 %16, %u.len
	br i1 %199, label %221, label %200

200:
	%201 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 0
	%202 = cmpxchg i32 addrspace(1)* %201, i32 0, i32 1 monotonic monotonic
	%203 = extractvalue { i32, i1 } %202, 1
	br i1 %203, label %204, label %220

204:
	%205 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 1
	store i32 %ka.launch, i32 addrspace(1)* %205
	%206 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 2
	store i32 3, i32 addrspace(1)* %206
	%207 = call i64 @ka.global_id(i32 0)
	%208 = trunc i64 %207 to i32
	%209 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 3
	store i32 %208, i32 addrspace(1)* %209
	%210 = call i64 @ka.global_id(i32 1)
	%211 = trunc i64 %210 to i32
	%212 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 4
	store i32 %211, i32 addrspace(1)* %212
	%213 = call i64 @ka.global_id(i32 2)
	%214 = trunc i64 %213 to i32
	%215 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 5
	store i32 %214, i32 addrspace(1)* %215
	%216 = bitcast i32 addrspace(1)* %ka.fault to i64 addrspace(1)*
	%217 = getelementptr i64, i64 addrspace(1)* %216, i64 4
	store i64 %16, i64 addrspace(1)* %217
	%218 = getelementptr i64, i64 addrspace(1)* %216, i64 5
	store i64 %u.len, i64 addrspace(1)* %218
	%219 = getelementptr i64, i64 addrspace(1)* %216, i64 6
	store i64 0, i64 addrspace(1)* %219
	br label %220

220:
	br label %221

221:
	%222 = phi i64 addrspace(1)* [ %u.ptr, %197 ], [ %1, %220 ]
	%223 = phi i64 [ %16, %197 ], [ 0, %220 ]
	%224 = getelementptr i64, i64 addrspace(1)* %222, i64 %223
	store i64 %133, i64 addrspace(1)* %224
	%225 = icmp ult i64 %16, %f.len
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
	store i64 %16, i64 addrspace(1)* %243
	%244 = getelementptr i64, i64 addrspace(1)* %242, i64 5
	store i64 %f.len, i64 addrspace(1)* %244
	%245 = getelementptr i64, i64 addrspace(1)* %242, i64 6
	store i64 0, i64 addrspace(1)* %245
	br label %246

246:
	br label %247

247:
	%248 = phi float addrspace(1)* [ %f.ptr, %221 ], [ %3, %246 ]
	%249 = phi i64 [ %16, %221 ], [ 0, %246 ]
	%250 = getelementptr float, float addrspace(1)* %248, i64 %249
	store float %145, float addrspace(1)* %250
	%251 = icmp ult i64 %16, %d.len
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
	store i64 %16, i64 addrspace(1)* %269
	%270 = getelementptr i64, i64 addrspace(1)* %268, i64 5
	store i64 %d.len, i64 addrspace(1)* %270
	%271 = getelementptr i64, i64 addrspace(1)* %268, i64 6
	store i64 0, i64 addrspace(1)* %271
	br label %272

272:
	br label %273

273:
	%274 = phi double addrspace(1)* [ %d.ptr, %247 ], [ %5, %272 ]
	%275 = phi i64 [ %16, %247 ], [ 0, %272 ]
	%276 = getelementptr double, double addrspace(1)* %274, i64 %275
	store double %183, double addrspace(1)* %276
	%277 = add i32 %195, %193
	%278 = call i64 @ka.subgroup_id()
	%279 = trunc i64 %278 to i32
	%280 = add i32 %277, %279
	%281 = icmp ult i64 %16, %m.len
	br i1 %281, label %303, label %282

282:
	%283 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 0
	%284 = cmpxchg i32 addrspace(1)* %283, i32 0, i32 1 monotonic monotonic
	%285 = extractvalue { i32, i1 } %284, 1
	br i1 %285, label %286, label %302

286:
	%287 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 1
	store i32 %ka.launch, i32 addrspace(1)* %287
	%288 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 2
	store i32 6, i32 addrspace(1)* %288
	%289 = call i64 @ka.global_id(i32 0)
	%290 = trunc i64 %289 to i32
	%291 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 3
	store i32 %290, i32 addrspace(1)* %291
	%292 = call i64 @ka.global_id(i32 1)
	%293 = trunc i64 %292 to i32
	%294 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 4
	store i32 %293, i32 addrspace(1)* %294
	%295 = call i64 @ka.global_id(i32 2)
	%296 = trunc i64 %295 to i32
	%297 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 5
	store i32 %296, i32 addrspace(1)* %297
	%298 = bitcast i32 addrspace(1)* %ka.fault to i64 addrspace(1)*
	%299 = getelementptr i64, i64 addrspace(1)* %298, i64 4
	store i64 %16, i64 addrspace(1)* %299
	%300 = getelementptr i64, i64 addrspace(1)* %298, i64 5
	store i64 %m.len, i64 addrspace(1)* %300
	%301 = getelementptr i64, i64 addrspace(1)* %298, i64 6
	store i64 0, i64 addrspace(1)* %301
	br label %302

302:
	br label %303

303:
	%304 = phi i32 addrspace(1)* [ %m.ptr, %273 ], [ %6, %302 ]
	%305 = phi i64 [ %16, %273 ], [ 0, %302 ]
	%306 = getelementptr i32, i32 addrspace(1)* %304, i64 %305
	store i32 %280, i32 addrspace(1)* %306
	br label %307

307:
	ret void

308:
	%309 = add i64 %186, %188
	%310 = icmp ult i64 %309, %185
	%311 = sub i64 %185, 1
	%312 = select i1 %310, i64 %309, i64 %311
	%313 = trunc i64 %312 to i32
	%314 = call i32 @ka.subgroup_shuffle(i32 %189, i32 %313)
	%315 = icmp slt i32 %189, %314
	%316 = select i1 %315, i32 %189, i32 %314
	%317 = shl i64 %188, 1
	%318 = sub i64 %317, 1
	%319 = and i64 %186, %318
	%320 = icmp eq i64 %319, 0
	%321 = and i1 %320, %310
	%322 = select i1 %321, i32 %316, i32 %189
	br label %187

323:
	%324 = add i64 %165, %167
	%325 = icmp ult i64 %324, %164
	%326 = sub i64 %164, 1
	%327 = select i1 %325, i64 %324, i64 %326
	%328 = trunc i64 %327 to i32
	%329 = bitcast double %168 to i64
	%330 = trunc i64 %327 to i32
	%331 = trunc i64 %329 to i32
	%332 = call i32 @ka.subgroup_shuffle(i32 %331, i32 %330)
	%333 = lshr i64 %329, 32
	%334 = trunc i64 %333 to i32
	%335 = call i32 @ka.subgroup_shuffle(i32 %334, i32 %330)
	%336 = zext i32 %332 to i64
	%337 = zext i32 %335 to i64
	%338 = shl i64 %337, 32
	%339 = or i64 %336, %338
	%340 = bitcast i64 %339 to double
	%341 = call double @llvm.maximum.f64(double %168, double %340)
	%342 = shl i64 %167, 1
	%343 = sub i64 %342, 1
	%344 = and i64 %165, %343
	%345 = icmp eq i64 %344, 0
	%346 = and i1 %345, %325
	%347 = select i1 %346, double %341, double %168
	br label %166

348:
	%349 = add i64 %135, %137
	%350 = icmp ult i64 %349, %134
	%351 = sub i64 %134, 1
	%352 = select i1 %350, i64 %349, i64 %351
	%353 = trunc i64 %352 to i32
	%354 = bitcast float %138 to i32
	%355 = trunc i64 %352 to i32
	%356 = call i32 @ka.subgroup_shuffle(i32 %354, i32 %355)
	%357 = bitcast i32 %356 to float
	%358 = fadd float %138, %357
	%359 = shl i64 %137, 1
	%360 = sub i64 %359, 1
	%361 = and i64 %135, %360
	%362 = icmp eq i64 %361, 0
	%363 = and i1 %362, %350
	%364 = select i1 %363, float %358, float %138
	br label %136
}

declare i64 @ka.global_id(i32 %0)

declare i64 @ka.global_size(i32 %0)

declare i64 @ka.subgroup_local_id()

declare i64 @ka.subgroup_size()

declare i32 @ka.subgroup_shuffle(i32 %0, i32 %1)

declare double @llvm.maximum.f64(double %0, double %1)

declare i32 @ka.subgroup_ballot(i1 %0)

declare i64 @ka.subgroup_id()
