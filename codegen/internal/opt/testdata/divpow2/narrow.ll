; The narrower widths: the shifts count from the operand's width.
define spir_kernel void @K(i32 %x, i8 %b, i32 addrspace(1)* %o, i8 addrspace(1)* %o8, HIDDEN) {
entry:
	%d = sdiv i32 %x, 2
	store i32 %d, i32 addrspace(1)* %o
	%r = srem i32 %x, 1024
	store i32 %r, i32 addrspace(1)* %o
	%d8 = sdiv i8 %b, 64
	store i8 %d8, i8 addrspace(1)* %o8
	%u8 = urem i8 %b, -128
	store i8 %u8, i8 addrspace(1)* %o8
	ret void
}
