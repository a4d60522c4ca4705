; A 2-D kernel using all six work-item queries; out[y*GlobalSize(0)+x] gets
; a checksum of the queries. GlobalSize reads the hidden ka.gsize parameters.
define spir_kernel void @Grid2D(i64 addrspace(1)* %out.ptr, i64 %out.len, i64 %ka.gsize0, i64 %ka.gsize1, i64 %ka.gsize2) {
entry:
  %gx = call i64 @ka.global_id(i32 0)
  %gy = call i64 @ka.global_id(i32 1)
  %lx = call i64 @ka.local_id(i32 0)
  %ly = call i64 @ka.local_id(i32 1)
  %wx = call i64 @ka.group_id(i32 0)
  %wy = call i64 @ka.group_id(i32 1)
  %sx = call i64 @ka.group_size(i32 0)
  %sy = call i64 @ka.group_size(i32 1)
  %nx = call i64 @ka.num_groups(i32 0)
  %ny = call i64 @ka.num_groups(i32 1)
  %zx = call i64 @ka.global_size(i32 0)
  %zy = call i64 @ka.global_size(i32 1)
  %zz = call i64 @ka.global_size(i32 2)
  %inx = icmp ult i64 %gx, %zx
  %iny = icmp ult i64 %gy, %zy
  %in = and i1 %inx, %iny
  br i1 %in, label %body, label %done

body:
  %row = mul i64 %gy, %zx
  %idx = add i64 %row, %gx
  %c1 = mul i64 %lx, 1000
  %c2 = mul i64 %ly, 100000
  %c3 = mul i64 %wx, 10000000
  %c4 = mul i64 %wy, 1000000000
  %c5 = mul i64 %sx, %sy
  %c6 = mul i64 %nx, %ny
  %c7 = mul i64 %c6, %zz
  %s1 = add i64 %c1, %c2
  %s2 = add i64 %s1, %c3
  %s3 = add i64 %s2, %c4
  %s4 = add i64 %s3, %c5
  %s5 = add i64 %s4, %c7
  %p = getelementptr i64, i64 addrspace(1)* %out.ptr, i64 %idx
  store i64 %s5, i64 addrspace(1)* %p, align 8
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
