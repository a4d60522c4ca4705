; Subgroups: the five subgroup primitives. Each work-item reads x (0 past
; the end), takes the value of its xor-1 neighbour in its subgroup (its own
; when the neighbour is past the subgroup's end), and writes that value plus
; the subgroup's id times its size, with the ballot of x > 0.
;
;	//ka:kernel
;	func Subgroups(it ka.Item, x []int32, out []int32, mask []uint32) {
;		i := it.Global()
;		v := int32(0)
;		if i < len(x) { v = x[i] }
;		s := ka.SubgroupShuffleXor(it, v, 1)
;		b := ka.SubgroupBallot(it, v > 0)
;		if i < len(out) {
;			out[i] = s + int32(it.SubgroupID()*it.SubgroupSize())
;			mask[i] = b
;		}
;	}

define spir_kernel void @Subgroups(i32 addrspace(1)* %x.ptr, i64 %x.len, i32 addrspace(1)* %out.ptr, i64 %out.len, i32 addrspace(1)* %mask.ptr, i64 %mask.len, i64 %ka.gsize0, i64 %ka.gsize1, i64 %ka.gsize2) {
entry:
  %i = call i64 @ka.global_id(i32 0)
  %inx = icmp slt i64 %i, %x.len
  br i1 %inx, label %load, label %body

load:
  %px = getelementptr i32, i32 addrspace(1)* %x.ptr, i64 %i
  %xv = load i32, i32 addrspace(1)* %px
  br label %body

body:
  %v = phi i32 [ 0, %entry ], [ %xv, %load ]
  %n = call i64 @ka.subgroup_size()
  %lane = call i64 @ka.subgroup_local_id()
  %other = xor i64 %lane, 1
  %inside = icmp ult i64 %other, %n
  %src = select i1 %inside, i64 %other, i64 %lane
  %src32 = trunc i64 %src to i32
  %s = call i32 @ka.subgroup_shuffle(i32 %v, i32 %src32)
  %pos = icmp sgt i32 %v, 0
  %b = call i32 @ka.subgroup_ballot(i1 %pos)
  %sg = call i64 @ka.subgroup_id()
  %base = mul i64 %sg, %n
  %base32 = trunc i64 %base to i32
  %r = add i32 %s, %base32
  %ino = icmp slt i64 %i, %out.len
  br i1 %ino, label %write, label %exit

write:
  %po = getelementptr i32, i32 addrspace(1)* %out.ptr, i64 %i
  store i32 %r, i32 addrspace(1)* %po
  %pm = getelementptr i32, i32 addrspace(1)* %mask.ptr, i64 %i
  store i32 %b, i32 addrspace(1)* %pm
  br label %exit

exit:
  ret void
}

declare i64 @ka.global_id(i32)
declare i64 @ka.subgroup_size()
declare i64 @ka.subgroup_id()
declare i64 @ka.subgroup_local_id()
declare i32 @ka.subgroup_shuffle(i32, i32)
declare i32 @ka.subgroup_ballot(i1)
