package ptxsim

// setp decodes setp.CmpOp[.BoolOp].type p[|q], a, b[, {!}c]:
// t = a CmpOp b; p = t BoolOp c; q = !t BoolOp c. Integer comparisons
// are signed for .s types; lo/ls/hi/hs are unsigned. Float comparisons
// eq/ne/lt/le/gt/ge are ordered (false when either operand is NaN, ne
// included), equ/neu/ltu/leu/gtu/geu unordered (true when either is NaN),
// num and nan test for NaN.
func (d *decoder) setp(op opcode) (func(*thread, *inst), error) {
	ty, err := d.oneType(op)
	if err != nil {
		return nil, err
	}
	if len(op.mods) < 1 || len(op.mods) > 2 {
		return nil, d.errorf("want a comparison and an optional boolean operation")
	}
	cmp, boolOp := op.mods[0], ""
	if len(op.mods) == 2 {
		boolOp = op.mods[1]
		if boolOp != "and" && boolOp != "or" && boolOp != "xor" {
			return nil, d.unsupported("boolean operation ." + boolOp)
		}
	}
	var test func(a, b uint64) bool
	if ty.kind == 'f' {
		test = floatCmp(cmp, ty.bits)
	} else {
		test = intCmp(cmp, ty)
	}
	if test == nil {
		return nil, d.unsupported("comparison ." + cmp + " on ." + ty.String())
	}
	want := 3
	if boolOp != "" {
		want = 4
	}
	if err := d.nargs(want); err != nil {
		return nil, err
	}
	var p, q setter
	hasQ := false
	if a0 := d.s.args[0]; a0.kind == argPair {
		if p, err = d.dst(a0.elems[0]); err != nil {
			return nil, err
		}
		if q, err = d.dst(a0.elems[1]); err != nil {
			return nil, err
		}
		hasQ = true
	} else if p, err = d.dst(a0); err != nil {
		return nil, err
	}
	a, err := d.src(d.s.args[1], ty)
	if err != nil {
		return nil, err
	}
	b, err := d.src(d.s.args[2], ty)
	if err != nil {
		return nil, err
	}
	c := constant(0)
	if boolOp != "" {
		if c, err = d.src(d.s.args[3], ptype{'p', 1}); err != nil {
			return nil, err
		}
	}
	combine := func(x, y uint64) uint64 {
		switch boolOp {
		case "and":
			return x & y
		case "or":
			return x | y
		case "xor":
			return x ^ y
		}
		return x
	}
	return func(t *thread, _ *inst) {
		var r uint64
		if test(a.get(t), b.get(t)) {
			r = 1
		}
		cv := c.get(t) & 1
		p.set(t, combine(r, cv))
		if hasQ {
			q.set(t, combine(r^1, cv))
		}
	}, nil
}

func intCmp(cmp string, ty ptype) func(a, b uint64) bool {
	w := ty.bits
	u := func(f func(x, y uint64) bool) func(a, b uint64) bool {
		return func(a, b uint64) bool { return f(mask(a, w), mask(b, w)) }
	}
	s := func(f func(x, y int64) bool) func(a, b uint64) bool {
		return func(a, b uint64) bool { return f(sext(a, w), sext(b, w)) }
	}
	switch cmp {
	case "eq":
		return u(func(x, y uint64) bool { return x == y })
	case "ne":
		return u(func(x, y uint64) bool { return x != y })
	case "lo":
		return u(func(x, y uint64) bool { return x < y })
	case "ls":
		return u(func(x, y uint64) bool { return x <= y })
	case "hi":
		return u(func(x, y uint64) bool { return x > y })
	case "hs":
		return u(func(x, y uint64) bool { return x >= y })
	}
	if ty.kind == 'b' {
		return nil // ordered comparisons need a signedness
	}
	if ty.kind == 'u' {
		switch cmp {
		case "lt":
			return intCmp("lo", ty)
		case "le":
			return intCmp("ls", ty)
		case "gt":
			return intCmp("hi", ty)
		case "ge":
			return intCmp("hs", ty)
		}
		return nil
	}
	switch cmp {
	case "lt":
		return s(func(x, y int64) bool { return x < y })
	case "le":
		return s(func(x, y int64) bool { return x <= y })
	case "gt":
		return s(func(x, y int64) bool { return x > y })
	case "ge":
		return s(func(x, y int64) bool { return x >= y })
	}
	return nil
}

func floatCmp(cmp string, w int) func(a, b uint64) bool {
	get := func(v uint64) float64 {
		if w == 32 {
			return float64(f32(v))
		}
		return f64(v)
	}
	ord := func(f func(x, y float64) bool, unordered bool) func(a, b uint64) bool {
		return func(a, b uint64) bool {
			x, y := get(a), get(b)
			if x != x || y != y {
				return unordered
			}
			return f(x, y)
		}
	}
	var f func(x, y float64) bool
	base := cmp
	unordered := false
	if len(cmp) == 3 && cmp[2] == 'u' {
		base, unordered = cmp[:2], true
	}
	switch base {
	case "eq":
		f = func(x, y float64) bool { return x == y }
	case "ne":
		f = func(x, y float64) bool { return x != y }
	case "lt":
		f = func(x, y float64) bool { return x < y }
	case "le":
		f = func(x, y float64) bool { return x <= y }
	case "gt":
		f = func(x, y float64) bool { return x > y }
	case "ge":
		f = func(x, y float64) bool { return x >= y }
	case "num":
		return func(a, b uint64) bool { x, y := get(a), get(b); return x == x && y == y }
	case "nan":
		return func(a, b uint64) bool { x, y := get(a), get(b); return x != x || y != y }
	default:
		return nil
	}
	return ord(f, unordered)
}

// selp decodes selp.type d, a, b, c: d = c ? a : b.
func (d *decoder) selp(op opcode) (func(*thread, *inst), error) {
	ty, err := d.oneType(op)
	if err != nil {
		return nil, err
	}
	if len(op.mods) > 0 {
		return nil, d.unsupported("modifier ." + op.mods[0] + " of selp")
	}
	dst, s, err := d.operands(3, ty, ty, ptype{'p', 1})
	if err != nil {
		return nil, err
	}
	a, b, c := s[0], s[1], s[2]
	w := ty.bits
	return func(t *thread, _ *inst) {
		if c.get(t)&1 != 0 {
			dst.set(t, mask(a.get(t), w))
		} else {
			dst.set(t, mask(b.get(t), w))
		}
	}, nil
}
