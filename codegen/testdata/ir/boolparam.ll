; Flags: bool parameters arrive as i8 (0 or 1) and become i1 on entry.
;
;	//ka:kernel
;	func Flags(it ka.Item, neg, twice bool, x []float32) {
;		if i := it.Global(); i < len(x) {
;			v := x[i]
;			if neg { v = -v }
;			if twice { v *= 2 }
;			x[i] = v
;		}
;	}

define spir_kernel void @Flags(i8 %neg, i8 %twice, float addrspace(1)* %x.ptr, i64 %x.len, i64 %ka.gsize0, i64 %ka.gsize1, i64 %ka.gsize2) {
entry:
  %negb = icmp ne i8 %neg, 0
  %twiceb = trunc i8 %twice to i1
  %i = call i64 @ka.global_id(i32 0)
  %inr = icmp slt i64 %i, %x.len
  br i1 %inr, label %body, label %exit

body:
  %p = getelementptr float, float addrspace(1)* %x.ptr, i64 %i
  %v = load float, float addrspace(1)* %p
  %nv = fneg float %v
  %v1 = select i1 %negb, float %nv, float %v
  %dv = fmul float %v1, 2.000000e+00
  %v2 = select i1 %twiceb, float %dv, float %v1
  %both = and i1 %negb, %twiceb
  %notboth = xor i1 %both, true
  %v3 = select i1 %notboth, float %v2, float 0x3FF8000000000000
  store float %v3, float addrspace(1)* %p
  br label %exit

exit:
  ret void
}

declare i64 @ka.global_id(i32)
