; Convert: every conversion, signed and unsigned. Element i of a (int32),
; f (float32) and d (float64) gives out[24*i+k] (int64):
;   0 sext i8   1 zext i8   2 sext i16   3 zext i16   4 sext i32   5 zext i32
;   6 sext i1 (a&1)   7 zext i1 (a&1)   8 fptosi f->i32   9 fptoui |f|->i32
;   10 fptosi d->i64   11 fptoui |d|->i64   12 fptosi f->i8
;   13 bits of sitofp a->float   14 bits of uitofp a->float
;   15 bits of sitofp a->double  16 bits of uitofp a->double
;   17 bits of fpext f   18 bits of fptrunc d   19 bits of f
;   20 trunc (sext a) to i16, sext back   21 fptoui f->i16 of |f| (zext)
;   22 bits of sitofp i8 (trunc a)   23 bits of uitofp i16 (trunc a)

define spir_kernel void @Convert(i32 addrspace(1)* %a.ptr, i64 %a.len, float addrspace(1)* %f.ptr, i64 %f.len, double addrspace(1)* %d.ptr, i64 %d.len, i64 addrspace(1)* %out.ptr, i64 %out.len, i64 %ka.gsize0, i64 %ka.gsize1, i64 %ka.gsize2) {
entry:
  %i = call i64 @ka.global_id(i32 0)
  %inr = icmp slt i64 %i, %a.len
  br i1 %inr, label %body, label %exit

body:
  %pa = getelementptr i32, i32 addrspace(1)* %a.ptr, i64 %i
  %a = load i32, i32 addrspace(1)* %pa
  %pf = getelementptr float, float addrspace(1)* %f.ptr, i64 %i
  %f = load float, float addrspace(1)* %pf
  %pd = getelementptr double, double addrspace(1)* %d.ptr, i64 %i
  %d = load double, double addrspace(1)* %pd
  %base = mul i64 %i, 24
  %p0 = getelementptr i64, i64 addrspace(1)* %out.ptr, i64 %base
  %a8 = trunc i32 %a to i8
  %v0 = sext i8 %a8 to i64
  store i64 %v0, i64 addrspace(1)* %p0
  %p1 = getelementptr i64, i64 addrspace(1)* %p0, i64 1
  %v1 = zext i8 %a8 to i64
  store i64 %v1, i64 addrspace(1)* %p1
  %a16 = trunc i32 %a to i16
  %p2 = getelementptr i64, i64 addrspace(1)* %p0, i64 2
  %v2 = sext i16 %a16 to i64
  store i64 %v2, i64 addrspace(1)* %p2
  %p3 = getelementptr i64, i64 addrspace(1)* %p0, i64 3
  %v3 = zext i16 %a16 to i64
  store i64 %v3, i64 addrspace(1)* %p3
  %p4 = getelementptr i64, i64 addrspace(1)* %p0, i64 4
  %v4 = sext i32 %a to i64
  store i64 %v4, i64 addrspace(1)* %p4
  %p5 = getelementptr i64, i64 addrspace(1)* %p0, i64 5
  %v5 = zext i32 %a to i64
  store i64 %v5, i64 addrspace(1)* %p5
  %a1 = trunc i32 %a to i1
  %p6 = getelementptr i64, i64 addrspace(1)* %p0, i64 6
  %v6 = sext i1 %a1 to i64
  store i64 %v6, i64 addrspace(1)* %p6
  %p7 = getelementptr i64, i64 addrspace(1)* %p0, i64 7
  %v7 = zext i1 %a1 to i64
  store i64 %v7, i64 addrspace(1)* %p7
  %fi = fptosi float %f to i32
  %p8 = getelementptr i64, i64 addrspace(1)* %p0, i64 8
  %v8 = sext i32 %fi to i64
  store i64 %v8, i64 addrspace(1)* %p8
  %fabs = call float @llvm.fabs.f32(float %f)
  %fu = fptoui float %fabs to i32
  %p9 = getelementptr i64, i64 addrspace(1)* %p0, i64 9
  %v9 = zext i32 %fu to i64
  store i64 %v9, i64 addrspace(1)* %p9
  %p10 = getelementptr i64, i64 addrspace(1)* %p0, i64 10
  %v10 = fptosi double %d to i64
  store i64 %v10, i64 addrspace(1)* %p10
  %dabs = call double @llvm.fabs.f64(double %d)
  %p11 = getelementptr i64, i64 addrspace(1)* %p0, i64 11
  %v11 = fptoui double %dabs to i64
  store i64 %v11, i64 addrspace(1)* %p11
  %f8 = fptosi float %f to i8
  %p12 = getelementptr i64, i64 addrspace(1)* %p0, i64 12
  %v12 = sext i8 %f8 to i64
  store i64 %v12, i64 addrspace(1)* %p12
  %sf = sitofp i32 %a to float
  %sfb = bitcast float %sf to i32
  %p13 = getelementptr i64, i64 addrspace(1)* %p0, i64 13
  %v13 = zext i32 %sfb to i64
  store i64 %v13, i64 addrspace(1)* %p13
  %uf = uitofp i32 %a to float
  %ufb = bitcast float %uf to i32
  %p14 = getelementptr i64, i64 addrspace(1)* %p0, i64 14
  %v14 = zext i32 %ufb to i64
  store i64 %v14, i64 addrspace(1)* %p14
  %sd = sitofp i32 %a to double
  %p15 = getelementptr i64, i64 addrspace(1)* %p0, i64 15
  %v15 = bitcast double %sd to i64
  store i64 %v15, i64 addrspace(1)* %p15
  %ud = uitofp i32 %a to double
  %p16 = getelementptr i64, i64 addrspace(1)* %p0, i64 16
  %v16 = bitcast double %ud to i64
  store i64 %v16, i64 addrspace(1)* %p16
  %fe = fpext float %f to double
  %p17 = getelementptr i64, i64 addrspace(1)* %p0, i64 17
  %v17 = bitcast double %fe to i64
  store i64 %v17, i64 addrspace(1)* %p17
  %dt = fptrunc double %d to float
  %dtb = bitcast float %dt to i32
  %p18 = getelementptr i64, i64 addrspace(1)* %p0, i64 18
  %v18 = zext i32 %dtb to i64
  store i64 %v18, i64 addrspace(1)* %p18
  %fb = bitcast float %f to i32
  %p19 = getelementptr i64, i64 addrspace(1)* %p0, i64 19
  %v19 = zext i32 %fb to i64
  store i64 %v19, i64 addrspace(1)* %p19
  %a64 = sext i32 %a to i64
  %t16 = trunc i64 %a64 to i16
  %p20 = getelementptr i64, i64 addrspace(1)* %p0, i64 20
  %v20 = sext i16 %t16 to i64
  store i64 %v20, i64 addrspace(1)* %p20
  %fu16 = fptoui float %fabs to i16
  %p21 = getelementptr i64, i64 addrspace(1)* %p0, i64 21
  %v21 = zext i16 %fu16 to i64
  store i64 %v21, i64 addrspace(1)* %p21
  %s8f = sitofp i8 %a8 to float
  %s8b = bitcast float %s8f to i32
  %p22 = getelementptr i64, i64 addrspace(1)* %p0, i64 22
  %v22 = zext i32 %s8b to i64
  store i64 %v22, i64 addrspace(1)* %p22
  %u16f = uitofp i16 %a16 to float
  %u16b = bitcast float %u16f to i32
  %p23 = getelementptr i64, i64 addrspace(1)* %p0, i64 23
  %v23 = zext i32 %u16b to i64
  store i64 %v23, i64 addrspace(1)* %p23
  br label %exit

exit:
  ret void
}

declare i64 @ka.global_id(i32)
declare float @llvm.fabs.f32(float)
declare double @llvm.fabs.f64(double)
