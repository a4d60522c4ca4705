; Integer ops of every width: arithmetic, shifts (with Go's select for
; counts >= width), signed and unsigned division and remainder, comparisons,
; and conversions between widths and to and from float.

define spir_kernel void @IntOps(i8 addrspace(1)* %b.ptr, i64 %b.len, i16 addrspace(1)* %h.ptr, i64 %h.len, i32 addrspace(1)* %w.ptr, i64 %w.len, i64 addrspace(1)* %d.ptr, i64 %d.len, double addrspace(1)* %f.ptr, i64 %f.len, i64 %ka.gsize0, i64 %ka.gsize1, i64 %ka.gsize2) {
entry:
  %i = call i64 @ka.global_id(i32 0)
  %bp = getelementptr i8, i8 addrspace(1)* %b.ptr, i64 %i
  %hp = getelementptr i16, i16 addrspace(1)* %h.ptr, i64 %i
  %wp = getelementptr i32, i32 addrspace(1)* %w.ptr, i64 %i
  %dp = getelementptr i64, i64 addrspace(1)* %d.ptr, i64 %i
  %fp = getelementptr double, double addrspace(1)* %f.ptr, i64 %i
  %b = load i8, i8 addrspace(1)* %bp
  %h = load i16, i16 addrspace(1)* %hp
  %w = load i32, i32 addrspace(1)* %wp
  %d = load i64, i64 addrspace(1)* %dp
  ; i8
  %b1 = add i8 %b, 7
  %b2 = mul i8 %b1, %b
  %b3 = sdiv i8 %b2, -3
  %b4 = udiv i8 %b2, %b1
  %b5 = srem i8 %b3, %b
  %b6 = urem i8 %b4, 10
  %b7 = ashr i8 %b5, 2
  %b8 = lshr i8 %b6, %b
  %big = icmp uge i8 %b, 8
  %b9 = select i1 %big, i8 0, i8 %b8
  %b10 = xor i8 %b9, %b7
  %bs = icmp slt i8 %b10, %b
  ; i16
  %h1 = sub i16 %h, 300
  %h2 = shl i16 %h1, 3
  %h3 = sdiv i16 %h2, %h
  %h4 = urem i16 %h3, %h1
  %h5 = and i16 %h4, -256
  %h6 = or i16 %h5, %h
  %hu = icmp ugt i16 %h6, 40000
  ; i32
  %w1 = mul i32 %w, -7
  %w2 = udiv i32 %w1, %w
  %w3 = srem i32 %w2, 13
  %w4 = ashr i32 %w3, %w
  %w5 = lshr i32 %w1, 28
  %w6 = shl i32 %w5, %w4
  %w7 = add i32 %w6, %w3
  %ws = icmp sle i32 %w7, -1
  ; i64
  %d1 = mul i64 %d, %d
  %d2 = sdiv i64 %d1, -5
  %d3 = urem i64 %d1, %d
  %d4 = shl i64 %d2, %d
  %d5 = lshr i64 %d3, 3
  %d6 = ashr i64 %d4, %d5
  %d7 = xor i64 %d6, %d
  %dz = icmp ne i64 %d7, 0
  ; conversions
  %bz = zext i8 %b10 to i32
  %bx = sext i8 %b10 to i64
  %hz = zext i16 %h6 to i64
  %hx = sext i16 %h6 to i32
  %wx = sext i32 %w7 to i64
  %wz = zext i32 %w7 to i64
  %dt = trunc i64 %d7 to i16
  %wt = trunc i32 %w7 to i8
  %flag = trunc i32 %w to i1
  %fz = zext i1 %flag to i32
  %fs = sext i1 %bs to i64
  %any = or i1 %hu, %ws
  %all = and i1 %any, %dz
  %fa = zext i1 %all to i8
  %s1 = add i32 %bz, %hx
  %s2 = add i32 %s1, %fz
  %s3 = add i64 %bx, %hz
  %s4 = add i64 %s3, %wx
  %s5 = add i64 %s4, %wz
  %s6 = add i64 %s5, %fs
  %dtz = zext i16 %dt to i64
  %s7 = add i64 %s6, %dtz
  %f1 = sitofp i64 %s7 to double
  %f2 = uitofp i32 %s2 to double
  %f3 = sitofp i8 %wt to double
  %f4 = uitofp i16 %dt to float
  %f4d = fpext float %f4 to double
  %f5 = fadd double %f1, %f2
  %f6 = fadd double %f5, %f3
  %f7 = fadd double %f6, %f4d
  %g1 = fptosi double %f7 to i32
  %g2 = fptoui double %f7 to i64
  %g3 = fptosi double %f7 to i8
  %f8 = fptrunc double %f7 to float
  %g4 = fptoui float %f8 to i16
  %bits = bitcast double %f7 to i64
  %fb = bitcast i32 %g1 to float
  %fbd = fpext float %fb to double
  %wb = add i8 %g3, %fa
  store i8 %wb, i8 addrspace(1)* %bp
  store i16 %g4, i16 addrspace(1)* %hp
  store i32 %g1, i32 addrspace(1)* %wp
  %dd = add i64 %g2, %bits
  store i64 %dd, i64 addrspace(1)* %dp
  store double %fbd, double addrspace(1)* %fp
  ret void
}

declare i64 @ka.global_id(i32)
