; SaxpyContract: saxpy with //ka:contract (docs/ir.md, "Contraction"). The
; function attribute "ka-contract" lets each emitter fuse an fmul whose one
; use is an fadd (in any block): %4 into %7 below. %9 is not fused, since
; !ka.round marks a product an explicit conversion rounds (float32(a*x[i])),
; nor is %11, which has two uses.
;
;	//ka:kernel
;	//ka:contract
;	func SaxpyContract(it ka.Item, a float32, x, y []float32) {
;		if i := it.Global(); i < len(y) {
;			y[i] = a*x[i] + y[i]
;			x[i] = float32(a*x[i]) + y[i]
;			p := a * a
;			y[i] = p + p
;		}
;	}

define spir_kernel void @SaxpyContract(float %a, float addrspace(1)* %x.ptr, i64 %x.len, float addrspace(1)* %y.ptr, i64 %y.len, i64 %ka.gsize0, i64 %ka.gsize1, i64 %ka.gsize2) "ka-contract" {
entry:
  %0 = call i64 @ka.global_id(i32 0)
  %1 = icmp slt i64 %0, %y.len
  br i1 %1, label %if.then, label %if.done

if.then:
  %2 = getelementptr float, float addrspace(1)* %x.ptr, i64 %0
  %3 = load float, float addrspace(1)* %2
  %4 = fmul float %a, %3
  %5 = getelementptr float, float addrspace(1)* %y.ptr, i64 %0
  %6 = load float, float addrspace(1)* %5
  %7 = fadd float %4, %6
  store float %7, float addrspace(1)* %5
  %8 = load float, float addrspace(1)* %2
  %9 = fmul float %a, %8, !ka.round !{}
  %10 = fadd float %9, %7
  store float %10, float addrspace(1)* %2
  %11 = fmul float %a, %a
  %12 = fadd float %11, %11
  store float %12, float addrspace(1)* %5
  br label %if.done

if.done:
  ret void
}

declare i64 @ka.global_id(i32)
