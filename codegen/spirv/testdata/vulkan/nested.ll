; Nested: a continue and a break of an outer loop from inside an inner
; loop, the jumps structured SPIR-V cannot say in one branch (Vulkan's
; %ka.exit, structured.go), and phis on both sides.
;
;	count := 0
;	outer:
;	for a := 0; a < n; a++ {
;		for b := 0; b < n; b++ {
;			if (a*b+i)%7 == 3 { continue outer }
;			if a+b > lim { break outer }
;			count += a ^ b
;		}
;		count += 100
;	}
;	out[i] = count
define spir_kernel void @Nested(i64 addrspace(1)* %out.ptr, i64 %out.len, i64 %n, i64 %lim, i64 %ka.gsize0, i64 %ka.gsize1, i64 %ka.gsize2) {
entry:
  %i = call i64 @ka.global_id(i32 0)
  %inb = icmp ult i64 %i, %out.len
  br i1 %inb, label %oh, label %done

oh:
  %a = phi i64 [ 0, %entry ], [ %a1, %olatch ]
  %c = phi i64 [ 0, %entry ], [ %co, %olatch ]
  %om = icmp slt i64 %a, %n
  br i1 %om, label %ih, label %store

ih:
  %b = phi i64 [ 0, %oh ], [ %b1, %ibody2 ]
  %ci = phi i64 [ %c, %oh ], [ %c3, %ibody2 ]
  %im = icmp slt i64 %b, %n
  br i1 %im, label %ibody, label %iexit

ibody:
  %ab = mul i64 %a, %b
  %abi = add i64 %ab, %i
  %r = urem i64 %abi, 7
  %is3 = icmp eq i64 %r, 3
  br i1 %is3, label %olatch, label %ibody1

ibody1:
  %s = add i64 %a, %b
  %big = icmp sgt i64 %s, %lim
  br i1 %big, label %store, label %ibody2

ibody2:
  %x = xor i64 %a, %b
  %c3 = add i64 %ci, %x
  %b1 = add i64 %b, 1
  br label %ih

iexit:
  %c100 = add i64 %ci, 100
  br label %olatch

olatch:
  %co = phi i64 [ %ci, %ibody ], [ %c100, %iexit ]
  %a1 = add i64 %a, 1
  br label %oh

store:
  %cs = phi i64 [ %c, %oh ], [ %ci, %ibody1 ]
  %p = getelementptr i64, i64 addrspace(1)* %out.ptr, i64 %i
  store i64 %cs, i64 addrspace(1)* %p
  br label %done

done:
  ret void
}

declare i64 @ka.global_id(i32)
