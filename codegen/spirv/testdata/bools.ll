; Bool parameters arrive as i8 (0 or 1) and are converted on entry.
define spir_kernel void @Bools(i8 %neg, i8 %twice, float addrspace(1)* %x.ptr, i64 %x.len, i64 %ka.gsize0, i64 %ka.gsize1, i64 %ka.gsize2) {
entry:
  %neg.b = trunc i8 %neg to i1
  %twice.b = icmp ne i8 %twice, 0
  %i = call i64 @ka.global_id(i32 0)
  %inb = icmp slt i64 %i, %x.len
  br i1 %inb, label %body, label %done

body:
  %p = getelementptr float, float addrspace(1)* %x.ptr, i64 %i
  %v = load float, float addrspace(1)* %p, align 4
  %n = fneg float %v
  %v1 = select i1 %neg.b, float %n, float %v
  %d = fmul float %v1, 2.000000e+00
  %v2 = select i1 %twice.b, float %d, float %v1
  %both = and i1 %neg.b, %twice.b
  %bf = uitofp i1 %both to float
  %v3 = fadd float %v2, %bf
  store float %v3, float addrspace(1)* %p, align 4
  br label %done

done:
  ret void
}

declare i64 @ka.global_id(i32)
