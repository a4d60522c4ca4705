// Package emitutil is what the three emitters (codegen/openclc,
// codegen/spirv, codegen/ptx) share: they read the portable IR of
// docs/ir.md in the same way, so the contract is written down once.
//
//   - FindKernel finds a module's one kernel (kernel.go);
//   - Error, ErrBadIR, ErrUnsupported and ErrorList are every emitter's
//     diagnostics, in one format (errors.go);
//   - ParseCall checks a call against the table of kernel intrinsics and
//     says which one it is; each emitter maps every Op once (intrinsics.go,
//     math.go);
//   - CheckAtomic checks the contract's rules for atomics (atomics.go);
//   - IntBits, FloatBits and friends read widths off IR types (types.go).
//
// Each emitter has the same skeleton: a moduleEmitter with what belongs to
// the whole module and a funcEmitter (embedding it) with the kernel's
// state; methods named as in TinyGo (create* emits, get* looks up and
// caches, make* builds without caching); and the same files: emit (entry
// point and dispatch), types, arith, compare, convert, memory, atomics,
// control, intrinsics, math.
package emitutil
