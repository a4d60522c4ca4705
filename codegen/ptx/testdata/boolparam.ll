; Bool parameters arrive as i8 (0 or 1) and become i1 on entry; a bool is
; also stored to memory (as a byte). Bounds check with @llvm.trap.

define spir_kernel void @BoolParam(i8 %neg, i8 %abs, float addrspace(1)* %x.ptr, i64 %x.len, i8 addrspace(1)* %flags.ptr, i64 %flags.len, i64 %ka.gsize0, i64 %ka.gsize1, i64 %ka.gsize2) {
entry:
  %negb = icmp ne i8 %neg, 0
  %absb = trunc i8 %abs to i1
  %i = call i64 @ka.global_id(i32 0)
  %ok = icmp ult i64 %i, %x.len
  br i1 %ok, label %check, label %done

check:
  %fok = icmp ult i64 %i, %flags.len
  br i1 %fok, label %body, label %trap

trap:
  call void @llvm.trap()
  unreachable

body:
  %p = getelementptr float, float addrspace(1)* %x.ptr, i64 %i
  %v = load float, float addrspace(1)* %p
  %n = fneg float %v
  %v1 = select i1 %negb, float %n, float %v
  %a = call float @llvm.fabs.f32(float %v1)
  %v2 = select i1 %absb, float %a, float %v1
  store float %v2, float addrspace(1)* %p
  %both = and i1 %negb, %absb
  %fp = getelementptr i8, i8 addrspace(1)* %flags.ptr, i64 %i
  %fl = zext i1 %both to i8
  store i8 %fl, i8 addrspace(1)* %fp
  br label %done

done:
  ret void
}

declare i64 @ka.global_id(i32)
declare void @llvm.trap()
declare float @llvm.fabs.f32(float)
