; LocalHist: a histogram in local memory whose length the launch chooses
; (ka.Local[uint32]): an addrspace(3) pointer parameter and its length
; (docs/ir.md, "Kernel ABI"). Zero the bins, barrier, count with local
; atomics, barrier, add the group's bins to the global ones.
;
;	//ka:kernel
;	func LocalHist(it ka.Item, local ka.Local[uint32], in, bins []uint32) {
;		h := local.Slice(it)
;		l, n := it.LocalID(0), it.GroupSize(0)
;		for b := l; b < len(h); b += n { h[b] = 0 }
;		it.Barrier()
;		if i := it.Global(); i < len(in) { ka.AtomicAdd(&h[int(in[i]%uint32(len(h)))], 1) }
;		it.Barrier()
;		for b := l; b < len(h); b += n { ka.AtomicAdd(&bins[b], h[b]) }
;	}

define spir_kernel void @LocalHist(i32 addrspace(3)* %local.ptr, i64 %local.len, i32 addrspace(1)* %in.ptr, i64 %in.len, i32 addrspace(1)* %bins.ptr, i64 %bins.len, i64 %ka.gsize0, i64 %ka.gsize1, i64 %ka.gsize2) {
entry:
  %l = call i64 @ka.local_id(i32 0)
  %n = call i64 @ka.group_size(i32 0)
  br label %zero.head

zero.head:
  %b0 = phi i64 [ %l, %entry ], [ %b0.next, %zero.body ]
  %zmore = icmp slt i64 %b0, %local.len
  br i1 %zmore, label %zero.body, label %count

zero.body:
  %pz = getelementptr i32, i32 addrspace(3)* %local.ptr, i64 %b0
  store i32 0, i32 addrspace(3)* %pz
  %b0.next = add i64 %b0, %n
  br label %zero.head

count:
  call void @ka.barrier()
  %i = call i64 @ka.global_id(i32 0)
  %inr = icmp slt i64 %i, %in.len
  br i1 %inr, label %add, label %flush.start

add:
  %px = getelementptr i32, i32 addrspace(1)* %in.ptr, i64 %i
  %x = load i32, i32 addrspace(1)* %px
  %len32 = trunc i64 %local.len to i32
  %bin32 = urem i32 %x, %len32
  %bin = zext i32 %bin32 to i64
  %pb = getelementptr i32, i32 addrspace(3)* %local.ptr, i64 %bin
  %old = atomicrmw add i32 addrspace(3)* %pb, i32 1 monotonic
  br label %flush.start

flush.start:
  call void @ka.barrier()
  br label %flush.head

flush.head:
  %b1 = phi i64 [ %l, %flush.start ], [ %b1.next, %flush.body ]
  %fmore = icmp slt i64 %b1, %local.len
  br i1 %fmore, label %flush.body, label %exit

flush.body:
  %ph = getelementptr i32, i32 addrspace(3)* %local.ptr, i64 %b1
  %c = load i32, i32 addrspace(3)* %ph
  %pg = getelementptr i32, i32 addrspace(1)* %bins.ptr, i64 %b1
  %old2 = atomicrmw add i32 addrspace(1)* %pg, i32 %c monotonic
  %b1.next = add i64 %b1, %n
  br label %flush.head

exit:
  ret void
}

declare i64 @ka.local_id(i32)
declare i64 @ka.group_size(i32)
declare i64 @ka.global_id(i32)
declare void @ka.barrier()
