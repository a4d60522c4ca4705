// Package ircheck is the verifier of kago's portable IR: it checks that a
// module is in the dialect of docs/ir.md, the contract between the front
// end (codegen) and the three emitters (codegen/openclc, codegen/spirv,
// codegen/ptx), as TinyGo's ircheck and LLVM's verifier check theirs.
//
// Check verifies a module and returns its kernel. It checks, in one walk:
//
//   - the module: exactly one function definition, the kernel, returning
//     void, named by an identifier; globals only @ka.local.<k> workgroup
//     arrays without an initializer (module.go);
//   - the kernel's parameters: scalar types and global or workgroup
//     pointers, no i1, and the hidden parameters of driver.HiddenParams
//     (then driver.FaultParams) last, with their types (module.go);
//   - types: i1 i8 i16 i32 i64 float double, pointers in address spaces 0,
//     1 and 3 to those or to [N x T] arrays of them (types.go);
//   - every instruction against docs/ir.md's list, one type switch
//     (check.go): its operand and result types, flags, predicates
//     (arith.go), conversions (convert.go), allocas, loads, stores and the
//     two getelementptr forms (memory.go), atomics (atomics.go) and calls
//     of intrinsics against emitutil's table (calls.go);
//   - operands: constants of the dialect's kinds, the kernel's own
//     parameters and instructions, each defined before its use where
//     control flow reaches it (dominance), workgroup globals (values.go);
//   - control flow: terminators, phis with one value per predecessor, the
//     block order docs/ir.md promises (every block after its immediate
//     dominator, unreachable blocks last) (control.go), which Layout gives
//     a function the front end built.
//
// Errors are *emitutil.Error values in the emitters' format, wrapping
// emitutil.ErrBadIR (or ErrUnsupported where the dialect defers to the
// target, as for atomics of other widths than 32 and 64 bits), joined; a
// module with many problems gets at most emitutil.MaxErrors of them. Check
// never panics and never modifies the module.
//
// Where it runs: the front end checks its module after building it and
// after each pass that rewrites it (codegen/passes.go: stop checks with
// strip-mining, narrowing), so a broken pass is an internal error naming
// the pass; each emitter's Emit checks its input first, so that it can
// rely on the contract and keeps only the checks of its target. Both run
// in production: the cost is in docs/ir.md, "The verifier".
package ircheck
