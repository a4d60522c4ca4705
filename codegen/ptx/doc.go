// Package ptx emits NVIDIA PTX text for one kernel of kago's portable LLVM
// IR (docs/ir.md). Kago writes the PTX itself; no LLVM back end is involved.
//
//	out, err := ptx.Emit(module, ptx.Options{})
//
// # Target
//
// The zero Options emit ".version 7.0 / .target sm_80 / .address_size 64",
// the same header LLVM 14's NVPTX back end writes for sm_80. PTX 7.0 is
// understood by every CUDA 11.0+ driver, which JIT-compiles it for the GPU
// at hand (an H200 is sm_90); sm_80 is the newest target the reference llc
// knows and provides everything used here (atom.add.f64 needs sm_60).
//
// # Mapping
//
//   - Kernel: ".visible .entry <Entry>" with one ".param" per IR parameter
//     (slices are already a pointer and a length), named <Entry>_param_<i>,
//     then three hidden ".param .u64" with the launch's global size
//     (emit.go lists the ABI).
//   - Registers: typed virtual registers, %p (i1), %r (i8/i16/i32; narrow
//     integers keep unspecified upper bits and are extended where it
//     matters), %rd (i64, pointers), %f (float), %fd (double).
//   - Integer arithmetic: one instruction per IR operation, but a
//     multiply and the add that is its only use are one mad.lo, an
//     address whose index is a sign or zero extension used nowhere else
//     one mad.wide of the narrow register (mad.go), a byte or half loaded with ld.u8/ld.u16 needs no zero extension,
//     a truncated work-item query reads its 32-bit special register and
//     an atomic's integer operand may be an immediate.
//   - Phis: a register per phi; moves on each incoming edge, through
//     temporaries when the copies are cyclic, on an edge label of its own
//     for a conditional branch (control.go).
//   - Work items: %tid, %ntid, %ctaid, %nctaid; global id is
//     mad.wide.u32(%ctaid, %ntid, %tid); global size is the hidden param.
//   - Memory: kernel pointers are converted once with cvta.to.global and
//     used with ld/st/atom.global; @ka.local.* arrays are module-scope
//     ".shared" arrays used with ld/st/atom.shared; allocas are ".local"
//     arrays used with ld/st.local.
//   - @ka.barrier is bar.sync 0; @llvm.trap is trap (the front end no
//     longer emits it: Go's checks and panic record a fault and the thread
//     exits, since trap would poison the CUDA context; docs/ir.md, "The
//     fault record").
//   - @ka.printf is vprintf of a module-scope .global format and a .local
//     buffer of the 8-byte arguments (printf.go).
//   - Subgroups are warps of 32 made from the linear thread id: size, id
//     and lane are computed once in the entry block, the shuffle is
//     shfl.sync.idx.b32 and the ballot vote.sync.ballot.b32, under a
//     membermask of exactly the warp's lanes, (1 << size) - 1
//     (subgroups.go).
//   - Atomics: atom.{global,shared}.{add,exch,min,max,and,or,xor,cas} with
//     PTX's default .relaxed.gpu semantics (= LLVM monotonic); sub is add of
//     the negation; fadd is atom.add.f32/f64.
//   - Float arithmetic: add/sub/mul/div with explicit .rn, which also
//     forbids ptxas from contracting into fma, no .ftz (subnormals kept).
//
// # Math accuracy
//
// Exact (correctly rounded, 0 ULP) by single PTX instructions or exact
// sequences: sqrt (sqrt.rn), fdiv (div.rn), fma (fma.rn), fabs (abs),
// floor/ceil/trunc (cvt.rmi/rpi/rzi), round (trunc + exact fix-up, Go's
// half-away-from-zero), copysign (bits), minimum/maximum (Go's min/max: NaN
// wins, -0 < +0; compare, select, bit-combine for equal operands), frem
// (exact loop, frem.go, also when |x/y| overflows double: huge x, tiny y).
//
// Everything else is kago's own straight-line double-precision code
// (mathlib.go), inlined at the call; PTX's .approx instructions are never
// used. The float versions widen to double, compute, and round once.
// The figures below come from TestMathAccuracy (mathlib_test.go), which
// runs each routine through an interpreter with PTX's semantics on special
// values and 20,000 random inputs per function (uniform and log-uniform in
// magnitude, a fixed seed) and compares with Go's math package (the native
// backend); "f32" is against float32(math.F(float64(x))). Each column is
// the bound the test asserts (accuracyCases), then in parentheses the
// maximum it measured on linux/amd64 (go test -v -run TestMathAccuracy
// prints them):
//
//	function  f64 ULP   f32 ULP   range measured / notes
//	exp       1 (1)     1 (0)     [-745, 709]
//	exp2      1 (1)     1 (0)     [-1074, 1024)
//	expm1     2 (2)     1 (0)     [-50, 50]
//	log       1 (0)     1 (0)     (0, 1e300], subnormals included*
//	log2      1 (1)     1 (0)     (0, 1e300]
//	log10     1 (0)     1 (0)     (0, 1e300]; against Go's
//	                              math.Log2(x)*(Ln2/Ln10), not math.Log10
//	log1p     2 (2)     1 (0)     [-1, 1e10]
//	sin, cos  2 (1)     1 (0)     every finite x: |x| < 2^29 by Cody–Waite
//	                              reduction, like Go's; beyond, Go's
//	                              Payne–Hanek reduction (mathtrig.go: the
//	                              bits of 4/pi, mul.hi/lo.u64); measured on
//	                              [-1e6, 1e6], [-1e12, 1e12], [-1e300, 1e300]
//	tan       3 (3)     1 (0)     the same ranges (2 below 2^29); Go's Tan
//	                              returns x for |x| <= 1e-7 (up to 25 ULP
//	                              off); kago keeps the x^3/3 term
//	atan, asin, acos, atan2, cbrt, hypot
//	          0 (0)     0 (0)     Go's algorithms, same operation order
//	sinh      3 (3)     1 (0)     [-709, 709] (Go's formula on kago's exp)
//	cosh      1 (1)     1 (0)
//	tanh      1 (1)     1 (0)
//	asinh, acosh, atanh
//	          2 (2)     1 (0)     Go's formulas on kago's log/log1p
//	pow       6 (5)     1 (0)     x in [0, 10], y in [-30, 30]; x in [0, 2],
//	                              y in [-1500, 1500]; x in [-1e10, 1e10],
//	                              y in [-40, 40]: Go's algorithm
//	                              (mathpow.go): exp(yf*log x) for the
//	                              fraction of y, exact repeated squaring
//	                              over the 63 bits of its integer part
//	                              (unrolled, ~1,600 instructions), Go's
//	                              ldexp; the error is exp's and log's,
//	                              carried through the products. Was
//	                              exp(y*log|x|): 857 ULP.
//
// * Go's amd64 math.Log returns about -709.09 for every subnormal input;
// kago returns the right value (-744.44 for 5e-324), so it differs from the
// native backend there.
//
// These errors are of the algorithms as interpreted in Go; the PTX they
// lower to has not yet run on a GPU (scripts/gpu-check.sh assembles it
// with ptxas; the CUDA backend's tests will compare results).
package ptx
