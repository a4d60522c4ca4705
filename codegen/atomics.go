package codegen

// This file implements ka's atomics on an element of global or local
// memory: atomicrmw where LLVM has the operation, and compare-and-swap
// loops on the integer bits for float min/max and float CAS. Every
// operation is monotonic (relaxed) and returns the element's old value.

import (
	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/enum"
	lltypes "github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"
	"golang.org/x/tools/go/ssa"
)

const relaxed = enum.AtomicOrderingMonotonic

// createAtomic lowers ka.AtomicAdd, AtomicSub, AtomicAnd, AtomicOr,
// AtomicXor, AtomicMax, AtomicMin, AtomicExchange and AtomicCAS.
func (f *frame) createAtomic(call *ssa.Call, name string) lowered {
	pos := call.Pos()
	vs, ok := f.args(call)
	if !ok {
		return poison{}
	}
	ptr := vs[0]
	pt, ok := ptr.Type().(*lltypes.PointerType)
	if !ok || pt.AddrSpace == spacePrivate {
		f.unsupportedAt(pos, "atomic on a local variable")
		return poison{}
	}
	t := call.Type()
	lt := scalarType(t)
	if bitWidth(lt) == 64 {
		f.int64Atomics = true
	}
	float := isFloat(t)
	switch name {
	case "AtomicAdd":
		if float {
			return f.cur.NewAtomicRMW(enum.AtomicOpFAdd, ptr, vs[1], relaxed)
		}
		return f.cur.NewAtomicRMW(enum.AtomicOpAdd, ptr, vs[1], relaxed)
	case "AtomicSub":
		if float {
			return f.cur.NewAtomicRMW(enum.AtomicOpFAdd, ptr, f.cur.NewFNeg(vs[1]), relaxed)
		}
		return f.cur.NewAtomicRMW(enum.AtomicOpSub, ptr, vs[1], relaxed)
	case "AtomicAnd":
		return f.cur.NewAtomicRMW(enum.AtomicOpAnd, ptr, vs[1], relaxed)
	case "AtomicOr":
		return f.cur.NewAtomicRMW(enum.AtomicOpOr, ptr, vs[1], relaxed)
	case "AtomicXor":
		return f.cur.NewAtomicRMW(enum.AtomicOpXor, ptr, vs[1], relaxed)
	case "AtomicExchange":
		return f.cur.NewAtomicRMW(enum.AtomicOpXChg, ptr, vs[1], relaxed)
	case "AtomicMax", "AtomicMin":
		if float {
			fn := "llvm.maximum"
			if name == "AtomicMin" {
				fn = "llvm.minimum"
			}
			return f.createFloatCASLoop(ptr, lt, func(old value.Value) value.Value {
				return f.createMath(fn, lt, old, vs[1])
			})
		}
		op := enum.AtomicOpMax
		switch {
		case name == "AtomicMin" && isUnsigned(t):
			op = enum.AtomicOpUMin
		case name == "AtomicMin":
			op = enum.AtomicOpMin
		case isUnsigned(t):
			op = enum.AtomicOpUMax
		}
		return f.cur.NewAtomicRMW(op, ptr, vs[1], relaxed)
	case "AtomicCAS":
		if float {
			ip := f.intPointer(ptr, lt)
			it := lltypes.NewInt(uint64(bitWidth(lt)))
			old := f.cur.NewBitCast(vs[1], it)
			nw := f.cur.NewBitCast(vs[2], it)
			pair := f.cur.NewCmpXchg(ip, old, nw, relaxed, relaxed)
			return f.cur.NewBitCast(f.cur.NewExtractValue(pair, 0), lt)
		}
		pair := f.cur.NewCmpXchg(ptr, vs[1], vs[2], relaxed, relaxed)
		return f.cur.NewExtractValue(pair, 0)
	}
	return poison{}
}

// intPointer reinterprets a float pointer as a pointer to the integer of
// the same width in the same address space, for cmpxchg (LLVM 14 has no
// float cmpxchg); docs/ir.md allows this bitcast for that purpose only.
func (f *frame) intPointer(ptr value.Value, ft lltypes.Type) value.Value {
	pt := ptr.Type().(*lltypes.PointerType)
	it := lltypes.NewInt(uint64(bitWidth(ft)))
	return f.cur.NewBitCast(ptr, pointerTo(it, pt.AddrSpace))
}

// createFloatCASLoop applies op atomically to the float at ptr:
//
//	old = load ip; loop: new = op(old); (cur, ok) = cmpxchg ip, old, new; retry until ok
//
// and returns the float value the element held before.
func (f *frame) createFloatCASLoop(ptr value.Value, ft lltypes.Type, op func(old value.Value) value.Value) value.Value {
	ip := f.intPointer(ptr, ft)
	it := lltypes.NewInt(uint64(bitWidth(ft)))
	first := f.cur.NewLoad(it, ip)
	pre := f.cur
	loop := f.fn2().NewBlock("")
	done := f.fn2().NewBlock("")
	pre.NewBr(loop)
	f.cur = loop
	oldBits := loop.NewPhi(ir.NewIncoming(first, pre))
	old := loop.NewBitCast(oldBits, ft)
	nw := op(old)
	pair := f.cur.NewCmpXchg(ip, oldBits, f.cur.NewBitCast(nw, it), relaxed, relaxed)
	cur := f.cur.NewExtractValue(pair, 0)
	ok := f.cur.NewExtractValue(pair, 1)
	oldBits.Incs = append(oldBits.Incs, ir.NewIncoming(cur, f.cur))
	f.cur.NewCondBr(ok, done, loop)
	f.cur = done
	return done.NewBitCast(oldBits, ft)
}
