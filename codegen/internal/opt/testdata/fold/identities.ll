; The identities with one variable operand; a constant first becomes a
; constant second (a comparison's with its predicate swapped); what
; nothing uses any more goes.
define spir_kernel void @K(i64 %x, i64 %y, i8 %cb, i64 addrspace(1)* %o, HIDDEN) {
entry:
	%c = icmp ne i8 %cb, 0
	%a = add i64 0, %x
	%b = sub i64 %a, 0
	%m = mul i64 %b, 1
	%z = mul i64 %x, 0
	%and0 = and i64 %x, 0
	%andm = and i64 %m, -1
	%or0 = or i64 %andm, 0
	%xor0 = xor i64 %or0, 0
	%shl = shl i64 %xor0, 0
	%lshr = lshr i64 %shl, 0
	%ashr = ashr i64 %lshr, 0
	store i64 %ashr, i64 addrspace(1)* %o
	%s = sub i64 %y, %y
	store i64 %s, i64 addrspace(1)* %o
	%t = add i64 %z, %and0
	store i64 %t, i64 addrspace(1)* %o
	%d1 = sdiv i64 %y, 1
	%r1 = urem i64 %d1, 1
	store i64 %r1, i64 addrspace(1)* %o
	%sw = mul i64 4, %y
	store i64 %sw, i64 addrspace(1)* %o
	%e = icmp eq i64 %y, %y
	%n = icmp ult i64 %y, %y
	%sel = select i1 %c, i64 %y, i64 %y
	%s1 = select i1 %e, i64 %sel, i64 0
	%s2 = select i1 %n, i64 0, i64 %s1
	store i64 %s2, i64 addrspace(1)* %o
	%lt = icmp slt i64 0, %y
	%ult = icmp uge i64 7, %x
	%both = and i1 %lt, %ult
	%sb = select i1 %both, i64 %x, i64 %y
	store i64 %sb, i64 addrspace(1)* %o
	%dead = mul i64 %x, %y
	%deadid = call i64 @ka.global_id(i32 0)
	ret void
}
