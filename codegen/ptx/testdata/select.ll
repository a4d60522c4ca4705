; Select of every register class, Go's shift-count select, and fcmp
; predicates (ordered and unordered).

define spir_kernel void @Select(float addrspace(1)* %x.ptr, i64 %x.len, i32 addrspace(1)* %k.ptr, i64 %k.len, i64 %ka.gsize0, i64 %ka.gsize1, i64 %ka.gsize2) {
entry:
  %i = call i64 @ka.global_id(i32 0)
  %xp = getelementptr float, float addrspace(1)* %x.ptr, i64 %i
  %kp = getelementptr i32, i32 addrspace(1)* %k.ptr, i64 %i
  %x = load float, float addrspace(1)* %xp
  %k = load i32, i32 addrspace(1)* %kp
  %pos = fcmp ogt float %x, 0.0
  %nan = fcmp uno float %x, %x
  %ule = fcmp ule float %x, 1.0
  %one = fcmp one float %x, 2.5
  %c1 = select i1 %pos, float %x, float 0.0
  %c2 = select i1 %nan, float 0x7FF8000000000000, float %c1
  %b = select i1 %ule, i1 %one, i1 %pos
  %sh = shl i32 %k, %k
  %wide = icmp uge i32 %k, 32
  %sh2 = select i1 %wide, i32 0, i32 %sh
  %w64 = zext i32 %sh2 to i64
  %s64 = select i1 %b, i64 %w64, i64 %i
  %t = trunc i64 %s64 to i32
  %neg = fneg float %c2
  %d = fpext float %neg to double
  %dd = select i1 %b, double %d, double -0.0
  %back = fptrunc double %dd to float
  store float %back, float addrspace(1)* %xp
  store i32 %t, i32 addrspace(1)* %kp
  ret void
}

declare i64 @ka.global_id(i32)
