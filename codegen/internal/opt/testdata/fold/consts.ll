; Constants at every width fold with Go's wrapping arithmetic; a division
; by zero, MinInt / -1 and a shift by the width stay for the target.
define spir_kernel void @K(i8 addrspace(1)* %o8, i16 addrspace(1)* %o16, i32 addrspace(1)* %o32, i64 addrspace(1)* %o64, HIDDEN) {
entry:
	%a = add i8 100, 100
	store i8 %a, i8 addrspace(1)* %o8
	%b = udiv i8 -56, 3
	store i8 %b, i8 addrspace(1)* %o8
	%c = ashr i8 -128, 3
	store i8 %c, i8 addrspace(1)* %o8
	%d = lshr i8 -128, 3
	store i8 %d, i8 addrspace(1)* %o8
	%e = mul i16 300, 300
	store i16 %e, i16 addrspace(1)* %o16
	%f = sdiv i32 -7, 2
	store i32 %f, i32 addrspace(1)* %o32
	%g = srem i32 -7, 2
	store i32 %g, i32 addrspace(1)* %o32
	%h = urem i32 -1, 10
	store i32 %h, i32 addrspace(1)* %o32
	%i = shl i64 1, 63
	store i64 %i, i64 addrspace(1)* %o64
	%j = sub i64 -9223372036854775808, 1
	store i64 %j, i64 addrspace(1)* %o64
	%k = xor i64 -1, 255
	%l = and i64 %k, 65535
	%m = or i64 %l, 1
	store i64 %m, i64 addrspace(1)* %o64
	%n = trunc i64 511 to i8
	store i8 %n, i8 addrspace(1)* %o8
	%p = sext i8 -3 to i32
	store i32 %p, i32 addrspace(1)* %o32
	%q = zext i8 -3 to i32
	store i32 %q, i32 addrspace(1)* %o32
	%lt = icmp slt i8 -1, 1
	%ult = icmp ult i8 -1, 1
	%both = and i1 %lt, true
	%either = or i1 %ult, false
	%s = select i1 %both, i64 7, i64 8
	store i64 %s, i64 addrspace(1)* %o64
	%u = select i1 %either, i64 7, i64 8
	store i64 %u, i64 addrspace(1)* %o64
	%z = sdiv i64 5, 0
	store i64 %z, i64 addrspace(1)* %o64
	%mn = sdiv i32 -2147483648, -1
	store i32 %mn, i32 addrspace(1)* %o32
	%mr = srem i16 -32768, -1
	store i16 %mr, i16 addrspace(1)* %o16
	%ur = urem i8 7, 0
	store i8 %ur, i8 addrspace(1)* %o8
	%sh = shl i32 1, 32
	store i32 %sh, i32 addrspace(1)* %o32
	ret void
}
