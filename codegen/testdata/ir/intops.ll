; IntOps: every integer operation, comparison and select at every width.
; For each width W, element i of aW and bW gives 23 results in oW[23*i+k]:
;   k = 0..12: add sub mul sdiv udiv srem urem shl lshr ashr and or xor
;              (shift counts are b & (W-1); b is never 0, no MinInt/-1)
;   k = 13..20: zext of icmp slt ult sge ule sgt uge eq ne
;   k = 21: select(a <s b, a, b) (signed min); k = 22: select(a >u b, a, b)
; (Written with a small script for the repetition, then checked by hand.)

define spir_kernel void @IntOps(i8 addrspace(1)* %a8.ptr, i64 %a8.len, i8 addrspace(1)* %b8.ptr, i64 %b8.len, i8 addrspace(1)* %o8.ptr, i64 %o8.len, i16 addrspace(1)* %a16.ptr, i64 %a16.len, i16 addrspace(1)* %b16.ptr, i64 %b16.len, i16 addrspace(1)* %o16.ptr, i64 %o16.len, i32 addrspace(1)* %a32.ptr, i64 %a32.len, i32 addrspace(1)* %b32.ptr, i64 %b32.len, i32 addrspace(1)* %o32.ptr, i64 %o32.len, i64 addrspace(1)* %a64.ptr, i64 %a64.len, i64 addrspace(1)* %b64.ptr, i64 %b64.len, i64 addrspace(1)* %o64.ptr, i64 %o64.len, i64 %ka.gsize0, i64 %ka.gsize1, i64 %ka.gsize2) {
entry:
  %i = call i64 @ka.global_id(i32 0)
  %inr = icmp slt i64 %i, %a8.len
  br i1 %inr, label %body, label %exit

body:
  %base = mul i64 %i, 23
  %pa8 = getelementptr i8, i8 addrspace(1)* %a8.ptr, i64 %i
  %a8 = load i8, i8 addrspace(1)* %pa8
  %pb8 = getelementptr i8, i8 addrspace(1)* %b8.ptr, i64 %i
  %b8 = load i8, i8 addrspace(1)* %pb8
  %s8 = and i8 %b8, 7
  %r8.add = add i8 %a8, %b8
  %o8.0 = add i64 %base, 0
  %q8.0 = getelementptr i8, i8 addrspace(1)* %o8.ptr, i64 %o8.0
  store i8 %r8.add, i8 addrspace(1)* %q8.0
  %r8.sub = sub i8 %a8, %b8
  %o8.1 = add i64 %base, 1
  %q8.1 = getelementptr i8, i8 addrspace(1)* %o8.ptr, i64 %o8.1
  store i8 %r8.sub, i8 addrspace(1)* %q8.1
  %r8.mul = mul i8 %a8, %b8
  %o8.2 = add i64 %base, 2
  %q8.2 = getelementptr i8, i8 addrspace(1)* %o8.ptr, i64 %o8.2
  store i8 %r8.mul, i8 addrspace(1)* %q8.2
  %r8.sdiv = sdiv i8 %a8, %b8
  %o8.3 = add i64 %base, 3
  %q8.3 = getelementptr i8, i8 addrspace(1)* %o8.ptr, i64 %o8.3
  store i8 %r8.sdiv, i8 addrspace(1)* %q8.3
  %r8.udiv = udiv i8 %a8, %b8
  %o8.4 = add i64 %base, 4
  %q8.4 = getelementptr i8, i8 addrspace(1)* %o8.ptr, i64 %o8.4
  store i8 %r8.udiv, i8 addrspace(1)* %q8.4
  %r8.srem = srem i8 %a8, %b8
  %o8.5 = add i64 %base, 5
  %q8.5 = getelementptr i8, i8 addrspace(1)* %o8.ptr, i64 %o8.5
  store i8 %r8.srem, i8 addrspace(1)* %q8.5
  %r8.urem = urem i8 %a8, %b8
  %o8.6 = add i64 %base, 6
  %q8.6 = getelementptr i8, i8 addrspace(1)* %o8.ptr, i64 %o8.6
  store i8 %r8.urem, i8 addrspace(1)* %q8.6
  %r8.shl = shl i8 %a8, %s8
  %o8.7 = add i64 %base, 7
  %q8.7 = getelementptr i8, i8 addrspace(1)* %o8.ptr, i64 %o8.7
  store i8 %r8.shl, i8 addrspace(1)* %q8.7
  %r8.lshr = lshr i8 %a8, %s8
  %o8.8 = add i64 %base, 8
  %q8.8 = getelementptr i8, i8 addrspace(1)* %o8.ptr, i64 %o8.8
  store i8 %r8.lshr, i8 addrspace(1)* %q8.8
  %r8.ashr = ashr i8 %a8, %s8
  %o8.9 = add i64 %base, 9
  %q8.9 = getelementptr i8, i8 addrspace(1)* %o8.ptr, i64 %o8.9
  store i8 %r8.ashr, i8 addrspace(1)* %q8.9
  %r8.and = and i8 %a8, %b8
  %o8.10 = add i64 %base, 10
  %q8.10 = getelementptr i8, i8 addrspace(1)* %o8.ptr, i64 %o8.10
  store i8 %r8.and, i8 addrspace(1)* %q8.10
  %r8.or = or i8 %a8, %b8
  %o8.11 = add i64 %base, 11
  %q8.11 = getelementptr i8, i8 addrspace(1)* %o8.ptr, i64 %o8.11
  store i8 %r8.or, i8 addrspace(1)* %q8.11
  %r8.xor = xor i8 %a8, %b8
  %o8.12 = add i64 %base, 12
  %q8.12 = getelementptr i8, i8 addrspace(1)* %o8.ptr, i64 %o8.12
  store i8 %r8.xor, i8 addrspace(1)* %q8.12
  %c8.slt = icmp slt i8 %a8, %b8
  %z8.slt = zext i1 %c8.slt to i8
  %o8.13 = add i64 %base, 13
  %q8.13 = getelementptr i8, i8 addrspace(1)* %o8.ptr, i64 %o8.13
  store i8 %z8.slt, i8 addrspace(1)* %q8.13
  %c8.ult = icmp ult i8 %a8, %b8
  %z8.ult = zext i1 %c8.ult to i8
  %o8.14 = add i64 %base, 14
  %q8.14 = getelementptr i8, i8 addrspace(1)* %o8.ptr, i64 %o8.14
  store i8 %z8.ult, i8 addrspace(1)* %q8.14
  %c8.sge = icmp sge i8 %a8, %b8
  %z8.sge = zext i1 %c8.sge to i8
  %o8.15 = add i64 %base, 15
  %q8.15 = getelementptr i8, i8 addrspace(1)* %o8.ptr, i64 %o8.15
  store i8 %z8.sge, i8 addrspace(1)* %q8.15
  %c8.ule = icmp ule i8 %a8, %b8
  %z8.ule = zext i1 %c8.ule to i8
  %o8.16 = add i64 %base, 16
  %q8.16 = getelementptr i8, i8 addrspace(1)* %o8.ptr, i64 %o8.16
  store i8 %z8.ule, i8 addrspace(1)* %q8.16
  %c8.sgt = icmp sgt i8 %a8, %b8
  %z8.sgt = zext i1 %c8.sgt to i8
  %o8.17 = add i64 %base, 17
  %q8.17 = getelementptr i8, i8 addrspace(1)* %o8.ptr, i64 %o8.17
  store i8 %z8.sgt, i8 addrspace(1)* %q8.17
  %c8.uge = icmp uge i8 %a8, %b8
  %z8.uge = zext i1 %c8.uge to i8
  %o8.18 = add i64 %base, 18
  %q8.18 = getelementptr i8, i8 addrspace(1)* %o8.ptr, i64 %o8.18
  store i8 %z8.uge, i8 addrspace(1)* %q8.18
  %c8.eq = icmp eq i8 %a8, %b8
  %z8.eq = zext i1 %c8.eq to i8
  %o8.19 = add i64 %base, 19
  %q8.19 = getelementptr i8, i8 addrspace(1)* %o8.ptr, i64 %o8.19
  store i8 %z8.eq, i8 addrspace(1)* %q8.19
  %c8.ne = icmp ne i8 %a8, %b8
  %z8.ne = zext i1 %c8.ne to i8
  %o8.20 = add i64 %base, 20
  %q8.20 = getelementptr i8, i8 addrspace(1)* %o8.ptr, i64 %o8.20
  store i8 %z8.ne, i8 addrspace(1)* %q8.20
  %min8 = select i1 %c8.slt, i8 %a8, i8 %b8
  %o8.21 = add i64 %base, 21
  %q8.21 = getelementptr i8, i8 addrspace(1)* %o8.ptr, i64 %o8.21
  store i8 %min8, i8 addrspace(1)* %q8.21
  %ugt8 = icmp ugt i8 %a8, %b8
  %umax8 = select i1 %ugt8, i8 %a8, i8 %b8
  %o8.22 = add i64 %base, 22
  %q8.22 = getelementptr i8, i8 addrspace(1)* %o8.ptr, i64 %o8.22
  store i8 %umax8, i8 addrspace(1)* %q8.22
  %pa16 = getelementptr i16, i16 addrspace(1)* %a16.ptr, i64 %i
  %a16 = load i16, i16 addrspace(1)* %pa16
  %pb16 = getelementptr i16, i16 addrspace(1)* %b16.ptr, i64 %i
  %b16 = load i16, i16 addrspace(1)* %pb16
  %s16 = and i16 %b16, 15
  %r16.add = add i16 %a16, %b16
  %o16.0 = add i64 %base, 0
  %q16.0 = getelementptr i16, i16 addrspace(1)* %o16.ptr, i64 %o16.0
  store i16 %r16.add, i16 addrspace(1)* %q16.0
  %r16.sub = sub i16 %a16, %b16
  %o16.1 = add i64 %base, 1
  %q16.1 = getelementptr i16, i16 addrspace(1)* %o16.ptr, i64 %o16.1
  store i16 %r16.sub, i16 addrspace(1)* %q16.1
  %r16.mul = mul i16 %a16, %b16
  %o16.2 = add i64 %base, 2
  %q16.2 = getelementptr i16, i16 addrspace(1)* %o16.ptr, i64 %o16.2
  store i16 %r16.mul, i16 addrspace(1)* %q16.2
  %r16.sdiv = sdiv i16 %a16, %b16
  %o16.3 = add i64 %base, 3
  %q16.3 = getelementptr i16, i16 addrspace(1)* %o16.ptr, i64 %o16.3
  store i16 %r16.sdiv, i16 addrspace(1)* %q16.3
  %r16.udiv = udiv i16 %a16, %b16
  %o16.4 = add i64 %base, 4
  %q16.4 = getelementptr i16, i16 addrspace(1)* %o16.ptr, i64 %o16.4
  store i16 %r16.udiv, i16 addrspace(1)* %q16.4
  %r16.srem = srem i16 %a16, %b16
  %o16.5 = add i64 %base, 5
  %q16.5 = getelementptr i16, i16 addrspace(1)* %o16.ptr, i64 %o16.5
  store i16 %r16.srem, i16 addrspace(1)* %q16.5
  %r16.urem = urem i16 %a16, %b16
  %o16.6 = add i64 %base, 6
  %q16.6 = getelementptr i16, i16 addrspace(1)* %o16.ptr, i64 %o16.6
  store i16 %r16.urem, i16 addrspace(1)* %q16.6
  %r16.shl = shl i16 %a16, %s16
  %o16.7 = add i64 %base, 7
  %q16.7 = getelementptr i16, i16 addrspace(1)* %o16.ptr, i64 %o16.7
  store i16 %r16.shl, i16 addrspace(1)* %q16.7
  %r16.lshr = lshr i16 %a16, %s16
  %o16.8 = add i64 %base, 8
  %q16.8 = getelementptr i16, i16 addrspace(1)* %o16.ptr, i64 %o16.8
  store i16 %r16.lshr, i16 addrspace(1)* %q16.8
  %r16.ashr = ashr i16 %a16, %s16
  %o16.9 = add i64 %base, 9
  %q16.9 = getelementptr i16, i16 addrspace(1)* %o16.ptr, i64 %o16.9
  store i16 %r16.ashr, i16 addrspace(1)* %q16.9
  %r16.and = and i16 %a16, %b16
  %o16.10 = add i64 %base, 10
  %q16.10 = getelementptr i16, i16 addrspace(1)* %o16.ptr, i64 %o16.10
  store i16 %r16.and, i16 addrspace(1)* %q16.10
  %r16.or = or i16 %a16, %b16
  %o16.11 = add i64 %base, 11
  %q16.11 = getelementptr i16, i16 addrspace(1)* %o16.ptr, i64 %o16.11
  store i16 %r16.or, i16 addrspace(1)* %q16.11
  %r16.xor = xor i16 %a16, %b16
  %o16.12 = add i64 %base, 12
  %q16.12 = getelementptr i16, i16 addrspace(1)* %o16.ptr, i64 %o16.12
  store i16 %r16.xor, i16 addrspace(1)* %q16.12
  %c16.slt = icmp slt i16 %a16, %b16
  %z16.slt = zext i1 %c16.slt to i16
  %o16.13 = add i64 %base, 13
  %q16.13 = getelementptr i16, i16 addrspace(1)* %o16.ptr, i64 %o16.13
  store i16 %z16.slt, i16 addrspace(1)* %q16.13
  %c16.ult = icmp ult i16 %a16, %b16
  %z16.ult = zext i1 %c16.ult to i16
  %o16.14 = add i64 %base, 14
  %q16.14 = getelementptr i16, i16 addrspace(1)* %o16.ptr, i64 %o16.14
  store i16 %z16.ult, i16 addrspace(1)* %q16.14
  %c16.sge = icmp sge i16 %a16, %b16
  %z16.sge = zext i1 %c16.sge to i16
  %o16.15 = add i64 %base, 15
  %q16.15 = getelementptr i16, i16 addrspace(1)* %o16.ptr, i64 %o16.15
  store i16 %z16.sge, i16 addrspace(1)* %q16.15
  %c16.ule = icmp ule i16 %a16, %b16
  %z16.ule = zext i1 %c16.ule to i16
  %o16.16 = add i64 %base, 16
  %q16.16 = getelementptr i16, i16 addrspace(1)* %o16.ptr, i64 %o16.16
  store i16 %z16.ule, i16 addrspace(1)* %q16.16
  %c16.sgt = icmp sgt i16 %a16, %b16
  %z16.sgt = zext i1 %c16.sgt to i16
  %o16.17 = add i64 %base, 17
  %q16.17 = getelementptr i16, i16 addrspace(1)* %o16.ptr, i64 %o16.17
  store i16 %z16.sgt, i16 addrspace(1)* %q16.17
  %c16.uge = icmp uge i16 %a16, %b16
  %z16.uge = zext i1 %c16.uge to i16
  %o16.18 = add i64 %base, 18
  %q16.18 = getelementptr i16, i16 addrspace(1)* %o16.ptr, i64 %o16.18
  store i16 %z16.uge, i16 addrspace(1)* %q16.18
  %c16.eq = icmp eq i16 %a16, %b16
  %z16.eq = zext i1 %c16.eq to i16
  %o16.19 = add i64 %base, 19
  %q16.19 = getelementptr i16, i16 addrspace(1)* %o16.ptr, i64 %o16.19
  store i16 %z16.eq, i16 addrspace(1)* %q16.19
  %c16.ne = icmp ne i16 %a16, %b16
  %z16.ne = zext i1 %c16.ne to i16
  %o16.20 = add i64 %base, 20
  %q16.20 = getelementptr i16, i16 addrspace(1)* %o16.ptr, i64 %o16.20
  store i16 %z16.ne, i16 addrspace(1)* %q16.20
  %min16 = select i1 %c16.slt, i16 %a16, i16 %b16
  %o16.21 = add i64 %base, 21
  %q16.21 = getelementptr i16, i16 addrspace(1)* %o16.ptr, i64 %o16.21
  store i16 %min16, i16 addrspace(1)* %q16.21
  %ugt16 = icmp ugt i16 %a16, %b16
  %umax16 = select i1 %ugt16, i16 %a16, i16 %b16
  %o16.22 = add i64 %base, 22
  %q16.22 = getelementptr i16, i16 addrspace(1)* %o16.ptr, i64 %o16.22
  store i16 %umax16, i16 addrspace(1)* %q16.22
  %pa32 = getelementptr i32, i32 addrspace(1)* %a32.ptr, i64 %i
  %a32 = load i32, i32 addrspace(1)* %pa32
  %pb32 = getelementptr i32, i32 addrspace(1)* %b32.ptr, i64 %i
  %b32 = load i32, i32 addrspace(1)* %pb32
  %s32 = and i32 %b32, 31
  %r32.add = add i32 %a32, %b32
  %o32.0 = add i64 %base, 0
  %q32.0 = getelementptr i32, i32 addrspace(1)* %o32.ptr, i64 %o32.0
  store i32 %r32.add, i32 addrspace(1)* %q32.0
  %r32.sub = sub i32 %a32, %b32
  %o32.1 = add i64 %base, 1
  %q32.1 = getelementptr i32, i32 addrspace(1)* %o32.ptr, i64 %o32.1
  store i32 %r32.sub, i32 addrspace(1)* %q32.1
  %r32.mul = mul i32 %a32, %b32
  %o32.2 = add i64 %base, 2
  %q32.2 = getelementptr i32, i32 addrspace(1)* %o32.ptr, i64 %o32.2
  store i32 %r32.mul, i32 addrspace(1)* %q32.2
  %r32.sdiv = sdiv i32 %a32, %b32
  %o32.3 = add i64 %base, 3
  %q32.3 = getelementptr i32, i32 addrspace(1)* %o32.ptr, i64 %o32.3
  store i32 %r32.sdiv, i32 addrspace(1)* %q32.3
  %r32.udiv = udiv i32 %a32, %b32
  %o32.4 = add i64 %base, 4
  %q32.4 = getelementptr i32, i32 addrspace(1)* %o32.ptr, i64 %o32.4
  store i32 %r32.udiv, i32 addrspace(1)* %q32.4
  %r32.srem = srem i32 %a32, %b32
  %o32.5 = add i64 %base, 5
  %q32.5 = getelementptr i32, i32 addrspace(1)* %o32.ptr, i64 %o32.5
  store i32 %r32.srem, i32 addrspace(1)* %q32.5
  %r32.urem = urem i32 %a32, %b32
  %o32.6 = add i64 %base, 6
  %q32.6 = getelementptr i32, i32 addrspace(1)* %o32.ptr, i64 %o32.6
  store i32 %r32.urem, i32 addrspace(1)* %q32.6
  %r32.shl = shl i32 %a32, %s32
  %o32.7 = add i64 %base, 7
  %q32.7 = getelementptr i32, i32 addrspace(1)* %o32.ptr, i64 %o32.7
  store i32 %r32.shl, i32 addrspace(1)* %q32.7
  %r32.lshr = lshr i32 %a32, %s32
  %o32.8 = add i64 %base, 8
  %q32.8 = getelementptr i32, i32 addrspace(1)* %o32.ptr, i64 %o32.8
  store i32 %r32.lshr, i32 addrspace(1)* %q32.8
  %r32.ashr = ashr i32 %a32, %s32
  %o32.9 = add i64 %base, 9
  %q32.9 = getelementptr i32, i32 addrspace(1)* %o32.ptr, i64 %o32.9
  store i32 %r32.ashr, i32 addrspace(1)* %q32.9
  %r32.and = and i32 %a32, %b32
  %o32.10 = add i64 %base, 10
  %q32.10 = getelementptr i32, i32 addrspace(1)* %o32.ptr, i64 %o32.10
  store i32 %r32.and, i32 addrspace(1)* %q32.10
  %r32.or = or i32 %a32, %b32
  %o32.11 = add i64 %base, 11
  %q32.11 = getelementptr i32, i32 addrspace(1)* %o32.ptr, i64 %o32.11
  store i32 %r32.or, i32 addrspace(1)* %q32.11
  %r32.xor = xor i32 %a32, %b32
  %o32.12 = add i64 %base, 12
  %q32.12 = getelementptr i32, i32 addrspace(1)* %o32.ptr, i64 %o32.12
  store i32 %r32.xor, i32 addrspace(1)* %q32.12
  %c32.slt = icmp slt i32 %a32, %b32
  %z32.slt = zext i1 %c32.slt to i32
  %o32.13 = add i64 %base, 13
  %q32.13 = getelementptr i32, i32 addrspace(1)* %o32.ptr, i64 %o32.13
  store i32 %z32.slt, i32 addrspace(1)* %q32.13
  %c32.ult = icmp ult i32 %a32, %b32
  %z32.ult = zext i1 %c32.ult to i32
  %o32.14 = add i64 %base, 14
  %q32.14 = getelementptr i32, i32 addrspace(1)* %o32.ptr, i64 %o32.14
  store i32 %z32.ult, i32 addrspace(1)* %q32.14
  %c32.sge = icmp sge i32 %a32, %b32
  %z32.sge = zext i1 %c32.sge to i32
  %o32.15 = add i64 %base, 15
  %q32.15 = getelementptr i32, i32 addrspace(1)* %o32.ptr, i64 %o32.15
  store i32 %z32.sge, i32 addrspace(1)* %q32.15
  %c32.ule = icmp ule i32 %a32, %b32
  %z32.ule = zext i1 %c32.ule to i32
  %o32.16 = add i64 %base, 16
  %q32.16 = getelementptr i32, i32 addrspace(1)* %o32.ptr, i64 %o32.16
  store i32 %z32.ule, i32 addrspace(1)* %q32.16
  %c32.sgt = icmp sgt i32 %a32, %b32
  %z32.sgt = zext i1 %c32.sgt to i32
  %o32.17 = add i64 %base, 17
  %q32.17 = getelementptr i32, i32 addrspace(1)* %o32.ptr, i64 %o32.17
  store i32 %z32.sgt, i32 addrspace(1)* %q32.17
  %c32.uge = icmp uge i32 %a32, %b32
  %z32.uge = zext i1 %c32.uge to i32
  %o32.18 = add i64 %base, 18
  %q32.18 = getelementptr i32, i32 addrspace(1)* %o32.ptr, i64 %o32.18
  store i32 %z32.uge, i32 addrspace(1)* %q32.18
  %c32.eq = icmp eq i32 %a32, %b32
  %z32.eq = zext i1 %c32.eq to i32
  %o32.19 = add i64 %base, 19
  %q32.19 = getelementptr i32, i32 addrspace(1)* %o32.ptr, i64 %o32.19
  store i32 %z32.eq, i32 addrspace(1)* %q32.19
  %c32.ne = icmp ne i32 %a32, %b32
  %z32.ne = zext i1 %c32.ne to i32
  %o32.20 = add i64 %base, 20
  %q32.20 = getelementptr i32, i32 addrspace(1)* %o32.ptr, i64 %o32.20
  store i32 %z32.ne, i32 addrspace(1)* %q32.20
  %min32 = select i1 %c32.slt, i32 %a32, i32 %b32
  %o32.21 = add i64 %base, 21
  %q32.21 = getelementptr i32, i32 addrspace(1)* %o32.ptr, i64 %o32.21
  store i32 %min32, i32 addrspace(1)* %q32.21
  %ugt32 = icmp ugt i32 %a32, %b32
  %umax32 = select i1 %ugt32, i32 %a32, i32 %b32
  %o32.22 = add i64 %base, 22
  %q32.22 = getelementptr i32, i32 addrspace(1)* %o32.ptr, i64 %o32.22
  store i32 %umax32, i32 addrspace(1)* %q32.22
  %pa64 = getelementptr i64, i64 addrspace(1)* %a64.ptr, i64 %i
  %a64 = load i64, i64 addrspace(1)* %pa64
  %pb64 = getelementptr i64, i64 addrspace(1)* %b64.ptr, i64 %i
  %b64 = load i64, i64 addrspace(1)* %pb64
  %s64 = and i64 %b64, 63
  %r64.add = add i64 %a64, %b64
  %o64.0 = add i64 %base, 0
  %q64.0 = getelementptr i64, i64 addrspace(1)* %o64.ptr, i64 %o64.0
  store i64 %r64.add, i64 addrspace(1)* %q64.0
  %r64.sub = sub i64 %a64, %b64
  %o64.1 = add i64 %base, 1
  %q64.1 = getelementptr i64, i64 addrspace(1)* %o64.ptr, i64 %o64.1
  store i64 %r64.sub, i64 addrspace(1)* %q64.1
  %r64.mul = mul i64 %a64, %b64
  %o64.2 = add i64 %base, 2
  %q64.2 = getelementptr i64, i64 addrspace(1)* %o64.ptr, i64 %o64.2
  store i64 %r64.mul, i64 addrspace(1)* %q64.2
  %r64.sdiv = sdiv i64 %a64, %b64
  %o64.3 = add i64 %base, 3
  %q64.3 = getelementptr i64, i64 addrspace(1)* %o64.ptr, i64 %o64.3
  store i64 %r64.sdiv, i64 addrspace(1)* %q64.3
  %r64.udiv = udiv i64 %a64, %b64
  %o64.4 = add i64 %base, 4
  %q64.4 = getelementptr i64, i64 addrspace(1)* %o64.ptr, i64 %o64.4
  store i64 %r64.udiv, i64 addrspace(1)* %q64.4
  %r64.srem = srem i64 %a64, %b64
  %o64.5 = add i64 %base, 5
  %q64.5 = getelementptr i64, i64 addrspace(1)* %o64.ptr, i64 %o64.5
  store i64 %r64.srem, i64 addrspace(1)* %q64.5
  %r64.urem = urem i64 %a64, %b64
  %o64.6 = add i64 %base, 6
  %q64.6 = getelementptr i64, i64 addrspace(1)* %o64.ptr, i64 %o64.6
  store i64 %r64.urem, i64 addrspace(1)* %q64.6
  %r64.shl = shl i64 %a64, %s64
  %o64.7 = add i64 %base, 7
  %q64.7 = getelementptr i64, i64 addrspace(1)* %o64.ptr, i64 %o64.7
  store i64 %r64.shl, i64 addrspace(1)* %q64.7
  %r64.lshr = lshr i64 %a64, %s64
  %o64.8 = add i64 %base, 8
  %q64.8 = getelementptr i64, i64 addrspace(1)* %o64.ptr, i64 %o64.8
  store i64 %r64.lshr, i64 addrspace(1)* %q64.8
  %r64.ashr = ashr i64 %a64, %s64
  %o64.9 = add i64 %base, 9
  %q64.9 = getelementptr i64, i64 addrspace(1)* %o64.ptr, i64 %o64.9
  store i64 %r64.ashr, i64 addrspace(1)* %q64.9
  %r64.and = and i64 %a64, %b64
  %o64.10 = add i64 %base, 10
  %q64.10 = getelementptr i64, i64 addrspace(1)* %o64.ptr, i64 %o64.10
  store i64 %r64.and, i64 addrspace(1)* %q64.10
  %r64.or = or i64 %a64, %b64
  %o64.11 = add i64 %base, 11
  %q64.11 = getelementptr i64, i64 addrspace(1)* %o64.ptr, i64 %o64.11
  store i64 %r64.or, i64 addrspace(1)* %q64.11
  %r64.xor = xor i64 %a64, %b64
  %o64.12 = add i64 %base, 12
  %q64.12 = getelementptr i64, i64 addrspace(1)* %o64.ptr, i64 %o64.12
  store i64 %r64.xor, i64 addrspace(1)* %q64.12
  %c64.slt = icmp slt i64 %a64, %b64
  %z64.slt = zext i1 %c64.slt to i64
  %o64.13 = add i64 %base, 13
  %q64.13 = getelementptr i64, i64 addrspace(1)* %o64.ptr, i64 %o64.13
  store i64 %z64.slt, i64 addrspace(1)* %q64.13
  %c64.ult = icmp ult i64 %a64, %b64
  %z64.ult = zext i1 %c64.ult to i64
  %o64.14 = add i64 %base, 14
  %q64.14 = getelementptr i64, i64 addrspace(1)* %o64.ptr, i64 %o64.14
  store i64 %z64.ult, i64 addrspace(1)* %q64.14
  %c64.sge = icmp sge i64 %a64, %b64
  %z64.sge = zext i1 %c64.sge to i64
  %o64.15 = add i64 %base, 15
  %q64.15 = getelementptr i64, i64 addrspace(1)* %o64.ptr, i64 %o64.15
  store i64 %z64.sge, i64 addrspace(1)* %q64.15
  %c64.ule = icmp ule i64 %a64, %b64
  %z64.ule = zext i1 %c64.ule to i64
  %o64.16 = add i64 %base, 16
  %q64.16 = getelementptr i64, i64 addrspace(1)* %o64.ptr, i64 %o64.16
  store i64 %z64.ule, i64 addrspace(1)* %q64.16
  %c64.sgt = icmp sgt i64 %a64, %b64
  %z64.sgt = zext i1 %c64.sgt to i64
  %o64.17 = add i64 %base, 17
  %q64.17 = getelementptr i64, i64 addrspace(1)* %o64.ptr, i64 %o64.17
  store i64 %z64.sgt, i64 addrspace(1)* %q64.17
  %c64.uge = icmp uge i64 %a64, %b64
  %z64.uge = zext i1 %c64.uge to i64
  %o64.18 = add i64 %base, 18
  %q64.18 = getelementptr i64, i64 addrspace(1)* %o64.ptr, i64 %o64.18
  store i64 %z64.uge, i64 addrspace(1)* %q64.18
  %c64.eq = icmp eq i64 %a64, %b64
  %z64.eq = zext i1 %c64.eq to i64
  %o64.19 = add i64 %base, 19
  %q64.19 = getelementptr i64, i64 addrspace(1)* %o64.ptr, i64 %o64.19
  store i64 %z64.eq, i64 addrspace(1)* %q64.19
  %c64.ne = icmp ne i64 %a64, %b64
  %z64.ne = zext i1 %c64.ne to i64
  %o64.20 = add i64 %base, 20
  %q64.20 = getelementptr i64, i64 addrspace(1)* %o64.ptr, i64 %o64.20
  store i64 %z64.ne, i64 addrspace(1)* %q64.20
  %min64 = select i1 %c64.slt, i64 %a64, i64 %b64
  %o64.21 = add i64 %base, 21
  %q64.21 = getelementptr i64, i64 addrspace(1)* %o64.ptr, i64 %o64.21
  store i64 %min64, i64 addrspace(1)* %q64.21
  %ugt64 = icmp ugt i64 %a64, %b64
  %umax64 = select i1 %ugt64, i64 %a64, i64 %b64
  %o64.22 = add i64 %base, 22
  %q64.22 = getelementptr i64, i64 addrspace(1)* %o64.ptr, i64 %o64.22
  store i64 %umax64, i64 addrspace(1)* %q64.22
  br label %exit

exit:
  ret void
}

declare i64 @ka.global_id(i32)
