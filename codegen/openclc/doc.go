// Package openclc emits OpenCL C 1.2 from kago's portable kernel IR (the
// LLVM IR module of docs/ir.md): the path for OpenCL drivers that take no
// SPIR-V, PoCL 3.x among them. Emit turns one module into one source file
// with one __kernel; backends build it with clCreateProgramWithSource.
//
// # Shape of the output
//
// The kernel keeps the module's parameters, the hidden ones (%ka.gsize0..2,
// the launch's range) becoming ulong ka_gsize0..2. Every SSA value is a
// variable declared at the top of the body. Control flow is structured
// (codegen/internal/structure, control.go): loops are for (;;), two-way
// branches if/else, jumps break and continue, and a forward goto is left
// only where those cannot say a jump (a labelled break or continue, &&
// before an else, a shared fault path); a loop that indexes a private
// array with its counter gets #pragma unroll. A phi is a variable assigned on
// each incoming edge just before the jump (through temporaries when the
// phis of a block read each other, as SSA's parallel copies require). Each @ka.local.<k> is a __local array at kernel scope. The
// file starts with #pragma OPENCL FP_CONTRACT OFF (LLVM's separate fmul and
// fadd must not be fused) and the extension pragmas the kernel needs. A
// kernel with the "ka-contract" attribute (//ka:contract) gets FP_CONTRACT
// ON instead, and each of emitutil.Contractions' pairs is one expression,
// x * y + z, which the compiler may fuse; every other operation keeps its
// own statement, which C never contracts across (docs/ir.md, "Contraction").
//
// # Types
//
//	IR                         OpenCL C
//	i1                         bool (not allowed as a kernel parameter: bools arrive as i8)
//	i8 i16 i32 i64             uchar ushort uint ulong
//	float double               float double (double needs Options.Float64, cl_khr_fp64)
//	T addrspace(1)*            __global T*   (addrspace(3): __local, 0: private)
//	[N x T] (alloca, local)    T name[N], nested arrays flattened; pointers to arrays decay
//
// LLVM integers have no sign, so values are stored unsigned and signed
// instructions cast: sdiv, srem, ashr, icmp s*, sext, sitofp and fptosi use
// char/short/int/long. 8- and 16-bit arithmetic is done in uint and
// truncated (C would promote to int, where overflow is undefined). Shift
// counts are not masked: the front end guarantees in-range counts where
// they matter, and OpenCL C masks counts itself.
//
// # Instructions
//
// Integer and float arithmetic are C operators (frem is fmod); fcmp's
// ordered predicates are C's relational operators, the unordered ones their
// negations, ord/uno use isnan. Conversions are C casts, bitcast between an
// integer and a float is as_float/as_uint/as_double/as_ulong. Constants are
// exact: integers as unsigned literals, floats as hexadecimal literals
// (0x1.8p+01f), infinities and NaN as as_float(0x7f800000u) and so on.
// select is ?:; getelementptr is pointer arithmetic in elements.
//
// Atomics are OpenCL 1.2's relaxed atomic functions (LLVM monotonic):
// atomic_add/sub/xchg/min/max/and/or/xor/cmpxchg on 32 bits, global or
// local; atomicrmw max/min cast the pointer to int* (signed), umax/umin use
// uint*. 64-bit atomics use atom_* and need Options.Int64Atomics
// (cl_khr_int64_base_atomics: add, sub, xchg, cmpxchg) or
// Options.Int64ExtendedAtomics (cl_khr_int64_extended_atomics: min, max,
// and, or, xor). atomicrmw fadd/fsub on float or double is a
// compare-and-swap loop on the bits (atomic_cmpxchg / atom_cmpxchg); xchg of
// a float swaps the bits. cmpxchg gives two variables, the old value and
// old == expected, read by extractvalue 0 and 1. 8- and 16-bit atomics do
// not exist in OpenCL C and are rejected with ErrUnsupported.
//
// # Intrinsics
//
//	@ka.global_id(d)   (ulong)get_global_id(d)
//	@ka.local_id(d)    (ulong)get_local_id(d)
//	@ka.group_id(d)    (ulong)get_group_id(d)
//	@ka.group_size(d)  (ulong)get_local_size(d)
//	@ka.num_groups(d)  (ulong)get_num_groups(d)
//	@ka.global_size(d) ka_gsize<d> (the user's range; get_global_size would be the rounded-up launch)
//	@ka.barrier()      barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE)
//	@llvm.trap()       printf of the kernel and work-item, then return
//	@ka.printf(...)    printf("format", args...)
//
// The front end no longer emits @llvm.trap: Go's checks and panic write
// the fault record (docs/ir.md) in plain IR. @llvm.trap cannot stop a launch in OpenCL C 1.2:
// __builtin_trap is a Clang extension that not every driver accepts, and a
// deliberate fault would kill a PoCL host process. The work-item prints
// "kago: kernel K: index out of range (work-item x,y,z)" (printf is core in
// 1.2; PoCL writes to the process's stdout) and returns; the other
// work-items go on and the launch reports success. A work-item that returns
// this way before a barrier its group still reaches is undefined behaviour
// in OpenCL (it may hang a GPU group). Making the failure reach the host
// needs an error buffer in the contract (see docs/ir.md).
//
// # Math and its accuracy
//
// The math intrinsics map to the OpenCL C built-ins of the same name
// (llvm.sqrt.f32 to sqrt, ka.math.atan2.f64 to atan2, ...); llvm.round is
// round (both round half away from zero). llvm.minimum and llvm.maximum
// have Go's min/max semantics (NaN wins, -0 < +0), which fmin/fmax lack, so
// they are small helper functions (ka_minimum_f32, ...) emitted when used.
//
// Accuracy is the minimum a full-profile device must reach for the
// non-native built-ins: the tables "ULP values for single precision
// built-in math functions" and "ULP values for double precision built-in
// createMath functions" under "Relative Error as ULPs" in the OpenCL C
// specification (section 7.4 of OpenCL 1.2; checked against the unified
// spec's source, OpenCL_C.txt in KhronosGroup/OpenCL-Docs, whose
// full-profile figures for these functions are the same). Real drivers are
// usually better, PoCL's CPU library among them. ULP are of the infinitely
// precise result; "correctly rounded" is at most 0.5 ULP, and exact where
// the result is representable (floor, ceil, trunc, round):
//
//	function     float (ULP)         double (ULP)
//	+ - *        correctly rounded   correctly rounded
//	x / y        2.5                 correctly rounded
//	sqrt         3                   correctly rounded
//	fma floor ceil trunc round
//	             correctly rounded   correctly rounded
//	fabs copysign frem(fmod)
//	             0                   0
//	minimum maximum (kago's helpers, comparisons and bit operations only)
//	             0                   0
//	exp exp2     3                   3
//	expm1        3                   3
//	log log2 log10 3                 3
//	log1p        2                   2
//	sin cos      4                   4
//	tan          5                   5
//	asin acos    4                   4
//	atan         5                   5
//	atan2        6                   6
//	sinh cosh    4                   4
//	tanh         5                   5
//	asinh acosh  4                   4
//	atanh        5                   5
//	cbrt         2                   2
//	hypot        4                   4
//	pow          16                  16
//
// Single-precision division and sqrt are correctly rounded only when the
// program is built with -cl-fp32-correctly-rounded-divide-sqrt (allowed
// where CL_DEVICE_SINGLE_FP_CONFIG has CL_FP_CORRECTLY_ROUNDED_DIVIDE_SQRT);
// backends should pass it there, and must never pass -cl-fast-relaxed-math,
// -cl-finite-math-only or -cl-mad-enable, which break the NaN and signed
// zero handling above. Denormals may be flushed to zero for float where
// CL_DEVICE_SINGLE_FP_CONFIG lacks CL_FP_DENORM (GPUs often do).
//
// # Errors
//
// A module outside the contract gives errors wrapping ErrBadIR; a kernel
// that needs a feature the device lacks (per Options) or that OpenCL C
// cannot express gives errors wrapping ErrUnsupported. Each is an *Error
// naming the kernel, block and instruction; all problems found are joined.
package openclc
