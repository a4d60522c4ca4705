; BitAtomics: ka.AtomicSub, AtomicAnd, AtomicOr and AtomicXor, as the front end lowers them (codegen/testdata/golden/BitAtomics.ll).
define spir_kernel void @BitAtomics(i32 addrspace(1)* %u.ptr, i64 %u.len, i64 addrspace(1)* %i.ptr, i64 %i.len, float addrspace(1)* %f.ptr, i64 %f.len, i64 %ka.gsize0, i64 %ka.gsize1, i64 %ka.gsize2) {
entry:
	br label %0

0:
	%1 = getelementptr i32, i32 addrspace(1)* %u.ptr, i64 0
	%2 = atomicrmw sub i32 addrspace(1)* %1, i32 3 monotonic
	%3 = getelementptr i32, i32 addrspace(1)* %u.ptr, i64 1
	%4 = call i64 @ka.global_id(i32 2)
	%5 = call i64 @ka.global_size(i32 1)
	%6 = call i64 @ka.global_id(i32 1)
	%7 = call i64 @ka.global_size(i32 0)
	%8 = call i64 @ka.global_id(i32 0)
	%9 = mul i64 %5, %4
	%10 = add i64 %6, %9
	%11 = mul i64 %7, %10
	%12 = add i64 %8, %11
	%13 = trunc i64 %12 to i32
	%14 = atomicrmw and i32 addrspace(1)* %3, i32 %13 monotonic
	%15 = getelementptr i64, i64 addrspace(1)* %i.ptr, i64 0
	%16 = call i64 @ka.global_id(i32 2)
	%17 = call i64 @ka.global_size(i32 1)
	%18 = call i64 @ka.global_id(i32 1)
	%19 = call i64 @ka.global_size(i32 0)
	%20 = call i64 @ka.global_id(i32 0)
	%21 = mul i64 %17, %16
	%22 = add i64 %18, %21
	%23 = mul i64 %19, %22
	%24 = add i64 %20, %23
	%25 = atomicrmw or i64 addrspace(1)* %15, i64 %24 monotonic
	%26 = getelementptr i64, i64 addrspace(1)* %i.ptr, i64 1
	%27 = atomicrmw xor i64 addrspace(1)* %26, i64 5 monotonic
	%28 = getelementptr float, float addrspace(1)* %f.ptr, i64 0
	%29 = fneg float 0.5
	%30 = atomicrmw fadd float addrspace(1)* %28, float %29 monotonic
	ret void
}

declare i64 @ka.global_id(i32 %0)

declare i64 @ka.global_size(i32 %0)
