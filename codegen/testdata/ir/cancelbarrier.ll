@ka.local.0 = internal addrspace(3) global [64 x i32] undef
@ka.local.stop = internal addrspace(3) global [2 x i32] undef

define spir_kernel void @CancelBarrier(i32 addrspace(1)* %x.ptr, i64 %x.len, i32 %rounds, i64 %ka.gsize0, i64 %ka.gsize1, i64 %ka.gsize2, i32 addrspace(1)* %ka.fault, i32 %ka.launch) {
entry:
	%0 = alloca i32, align 4
	store i32 0, i32* %0
	%1 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 6
	%2 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 16
	br label %3

3:
	%4 = getelementptr [64 x i32], [64 x i32] addrspace(3)* @ka.local.0, i64 0, i64 0
	%5 = call i64 @ka.local_id(i32 2)
	%6 = call i64 @ka.group_size(i32 1)
	%7 = call i64 @ka.local_id(i32 1)
	%8 = call i64 @ka.group_size(i32 0)
	%9 = call i64 @ka.local_id(i32 0)
	%10 = mul i64 %6, %5
	%11 = add i64 %7, %10
	%12 = mul i64 %8, %11
	%13 = add i64 %9, %12
	%14 = call i64 @ka.global_id(i32 2)
	%15 = call i64 @ka.global_size(i32 1)
	%16 = call i64 @ka.global_id(i32 1)
	%17 = call i64 @ka.global_size(i32 0)
	%18 = call i64 @ka.global_id(i32 0)
	%19 = mul i64 %15, %14
	%20 = add i64 %16, %19
	%21 = mul i64 %17, %20
	%22 = add i64 %18, %21
	%23 = trunc i64 %22 to i32
	br label %24

24:
	%25 = phi i32 [ %23, %3 ], [ %141, %160 ]
	%26 = phi i32 [ 0, %3 ], [ %161, %160 ]
	%27 = icmp slt i32 %26, %rounds
	br i1 %27, label %67, label %28

28:
	%29 = call i64 @ka.global_id(i32 2)
	%30 = call i64 @ka.global_size(i32 1)
	%31 = call i64 @ka.global_id(i32 1)
	%32 = call i64 @ka.global_size(i32 0)
	%33 = call i64 @ka.global_id(i32 0)
	%34 = mul i64 %30, %29
	%35 = add i64 %31, %34
	%36 = mul i64 %32, %35
	%37 = add i64 %33, %36
	%38 = icmp slt i64 %37, %x.len
	br i1 %38, label %39, label %66

39:
	%40 = icmp ult i64 %37, %x.len
	br i1 %40, label %62, label %41

41:
	%42 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 0
	%43 = cmpxchg i32 addrspace(1)* %42, i32 0, i32 1 monotonic monotonic
	%44 = extractvalue { i32, i1 } %43, 1
	br i1 %44, label %45, label %61

45:
	%46 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 1
	store i32 %ka.launch, i32 addrspace(1)* %46
	%47 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 2
	store i32 2, i32 addrspace(1)* %47
	%48 = call i64 @ka.global_id(i32 0)
	%49 = trunc i64 %48 to i32
	%50 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 3
	store i32 %49, i32 addrspace(1)* %50
	%51 = call i64 @ka.global_id(i32 1)
	%52 = trunc i64 %51 to i32
	%53 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 4
	store i32 %52, i32 addrspace(1)* %53
	%54 = call i64 @ka.global_id(i32 2)
	%55 = trunc i64 %54 to i32
	%56 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 5
	store i32 %55, i32 addrspace(1)* %56
	%57 = bitcast i32 addrspace(1)* %ka.fault to i64 addrspace(1)*
	%58 = getelementptr i64, i64 addrspace(1)* %57, i64 4
	store i64 %37, i64 addrspace(1)* %58
	%59 = getelementptr i64, i64 addrspace(1)* %57, i64 5
	store i64 %x.len, i64 addrspace(1)* %59
	%60 = getelementptr i64, i64 addrspace(1)* %57, i64 6
	store i64 0, i64 addrspace(1)* %60
	br label %61

61:
	br label %62

62:
	%63 = phi i32 addrspace(1)* [ %x.ptr, %39 ], [ %2, %61 ]
	%64 = phi i64 [ %37, %39 ], [ 0, %61 ]
	%65 = getelementptr i32, i32 addrspace(1)* %63, i64 %64
	store i32 %25, i32 addrspace(1)* %65
	br label %66

66:
	ret void

67:
	%68 = icmp ult i64 %13, 64
	br i1 %68, label %90, label %69

69:
	%70 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 0
	%71 = cmpxchg i32 addrspace(1)* %70, i32 0, i32 1 monotonic monotonic
	%72 = extractvalue { i32, i1 } %71, 1
	br i1 %72, label %73, label %89

73:
	%74 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 1
	store i32 %ka.launch, i32 addrspace(1)* %74
	%75 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 2
	store i32 0, i32 addrspace(1)* %75
	%76 = call i64 @ka.global_id(i32 0)
	%77 = trunc i64 %76 to i32
	%78 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 3
	store i32 %77, i32 addrspace(1)* %78
	%79 = call i64 @ka.global_id(i32 1)
	%80 = trunc i64 %79 to i32
	%81 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 4
	store i32 %80, i32 addrspace(1)* %81
	%82 = call i64 @ka.global_id(i32 2)
	%83 = trunc i64 %82 to i32
	%84 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 5
	store i32 %83, i32 addrspace(1)* %84
	%85 = bitcast i32 addrspace(1)* %ka.fault to i64 addrspace(1)*
	%86 = getelementptr i64, i64 addrspace(1)* %85, i64 4
	store i64 %13, i64 addrspace(1)* %86
	%87 = getelementptr i64, i64 addrspace(1)* %85, i64 5
	store i64 64, i64 addrspace(1)* %87
	%88 = getelementptr i64, i64 addrspace(1)* %85, i64 6
	store i64 0, i64 addrspace(1)* %88
	br label %89

89:
	br label %90

90:
	%91 = phi i64 [ %13, %67 ], [ 0, %89 ]
	%92 = getelementptr i32, i32 addrspace(3)* %4, i64 %91
	store i32 %25, i32 addrspace(3)* %92
	%93 = load i32, i32* %0
	%94 = xor i32 %93, 1
	store i32 %94, i32* %0
	%95 = zext i32 %93 to i64
	%96 = getelementptr [2 x i32], [2 x i32] addrspace(3)* @ka.local.stop, i64 0, i64 %95
	%97 = call i64 @ka.local_id(i32 0)
	%98 = icmp eq i64 %97, 0
	%99 = and i1 true, %98
	%100 = call i64 @ka.local_id(i32 1)
	%101 = icmp eq i64 %100, 0
	%102 = and i1 %99, %101
	%103 = call i64 @ka.local_id(i32 2)
	%104 = icmp eq i64 %103, 0
	%105 = and i1 %102, %104
	br i1 %105, label %106, label %108

106:
	%107 = load volatile i32, i32 addrspace(1)* %1, align 4
	store i32 %107, i32 addrspace(3)* %96
	br label %108

108:
	call void @ka.barrier()
	%109 = load i32, i32 addrspace(3)* %96, align 4
	%110 = icmp ne i32 %109, 0
	br i1 %110, label %162, label %111

111:
	%112 = mul i32 %25, 1664525
	%113 = add i64 %13, 1
	%114 = srem i64 %113, 64
	%115 = icmp ult i64 %114, 64
	br i1 %115, label %137, label %116

116:
	%117 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 0
	%118 = cmpxchg i32 addrspace(1)* %117, i32 0, i32 1 monotonic monotonic
	%119 = extractvalue { i32, i1 } %118, 1
	br i1 %119, label %120, label %136

120:
	%121 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 1
	store i32 %ka.launch, i32 addrspace(1)* %121
	%122 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 2
	store i32 1, i32 addrspace(1)* %122
	%123 = call i64 @ka.global_id(i32 0)
	%124 = trunc i64 %123 to i32
	%125 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 3
	store i32 %124, i32 addrspace(1)* %125
	%126 = call i64 @ka.global_id(i32 1)
	%127 = trunc i64 %126 to i32
	%128 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 4
	store i32 %127, i32 addrspace(1)* %128
	%129 = call i64 @ka.global_id(i32 2)
	%130 = trunc i64 %129 to i32
	%131 = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 5
	store i32 %130, i32 addrspace(1)* %131
	%132 = bitcast i32 addrspace(1)* %ka.fault to i64 addrspace(1)*
	%133 = getelementptr i64, i64 addrspace(1)* %132, i64 4
	store i64 %114, i64 addrspace(1)* %133
	%134 = getelementptr i64, i64 addrspace(1)* %132, i64 5
	store i64 64, i64 addrspace(1)* %134
	%135 = getelementptr i64, i64 addrspace(1)* %132, i64 6
	store i64 0, i64 addrspace(1)* %135
	br label %136

136:
	br label %137

137:
	%138 = phi i64 [ %114, %111 ], [ 0, %136 ]
	%139 = getelementptr i32, i32 addrspace(3)* %4, i64 %138
	%140 = load i32, i32 addrspace(3)* %139
	%141 = add i32 %112, %140
	%142 = load i32, i32* %0
	%143 = xor i32 %142, 1
	store i32 %143, i32* %0
	%144 = zext i32 %142 to i64
	%145 = getelementptr [2 x i32], [2 x i32] addrspace(3)* @ka.local.stop, i64 0, i64 %144
	%146 = call i64 @ka.local_id(i32 0)
	%147 = icmp eq i64 %146, 0
	%148 = and i1 true, %147
	%149 = call i64 @ka.local_id(i32 1)
	%150 = icmp eq i64 %149, 0
	%151 = and i1 %148, %150
	%152 = call i64 @ka.local_id(i32 2)
	%153 = icmp eq i64 %152, 0
	%154 = and i1 %151, %153
	br i1 %154, label %155, label %157

155:
	%156 = load volatile i32, i32 addrspace(1)* %1, align 4
	store i32 %156, i32 addrspace(3)* %145
	br label %157

157:
	call void @ka.barrier()
	%158 = load i32, i32 addrspace(3)* %145, align 4
	%159 = icmp ne i32 %158, 0
	br i1 %159, label %162, label %160

160:
	%161 = add i32 %26, 1
	br label %24

162:
	ret void
}

declare i64 @ka.local_id(i32 %0)

declare i64 @ka.group_size(i32 %0)

declare i64 @ka.global_id(i32 %0)

declare i64 @ka.global_size(i32 %0)

declare void @ka.barrier()
