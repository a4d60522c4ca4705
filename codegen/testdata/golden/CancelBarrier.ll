@ka.local.0 = internal addrspace(3) global [64 x i32] undef
@ka.local.stop = internal addrspace(3) global [2 x i32] undef

define spir_kernel void @CancelBarrier(i32 addrspace(1)* %x.ptr, i64 %x.len, i32 %rounds, i64 %ka.gsize0, i64 %ka.gsize1, i64 %ka.gsize2, i32 addrspace(1)* %ka.fault, i32 %ka.launch) {
entry:
	%0 = alloca i32, align 4
	store i32 0, i32* %0
	%1 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 6
	br label %2

2:
	%3 = getelementptr [64 x i32], [64 x i32] addrspace(3)* @ka.local.0, i64 0, i64 0
	%4 = call i64 @ka.local_id(i32 2)
	%5 = call i64 @ka.local_id(i32 1)
	%6 = call i64 @ka.group_size(i32 1)
	%7 = mul i64 %6, %4
	%8 = add i64 %5, %7
	%9 = call i64 @ka.local_id(i32 0)
	%10 = call i64 @ka.group_size(i32 0)
	%11 = mul i64 %10, %8
	%12 = add i64 %9, %11
	%13 = call i64 @ka.global_id(i32 2)
	%14 = call i64 @ka.global_id(i32 1)
	%15 = call i64 @ka.global_size(i32 1)
	%16 = mul i64 %15, %13
	%17 = add i64 %14, %16
	%18 = call i64 @ka.global_id(i32 0)
	%19 = call i64 @ka.global_size(i32 0)
	%20 = mul i64 %19, %17
	%21 = add i64 %18, %20
	%22 = trunc i64 %21 to i32
	br label %23

23:
	%24 = phi i32 [ %22, %2 ], [ %115, %134 ]
	%25 = phi i32 [ 0, %2 ], [ %135, %134 ]
	%26 = icmp slt i32 %25, %rounds
	br i1 %26, label %41, label %27

27:
	%28 = call i64 @ka.global_id(i32 2)
	%29 = call i64 @ka.global_id(i32 1)
	%30 = call i64 @ka.global_size(i32 1)
	%31 = mul i64 %30, %28
	%32 = add i64 %29, %31
	%33 = call i64 @ka.global_id(i32 0)
	%34 = call i64 @ka.global_size(i32 0)
	%35 = mul i64 %34, %32
	%36 = add i64 %33, %35
	%37 = icmp slt i64 %36, %x.len
	br i1 %37, label %38, label %40

38:
	%39 = getelementptr i32, i32 addrspace(1)* %x.ptr, i64 %36
	store i32 %24, i32 addrspace(1)* %39
	br label %40

40:
	ret void

41:
	%42 = icmp ult i64 %12, 64
	br i1 %42, label %64, label %43

43:
	%44 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 0
	%45 = cmpxchg i32 addrspace(1)* %44, i32 0, i32 1 monotonic monotonic
	%46 = extractvalue { i32, i1 } %45, 1
	br i1 %46, label %47, label %63

47:
	%48 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 1
	store i32 %ka.launch, i32 addrspace(1)* %48
	%49 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 2
	store i32 0, i32 addrspace(1)* %49
	%50 = call i64 @ka.global_id(i32 0)
	%51 = trunc i64 %50 to i32
	%52 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 3
	store i32 %51, i32 addrspace(1)* %52
	%53 = call i64 @ka.global_id(i32 1)
	%54 = trunc i64 %53 to i32
	%55 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 4
	store i32 %54, i32 addrspace(1)* %55
	%56 = call i64 @ka.global_id(i32 2)
	%57 = trunc i64 %56 to i32
	%58 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 5
	store i32 %57, i32 addrspace(1)* %58
	%59 = bitcast i32 addrspace(1)* %ka.fault to i64 addrspace(1)*
	%60 = getelementptr i64, i64 addrspace(1)* %59, i64 4
	store i64 %12, i64 addrspace(1)* %60
	%61 = getelementptr i64, i64 addrspace(1)* %59, i64 5
	store i64 64, i64 addrspace(1)* %61
	%62 = getelementptr i64, i64 addrspace(1)* %59, i64 6
	store i64 0, i64 addrspace(1)* %62
	br label %63

63:
	br label %64

64:
	%65 = phi i64 [ %12, %41 ], [ 0, %63 ]
	%66 = getelementptr i32, i32 addrspace(3)* %3, i64 %65
	store i32 %24, i32 addrspace(3)* %66
	%67 = load i32, i32* %0
	%68 = xor i32 %67, 1
	store i32 %68, i32* %0
	%69 = zext i32 %67 to i64
	%70 = getelementptr [2 x i32], [2 x i32] addrspace(3)* @ka.local.stop, i64 0, i64 %69
	%71 = call i64 @ka.local_id(i32 0)
	%72 = icmp eq i64 %71, 0
	%73 = and i1 true, %72
	%74 = call i64 @ka.local_id(i32 1)
	%75 = icmp eq i64 %74, 0
	%76 = and i1 %73, %75
	%77 = call i64 @ka.local_id(i32 2)
	%78 = icmp eq i64 %77, 0
	%79 = and i1 %76, %78
	br i1 %79, label %80, label %82

80:
	%81 = load volatile i32, i32 addrspace(1)* %1, align 4
	store i32 %81, i32 addrspace(3)* %70
	br label %82

82:
	call void @ka.barrier()
	%83 = load i32, i32 addrspace(3)* %70, align 4
	%84 = icmp ne i32 %83, 0
	br i1 %84, label %136, label %85

85:
	%86 = mul i32 %24, 1664525
	%87 = add i64 %12, 1
	%88 = srem i64 %87, 64
	%89 = icmp ult i64 %88, 64
	br i1 %89, label %111, label %90

90:
	%91 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 0
	%92 = cmpxchg i32 addrspace(1)* %91, i32 0, i32 1 monotonic monotonic
	%93 = extractvalue { i32, i1 } %92, 1
	br i1 %93, label %94, label %110

94:
	%95 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 1
	store i32 %ka.launch, i32 addrspace(1)* %95
	%96 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 2
	store i32 1, i32 addrspace(1)* %96
	%97 = call i64 @ka.global_id(i32 0)
	%98 = trunc i64 %97 to i32
	%99 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 3
	store i32 %98, i32 addrspace(1)* %99
	%100 = call i64 @ka.global_id(i32 1)
	%101 = trunc i64 %100 to i32
	%102 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 4
	store i32 %101, i32 addrspace(1)* %102
	%103 = call i64 @ka.global_id(i32 2)
	%104 = trunc i64 %103 to i32
	%105 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 5
	store i32 %104, i32 addrspace(1)* %105
	%106 = bitcast i32 addrspace(1)* %ka.fault to i64 addrspace(1)*
	%107 = getelementptr i64, i64 addrspace(1)* %106, i64 4
	store i64 %88, i64 addrspace(1)* %107
	%108 = getelementptr i64, i64 addrspace(1)* %106, i64 5
	store i64 64, i64 addrspace(1)* %108
	%109 = getelementptr i64, i64 addrspace(1)* %106, i64 6
	store i64 0, i64 addrspace(1)* %109
	br label %110

110:
	br label %111

111:
	%112 = phi i64 [ %88, %85 ], [ 0, %110 ]
	%113 = getelementptr i32, i32 addrspace(3)* %3, i64 %112
	%114 = load i32, i32 addrspace(3)* %113
	%115 = add i32 %86, %114
	%116 = load i32, i32* %0
	%117 = xor i32 %116, 1
	store i32 %117, i32* %0
	%118 = zext i32 %116 to i64
	%119 = getelementptr [2 x i32], [2 x i32] addrspace(3)* @ka.local.stop, i64 0, i64 %118
	%120 = call i64 @ka.local_id(i32 0)
	%121 = icmp eq i64 %120, 0
	%122 = and i1 true, %121
	%123 = call i64 @ka.local_id(i32 1)
	%124 = icmp eq i64 %123, 0
	%125 = and i1 %122, %124
	%126 = call i64 @ka.local_id(i32 2)
	%127 = icmp eq i64 %126, 0
	%128 = and i1 %125, %127
	br i1 %128, label %129, label %131

129:
	%130 = load volatile i32, i32 addrspace(1)* %1, align 4
	store i32 %130, i32 addrspace(3)* %119
	br label %131

131:
	call void @ka.barrier()
	%132 = load i32, i32 addrspace(3)* %119, align 4
	%133 = icmp ne i32 %132, 0
	br i1 %133, label %136, label %134

134:
	%135 = add i32 %25, 1
	br label %23

136:
	ret void
}

declare i64 @ka.local_id(i32 %0)

declare i64 @ka.group_size(i32 %0)

declare i64 @ka.global_id(i32 %0)

declare i64 @ka.global_size(i32 %0)

declare void @ka.barrier()
