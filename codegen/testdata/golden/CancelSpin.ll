define spir_kernel void @CancelSpin(i32 addrspace(1)* %x.ptr, i64 %x.len, i32 %n, i64 %ka.gsize0, i64 %ka.gsize1, i64 %ka.gsize2, i32 addrspace(1)* %ka.fault, i32 %ka.launch) {
entry:
	%0 = alloca i32, align 4
	store i32 0, i32* %0
	%1 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 6
	%2 = call i64 @ka.num_groups(i32 0)
	%3 = call i64 @ka.group_size(i32 0)
	%4 = call i64 @ka.global_size(i32 0)
	%5 = mul i64 %2, %3
	%6 = icmp ne i64 %5, %4
	%7 = call i64 @ka.num_groups(i32 1)
	%8 = call i64 @ka.group_size(i32 1)
	%9 = call i64 @ka.global_size(i32 1)
	%10 = mul i64 %7, %8
	%11 = icmp ne i64 %10, %9
	%12 = or i1 %6, %11
	%13 = call i64 @ka.num_groups(i32 2)
	%14 = call i64 @ka.group_size(i32 2)
	%15 = call i64 @ka.global_size(i32 2)
	%16 = mul i64 %13, %14
	%17 = icmp ne i64 %16, %15
	%18 = or i1 %12, %17
	%19 = load volatile i32, i32 addrspace(1)* %1, align 4
	%20 = icmp ne i32 %19, 0
	br i1 %20, label %88, label %21

21:
	br i1 %18, label %partial, label %33, !ka.partial !{}

partial:
	%22 = call i64 @ka.global_id(i32 0)
	%23 = call i64 @ka.global_size(i32 0)
	%24 = icmp uge i64 %22, %23
	%25 = call i64 @ka.global_id(i32 1)
	%26 = call i64 @ka.global_size(i32 1)
	%27 = icmp uge i64 %25, %26
	%28 = or i1 %24, %27
	%29 = call i64 @ka.global_id(i32 2)
	%30 = call i64 @ka.global_size(i32 2)
	%31 = icmp uge i64 %29, %30
	%32 = or i1 %28, %31
	br i1 %32, label %outside, label %33

33:
	%34 = call i64 @ka.global_id(i32 2)
	%35 = call i64 @ka.global_id(i32 1)
	%36 = call i64 @ka.global_size(i32 1)
	%37 = mul i64 %36, %34
	%38 = add i64 %35, %37
	%39 = call i64 @ka.global_id(i32 0)
	%40 = call i64 @ka.global_size(i32 0)
	%41 = mul i64 %40, %38
	%42 = add i64 %39, %41
	%43 = trunc i64 %42 to i32
	%44 = sub i32 %n, 0
	%45 = icmp ugt i32 %44, 1024
	%46 = icmp slt i32 0, %n
	%47 = and i1 %46, %45
	%48 = add i32 0, 1024
	%49 = select i1 %47, i32 %48, i32 %n
	br label %50

50:
	%51 = phi i32 [ %49, %33 ], [ %83, %79 ]
	%52 = phi i32 [ %43, %33 ], [ %55, %79 ]
	%53 = phi i32 [ 0, %33 ], [ %56, %79 ]
	br label %54

54:
	%55 = phi i32 [ %52, %50 ], [ %86, %84 ]
	%56 = phi i32 [ %53, %50 ], [ %87, %84 ]
	%57 = icmp slt i32 %56, %51
	br i1 %57, label %84, label %58

58:
	%59 = icmp slt i32 %56, %n
	br i1 %59, label %76, label %60

60:
	%61 = sub i32 %56, 0
	%62 = icmp ugt i32 %61, 1024
	%63 = select i1 %62, i32 1024, i32 %61
	%64 = load i32, i32* %0, align 4
	%65 = add i32 %64, %63
	%66 = icmp uge i32 %65, 1024
	br i1 %66, label %68, label %67

67:
	store i32 %65, i32* %0, align 4
	br label %71

68:
	store i32 0, i32* %0, align 4
	%69 = load volatile i32, i32 addrspace(1)* %1, align 4
	%70 = icmp ne i32 %69, 0
	br i1 %70, label %88, label %71

71:
	%72 = icmp slt i64 %42, %x.len
	br i1 %72, label %73, label %75

73:
	%74 = getelementptr i32, i32 addrspace(1)* %x.ptr, i64 %42
	store i32 %55, i32 addrspace(1)* %74
	br label %75

75:
	ret void

76:
	%77 = load volatile i32, i32 addrspace(1)* %1, align 4
	%78 = icmp ne i32 %77, 0
	br i1 %78, label %88, label %79

79:
	%80 = sub i32 %n, %56
	%81 = icmp ugt i32 %80, 1024
	%82 = add i32 %56, 1024
	%83 = select i1 %81, i32 %82, i32 %n
	br label %50

84:
	%85 = mul i32 %55, 1664525
	%86 = add i32 %85, 1013904223
	%87 = add i32 %56, 1
	br label %54

outside:
	ret void

88:
	ret void
}

declare i64 @ka.global_id(i32 %0)

declare i64 @ka.global_size(i32 %0)

declare i64 @ka.num_groups(i32 %0)

declare i64 @ka.group_size(i32 %0)
