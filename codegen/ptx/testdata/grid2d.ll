; A 2-D kernel using all six work-item queries: writes a checksum of them
; into out[y*W+x], guarded by GlobalSize.

define spir_kernel void @Grid2D(i64 addrspace(1)* %out.ptr, i64 %out.len, i64 %w, i64 %ka.gsize0, i64 %ka.gsize1, i64 %ka.gsize2) {
entry:
  %x = call i64 @ka.global_id(i32 0)
  %y = call i64 @ka.global_id(i32 1)
  %lx = call i64 @ka.local_id(i32 0)
  %ly = call i64 @ka.local_id(i32 1)
  %gx = call i64 @ka.group_id(i32 0)
  %gy = call i64 @ka.group_id(i32 1)
  %sx = call i64 @ka.group_size(i32 0)
  %sy = call i64 @ka.group_size(i32 1)
  %nx = call i64 @ka.num_groups(i32 0)
  %ny = call i64 @ka.num_groups(i32 1)
  %nz = call i64 @ka.num_groups(i32 2)
  %wx = call i64 @ka.global_size(i32 0)
  %wy = call i64 @ka.global_size(i32 1)
  %wz = call i64 @ka.global_size(i32 2)
  %inx = icmp ult i64 %x, %wx
  %iny = icmp ult i64 %y, %wy
  %in = and i1 %inx, %iny
  br i1 %in, label %body, label %done

body:
  %row = mul i64 %y, %w
  %idx = add i64 %row, %x
  %c1 = add i64 %lx, %ly
  %c2 = add i64 %c1, %gx
  %c3 = add i64 %c2, %gy
  %c4 = add i64 %c3, %sx
  %c5 = add i64 %c4, %sy
  %c6 = add i64 %c5, %nx
  %c7 = add i64 %c6, %ny
  %c8 = add i64 %c7, %nz
  %c9 = add i64 %c8, %wz
  %p = getelementptr i64, i64 addrspace(1)* %out.ptr, i64 %idx
  store i64 %c9, i64 addrspace(1)* %p
  br label %done

done:
  ret void
}

declare i64 @ka.global_id(i32)
declare i64 @ka.local_id(i32)
declare i64 @ka.group_id(i32)
declare i64 @ka.group_size(i32)
declare i64 @ka.num_groups(i32)
declare i64 @ka.global_size(i32)
