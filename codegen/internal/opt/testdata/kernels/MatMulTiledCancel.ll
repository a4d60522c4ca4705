@ka.local.0 = internal addrspace(3) global [256 x float] undef
@ka.local.1 = internal addrspace(3) global [256 x float] undef
@ka.local.stop = internal addrspace(3) global [2 x i32] undef

define spir_kernel void @MatMulTiledCancel(i64 %n, float addrspace(1)* %a.ptr, i64 %a.len, float addrspace(1)* %b.ptr, i64 %b.len, float addrspace(1)* %c.ptr, i64 %c.len, i64 %ka.gsize0, i64 %ka.gsize1, i64 %ka.gsize2, i32 addrspace(1)* %ka.fault, i32 %ka.launch) {
entry:
	%0 = alloca i32, align 4
	store i32 0, i32* %0
	%1 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 6
	br label %2

2:
	%3 = getelementptr [256 x float], [256 x float] addrspace(3)* @ka.local.0, i64 0, i64 0
	%4 = getelementptr [256 x float], [256 x float] addrspace(3)* @ka.local.1, i64 0, i64 0
	%5 = call i64 @ka.local_id(i32 0)
	%6 = call i64 @ka.local_id(i32 1)
	%7 = call i64 @ka.global_id(i32 0)
	%8 = call i64 @ka.global_id(i32 1)
	br label %9

9:
	%10 = phi float [ 0.0, %2 ], [ %76, %98 ]
	%11 = phi i64 [ 0, %2 ], [ %99, %98 ]
	%12 = add i64 %n, 16
	%13 = sub i64 %12, 1
	%14 = sdiv i64 %13, 16
	%15 = icmp slt i64 %11, %14
	br i1 %15, label %25, label %16

16:
	%17 = icmp slt i64 %8, %n
	br i1 %17, label %18, label %24

18:
	%19 = icmp slt i64 %7, %n
	br i1 %19, label %20, label %24

20:
	%21 = mul i64 %8, %n
	%22 = add i64 %21, %7
	%23 = getelementptr float, float addrspace(1)* %c.ptr, i64 %22
	store float %10, float addrspace(1)* %23
	br label %24

24:
	ret void

25:
	%26 = mul i64 %11, 16
	%27 = add i64 %26, %5
	%28 = mul i64 %11, 16
	%29 = add i64 %28, %6
	%30 = icmp slt i64 %8, %n
	br i1 %30, label %31, label %38

31:
	%32 = icmp slt i64 %27, %n
	br i1 %32, label %33, label %38

33:
	%34 = mul i64 %8, %n
	%35 = add i64 %34, %27
	%36 = getelementptr float, float addrspace(1)* %a.ptr, i64 %35
	%37 = load float, float addrspace(1)* %36
	br label %38

38:
	%39 = phi float [ 0.0, %25 ], [ 0.0, %31 ], [ %37, %33 ]
	%40 = icmp slt i64 %29, %n
	br i1 %40, label %41, label %48

41:
	%42 = icmp slt i64 %7, %n
	br i1 %42, label %43, label %48

43:
	%44 = mul i64 %29, %n
	%45 = add i64 %44, %7
	%46 = getelementptr float, float addrspace(1)* %b.ptr, i64 %45
	%47 = load float, float addrspace(1)* %46
	br label %48

48:
	%49 = phi float [ 0.0, %38 ], [ 0.0, %41 ], [ %47, %43 ]
	%50 = mul i64 %6, 16
	%51 = add i64 %50, %5
	%52 = getelementptr float, float addrspace(3)* %3, i64 %51
	store float %39, float addrspace(3)* %52
	%53 = mul i64 %6, 16
	%54 = add i64 %53, %5
	%55 = getelementptr float, float addrspace(3)* %4, i64 %54
	store float %49, float addrspace(3)* %55
	%56 = load i32, i32* %0
	%57 = xor i32 %56, 1
	store i32 %57, i32* %0
	%58 = zext i32 %56 to i64
	%59 = getelementptr [2 x i32], [2 x i32] addrspace(3)* @ka.local.stop, i64 0, i64 %58
	%60 = call i64 @ka.local_id(i32 0)
	%61 = icmp eq i64 %60, 0
	%62 = and i1 true, %61
	%63 = call i64 @ka.local_id(i32 1)
	%64 = icmp eq i64 %63, 0
	%65 = and i1 %62, %64
	%66 = call i64 @ka.local_id(i32 2)
	%67 = icmp eq i64 %66, 0
	%68 = and i1 %65, %67
	br i1 %68, label %69, label %71

69:
	%70 = load volatile i32, i32 addrspace(1)* %1, align 4
	store i32 %70, i32 addrspace(3)* %59
	br label %71

71:
	call void @ka.barrier()
	%72 = load i32, i32 addrspace(3)* %59, align 4
	%73 = icmp ne i32 %72, 0
	br i1 %73, label %112, label %74

74:
	br label %75

75:
	%76 = phi float [ %10, %74 ], [ %110, %100 ]
	%77 = phi i64 [ 0, %74 ], [ %111, %100 ]
	%78 = icmp slt i64 %77, 16
	br i1 %78, label %100, label %79

79:
	%80 = load i32, i32* %0
	%81 = xor i32 %80, 1
	store i32 %81, i32* %0
	%82 = zext i32 %80 to i64
	%83 = getelementptr [2 x i32], [2 x i32] addrspace(3)* @ka.local.stop, i64 0, i64 %82
	%84 = call i64 @ka.local_id(i32 0)
	%85 = icmp eq i64 %84, 0
	%86 = and i1 true, %85
	%87 = call i64 @ka.local_id(i32 1)
	%88 = icmp eq i64 %87, 0
	%89 = and i1 %86, %88
	%90 = call i64 @ka.local_id(i32 2)
	%91 = icmp eq i64 %90, 0
	%92 = and i1 %89, %91
	br i1 %92, label %93, label %95

93:
	%94 = load volatile i32, i32 addrspace(1)* %1, align 4
	store i32 %94, i32 addrspace(3)* %83
	br label %95

95:
	call void @ka.barrier()
	%96 = load i32, i32 addrspace(3)* %83, align 4
	%97 = icmp ne i32 %96, 0
	br i1 %97, label %112, label %98

98:
	%99 = add i64 %11, 1
	br label %9

100:
	%101 = mul i64 %6, 16
	%102 = add i64 %101, %77
	%103 = getelementptr float, float addrspace(3)* %3, i64 %102
	%104 = load float, float addrspace(3)* %103
	%105 = mul i64 %77, 16
	%106 = add i64 %105, %5
	%107 = getelementptr float, float addrspace(3)* %4, i64 %106
	%108 = load float, float addrspace(3)* %107
	%109 = fmul float %104, %108
	%110 = fadd float %76, %109
	%111 = add i64 %77, 1
	br label %75

112:
	ret void
}

declare i64 @ka.local_id(i32 %0)

declare i64 @ka.global_id(i32 %0)

declare void @ka.barrier()
