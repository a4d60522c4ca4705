; Divisions and remainders of i64 by powers of two, and what stays: a
; divisor that is no power of two, a negative one, MinInt (2^63 as a
; signed divisor), a variable.
define spir_kernel void @K(i64 %x, i64 %y, i64 addrspace(1)* %o, HIDDEN) {
entry:
	%ud = udiv i64 %x, 16
	store i64 %ud, i64 addrspace(1)* %o
	%ur = urem i64 %x, 16
	store i64 %ur, i64 addrspace(1)* %o
	%sd = sdiv i64 %x, 16
	store i64 %sd, i64 addrspace(1)* %o
	%sr = srem i64 %x, 16
	store i64 %sr, i64 addrspace(1)* %o
	%s1 = sdiv i64 %x, 1
	store i64 %s1, i64 addrspace(1)* %o
	%r1 = srem i64 %x, 1
	store i64 %r1, i64 addrspace(1)* %o
	%big = sdiv i64 %x, 4611686018427387904
	store i64 %big, i64 addrspace(1)* %o
	%umin = udiv i64 %x, -9223372036854775808
	store i64 %umin, i64 addrspace(1)* %o
	%smin = sdiv i64 %x, -9223372036854775808
	store i64 %smin, i64 addrspace(1)* %o
	%three = sdiv i64 %x, 3
	store i64 %three, i64 addrspace(1)* %o
	%neg = sdiv i64 %x, -4
	store i64 %neg, i64 addrspace(1)* %o
	%var = udiv i64 %x, %y
	store i64 %var, i64 addrspace(1)* %o
	ret void
}
