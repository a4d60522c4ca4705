; Math64: every math intrinsic on float64. Element i of x (in (-1, 1)), y
; (>= 1) and z gives 33 results in out[33*i+k], in this order:
;   sqrt exp exp2 log log2 log10 sin cos fabs floor ceil trunc round tan asin acos atan sinh cosh tanh asinh atanh cbrt expm1 log1p (of x),
;   pow copysign minimum maximum atan2 hypot (of x, y), acosh(y), fma(x, y, z).
; (Written with a small script for the repetition, then checked by hand.)

define spir_kernel void @Math64(double addrspace(1)* %x.ptr, i64 %x.len, double addrspace(1)* %y.ptr, i64 %y.len, double addrspace(1)* %z.ptr, i64 %z.len, double addrspace(1)* %out.ptr, i64 %out.len, i64 %ka.gsize0, i64 %ka.gsize1, i64 %ka.gsize2) {
entry:
  %i = call i64 @ka.global_id(i32 0)
  %inr = icmp slt i64 %i, %x.len
  br i1 %inr, label %body, label %exit

body:
  %base = mul i64 %i, 33
  %px = getelementptr double, double addrspace(1)* %x.ptr, i64 %i
  %x = load double, double addrspace(1)* %px
  %py = getelementptr double, double addrspace(1)* %y.ptr, i64 %i
  %y = load double, double addrspace(1)* %py
  %pz = getelementptr double, double addrspace(1)* %z.ptr, i64 %i
  %z = load double, double addrspace(1)* %pz
  %r.sqrt = call double @llvm.sqrt.f64(double %x)
  %o0 = add i64 %base, 0
  %q0 = getelementptr double, double addrspace(1)* %out.ptr, i64 %o0
  store double %r.sqrt, double addrspace(1)* %q0
  %r.exp = call double @llvm.exp.f64(double %x)
  %o1 = add i64 %base, 1
  %q1 = getelementptr double, double addrspace(1)* %out.ptr, i64 %o1
  store double %r.exp, double addrspace(1)* %q1
  %r.exp2 = call double @llvm.exp2.f64(double %x)
  %o2 = add i64 %base, 2
  %q2 = getelementptr double, double addrspace(1)* %out.ptr, i64 %o2
  store double %r.exp2, double addrspace(1)* %q2
  %r.log = call double @llvm.log.f64(double %x)
  %o3 = add i64 %base, 3
  %q3 = getelementptr double, double addrspace(1)* %out.ptr, i64 %o3
  store double %r.log, double addrspace(1)* %q3
  %r.log2 = call double @llvm.log2.f64(double %x)
  %o4 = add i64 %base, 4
  %q4 = getelementptr double, double addrspace(1)* %out.ptr, i64 %o4
  store double %r.log2, double addrspace(1)* %q4
  %r.log10 = call double @llvm.log10.f64(double %x)
  %o5 = add i64 %base, 5
  %q5 = getelementptr double, double addrspace(1)* %out.ptr, i64 %o5
  store double %r.log10, double addrspace(1)* %q5
  %r.sin = call double @llvm.sin.f64(double %x)
  %o6 = add i64 %base, 6
  %q6 = getelementptr double, double addrspace(1)* %out.ptr, i64 %o6
  store double %r.sin, double addrspace(1)* %q6
  %r.cos = call double @llvm.cos.f64(double %x)
  %o7 = add i64 %base, 7
  %q7 = getelementptr double, double addrspace(1)* %out.ptr, i64 %o7
  store double %r.cos, double addrspace(1)* %q7
  %r.fabs = call double @llvm.fabs.f64(double %x)
  %o8 = add i64 %base, 8
  %q8 = getelementptr double, double addrspace(1)* %out.ptr, i64 %o8
  store double %r.fabs, double addrspace(1)* %q8
  %r.floor = call double @llvm.floor.f64(double %x)
  %o9 = add i64 %base, 9
  %q9 = getelementptr double, double addrspace(1)* %out.ptr, i64 %o9
  store double %r.floor, double addrspace(1)* %q9
  %r.ceil = call double @llvm.ceil.f64(double %x)
  %o10 = add i64 %base, 10
  %q10 = getelementptr double, double addrspace(1)* %out.ptr, i64 %o10
  store double %r.ceil, double addrspace(1)* %q10
  %r.trunc = call double @llvm.trunc.f64(double %x)
  %o11 = add i64 %base, 11
  %q11 = getelementptr double, double addrspace(1)* %out.ptr, i64 %o11
  store double %r.trunc, double addrspace(1)* %q11
  %r.round = call double @llvm.round.f64(double %x)
  %o12 = add i64 %base, 12
  %q12 = getelementptr double, double addrspace(1)* %out.ptr, i64 %o12
  store double %r.round, double addrspace(1)* %q12
  %r.tan = call double @ka.math.tan.f64(double %x)
  %o13 = add i64 %base, 13
  %q13 = getelementptr double, double addrspace(1)* %out.ptr, i64 %o13
  store double %r.tan, double addrspace(1)* %q13
  %r.asin = call double @ka.math.asin.f64(double %x)
  %o14 = add i64 %base, 14
  %q14 = getelementptr double, double addrspace(1)* %out.ptr, i64 %o14
  store double %r.asin, double addrspace(1)* %q14
  %r.acos = call double @ka.math.acos.f64(double %x)
  %o15 = add i64 %base, 15
  %q15 = getelementptr double, double addrspace(1)* %out.ptr, i64 %o15
  store double %r.acos, double addrspace(1)* %q15
  %r.atan = call double @ka.math.atan.f64(double %x)
  %o16 = add i64 %base, 16
  %q16 = getelementptr double, double addrspace(1)* %out.ptr, i64 %o16
  store double %r.atan, double addrspace(1)* %q16
  %r.sinh = call double @ka.math.sinh.f64(double %x)
  %o17 = add i64 %base, 17
  %q17 = getelementptr double, double addrspace(1)* %out.ptr, i64 %o17
  store double %r.sinh, double addrspace(1)* %q17
  %r.cosh = call double @ka.math.cosh.f64(double %x)
  %o18 = add i64 %base, 18
  %q18 = getelementptr double, double addrspace(1)* %out.ptr, i64 %o18
  store double %r.cosh, double addrspace(1)* %q18
  %r.tanh = call double @ka.math.tanh.f64(double %x)
  %o19 = add i64 %base, 19
  %q19 = getelementptr double, double addrspace(1)* %out.ptr, i64 %o19
  store double %r.tanh, double addrspace(1)* %q19
  %r.asinh = call double @ka.math.asinh.f64(double %x)
  %o20 = add i64 %base, 20
  %q20 = getelementptr double, double addrspace(1)* %out.ptr, i64 %o20
  store double %r.asinh, double addrspace(1)* %q20
  %r.atanh = call double @ka.math.atanh.f64(double %x)
  %o21 = add i64 %base, 21
  %q21 = getelementptr double, double addrspace(1)* %out.ptr, i64 %o21
  store double %r.atanh, double addrspace(1)* %q21
  %r.cbrt = call double @ka.math.cbrt.f64(double %x)
  %o22 = add i64 %base, 22
  %q22 = getelementptr double, double addrspace(1)* %out.ptr, i64 %o22
  store double %r.cbrt, double addrspace(1)* %q22
  %r.expm1 = call double @ka.math.expm1.f64(double %x)
  %o23 = add i64 %base, 23
  %q23 = getelementptr double, double addrspace(1)* %out.ptr, i64 %o23
  store double %r.expm1, double addrspace(1)* %q23
  %r.log1p = call double @ka.math.log1p.f64(double %x)
  %o24 = add i64 %base, 24
  %q24 = getelementptr double, double addrspace(1)* %out.ptr, i64 %o24
  store double %r.log1p, double addrspace(1)* %q24
  %r.pow = call double @llvm.pow.f64(double %x, double %y)
  %o25 = add i64 %base, 25
  %q25 = getelementptr double, double addrspace(1)* %out.ptr, i64 %o25
  store double %r.pow, double addrspace(1)* %q25
  %r.copysign = call double @llvm.copysign.f64(double %x, double %y)
  %o26 = add i64 %base, 26
  %q26 = getelementptr double, double addrspace(1)* %out.ptr, i64 %o26
  store double %r.copysign, double addrspace(1)* %q26
  %r.minimum = call double @llvm.minimum.f64(double %x, double %y)
  %o27 = add i64 %base, 27
  %q27 = getelementptr double, double addrspace(1)* %out.ptr, i64 %o27
  store double %r.minimum, double addrspace(1)* %q27
  %r.maximum = call double @llvm.maximum.f64(double %x, double %y)
  %o28 = add i64 %base, 28
  %q28 = getelementptr double, double addrspace(1)* %out.ptr, i64 %o28
  store double %r.maximum, double addrspace(1)* %q28
  %r.atan2 = call double @ka.math.atan2.f64(double %x, double %y)
  %o29 = add i64 %base, 29
  %q29 = getelementptr double, double addrspace(1)* %out.ptr, i64 %o29
  store double %r.atan2, double addrspace(1)* %q29
  %r.hypot = call double @ka.math.hypot.f64(double %x, double %y)
  %o30 = add i64 %base, 30
  %q30 = getelementptr double, double addrspace(1)* %out.ptr, i64 %o30
  store double %r.hypot, double addrspace(1)* %q30
  %r.acosh = call double @ka.math.acosh.f64(double %y)
  %o31 = add i64 %base, 31
  %q31 = getelementptr double, double addrspace(1)* %out.ptr, i64 %o31
  store double %r.acosh, double addrspace(1)* %q31
  %r.fma = call double @llvm.fma.f64(double %x, double %y, double %z)
  %o32 = add i64 %base, 32
  %q32 = getelementptr double, double addrspace(1)* %out.ptr, i64 %o32
  store double %r.fma, double addrspace(1)* %q32
  br label %exit

exit:
  ret void
}

declare i64 @ka.global_id(i32)
declare double @llvm.sqrt.f64(double)
declare double @llvm.exp.f64(double)
declare double @llvm.exp2.f64(double)
declare double @llvm.log.f64(double)
declare double @llvm.log2.f64(double)
declare double @llvm.log10.f64(double)
declare double @llvm.sin.f64(double)
declare double @llvm.cos.f64(double)
declare double @llvm.fabs.f64(double)
declare double @llvm.floor.f64(double)
declare double @llvm.ceil.f64(double)
declare double @llvm.trunc.f64(double)
declare double @llvm.round.f64(double)
declare double @ka.math.tan.f64(double)
declare double @ka.math.asin.f64(double)
declare double @ka.math.acos.f64(double)
declare double @ka.math.atan.f64(double)
declare double @ka.math.sinh.f64(double)
declare double @ka.math.cosh.f64(double)
declare double @ka.math.tanh.f64(double)
declare double @ka.math.asinh.f64(double)
declare double @ka.math.atanh.f64(double)
declare double @ka.math.cbrt.f64(double)
declare double @ka.math.expm1.f64(double)
declare double @ka.math.log1p.f64(double)
declare double @llvm.pow.f64(double, double)
declare double @llvm.copysign.f64(double, double)
declare double @llvm.minimum.f64(double, double)
declare double @llvm.maximum.f64(double, double)
declare double @ka.math.atan2.f64(double, double)
declare double @ka.math.hypot.f64(double, double)
declare double @ka.math.acosh.f64(double)
declare double @llvm.fma.f64(double, double, double)
