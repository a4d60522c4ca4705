package opt

// This file splits a getelementptr of a constant offset from its varying
// index: p[x+c] becomes (p[x])[c]. PTX addresses a load or store as
// [reg+imm], and the emitter folds a getelementptr of a constant index
// into its accesses (codegen/ptx/offsets.go), so after CSE merges the
// p[x] of neighbouring accesses (a stencil's x-1, x, x+1; an unrolled
// loop's tmp[l+s]) they share one address register and differ only in
// their immediates, as nvcc's code does. It is exact: Go's index
// arithmetic wraps at 64 bits, and so do addresses, so
// p + (x+c)*size = (p + x*size) + c*size modulo 2^64.

import (
	"math"

	"github.com/kago-dev/kago/codegen/internal/emitutil"
	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"
)

// maxOffset bounds the offsets split out, in elements: PTX's immediate
// offset is a signed 32-bit number of bytes, and an element is at most 8.
const maxOffset = math.MaxInt32 / 8

// splitOffsets splits every getelementptr T, T* p, i64 (x ± c) of f into
// a getelementptr of x and one of c from it, inserted in its place.
func splitOffsets(f *ir.Func) {
	for _, b := range f.Blocks {
		var out []ir.Instruction
		for _, in := range b.Insts {
			g, ok := in.(*ir.InstGetElementPtr)
			if !ok || len(g.Indices) != 1 {
				out = append(out, in)
				continue
			}
			x, c, ok := constOffset(g.Indices[0])
			if !ok {
				out = append(out, in)
				continue
			}
			base := ir.NewGetElementPtr(g.ElemType, g.Src, x)
			g.Src, g.Indices = base, []value.Value{constant.NewInt(types.I64, c)}
			out = append(out, base, g)
		}
		b.Insts = out
	}
}

// constOffset returns x and c of an i64 index x+c or x-c whose x is not
// a constant and whose c is a constant within maxOffset.
func constOffset(idx value.Value) (x value.Value, c int64, ok bool) {
	var y value.Value
	neg := false
	switch in := idx.(type) {
	case *ir.InstAdd:
		x, y = in.X, in.Y
	case *ir.InstSub:
		x, y, neg = in.X, in.Y, true
	default:
		return nil, 0, false
	}
	if emitutil.IntBits(idx.Type()) != 64 {
		return nil, 0, false
	}
	if _, isConst := x.(*constant.Int); isConst && !neg {
		x, y = y, x
	}
	k, isConst := y.(*constant.Int)
	if _, xConst := x.(*constant.Int); !isConst || xConst || !k.X.IsInt64() {
		return nil, 0, false
	}
	c = k.X.Int64()
	if neg {
		c = -c
	}
	if c == 0 || c > maxOffset || c < -maxOffset {
		return nil, 0, false
	}
	return x, c, true
}
