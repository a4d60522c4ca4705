// Package emitutil is what the three emitters (codegen/openclc,
// codegen/spirv, codegen/ptx) share: they read the portable IR of
// docs/ir.md in the same way, so the contract is written down once. The
// contract is checked once, by codegen/internal/ircheck, which uses these
// tables too; the emitters read modules it has accepted.
//
//   - Error, ErrBadIR, ErrUnsupported and ErrorList are every emitter's
//     diagnostics, and ircheck's, in one format (errors.go);
//   - the table of kernel intrinsics, and CallOf, which says which one a
//     call calls; each emitter maps every Op once (intrinsics.go, math.go);
//   - AtomicOps and AtomicOf describe the contract's atomics (atomics.go);
//   - GlobalSizeParam finds the hidden parameter @ka.global_size reads
//     (kernel.go);
//   - EdgeCopies and Sequence are phi elimination, for the emitters whose
//     target has no phi (phis.go);
//   - BinaryOperands and ConversionOperands read two instruction families'
//     operands (operands.go); IntBits, FloatBits and friends read widths
//     off IR types (types.go).
//
// Each emitter has the same skeleton: a moduleEmitter with what belongs to
// the whole module and a funcEmitter (embedding it) with the kernel's
// state; methods named as in TinyGo (create* emits, get* looks up and
// caches, make* builds without caching); and the same files: emit (entry
// point and dispatch), types, arith, compare, convert, memory, atomics,
// control, intrinsics, math.
package emitutil
