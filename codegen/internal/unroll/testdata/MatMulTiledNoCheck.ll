@ka.local.0 = internal addrspace(3) global [256 x float] undef
@ka.local.1 = internal addrspace(3) global [256 x float] undef

define spir_kernel void @MatMulTiledNoCheck(i64 %n, float addrspace(1)* %a.ptr, i64 %a.len, float addrspace(1)* %b.ptr, i64 %b.len, float addrspace(1)* %c.ptr, i64 %c.len, i64 %ka.gsize0, i64 %ka.gsize1, i64 %ka.gsize2) {
entry:
	br label %0

0:
	%1 = getelementptr [256 x float], [256 x float] addrspace(3)* @ka.local.0, i64 0, i64 0
	%2 = getelementptr [256 x float], [256 x float] addrspace(3)* @ka.local.1, i64 0, i64 0
	%3 = call i64 @ka.local_id(i32 0)
	%4 = call i64 @ka.local_id(i32 1)
	%5 = call i64 @ka.global_id(i32 0)
	%6 = call i64 @ka.global_id(i32 1)
	br label %7

7:
	%8 = phi float [ 0.0, %0 ], [ %55, %58 ]
	%9 = phi i64 [ 0, %0 ], [ %59, %58 ]
	%10 = add i64 %n, 16
	%11 = sub i64 %10, 1
	%12 = sdiv i64 %11, 16
	%13 = icmp slt i64 %9, %12
	br i1 %13, label %23, label %14

14:
	%15 = icmp slt i64 %6, %n
	br i1 %15, label %16, label %22

16:
	%17 = icmp slt i64 %5, %n
	br i1 %17, label %18, label %22

18:
	%19 = mul i64 %6, %n
	%20 = add i64 %19, %5
	%21 = getelementptr float, float addrspace(1)* %c.ptr, i64 %20
	store float %8, float addrspace(1)* %21
	br label %22

22:
	ret void

23:
	%24 = mul i64 %9, 16
	%25 = add i64 %24, %3
	%26 = mul i64 %9, 16
	%27 = add i64 %26, %4
	%28 = icmp slt i64 %6, %n
	br i1 %28, label %29, label %36

29:
	%30 = icmp slt i64 %25, %n
	br i1 %30, label %31, label %36

31:
	%32 = mul i64 %6, %n
	%33 = add i64 %32, %25
	%34 = getelementptr float, float addrspace(1)* %a.ptr, i64 %33
	%35 = load float, float addrspace(1)* %34
	br label %36

36:
	%37 = phi float [ 0.0, %23 ], [ 0.0, %29 ], [ %35, %31 ]
	%38 = icmp slt i64 %27, %n
	br i1 %38, label %39, label %46

39:
	%40 = icmp slt i64 %5, %n
	br i1 %40, label %41, label %46

41:
	%42 = mul i64 %27, %n
	%43 = add i64 %42, %5
	%44 = getelementptr float, float addrspace(1)* %b.ptr, i64 %43
	%45 = load float, float addrspace(1)* %44
	br label %46

46:
	%47 = phi float [ 0.0, %36 ], [ 0.0, %39 ], [ %45, %41 ]
	%48 = mul i64 %4, 16
	%49 = add i64 %48, %3
	%50 = getelementptr float, float addrspace(3)* %1, i64 %49
	store float %37, float addrspace(3)* %50
	%51 = mul i64 %4, 16
	%52 = add i64 %51, %3
	%53 = getelementptr float, float addrspace(3)* %2, i64 %52
	store float %47, float addrspace(3)* %53
	call void @ka.barrier()
	br label %54

54:
	%55 = phi float [ %8, %46 ], [ %70, %60 ]
	%56 = phi i64 [ 0, %46 ], [ %71, %60 ]
	%57 = icmp slt i64 %56, 16
	br i1 %57, label %60, label %58

58:
	call void @ka.barrier()
	%59 = add i64 %9, 1
	br label %7

60:
	%61 = mul i64 %4, 16
	%62 = add i64 %61, %56
	%63 = getelementptr float, float addrspace(3)* %1, i64 %62
	%64 = load float, float addrspace(3)* %63
	%65 = mul i64 %56, 16
	%66 = add i64 %65, %3
	%67 = getelementptr float, float addrspace(3)* %2, i64 %66
	%68 = load float, float addrspace(3)* %67
	%69 = fmul float %64, %68
	%70 = fadd float %55, %69
	%71 = add i64 %56, 1
	br label %54
}

declare i64 @ka.local_id(i32 %0)

declare i64 @ka.global_id(i32 %0)

declare void @ka.barrier()
