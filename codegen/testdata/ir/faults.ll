; Faults: the fault record of a kernel without barriers (docs/ir.md, "The
; fault record"): index, slice and division checks and a panic branch to one
; block that records the site and values (the first failing work-item wins
; the cmpxchg on the state word) and returns. The front end's output for
;
;	//ka:kernel
;	func Faults(it ka.Item, x []int32, d int32) {
;		i := it.Global()
;		if x[i] < 0 {
;			panic(fmt.Sprintf("negative x[%d] = %d", i, x[i]))
;		}
;		s := x[1:i]
;		s[0] = x[i]/d + x[i]%7
;	}

define spir_kernel void @Faults(i32 addrspace(1)* %x.ptr, i64 %x.len, i32 %d, i64 %ka.gsize0, i64 %ka.gsize1, i64 %ka.gsize2, i32 addrspace(1)* %ka.fault, i32 %ka.launch) {
entry:
	br label %0

0:
	%1 = call i64 @ka.global_id(i32 2)
	%2 = call i64 @ka.global_size(i32 1)
	%3 = call i64 @ka.global_id(i32 1)
	%4 = call i64 @ka.global_size(i32 0)
	%5 = call i64 @ka.global_id(i32 0)
	%6 = mul i64 %2, %1
	%7 = add i64 %3, %6
	%8 = mul i64 %4, %7
	%9 = add i64 %5, %8
	%10 = icmp ult i64 %9, %x.len
	br i1 %10, label %11, label %fault

11:
	%12 = getelementptr i32, i32 addrspace(1)* %x.ptr, i64 %9
	%13 = load i32, i32 addrspace(1)* %12
	%14 = icmp slt i32 %13, 0
	br i1 %14, label %38, label %15

15:
	%16 = icmp ule i64 %9, %x.len
	br i1 %16, label %17, label %fault

17:
	%18 = icmp ule i64 1, %9
	br i1 %18, label %19, label %fault

19:
	%20 = getelementptr i32, i32 addrspace(1)* %x.ptr, i64 1
	%21 = sub i64 %9, 1
	%22 = icmp ult i64 %9, %x.len
	br i1 %22, label %23, label %fault

23:
	%24 = getelementptr i32, i32 addrspace(1)* %x.ptr, i64 %9
	%25 = load i32, i32 addrspace(1)* %24
	%26 = icmp ne i32 %d, 0
	br i1 %26, label %27, label %fault

27:
	%28 = sdiv i32 %25, %d
	%29 = icmp ult i64 %9, %x.len
	br i1 %29, label %30, label %fault

30:
	%31 = getelementptr i32, i32 addrspace(1)* %x.ptr, i64 %9
	%32 = load i32, i32 addrspace(1)* %31
	%33 = srem i32 %32, 7
	%34 = add i32 %28, %33
	%35 = icmp ult i64 0, %21
	br i1 %35, label %36, label %fault

36:
	%37 = getelementptr i32, i32 addrspace(1)* %20, i64 0
	store i32 %34, i32 addrspace(1)* %37
	ret void

38:
	%39 = icmp ult i64 %9, %x.len
	br i1 %39, label %40, label %fault

40:
	%41 = getelementptr i32, i32 addrspace(1)* %x.ptr, i64 %9
	%42 = load i32, i32 addrspace(1)* %41
	%43 = zext i32 %42 to i64
	br label %fault

fault:
	%44 = phi i32 [ 0, %0 ], [ 1, %38 ], [ 2, %40 ], [ 3, %15 ], [ 4, %17 ], [ 5, %19 ], [ 6, %23 ], [ 7, %27 ], [ 8, %30 ]
	%45 = phi i64 [ %9, %0 ], [ %9, %38 ], [ %9, %40 ], [ %9, %15 ], [ 1, %17 ], [ %9, %19 ], [ 0, %23 ], [ %9, %27 ], [ 0, %30 ]
	%46 = phi i64 [ %x.len, %0 ], [ %x.len, %38 ], [ %43, %40 ], [ %x.len, %15 ], [ %9, %17 ], [ %x.len, %19 ], [ 0, %23 ], [ %x.len, %27 ], [ %21, %30 ]
	%47 = phi i64 [ 0, %0 ], [ 0, %38 ], [ 0, %40 ], [ 0, %15 ], [ 0, %17 ], [ 0, %19 ], [ 0, %23 ], [ 0, %27 ], [ 0, %30 ]
	%48 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 0
	%49 = cmpxchg i32 addrspace(1)* %48, i32 0, i32 1 monotonic monotonic
	%50 = extractvalue { i32, i1 } %49, 1
	br i1 %50, label %51, label %67

51:
	%52 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 1
	store i32 %ka.launch, i32 addrspace(1)* %52
	%53 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 2
	store i32 %44, i32 addrspace(1)* %53
	%54 = call i64 @ka.global_id(i32 0)
	%55 = trunc i64 %54 to i32
	%56 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 3
	store i32 %55, i32 addrspace(1)* %56
	%57 = call i64 @ka.global_id(i32 1)
	%58 = trunc i64 %57 to i32
	%59 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 4
	store i32 %58, i32 addrspace(1)* %59
	%60 = call i64 @ka.global_id(i32 2)
	%61 = trunc i64 %60 to i32
	%62 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 5
	store i32 %61, i32 addrspace(1)* %62
	%63 = bitcast i32 addrspace(1)* %ka.fault to i64 addrspace(1)*
	%64 = getelementptr i64, i64 addrspace(1)* %63, i64 4
	store i64 %45, i64 addrspace(1)* %64
	%65 = getelementptr i64, i64 addrspace(1)* %63, i64 5
	store i64 %46, i64 addrspace(1)* %65
	%66 = getelementptr i64, i64 addrspace(1)* %63, i64 6
	store i64 %47, i64 addrspace(1)* %66
	br label %67

67:
	ret void
}

declare i64 @ka.global_id(i32 %0)

declare i64 @ka.global_size(i32 %0)
