define spir_kernel void @StencilNoCheck(i64 %n, float addrspace(1)* %in.ptr, i64 %in.len, float addrspace(1)* %out.ptr, i64 %out.len, i64 %ka.gsize0, i64 %ka.gsize1, i64 %ka.gsize2) {
entry:
	%0 = call i64 @ka.num_groups(i32 0)
	%1 = call i64 @ka.group_size(i32 0)
	%2 = call i64 @ka.global_size(i32 0)
	%3 = mul i64 %0, %1
	%4 = icmp ne i64 %3, %2
	%5 = call i64 @ka.num_groups(i32 1)
	%6 = call i64 @ka.group_size(i32 1)
	%7 = call i64 @ka.global_size(i32 1)
	%8 = mul i64 %5, %6
	%9 = icmp ne i64 %8, %7
	%10 = or i1 %4, %9
	%11 = call i64 @ka.num_groups(i32 2)
	%12 = call i64 @ka.group_size(i32 2)
	%13 = call i64 @ka.global_size(i32 2)
	%14 = mul i64 %11, %12
	%15 = icmp ne i64 %14, %13
	%16 = or i1 %10, %15
	br i1 %16, label %partial, label %28

partial:
	%17 = call i64 @ka.global_id(i32 0)
	%18 = call i64 @ka.global_size(i32 0)
	%19 = icmp uge i64 %17, %18
	%20 = call i64 @ka.global_id(i32 1)
	%21 = call i64 @ka.global_size(i32 1)
	%22 = icmp uge i64 %20, %21
	%23 = or i1 %19, %22
	%24 = call i64 @ka.global_id(i32 2)
	%25 = call i64 @ka.global_size(i32 2)
	%26 = icmp uge i64 %24, %25
	%27 = or i1 %23, %26
	br i1 %27, label %outside, label %28

28:
	%29 = call i64 @ka.global_id(i32 0)
	%30 = call i64 @ka.global_id(i32 1)
	%31 = call i64 @ka.global_id(i32 2)
	%32 = mul i64 %31, %n
	%33 = add i64 %32, %30
	%34 = mul i64 %33, %n
	%35 = add i64 %34, %29
	%36 = icmp eq i64 %29, 0
	br i1 %36, label %82, label %37

37:
	%38 = icmp eq i64 %30, 0
	br i1 %38, label %82, label %39

39:
	%40 = icmp eq i64 %31, 0
	br i1 %40, label %82, label %41

41:
	%42 = sub i64 %n, 1
	%43 = icmp eq i64 %29, %42
	br i1 %43, label %82, label %44

44:
	%45 = sub i64 %n, 1
	%46 = icmp eq i64 %30, %45
	br i1 %46, label %82, label %47

47:
	%48 = sub i64 %n, 1
	%49 = icmp eq i64 %31, %48
	br i1 %49, label %82, label %50

50:
	%51 = sub i64 %35, 1
	%52 = getelementptr float, float addrspace(1)* %in.ptr, i64 %51
	%53 = load float, float addrspace(1)* %52
	%54 = add i64 %35, 1
	%55 = getelementptr float, float addrspace(1)* %in.ptr, i64 %54
	%56 = load float, float addrspace(1)* %55
	%57 = fadd float %53, %56
	%58 = sub i64 %35, %n
	%59 = getelementptr float, float addrspace(1)* %in.ptr, i64 %58
	%60 = load float, float addrspace(1)* %59
	%61 = fadd float %57, %60
	%62 = add i64 %35, %n
	%63 = getelementptr float, float addrspace(1)* %in.ptr, i64 %62
	%64 = load float, float addrspace(1)* %63
	%65 = fadd float %61, %64
	%66 = mul i64 %n, %n
	%67 = sub i64 %35, %66
	%68 = getelementptr float, float addrspace(1)* %in.ptr, i64 %67
	%69 = load float, float addrspace(1)* %68
	%70 = fadd float %65, %69
	%71 = mul i64 %n, %n
	%72 = add i64 %35, %71
	%73 = getelementptr float, float addrspace(1)* %in.ptr, i64 %72
	%74 = load float, float addrspace(1)* %73
	%75 = fadd float %70, %74
	%76 = getelementptr float, float addrspace(1)* %in.ptr, i64 %35
	%77 = load float, float addrspace(1)* %76
	%78 = fmul float 0x3FD99999A0000000, %77
	%79 = fmul float 0x3FB99999A0000000, %75
	%80 = fadd float %78, %79
	%81 = getelementptr float, float addrspace(1)* %out.ptr, i64 %35
	store float %80, float addrspace(1)* %81
	ret void

82:
	%83 = getelementptr float, float addrspace(1)* %in.ptr, i64 %35
	%84 = load float, float addrspace(1)* %83
	%85 = getelementptr float, float addrspace(1)* %out.ptr, i64 %35
	store float %84, float addrspace(1)* %85
	ret void

outside:
	ret void
}

declare i64 @ka.global_id(i32 %0)

declare i64 @ka.num_groups(i32 %0)

declare i64 @ka.group_size(i32 %0)

declare i64 @ka.global_size(i32 %0)
