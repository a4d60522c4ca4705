package codegen

// This file gives a kernel's lean variant (launchfacts.go) the preamble
// of the dimensions the kernel addresses. Go cannot say how many
// dimensions a launch has, so the checked kernel computes it.Global(),
// it.Local() and the range test over three, reading every dimension's
// ids and sizes: in a 1-D kernel two 64-bit multiplies and six queries
// for Global() alone, and a range test of three dimensions at its entry,
// which no back end can drop (ptxas cannot know that ntid.y is 1).
//
// A kernel that names no dimension above d-1 (it.GlobalID(0) and
// it.Global() only, say: d = 1; it.Global2(): d = 2) is launched over d
// dimensions as a rule. Its lean variant assumes so: each query of a
// dimension d' ≥ d is a constant (ids 0, sizes 1), under the fact
// le(padded(d'),1) — one work-item across that dimension, so that its
// range, group and number of groups are all 1. The linear indices then
// fold to the dimensions that remain, and the range test to one compare
// per remaining dimension. A launch over more dimensions than the kernel
// names fails that fact and runs the checked kernel, which computes every
// dimension as before.

import (
	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	lltypes "github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"
	"golang.org/x/tools/go/ssa"
)

// dimQueries are the ka.Item methods that name a dimension, by the number
// of dimensions each names (0: its argument's).
var dimQueries = map[string]int{
	"GlobalID": 0, "LocalID": 0, "GroupID": 0, "GroupSize": 0, "NumGroups": 0, "GlobalSize": 0,
	"Global2": 2, "Global3": 3,
}

// kernelDims returns the number of dimensions fn names: one more than the
// highest dimension of a work-item query in fn and the functions it calls
// (which the front end inlines), at least 1; 3 where a dimension is not a
// constant (an error the front end reports).
func kernelDims(fn *ssa.Function) int {
	dims := 1
	seen := map[*ssa.Function]bool{}
	var walk func(*ssa.Function)
	walk = func(fn *ssa.Function) {
		if fn == nil || seen[fn] {
			return
		}
		seen[fn] = true
		for _, b := range fn.Blocks {
			for _, in := range b.Instrs {
				call, ok := in.(*ssa.Call)
				if !ok {
					continue
				}
				callee := call.Common().StaticCallee()
				if callee == nil {
					continue
				}
				if recv := callee.Signature.Recv(); recv != nil && isItem(recv.Type()) {
					n, ok := dimQueries[callee.Name()]
					if ok && n == 0 {
						n = 3
						if d, ok := constInt(call.Common().Args[1]); ok && d >= 0 && d < 3 {
							n = int(d) + 1
						}
					}
					dims = max(dims, n)
					continue
				}
				if obj := funcObject(callee); obj == nil || obj.Pkg() == nil || obj.Pkg().Path() != kaPath {
					walk(callee)
				}
			}
		}
		for _, anon := range fn.AnonFuncs {
			walk(anon)
		}
	}
	walk(fn)
	return dims
}

// query calls the work-item query intrinsic name for dimension d at the
// end of b. In the lean variant, a dimension the kernel does not name is
// a constant under its fact (see the top of the file); the checked
// kernel's query of such a dimension says that the lean variant differs.
func (c *compiler) query(b *ir.Block, name string, d int64) value.Value {
	if d >= int64(c.dims) {
		c.leanable = true
		if c.lean {
			c.addFact(dimFact(d))
			switch name {
			case "ka.global_id", "ka.local_id", "ka.group_id":
				return constant.NewInt(lltypes.I64, 0)
			}
			return constant.NewInt(lltypes.I64, 1) // group_size, num_groups, global_size
		}
	}
	return b.NewCall(c.declare(name, lltypes.I64, lltypes.I32), constant.NewInt(lltypes.I32, d))
}

// dimFact is the fact of a lean variant that assumes dimension d away:
// one work-item across it, le(padded(d),1).
func dimFact(d int64) lfact { return lfact{&lexpr{op: "padded", k: d}, lconst(1)} }

// linearIndex computes id0 + size0*(id1 + size1*id2) at the end of b, of
// the id and size intrinsics of a linear index (Global, Local, Group),
// leaving out the terms of constant dimensions.
func (c *compiler) linearIndex(b *ir.Block, id, size string) value.Value {
	var r value.Value
	for d := int64(2); d >= 0; d-- {
		i := c.query(b, id, d)
		if r == nil {
			r = i
			continue
		}
		r = addValues(b, i, mulValues(b, c.query(b, size, d), r))
	}
	return r
}

// addValues is x+y at the end of b, or one of them when the other is 0.
func addValues(b *ir.Block, x, y value.Value) value.Value {
	if isConstInt(y, 0) {
		return x
	}
	if isConstInt(x, 0) {
		return y
	}
	return b.NewAdd(x, y)
}

// mulValues is x*y at the end of b, 0 when either is 0, or one of them
// when the other is 1.
func mulValues(b *ir.Block, x, y value.Value) value.Value {
	switch {
	case isConstInt(x, 0), isConstInt(y, 1):
		return x
	case isConstInt(y, 0), isConstInt(x, 1):
		return y
	}
	return b.NewMul(x, y)
}

// isConstInt reports whether v is the integer constant k.
func isConstInt(v value.Value, k int64) bool {
	ci, ok := v.(*constant.Int)
	return ok && ci.X.IsInt64() && ci.X.Int64() == k
}
