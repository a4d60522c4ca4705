; The tiled matmul's tile count, (n + 16 - 1) / 16: the constant additions
; combine (the sdiv stays for divpow2).
define spir_kernel void @K(i64 %n, i64 addrspace(1)* %o, HIDDEN) {
entry:
	%a = add i64 %n, 16
	%b = sub i64 %a, 1
	%c = sdiv i64 %b, 16
	store i64 %c, i64 addrspace(1)* %o
	%d = sub i64 %n, 5
	%e = add i64 %d, 5
	store i64 %e, i64 addrspace(1)* %o
	%f = add i64 %n, -9223372036854775808
	%g = add i64 %f, -9223372036854775808
	store i64 %g, i64 addrspace(1)* %o
	ret void
}
