package ircheck

// This file checks memory: allocas of a scalar or [N x T] in the entry
// block, plain loads and stores of scalars (a volatile load for the stop
// flag) at their natural alignment, and the two getelementptr forms,
// `T, T AS* %p, i64 %i` and `[N x T], [N x T] AS* %a, i64 0, i64 %i`.

import (
	"github.com/kago-dev/kago/codegen/internal/emitutil"
	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"
)

// checkAlloca checks an alloca: private memory for one scalar or array,
// in the entry block.
func (c *checker) checkAlloca(inst *ir.InstAlloca, b *ir.Block) {
	if b != c.fn.Blocks[0] {
		c.badf("alloca outside the entry block")
	}
	if inst.NElems != nil {
		if n, ok := inst.NElems.(*constant.Int); !ok || !n.X.IsInt64() || n.X.Int64() != 1 {
			c.badf("alloca of a count of elements; docs/ir.md allocates an [N x T]")
		}
	}
	if inst.AddrSpace != 0 || !isPointee(inst.ElemType, 0) || inst.InAlloca || inst.SwiftError {
		c.badf("alloca of %s: docs/ir.md allocates a scalar or an [N x T] in private memory", inst.ElemType.LLString())
	}
}

// pointee returns the address space and element type of a pointer
// operand, or false (with the error recorded) if it is not a pointer.
func (c *checker) pointee(p value.Value) (types.AddrSpace, types.Type, bool) {
	pt, ok := p.Type().(*types.PointerType)
	if !ok {
		c.badf("%s is not a pointer", p.Ident())
		return 0, nil, false
	}
	return pt.AddrSpace, pt.ElemType, true
}

// checkAccess checks that a load or store moves a scalar of type t through
// pointer p, at t's natural alignment (or none given).
func (c *checker) checkAccess(p value.Value, t types.Type, align ir.Align) {
	as, elem, ok := c.pointee(p)
	if !ok {
		return
	}
	if !elem.Equal(t) || !memScalar(t, as) {
		c.badf("load or store of %s through %s: only scalars, through a pointer to them", t.LLString(), p.Type().LLString())
		return
	}
	if align != 0 && int(align) != naturalAlign(t) {
		c.badf("alignment %d of a %s: docs/ir.md accesses memory at its natural alignment, %d", align, t.LLString(), naturalAlign(t))
	}
}

// checkLoad checks a load: not atomic (the stop flag's is volatile).
func (c *checker) checkLoad(inst *ir.InstLoad) {
	if inst.Atomic {
		c.badf("atomic load; docs/ir.md's atomics are atomicrmw and cmpxchg")
	}
	c.checkAccess(inst.Src, inst.ElemType, inst.Align)
}

// checkStore checks a store: neither atomic nor volatile.
func (c *checker) checkStore(inst *ir.InstStore) {
	if inst.Atomic || inst.Volatile {
		c.badf("atomic or volatile store")
	}
	c.checkAccess(inst.Dst, inst.Src.Type(), inst.Align)
}

// checkGEP checks the two getelementptr forms of docs/ir.md.
func (c *checker) checkGEP(inst *ir.InstGetElementPtr) {
	as, elem, ok := c.pointee(inst.Src)
	if !ok {
		return
	}
	form := elem.Equal(inst.ElemType)
	switch len(inst.Indices) {
	case 1: // element i of a slice or pointer
		form = form && memScalar(elem, as) && emitutil.IntBits(inst.Indices[0].Type()) == 64
	case 2: // element i of an array
		zero, isConst := inst.Indices[0].(*constant.Int)
		form = form && isPointee(elem, as) && isConst && zero.X.Sign() == 0 &&
			emitutil.IntBits(zero.Type()) == 64 && emitutil.IntBits(inst.Indices[1].Type()) == 64
		_, isArray := elem.(*types.ArrayType)
		form = form && isArray
	default:
		form = false
	}
	if !form {
		c.badf("getelementptr form not in docs/ir.md, which has `T, T AS* %%p, i64 %%i` and `[N x T], [N x T] AS* %%a, i64 0, i64 %%i`")
	}
}
