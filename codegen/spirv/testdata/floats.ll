; float64 and float32 math: every intrinsic of docs/ir.md, conversions,
; comparisons and bitcasts.
define spir_kernel void @Floats(double addrspace(1)* %x.ptr, i64 %x.len, float addrspace(1)* %y.ptr, i64 %y.len, i64 %ka.gsize0, i64 %ka.gsize1, i64 %ka.gsize2) {
entry:
  %i = call i64 @ka.global_id(i32 0)
  %xp = getelementptr double, double addrspace(1)* %x.ptr, i64 %i
  %x = load double, double addrspace(1)* %xp, align 8
  %a1 = call double @llvm.sqrt.f64(double %x)
  %a2 = call double @llvm.exp.f64(double %a1)
  %a3 = call double @llvm.exp2.f64(double %a2)
  %a4 = call double @llvm.log.f64(double %a3)
  %a5 = call double @llvm.log2.f64(double %a4)
  %a6 = call double @llvm.log10.f64(double %a5)
  %a7 = call double @llvm.sin.f64(double %a6)
  %a8 = call double @llvm.cos.f64(double %a7)
  %a9 = call double @llvm.pow.f64(double %a8, double 2.500000e+00)
  %a10 = call double @llvm.fabs.f64(double %a9)
  %a11 = call double @llvm.fma.f64(double %a10, double %x, double 1.000000e+00)
  %a12 = call double @llvm.floor.f64(double %a11)
  %a13 = call double @llvm.ceil.f64(double %a12)
  %a14 = call double @llvm.trunc.f64(double %a13)
  %a15 = call double @llvm.round.f64(double %a14)
  %a16 = call double @llvm.copysign.f64(double %a15, double -0.000000e+00)
  %a17 = call double @llvm.minimum.f64(double %a16, double %x)
  %a18 = call double @llvm.maximum.f64(double %a17, double 0x7FF0000000000000)
  %a19 = call double @ka.math.tan.f64(double %a18)
  %a20 = call double @ka.math.asin.f64(double %a19)
  %a21 = call double @ka.math.acos.f64(double %a20)
  %a22 = call double @ka.math.atan.f64(double %a21)
  %a23 = call double @ka.math.atan2.f64(double %a22, double %x)
  %a24 = call double @ka.math.sinh.f64(double %a23)
  %a25 = call double @ka.math.cosh.f64(double %a24)
  %a26 = call double @ka.math.tanh.f64(double %a25)
  %a27 = call double @ka.math.asinh.f64(double %a26)
  %a28 = call double @ka.math.acosh.f64(double %a27)
  %a29 = call double @ka.math.atanh.f64(double %a28)
  %a30 = call double @ka.math.cbrt.f64(double %a29)
  %a31 = call double @ka.math.hypot.f64(double %a30, double %x)
  %a32 = call double @ka.math.expm1.f64(double %a31)
  %a33 = call double @ka.math.log1p.f64(double %a32)
  %b1 = fadd double %a33, %x
  %b2 = fsub double %b1, 0x7FF8000000000000
  %b3 = fmul double %b2, %b1
  %b4 = fdiv double %b3, %x
  %b5 = frem double %b4, 3.000000e+00
  %b6 = fneg double %b5
  store double %b6, double addrspace(1)* %xp, align 8
  ; comparisons
  %c1 = fcmp olt double %b6, %x
  %c2 = fcmp uge double %b6, %x
  %c3 = fcmp uno double %b6, %x
  %c4 = fcmp ord double %b6, %x
  %c5 = fcmp one double %b6, %x
  %c6 = fcmp ueq double %b6, %x
  %c7 = fcmp true double %b6, %x
  %d1 = and i1 %c1, %c2
  %d2 = or i1 %c3, %c4
  %d3 = xor i1 %c5, %c6
  %d4 = and i1 %d1, %d2
  %d5 = or i1 %d3, %d4
  %d6 = and i1 %d5, %c7
  ; conversions
  %f = fptrunc double %b6 to float
  %g = fpext float %f to double
  %s = fptosi double %g to i64
  %u = fptoui float %f to i32
  %fs = sitofp i64 %s to float
  %fu = uitofp i32 %u to float
  %fb = uitofp i1 %d6 to float
  %fsb = sitofp i1 %d6 to double
  %bits = bitcast float %fs to i32
  %back = bitcast i32 %bits to float
  %dbits = bitcast double %fsb to i64
  %h = fadd float %back, %fu
  %h2 = fadd float %h, %fb
  %m = call float @llvm.minimum.f32(float %h2, float -0.000000e+00)
  %n = call float @ka.math.atan2.f32(float %m, float 1.000000e+00)
  %sq = call float @llvm.sqrt.f32(float %n)
  %fc = fcmp ogt float %sq, 0x3FF0000000000000
  %r = select i1 %fc, float %sq, float 0x7FF0000000000000
  %yp = getelementptr float, float addrspace(1)* %y.ptr, i64 %dbits
  store float %r, float addrspace(1)* %yp, align 4
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
declare double @llvm.pow.f64(double, double)
declare double @llvm.fabs.f64(double)
declare double @llvm.fma.f64(double, double, double)
declare double @llvm.floor.f64(double)
declare double @llvm.ceil.f64(double)
declare double @llvm.trunc.f64(double)
declare double @llvm.round.f64(double)
declare double @llvm.copysign.f64(double, double)
declare double @llvm.minimum.f64(double, double)
declare double @llvm.maximum.f64(double, double)
declare double @ka.math.tan.f64(double)
declare double @ka.math.asin.f64(double)
declare double @ka.math.acos.f64(double)
declare double @ka.math.atan.f64(double)
declare double @ka.math.atan2.f64(double, double)
declare double @ka.math.sinh.f64(double)
declare double @ka.math.cosh.f64(double)
declare double @ka.math.tanh.f64(double)
declare double @ka.math.asinh.f64(double)
declare double @ka.math.acosh.f64(double)
declare double @ka.math.atanh.f64(double)
declare double @ka.math.cbrt.f64(double)
declare double @ka.math.hypot.f64(double, double)
declare double @ka.math.expm1.f64(double)
declare double @ka.math.log1p.f64(double)
declare float @llvm.minimum.f32(float, float)
declare float @ka.math.atan2.f32(float, float)
declare float @llvm.sqrt.f32(float)
