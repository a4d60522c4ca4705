; Saxpy(it ka.Item, a float32, x, y []float32): y[i] = a*x[i] + y[i] for i < len(y).
define spir_kernel void @Saxpy(float %a, float addrspace(1)* %x.ptr, i64 %x.len, float addrspace(1)* %y.ptr, i64 %y.len, i64 %ka.gsize0, i64 %ka.gsize1, i64 %ka.gsize2) {
entry:
  %i = call i64 @ka.global_id(i32 0)
  %inb = icmp slt i64 %i, %y.len
  br i1 %inb, label %body, label %done

body:
  %xp = getelementptr float, float addrspace(1)* %x.ptr, i64 %i
  %xv = load float, float addrspace(1)* %xp, align 4
  %yp = getelementptr float, float addrspace(1)* %y.ptr, i64 %i
  %yv = load float, float addrspace(1)* %yp, align 4
  %ax = fmul float %a, %xv
  %r = fadd float %ax, %yv
  store float %r, float addrspace(1)* %yp, align 4
  br label %done

done:
  ret void
}

declare i64 @ka.global_id(i32)
