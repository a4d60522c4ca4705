; FloatOps: float32 operations whose edge cases matter. Element i of a and b
; gives out[8*i+k] (as bits): k = 0 llvm.minimum, 1 llvm.maximum (Go's min
; and max: NaN wins, -0 < +0), 2 frem, 3 fneg a, 4 copysign, 5 round a
; (half away from zero), 6 the sixteen fcmp predicates oeq ogt oge olt ole
; one ord uno ueq ugt uge ult ule une true false as bits 0..15,
; 7 fdiv. Also a NaN and an infinity constant, printed exactly.
; (Written with a small script for the repetition, then checked by hand.)

define spir_kernel void @FloatOps(float addrspace(1)* %a.ptr, i64 %a.len, float addrspace(1)* %b.ptr, i64 %b.len, i32 addrspace(1)* %out.ptr, i64 %out.len, i64 %ka.gsize0, i64 %ka.gsize1, i64 %ka.gsize2) {
entry:
  %i = call i64 @ka.global_id(i32 0)
  %inr = icmp slt i64 %i, %a.len
  br i1 %inr, label %body, label %exit

body:
  %base = mul i64 %i, 8
  %pa = getelementptr float, float addrspace(1)* %a.ptr, i64 %i
  %a = load float, float addrspace(1)* %pa
  %pb = getelementptr float, float addrspace(1)* %b.ptr, i64 %i
  %b = load float, float addrspace(1)* %pb
  %min = call float @llvm.minimum.f32(float %a, float %b)
  %bits0 = bitcast float %min to i32
  %o0 = add i64 %base, 0
  %q0 = getelementptr i32, i32 addrspace(1)* %out.ptr, i64 %o0
  store i32 %bits0, i32 addrspace(1)* %q0
  %max = call float @llvm.maximum.f32(float %a, float %b)
  %bits1 = bitcast float %max to i32
  %o1 = add i64 %base, 1
  %q1 = getelementptr i32, i32 addrspace(1)* %out.ptr, i64 %o1
  store i32 %bits1, i32 addrspace(1)* %q1
  %rem = frem float %a, %b
  %bits2 = bitcast float %rem to i32
  %o2 = add i64 %base, 2
  %q2 = getelementptr i32, i32 addrspace(1)* %out.ptr, i64 %o2
  store i32 %bits2, i32 addrspace(1)* %q2
  %neg = fneg float %a
  %bits3 = bitcast float %neg to i32
  %o3 = add i64 %base, 3
  %q3 = getelementptr i32, i32 addrspace(1)* %out.ptr, i64 %o3
  store i32 %bits3, i32 addrspace(1)* %q3
  %cs = call float @llvm.copysign.f32(float %a, float %b)
  %bits4 = bitcast float %cs to i32
  %o4 = add i64 %base, 4
  %q4 = getelementptr i32, i32 addrspace(1)* %out.ptr, i64 %o4
  store i32 %bits4, i32 addrspace(1)* %q4
  %rnd = call float @llvm.round.f32(float %a)
  %bits5 = bitcast float %rnd to i32
  %o5 = add i64 %base, 5
  %q5 = getelementptr i32, i32 addrspace(1)* %out.ptr, i64 %o5
  store i32 %bits5, i32 addrspace(1)* %q5
  %c.oeq = fcmp oeq float %a, %b
  %z.oeq = zext i1 %c.oeq to i32
  %s.oeq = shl i32 %z.oeq, 0
  %m.oeq = or i32 0, %s.oeq
  %c.ogt = fcmp ogt float %a, %b
  %z.ogt = zext i1 %c.ogt to i32
  %s.ogt = shl i32 %z.ogt, 1
  %m.ogt = or i32 %m.oeq, %s.ogt
  %c.oge = fcmp oge float %a, %b
  %z.oge = zext i1 %c.oge to i32
  %s.oge = shl i32 %z.oge, 2
  %m.oge = or i32 %m.ogt, %s.oge
  %c.olt = fcmp olt float %a, %b
  %z.olt = zext i1 %c.olt to i32
  %s.olt = shl i32 %z.olt, 3
  %m.olt = or i32 %m.oge, %s.olt
  %c.ole = fcmp ole float %a, %b
  %z.ole = zext i1 %c.ole to i32
  %s.ole = shl i32 %z.ole, 4
  %m.ole = or i32 %m.olt, %s.ole
  %c.one = fcmp one float %a, %b
  %z.one = zext i1 %c.one to i32
  %s.one = shl i32 %z.one, 5
  %m.one = or i32 %m.ole, %s.one
  %c.ord = fcmp ord float %a, %b
  %z.ord = zext i1 %c.ord to i32
  %s.ord = shl i32 %z.ord, 6
  %m.ord = or i32 %m.one, %s.ord
  %c.uno = fcmp uno float %a, %b
  %z.uno = zext i1 %c.uno to i32
  %s.uno = shl i32 %z.uno, 7
  %m.uno = or i32 %m.ord, %s.uno
  %c.ueq = fcmp ueq float %a, %b
  %z.ueq = zext i1 %c.ueq to i32
  %s.ueq = shl i32 %z.ueq, 8
  %m.ueq = or i32 %m.uno, %s.ueq
  %c.ugt = fcmp ugt float %a, %b
  %z.ugt = zext i1 %c.ugt to i32
  %s.ugt = shl i32 %z.ugt, 9
  %m.ugt = or i32 %m.ueq, %s.ugt
  %c.uge = fcmp uge float %a, %b
  %z.uge = zext i1 %c.uge to i32
  %s.uge = shl i32 %z.uge, 10
  %m.uge = or i32 %m.ugt, %s.uge
  %c.ult = fcmp ult float %a, %b
  %z.ult = zext i1 %c.ult to i32
  %s.ult = shl i32 %z.ult, 11
  %m.ult = or i32 %m.uge, %s.ult
  %c.ule = fcmp ule float %a, %b
  %z.ule = zext i1 %c.ule to i32
  %s.ule = shl i32 %z.ule, 12
  %m.ule = or i32 %m.ult, %s.ule
  %c.une = fcmp une float %a, %b
  %z.une = zext i1 %c.une to i32
  %s.une = shl i32 %z.une, 13
  %m.une = or i32 %m.ule, %s.une
  %c.true = fcmp true float %a, %b
  %z.true = zext i1 %c.true to i32
  %s.true = shl i32 %z.true, 14
  %m.true = or i32 %m.une, %s.true
  %c.false = fcmp false float %a, %b
  %z.false = zext i1 %c.false to i32
  %s.false = shl i32 %z.false, 15
  %m.false = or i32 %m.true, %s.false
  %o6 = add i64 %base, 6
  %q6 = getelementptr i32, i32 addrspace(1)* %out.ptr, i64 %o6
  store i32 %m.false, i32 addrspace(1)* %q6
  %isnan = fcmp uno float %a, %a
  %q = fdiv float %a, %b
  %inf = select i1 %isnan, float 0x7FF0000000000000, float %q
  %nan = select i1 %isnan, float 0x7FF8000000000000, float %inf
  %bits7 = bitcast float %nan to i32
  %o7 = add i64 %base, 7
  %q7 = getelementptr i32, i32 addrspace(1)* %out.ptr, i64 %o7
  store i32 %bits7, i32 addrspace(1)* %q7
  br label %exit

exit:
  ret void
}

declare i64 @ka.global_id(i32)
declare float @llvm.minimum.f32(float, float)
declare float @llvm.maximum.f32(float, float)
declare float @llvm.copysign.f32(float, float)
declare float @llvm.round.f32(float)
