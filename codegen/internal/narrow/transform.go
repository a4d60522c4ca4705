package narrow

import (
	"github.com/kago-dev/kago/codegen/internal/emitutil"
	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"
)

// Func narrows f's 64-bit integer arithmetic where the analysis proves that
// 32 bits compute the same values (see the package doc), and reports how
// many instructions it narrowed.
func Func(f *ir.Func) int {
	if len(f.Blocks) == 0 {
		return 0
	}
	a := analyze(f)
	if a == nil {
		return 0
	}
	t := &transform{a: a, n32: map[value.Value]value.Value{}, after: map[value.Value][]ir.Instruction{},
		repl: map[value.Value]value.Value{}, made: map[ir.Instruction]bool{}}
	return t.run()
}

type transform struct {
	a     *analysis
	n32   map[value.Value]value.Value // 64-bit value → its 32-bit twin
	after map[value.Value][]ir.Instruction
	head  map[*ir.Block][]ir.Instruction // inserted after a block's phis
	repl  map[value.Value]value.Value    // narrowed 64-bit value → its sext
	made  map[ir.Instruction]bool        // the casts this pass made
	count int
}

var i64, i32 = types.I64, types.I32

func is64(v value.Value) bool { return v.Type().Equal(i64) }

// fits reports whether v's range in b lies in 32 bits (and is not
// negative, if nonneg).
func (t *transform) fits(v value.Value, b *ir.Block, nonneg bool) bool {
	r := t.a.at(v, b)
	if nonneg && r.lo < 0 {
		return false
	}
	return r.within(i32Range)
}

// narrowable reports whether in, in block b, computes in 32 bits the value
// it computes in 64.
func (t *transform) narrowable(in ir.Instruction, b *ir.Block) bool {
	v, ok := in.(value.Value)
	if !ok {
		return false
	}
	if cmp, ok := in.(*ir.InstICmp); ok {
		return is64(cmp.X) && t.fits(cmp.X, b, false) && t.fits(cmp.Y, b, false)
	}
	if !is64(v) || !t.fits(v, b, false) {
		return false
	}
	nonneg := false
	switch in := in.(type) {
	case *ir.InstAnd:
		// A mask in [0, 2³¹) keeps only bits that 32 bits hold, whatever
		// the other operand.
		if t.fits(in.X, b, true) || t.fits(in.Y, b, true) {
			return true
		}
	case *ir.InstAdd, *ir.InstSub, *ir.InstMul, *ir.InstOr, *ir.InstXor:
	case *ir.InstSDiv, *ir.InstSRem:
		// A constant positive divisor: no MinInt/-1, no division by zero.
		c, ok := constOf(*in.(value.User).Operands()[1])
		if !ok || c <= 0 {
			return false
		}
	case *ir.InstUDiv, *ir.InstURem, *ir.InstLShr:
		nonneg = true
		if c, ok := constOf(*in.(value.User).Operands()[1]); !ok || c <= 0 {
			return false
		}
	case *ir.InstShl, *ir.InstAShr:
		if c, ok := constOf(*in.(value.User).Operands()[1]); !ok || c < 0 || c >= 32 {
			return false
		}
	case *ir.InstPhi:
		for _, inc := range in.Incs {
			if !t.fits(inc.X, inc.Pred.(*ir.Block), false) {
				return false
			}
		}
		return true
	default:
		return false
	}
	for _, op := range in.(value.User).Operands() {
		if !t.fits(*op, b, nonneg) {
			return false
		}
	}
	return true
}

// to32 is x's 32-bit twin, made where x is defined when it has none (a
// trunc is defined for every value; where x is used narrowed it fits).
func (t *transform) to32(x value.Value) value.Value {
	if y, ok := t.n32[x]; ok {
		return y
	}
	if c, ok := x.(*constant.Int); ok {
		return constant.NewInt(i32, c.X.Int64())
	}
	if s, ok := x.(*ir.InstSExt); ok && s.From.Type().Equal(i32) {
		return s.From
	}
	tr := ir.NewTrunc(x, i32)
	t.made[tr] = true
	switch x := x.(type) {
	case *ir.InstPhi:
		b := t.a.defBlk[x]
		t.head[b] = append(t.head[b], tr)
	case ir.Instruction:
		t.after[x.(value.Value)] = append(t.after[x.(value.Value)], tr)
	default: // a parameter
		b := t.a.f.Blocks[0]
		t.head[b] = append(t.head[b], tr)
	}
	t.n32[x] = tr
	return tr
}

func (t *transform) run() int {
	t.head = map[*ir.Block][]ir.Instruction{}
	var phis []*ir.InstPhi // new phis, whose incomings are filled last
	oldPhi := map[*ir.InstPhi]*ir.InstPhi{}
	repl := map[ir.Instruction]ir.Instruction{}
	// Phis first, so that loop-carried values have their twins.
	for _, b := range t.a.f.Blocks {
		for _, in := range b.Insts {
			p, ok := in.(*ir.InstPhi)
			if !ok || !t.narrowable(p, b) {
				continue
			}
			np := &ir.InstPhi{Typ: i32}
			np.Incs = make([]*ir.Incoming, len(p.Incs))
			t.n32[p] = np
			oldPhi[np] = p
			phis = append(phis, np)
			repl[p] = np
			s := ir.NewSExt(np, i64)
			t.made[s] = true
			t.head[b] = append(t.head[b], s)
			t.repl[p] = s
			t.count++
		}
	}
	for _, b := range t.a.f.Blocks {
		for _, in := range b.Insts {
			if _, ok := in.(*ir.InstPhi); ok || !t.narrowable(in, b) {
				continue
			}
			var n ir.Instruction
			if cmp, ok := in.(*ir.InstICmp); ok {
				n = ir.NewICmp(cmp.Pred, t.to32(cmp.X), t.to32(cmp.Y))
				repl[in] = n
				t.repl[cmp] = n.(value.Value)
				t.count++
				continue
			}
			ops := in.(value.User).Operands()
			x, y := t.to32(*ops[0]), t.to32(*ops[1])
			switch in.(type) {
			case *ir.InstAdd:
				n = ir.NewAdd(x, y)
			case *ir.InstSub:
				n = ir.NewSub(x, y)
			case *ir.InstMul:
				n = ir.NewMul(x, y)
			case *ir.InstAnd:
				n = ir.NewAnd(x, y)
			case *ir.InstOr:
				n = ir.NewOr(x, y)
			case *ir.InstXor:
				n = ir.NewXor(x, y)
			case *ir.InstSDiv:
				n = ir.NewSDiv(x, y)
			case *ir.InstSRem:
				n = ir.NewSRem(x, y)
			case *ir.InstUDiv:
				n = ir.NewUDiv(x, y)
			case *ir.InstURem:
				n = ir.NewURem(x, y)
			case *ir.InstShl:
				n = ir.NewShl(x, y)
			case *ir.InstLShr:
				n = ir.NewLShr(x, y)
			case *ir.InstAShr:
				n = ir.NewAShr(x, y)
			}
			v := in.(value.Value)
			t.n32[v] = n.(value.Value)
			repl[in] = n
			s := ir.NewSExt(n.(value.Value), i64)
			t.made[s] = true
			t.after[n.(value.Value)] = append([]ir.Instruction{s}, t.after[n.(value.Value)]...)
			t.repl[v] = s
			t.count++
		}
	}
	for _, np := range phis {
		p := oldPhi[np]
		for i, inc := range p.Incs {
			np.Incs[i] = &ir.Incoming{X: t.to32(inc.X), Pred: inc.Pred}
		}
	}
	// Rebuild the blocks: replacements, then what goes after each.
	for _, b := range t.a.f.Blocks {
		var out []ir.Instruction
		var emit func(in ir.Instruction)
		emit = func(in ir.Instruction) {
			out = append(out, in)
			if v, ok := in.(value.Value); ok {
				for _, x := range t.after[v] {
					emit(x)
				}
			}
		}
		headDone := false
		flushHead := func() {
			if !headDone {
				headDone = true
				for _, x := range t.head[b] {
					emit(x)
				}
			}
		}
		for _, in := range b.Insts {
			if _, ok := in.(*ir.InstPhi); !ok {
				flushHead()
			}
			if n, ok := repl[in]; ok {
				emit(n)
				continue
			}
			emit(in)
		}
		flushHead()
		b.Insts = out
	}
	// Uses of narrowed values read their sext (or the 32-bit comparison).
	for _, b := range t.a.f.Blocks {
		for _, in := range b.Insts {
			if t.made[in] {
				continue
			}
			if u, ok := in.(value.User); ok {
				for _, op := range u.Operands() {
					if r, ok := t.repl[*op]; ok {
						*op = r
					}
				}
			}
		}
		if u, ok := b.Term.(value.User); ok {
			for _, op := range u.Operands() {
				if r, ok := t.repl[*op]; ok {
					*op = r
				}
			}
		}
	}
	t.cleanup()
	return t.count
}

// cleanup removes the casts this pass made that nothing uses, repeatedly.
func (t *transform) cleanup() {
	for {
		uses := emitutil.Uses(t.a.f)
		removed := false
		for _, b := range t.a.f.Blocks {
			out := b.Insts[:0]
			for _, in := range b.Insts {
				if t.made[in] && uses[in.(value.Value)] == 0 {
					removed = true
					continue
				}
				out = append(out, in)
			}
			b.Insts = out
		}
		if !removed {
			return
		}
	}
}
