; Integer operations of every width: arithmetic, signed and unsigned
; division, shifts, comparisons and conversions, select, bool logic.
define spir_kernel void @Ints(i8 %a8, i16 %a16, i32 %a32, i64 %a64, i8 addrspace(1)* %o8.ptr, i64 %o8.len, i16 addrspace(1)* %o16.ptr, i64 %o16.len, i32 addrspace(1)* %o32.ptr, i64 %o32.len, i64 addrspace(1)* %o64.ptr, i64 %o64.len, i64 %ka.gsize0, i64 %ka.gsize1, i64 %ka.gsize2) {
entry:
  ; i8
  %b8 = add i8 %a8, 3
  %c8 = sdiv i8 %b8, -2
  %d8 = udiv i8 %c8, 3
  %e8 = srem i8 %d8, 5
  %f8 = urem i8 %e8, 7
  %g8 = shl i8 %f8, 1
  %h8 = lshr i8 %g8, 2
  %i8 = ashr i8 %h8, 1
  %j8 = xor i8 %i8, %a8
  store i8 %j8, i8 addrspace(1)* %o8.ptr, align 1
  ; i16
  %b16 = sub i16 %a16, 1000
  %c16 = mul i16 %b16, %a16
  %d16 = and i16 %c16, 255
  %e16 = or i16 %d16, 4096
  %f16 = sext i8 %j8 to i16
  %g16 = add i16 %e16, %f16
  %h16 = sdiv i16 %g16, %a16
  %o16p = getelementptr i16, i16 addrspace(1)* %o16.ptr, i64 0
  store i16 %h16, i16 addrspace(1)* %o16p, align 2
  ; i32
  %b32 = zext i16 %h16 to i32
  %c32 = sext i16 %h16 to i32
  %d32 = add i32 %b32, %c32
  %e32 = udiv i32 %d32, %a32
  %f32 = srem i32 %e32, %a32
  %g32 = ashr i32 %f32, 3
  %h32 = lshr i32 %a32, 31
  %i32 = shl i32 %h32, %a32
  %lt = icmp slt i32 %g32, %i32
  %ult = icmp ult i32 %g32, %i32
  %sge = icmp sge i32 %g32, 0
  %uge = icmp uge i32 %g32, 10
  %sle = icmp sle i32 %g32, 100
  %ule = icmp ule i32 %g32, 100
  %ugt = icmp ugt i32 %g32, 1
  %eq = icmp eq i32 %g32, %a32
  %ne = icmp ne i32 %g32, %a32
  %both = and i1 %lt, %ult
  %either = or i1 %sge, %uge
  %diff = xor i1 %sle, %ule
  %x1 = and i1 %both, %either
  %x2 = or i1 %x1, %diff
  %x3 = xor i1 %x2, %ugt
  %x4 = icmp eq i1 %x3, %eq
  %x5 = icmp ne i1 %x4, %ne
  %sel = select i1 %x5, i32 %g32, i32 %i32
  %z = zext i1 %x5 to i32
  %s = sext i1 %x4 to i32
  %t = add i32 %sel, %z
  %u = sub i32 %t, %s
  %o32p = getelementptr i32, i32 addrspace(1)* %o32.ptr, i64 1
  store i32 %u, i32 addrspace(1)* %o32p, align 4
  ; i64 and conversions between widths
  %b64 = sext i32 %u to i64
  %c64 = zext i32 %u to i64
  %d64 = mul i64 %b64, %c64
  %e64 = sdiv i64 %d64, %a64
  %f64 = udiv i64 %e64, 7
  %g64 = srem i64 %f64, %a64
  %h64 = urem i64 %g64, %a64
  %i64 = shl i64 %h64, 33
  %j64 = ashr i64 %i64, 2
  %k64 = lshr i64 %j64, 1
  %sgt = icmp sgt i64 %k64, %a64
  %l64 = select i1 %sgt, i64 %k64, i64 -1
  %t32 = trunc i64 %l64 to i32
  %t16 = trunc i32 %t32 to i16
  %t8 = trunc i16 %t16 to i8
  %t1 = trunc i8 %t8 to i1
  %z64 = zext i8 %t8 to i64
  %m64 = add i64 %l64, %z64
  %n64 = select i1 %t1, i64 %m64, i64 0
  store i64 %n64, i64 addrspace(1)* %o64.ptr, align 8
  %z8 = zext i1 %t1 to i8
  %o8p = getelementptr i8, i8 addrspace(1)* %o8.ptr, i64 1
  store i8 %z8, i8 addrspace(1)* %o8p, align 1
  ret void
}
