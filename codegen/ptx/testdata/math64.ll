; float64 math intrinsics: the exact ones (sqrt fabs fma floor ceil trunc
; round copysign minimum maximum) and the routines (exp log sin ...).

define spir_kernel void @Math64(double addrspace(1)* %x.ptr, i64 %x.len, double addrspace(1)* %y.ptr, i64 %y.len, i64 %ka.gsize0, i64 %ka.gsize1, i64 %ka.gsize2) {
entry:
  %i = call i64 @ka.global_id(i32 0)
  %xp = getelementptr double, double addrspace(1)* %x.ptr, i64 %i
  %yp = getelementptr double, double addrspace(1)* %y.ptr, i64 %i
  %x = load double, double addrspace(1)* %xp
  %y = load double, double addrspace(1)* %yp
  %a1 = call double @llvm.sqrt.f64(double %x)
  %a2 = call double @llvm.fabs.f64(double %a1)
  %a3 = call double @llvm.fma.f64(double %a2, double %y, double 1.0)
  %a4 = call double @llvm.floor.f64(double %a3)
  %a5 = call double @llvm.ceil.f64(double %a4)
  %a6 = call double @llvm.trunc.f64(double %a5)
  %a7 = call double @llvm.round.f64(double %a6)
  %a8 = call double @llvm.copysign.f64(double %a7, double %y)
  %a9 = call double @llvm.minimum.f64(double %a8, double %x)
  %a10 = call double @llvm.maximum.f64(double %a9, double %y)
  %b1 = call double @llvm.exp.f64(double %a10)
  %b2 = call double @llvm.log.f64(double %b1)
  %b3 = call double @llvm.sin.f64(double %b2)
  %b4 = call double @llvm.pow.f64(double %b3, double %y)
  %b5 = call double @ka.math.atan2.f64(double %b4, double %x)
  %r = frem double %b5, %y
  store double %r, double addrspace(1)* %xp
  ret void
}

declare i64 @ka.global_id(i32)
declare double @llvm.sqrt.f64(double)
declare double @llvm.fabs.f64(double)
declare double @llvm.fma.f64(double, double, double)
declare double @llvm.floor.f64(double)
declare double @llvm.ceil.f64(double)
declare double @llvm.trunc.f64(double)
declare double @llvm.round.f64(double)
declare double @llvm.copysign.f64(double, double)
declare double @llvm.minimum.f64(double, double)
declare double @llvm.maximum.f64(double, double)
declare double @llvm.exp.f64(double)
declare double @llvm.log.f64(double)
declare double @llvm.sin.f64(double)
declare double @llvm.pow.f64(double, double)
declare double @ka.math.atan2.f64(double, double)
