package emitutil

// This file describes the atomics of docs/ir.md (which ircheck checks):
// the atomicrmw operations of the contract, and what an emitter needs to
// know of one.

import (
	"github.com/llir/llvm/ir/enum"
	"github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"
)

// AtomicOps are the atomicrmw operations of the contract; float says which
// take float and double (xchg takes both).
var AtomicOps = map[enum.AtomicOp]struct{ Int, Float bool }{
	enum.AtomicOpAdd:  {Int: true},
	enum.AtomicOpSub:  {Int: true},
	enum.AtomicOpXChg: {Int: true, Float: true},
	enum.AtomicOpMax:  {Int: true},
	enum.AtomicOpMin:  {Int: true},
	enum.AtomicOpUMax: {Int: true},
	enum.AtomicOpUMin: {Int: true},
	enum.AtomicOpAnd:  {Int: true},
	enum.AtomicOpOr:   {Int: true},
	enum.AtomicOpXor:  {Int: true},
	enum.AtomicOpFAdd: {Float: true},
}

// Atomic is what an emitter needs to know of an atomic.
type Atomic struct {
	Space types.AddrSpace // 1 (global) or 3 (workgroup)
	Bits  int             // 32 or 64
	Float bool            // the operand is a float or double
}

// AtomicOf describes the atomic access of a t through ptr (an atomicrmw's
// Dst and X's type, a cmpxchg's Ptr and Cmp's type).
func AtomicOf(ptr value.Value, t types.Type) Atomic {
	var a Atomic
	if p, ok := ptr.Type().(*types.PointerType); ok {
		a.Space = p.AddrSpace
	}
	a.Bits = IntBits(t)
	if fb := FloatBits(t); fb != 0 {
		a.Bits, a.Float = fb, true
	}
	return a
}
