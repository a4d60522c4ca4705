define spir_kernel void @MatMulNaiveCancel(i64 %n, float addrspace(1)* %a.ptr, i64 %a.len, float addrspace(1)* %b.ptr, i64 %b.len, float addrspace(1)* %c.ptr, i64 %c.len, i64 %ka.gsize0, i64 %ka.gsize1, i64 %ka.gsize2, i32 addrspace(1)* %ka.fault, i32 %ka.launch) {
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
	br i1 %20, label %93, label %21

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
	%34 = call i64 @ka.global_id(i32 0)
	%35 = call i64 @ka.global_id(i32 1)
	%36 = icmp slt i64 %34, %n
	br i1 %36, label %37, label %72

37:
	%38 = icmp slt i64 %35, %n
	br i1 %38, label %39, label %72

39:
	%40 = sub i64 %n, 0
	%41 = icmp ugt i64 %40, 1024
	%42 = icmp slt i64 0, %n
	%43 = and i1 %42, %41
	%44 = add i64 0, 1024
	%45 = select i1 %43, i64 %44, i64 %n
	br label %46

46:
	%47 = phi i64 [ %45, %39 ], [ %80, %76 ]
	%48 = phi float [ 0.0, %39 ], [ %51, %76 ]
	%49 = phi i64 [ 0, %39 ], [ %52, %76 ]
	br label %50

50:
	%51 = phi float [ %48, %46 ], [ %91, %81 ]
	%52 = phi i64 [ %49, %46 ], [ %92, %81 ]
	%53 = icmp slt i64 %52, %47
	br i1 %53, label %81, label %54

54:
	%55 = icmp slt i64 %52, %n
	br i1 %55, label %73, label %56

56:
	%57 = sub i64 %52, 0
	%58 = icmp ugt i64 %57, 1024
	%59 = select i1 %58, i64 1024, i64 %57
	%60 = trunc i64 %59 to i32
	%61 = load i32, i32* %0, align 4
	%62 = add i32 %61, %60
	%63 = icmp uge i32 %62, 1024
	br i1 %63, label %65, label %64

64:
	store i32 %62, i32* %0, align 4
	br label %68

65:
	store i32 0, i32* %0, align 4
	%66 = load volatile i32, i32 addrspace(1)* %1, align 4
	%67 = icmp ne i32 %66, 0
	br i1 %67, label %93, label %68

68:
	%69 = mul i64 %35, %n
	%70 = add i64 %69, %34
	%71 = getelementptr float, float addrspace(1)* %c.ptr, i64 %70
	store float %51, float addrspace(1)* %71
	br label %72

72:
	ret void

73:
	%74 = load volatile i32, i32 addrspace(1)* %1, align 4
	%75 = icmp ne i32 %74, 0
	br i1 %75, label %93, label %76

76:
	%77 = sub i64 %n, %52
	%78 = icmp ugt i64 %77, 1024
	%79 = add i64 %52, 1024
	%80 = select i1 %78, i64 %79, i64 %n
	br label %46

81:
	%82 = mul i64 %35, %n
	%83 = add i64 %82, %52
	%84 = getelementptr float, float addrspace(1)* %a.ptr, i64 %83
	%85 = load float, float addrspace(1)* %84
	%86 = mul i64 %52, %n
	%87 = add i64 %86, %34
	%88 = getelementptr float, float addrspace(1)* %b.ptr, i64 %87
	%89 = load float, float addrspace(1)* %88
	%90 = fmul float %85, %89
	%91 = fadd float %51, %90
	%92 = add i64 %52, 1
	br label %50

outside:
	ret void

93:
	ret void
}

declare i64 @ka.global_id(i32 %0)

declare i64 @ka.num_groups(i32 %0)

declare i64 @ka.group_size(i32 %0)

declare i64 @ka.global_size(i32 %0)
