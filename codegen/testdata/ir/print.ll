; Print: print, println and ka.Printf as @ka.printf calls with C formats
; (docs/ir.md); a bool branches to print "true" or "false". The front
; end's output for testdata/golden's Print.

define spir_kernel void @Print(float addrspace(1)* %x.ptr, i64 %x.len, i8 %ok, i64 %ka.gsize0, i64 %ka.gsize1, i64 %ka.gsize2, i32 addrspace(1)* %ka.fault, i32 %ka.launch) {
entry:
	%0 = icmp ne i8 %ok, 0
	br label %1

1:
	%2 = call i64 @ka.global_id(i32 2)
	%3 = call i64 @ka.global_size(i32 1)
	%4 = call i64 @ka.global_id(i32 1)
	%5 = call i64 @ka.global_size(i32 0)
	%6 = call i64 @ka.global_id(i32 0)
	%7 = mul i64 %3, %2
	%8 = add i64 %4, %7
	%9 = mul i64 %5, %8
	%10 = add i64 %6, %9
	%11 = icmp ult i64 %10, %x.len
	br i1 %11, label %12, label %fault

12:
	%13 = getelementptr float, float addrspace(1)* %x.ptr, i64 %10
	%14 = load float, float addrspace(1)* %13
	%15 = fpext float %14 to double
	br i1 %0, label %17, label %16

16:
	call void (...) @ka.printf([17 x i8] c"x %ld %+e false\0A\00", i64 %10, double %15)
	br label %18

17:
	call void (...) @ka.printf([16 x i8] c"x %ld %+e true\0A\00", i64 %10, double %15)
	br label %18

18:
	%19 = sext i8 -3 to i64
	%20 = zext i16 7 to i64
	call void (...) @ka.printf([18 x i8] c"no newline %ld%lu\00", i64 %19, i64 %20)
	%21 = icmp ult i64 %10, %x.len
	br i1 %21, label %46, label %fault

fault:
	%22 = phi i32 [ 0, %1 ], [ 1, %18 ]
	%23 = phi i64 [ %10, %1 ], [ %10, %18 ]
	%24 = phi i64 [ %x.len, %1 ], [ %x.len, %18 ]
	%25 = phi i64 [ 0, %1 ], [ 0, %18 ]
	%26 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 0
	%27 = cmpxchg i32 addrspace(1)* %26, i32 0, i32 1 monotonic monotonic
	%28 = extractvalue { i32, i1 } %27, 1
	br i1 %28, label %29, label %45

29:
	%30 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 1
	store i32 %ka.launch, i32 addrspace(1)* %30
	%31 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 2
	store i32 %22, i32 addrspace(1)* %31
	%32 = call i64 @ka.global_id(i32 0)
	%33 = trunc i64 %32 to i32
	%34 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 3
	store i32 %33, i32 addrspace(1)* %34
	%35 = call i64 @ka.global_id(i32 1)
	%36 = trunc i64 %35 to i32
	%37 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 4
	store i32 %36, i32 addrspace(1)* %37
	%38 = call i64 @ka.global_id(i32 2)
	%39 = trunc i64 %38 to i32
	%40 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 5
	store i32 %39, i32 addrspace(1)* %40
	%41 = bitcast i32 addrspace(1)* %ka.fault to i64 addrspace(1)*
	%42 = getelementptr i64, i64 addrspace(1)* %41, i64 4
	store i64 %23, i64 addrspace(1)* %42
	%43 = getelementptr i64, i64 addrspace(1)* %41, i64 5
	store i64 %24, i64 addrspace(1)* %43
	%44 = getelementptr i64, i64 addrspace(1)* %41, i64 6
	store i64 %25, i64 addrspace(1)* %44
	br label %45

45:
	ret void

46:
	%47 = getelementptr float, float addrspace(1)* %x.ptr, i64 %10
	%48 = load float, float addrspace(1)* %47
	%49 = fpext float %48 to double
	%50 = zext i32 255 to i64
	br i1 %0, label %52, label %51

51:
	call void (...) @ka.printf([30 x i8] c"x[%ld] = %.2f (false, %lx%%)\0A\00", i64 %10, double %49, i64 %50)
	br label %53

52:
	call void (...) @ka.printf([29 x i8] c"x[%ld] = %.2f (true, %lx%%)\0A\00", i64 %10, double %49, i64 %50)
	br label %53

53:
	ret void
}

declare i64 @ka.global_id(i32 %0)

declare i64 @ka.global_size(i32 %0)

declare void @ka.printf(...)
