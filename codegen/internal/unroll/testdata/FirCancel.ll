define spir_kernel void @FirCancel(float addrspace(1)* %x.ptr, i64 %x.len, float addrspace(1)* %taps.ptr, i64 %taps.len, float addrspace(1)* %y.ptr, i64 %y.len, i64 %ka.gsize0, i64 %ka.gsize1, i64 %ka.gsize2, i32 addrspace(1)* %ka.fault, i32 %ka.launch) {
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
	br i1 %20, label %90, label %21

21:
	br i1 %18, label %partial, label %33

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
	%43 = sub i64 8, 0
	%44 = icmp ugt i64 %43, 1024
	%45 = icmp slt i64 0, 8
	%46 = and i1 %45, %44
	%47 = add i64 0, 1024
	%48 = select i1 %46, i64 %47, i64 8
	br label %49

49:
	%50 = phi i64 [ %48, %33 ], [ %80, %76 ]
	%51 = phi float [ 0.0, %33 ], [ %54, %76 ]
	%52 = phi i64 [ 0, %33 ], [ %55, %76 ]
	br label %53

53:
	%54 = phi float [ %51, %49 ], [ %88, %81 ]
	%55 = phi i64 [ %52, %49 ], [ %89, %81 ]
	%56 = icmp slt i64 %55, %50
	br i1 %56, label %81, label %57

57:
	%58 = icmp slt i64 %55, 8
	br i1 %58, label %73, label %59

59:
	%60 = sub i64 %55, 0
	%61 = icmp ugt i64 %60, 1024
	%62 = select i1 %61, i64 1024, i64 %60
	%63 = trunc i64 %62 to i32
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
	br i1 %70, label %90, label %71

71:
	%72 = getelementptr float, float addrspace(1)* %y.ptr, i64 %42
	store float %54, float addrspace(1)* %72
	ret void

73:
	%74 = load volatile i32, i32 addrspace(1)* %1, align 4
	%75 = icmp ne i32 %74, 0
	br i1 %75, label %90, label %76

76:
	%77 = sub i64 8, %55
	%78 = icmp ugt i64 %77, 1024
	%79 = add i64 %55, 1024
	%80 = select i1 %78, i64 %79, i64 8
	br label %49

81:
	%82 = add i64 %42, %55
	%83 = getelementptr float, float addrspace(1)* %x.ptr, i64 %82
	%84 = load float, float addrspace(1)* %83
	%85 = getelementptr float, float addrspace(1)* %taps.ptr, i64 %55
	%86 = load float, float addrspace(1)* %85
	%87 = fmul float %84, %86
	%88 = fadd float %54, %87
	%89 = add i64 %55, 1
	br label %53

outside:
	ret void

90:
	ret void
}

declare i64 @ka.global_id(i32 %0)

declare i64 @ka.global_size(i32 %0)

declare i64 @ka.num_groups(i32 %0)

declare i64 @ka.group_size(i32 %0)
