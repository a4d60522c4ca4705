; Grid2D: all six work-item queries in two dimensions. For each work-item
; inside the user's range (GlobalSize, not the rounded-up launch), element
; (y*GlobalSize(0)+x)*12 + 2*q + d of out is query q in dimension d, with
; q = GlobalID, LocalID, GroupID, GroupSize, NumGroups, GlobalSize.

define spir_kernel void @Grid2D(i64 addrspace(1)* %out.ptr, i64 %out.len, i64 %ka.gsize0, i64 %ka.gsize1, i64 %ka.gsize2) {
entry:
  %x = call i64 @ka.global_id(i32 0)
  %y = call i64 @ka.global_id(i32 1)
  %w = call i64 @ka.global_size(i32 0)
  %h = call i64 @ka.global_size(i32 1)
  %inx = icmp slt i64 %x, %w
  %iny = icmp slt i64 %y, %h
  %in = and i1 %inx, %iny
  br i1 %in, label %body, label %exit

body:
  %row = mul i64 %y, %w
  %lin = add i64 %row, %x
  %base = mul i64 %lin, 12
  %lx = call i64 @ka.local_id(i32 0)
  %ly = call i64 @ka.local_id(i32 1)
  %gx = call i64 @ka.group_id(i32 0)
  %gy = call i64 @ka.group_id(i32 1)
  %sx = call i64 @ka.group_size(i32 0)
  %sy = call i64 @ka.group_size(i32 1)
  %nx = call i64 @ka.num_groups(i32 0)
  %ny = call i64 @ka.num_groups(i32 1)
  %p0 = getelementptr i64, i64 addrspace(1)* %out.ptr, i64 %base
  store i64 %x, i64 addrspace(1)* %p0
  %p1 = getelementptr i64, i64 addrspace(1)* %p0, i64 1
  store i64 %y, i64 addrspace(1)* %p1
  %p2 = getelementptr i64, i64 addrspace(1)* %p0, i64 2
  store i64 %lx, i64 addrspace(1)* %p2
  %p3 = getelementptr i64, i64 addrspace(1)* %p0, i64 3
  store i64 %ly, i64 addrspace(1)* %p3
  %p4 = getelementptr i64, i64 addrspace(1)* %p0, i64 4
  store i64 %gx, i64 addrspace(1)* %p4
  %p5 = getelementptr i64, i64 addrspace(1)* %p0, i64 5
  store i64 %gy, i64 addrspace(1)* %p5
  %p6 = getelementptr i64, i64 addrspace(1)* %p0, i64 6
  store i64 %sx, i64 addrspace(1)* %p6
  %p7 = getelementptr i64, i64 addrspace(1)* %p0, i64 7
  store i64 %sy, i64 addrspace(1)* %p7
  %p8 = getelementptr i64, i64 addrspace(1)* %p0, i64 8
  store i64 %nx, i64 addrspace(1)* %p8
  %p9 = getelementptr i64, i64 addrspace(1)* %p0, i64 9
  store i64 %ny, i64 addrspace(1)* %p9
  %p10 = getelementptr i64, i64 addrspace(1)* %p0, i64 10
  store i64 %w, i64 addrspace(1)* %p10
  %p11 = getelementptr i64, i64 addrspace(1)* %p0, i64 11
  store i64 %h, i64 addrspace(1)* %p11
  br label %exit

exit:
  ret void
}

declare i64 @ka.global_id(i32)
declare i64 @ka.local_id(i32)
declare i64 @ka.group_id(i32)
declare i64 @ka.group_size(i32)
declare i64 @ka.num_groups(i32)
declare i64 @ka.global_size(i32)
