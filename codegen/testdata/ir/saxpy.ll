; Saxpy: y[i] = a*x[i] + y[i], guarded by len(y).
;
;	//ka:kernel
;	func Saxpy(it ka.Item, a float32, x, y []float32) {
;		if i := it.Global(); i < len(y) {
;			y[i] = a*x[i] + y[i]
;		}
;	}

define spir_kernel void @Saxpy(float %a, float addrspace(1)* %x.ptr, i64 %x.len, float addrspace(1)* %y.ptr, i64 %y.len, i64 %ka.gsize0, i64 %ka.gsize1, i64 %ka.gsize2) {
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
  br label %if.done

if.done:
  ret void
}

declare i64 @ka.global_id(i32)
