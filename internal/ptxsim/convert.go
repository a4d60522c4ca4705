package ptxsim

import (
	"math"
	"math/big"
)

// mov decodes mov.type d, a (a register, immediate, special register or a
// variable's address) and the vector forms that pack and unpack:
// mov.b64 d, {lo, hi} and mov.b64 {lo, hi}, a (first element lowest).
func (d *decoder) mov(op opcode) (func(*thread, *inst), error) {
	ty, err := d.oneType(op)
	if err != nil {
		return nil, err
	}
	if len(op.mods) > 0 {
		return nil, d.unsupported("modifier ." + op.mods[0] + " of mov")
	}
	if err := d.nargs(2); err != nil {
		return nil, err
	}
	w := ty.bits
	a0, a1 := d.s.args[0], d.s.args[1]
	if a1.kind == argVec {
		dst, err := d.dst(a0)
		if err != nil {
			return nil, err
		}
		n := len(a1.elems)
		ew := w / n
		var parts []getter
		for _, e := range a1.elems {
			g, err := d.src(e, ptype{'b', ew})
			if err != nil {
				return nil, err
			}
			parts = append(parts, g)
		}
		return func(t *thread, _ *inst) {
			var v uint64
			for i, g := range parts {
				v |= mask(g.get(t), ew) << uint(i*ew)
			}
			dst.set(t, v)
		}, nil
	}
	if a0.kind == argVec {
		src, err := d.src(a1, ty)
		if err != nil {
			return nil, err
		}
		n := len(a0.elems)
		ew := w / n
		var dsts []setter
		for _, e := range a0.elems {
			if e.kind == argName && e.name == "_" {
				dsts = append(dsts, setter{i: -1})
				continue
			}
			s, err := d.dst(e)
			if err != nil {
				return nil, err
			}
			dsts = append(dsts, s)
		}
		return func(t *thread, _ *inst) {
			v := src.get(t)
			for i, s := range dsts {
				if s.i >= 0 {
					s.set(t, mask(v>>uint(i*ew), ew))
				}
			}
		}, nil
	}
	dst, s, err := d.operands(1, ty)
	if err != nil {
		return nil, err
	}
	a := s[0]
	return func(t *thread, _ *inst) { dst.set(t, mask(a.get(t), w)) }, nil
}

// cvta decodes cvta.space.u64 (state-space address to generic) and
// cvta.to.space.u64 (generic to state space). Global addresses are the same
// in both; shared and local ones live in their windows of the generic
// space.
func (d *decoder) cvta(op opcode) (func(*thread, *inst), error) {
	ty, err := d.oneType(op)
	if err != nil {
		return nil, err
	}
	if ty.bits != 64 {
		return nil, d.unsupported("cvta." + ty.String() + " (64-bit addresses only)")
	}
	to := op.has("to")
	space := ""
	for _, m := range op.mods {
		if m != "to" {
			if space != "" {
				return nil, d.unsupported("modifier ." + m + " of cvta")
			}
			space = m
		}
	}
	var base uint64
	switch space {
	case "global":
	case "shared":
		base = sharedWindow
	case "local":
		base = localWindow
	default:
		return nil, d.unsupported("state space ." + space + " of cvta")
	}
	dst, s, err := d.operands(1, ty)
	if err != nil {
		return nil, err
	}
	a := s[0]
	if to {
		return func(t *thread, _ *inst) { dst.set(t, a.get(t)-base) }, nil
	}
	return func(t *thread, _ *inst) { dst.set(t, a.get(t)+base) }, nil
}

// cvt decodes cvt[.rnd][.sat].dtype.atype d, a. See convert.
func (d *decoder) cvt(op opcode) (func(*thread, *inst), error) {
	if len(op.types) != 2 {
		return nil, d.errorf("cvt needs a destination and a source type")
	}
	dt, st := op.types[0], op.types[1]
	if dt.kind == 'p' || st.kind == 'p' || dt.bits < 8 || st.bits < 8 {
		return nil, d.unsupported("cvt between ." + dt.String() + " and ." + st.String())
	}
	if (dt.kind == 'f' && dt.bits == 16) || (st.kind == 'f' && st.bits == 16) {
		return nil, d.unsupported("cvt with .f16")
	}
	rnd, sat := "", false
	for _, m := range op.mods {
		switch m {
		case "rn", "rz", "rm", "rp", "rni", "rzi", "rmi", "rpi":
			if rnd != "" {
				return nil, d.errorf("two rounding modifiers")
			}
			rnd = m
		case "sat":
			sat = true
		default:
			return nil, d.unsupported("modifier ." + m + " of cvt")
		}
	}
	if err := cvtCheck(dt, st, rnd); err != "" {
		return nil, d.errorf("%s", err)
	}
	dst, s, err := d.operands(1, st)
	if err != nil {
		return nil, err
	}
	a := s[0]
	return func(t *thread, _ *inst) { dst.set(t, convert(a.get(t), dt, st, rnd, sat)) }, nil
}

// cvtCheck reports a rounding modifier missing or misplaced, as ptxas
// would: float-to-integer needs an integer rounding (.rni/.rzi/.rmi/.rpi),
// integer-to-float and narrowing float conversions a float rounding
// (.rn/.rz/.rm/.rp), a float-to-float conversion of one size may round to
// an integral value; integer-to-integer takes none.
func cvtCheck(dt, st ptype, rnd string) string {
	irnd := rnd != "" && rnd[len(rnd)-1] == 'i'
	frnd := rnd != "" && !irnd
	switch {
	case dt.kind != 'f' && st.kind != 'f':
		if rnd != "" {
			return "no rounding modifier on an integer conversion"
		}
	case dt.kind != 'f':
		if !irnd {
			return "float-to-integer cvt needs .rni, .rzi, .rmi or .rpi"
		}
	case st.kind != 'f':
		if !frnd {
			return "integer-to-float cvt needs .rn, .rz, .rm or .rp"
		}
	case dt.bits < st.bits:
		if !frnd {
			return "narrowing float cvt needs .rn, .rz, .rm or .rp"
		}
	case dt.bits > st.bits:
		if rnd != "" {
			return "widening float cvt is exact: no rounding modifier"
		}
	default:
		if frnd {
			return "a float cvt of one size rounds only to integral values (.rni ...)"
		}
	}
	return ""
}

// convert is cvt's semantics:
//   - integer to integer: sign- or zero-extended from the source type,
//     truncated to the destination, or with .sat clamped to its range;
//   - float to integer: rounded as rnd says, always clamped to the
//     destination's range (the ISA makes float-to-integer conversions
//     saturate whether or not .sat is given); NaN gives 0 when neither the
//     source is .f64 nor the destination 64-bit, else 1 << (width-1);
//   - an integer result goes into a wider register sign-extended for .s
//     types, zero-extended otherwise;
//   - integer to float and float to narrower float: rounded as rnd says;
//   - float to wider float: exact;
//   - float to float of one size with an integer rounding: rounded to an
//     integral value in that mode, NaN and infinities unchanged;
//   - .sat on a float destination clamps to [0.0, 1.0], NaN to 0.
func convert(v uint64, dt, st ptype, rnd string, sat bool) uint64 {
	x := st.value(v)
	var r uint64
	switch {
	case dt.kind != 'f' && st.kind != 'f':
		if sat {
			return extend(clampInt(x, st.kind == 's', dt), dt)
		}
		return extend(mask(x, dt.bits), dt)
	case dt.kind != 'f':
		f := floatOf(x, st.bits)
		if f != f {
			// NaN: 0 unless the source is .f64 or the destination 64-bit,
			// then 1 << (width-1) (MININT, or MAXINT>>1 + 1 unsigned).
			if st.bits != 64 && dt.bits != 64 {
				return 0
			}
			return extend(uint64(1)<<uint(dt.bits-1), dt)
		}
		return extend(clampFloatToInt(roundIntegral(f, rnd), dt), dt)
	case st.kind != 'f':
		r = intToFloat(x, st.kind == 's', dt.bits, rnd)
	case dt.bits == st.bits:
		f := floatOf(x, st.bits)
		if f == f {
			f = roundIntegral(f, rnd)
		}
		r = floatBits(f, dt.bits)
		if f != f {
			r = mask(x, dt.bits) // NaN unchanged
		}
	case dt.bits > st.bits:
		r = floatBits(floatOf(x, 32), 64)
	default:
		r = bits32(narrow(f64(x), rnd))
	}
	if sat {
		f := floatOf(r, dt.bits)
		switch {
		case f != f || f <= 0:
			return floatBits(0, dt.bits)
		case f > 1:
			return floatBits(1, dt.bits)
		}
	}
	return r
}

// extend widens an integer result of type dt as cvt does into a wider
// destination register: sign-extended for .s types, zero-extended
// otherwise (the register's width then truncates).
func extend(v uint64, dt ptype) uint64 {
	if dt.kind == 's' {
		return uint64(sext(v, dt.bits))
	}
	return mask(v, dt.bits)
}

func floatOf(v uint64, bits int) float64 {
	if bits == 32 {
		return float64(f32(v))
	}
	return f64(v)
}

func floatBits(f float64, bits int) uint64 {
	if bits == 32 {
		return bits32(float32(f))
	}
	return bits64(f)
}

// roundIntegral rounds f to an integral value: rni to nearest even, rzi
// toward zero, rmi down, rpi up.
func roundIntegral(f float64, rnd string) float64 {
	switch rnd {
	case "rni":
		return math.RoundToEven(f)
	case "rzi":
		return math.Trunc(f)
	case "rmi":
		return math.Floor(f)
	case "rpi":
		return math.Ceil(f)
	}
	return f
}

// clampInt clamps x (signed or unsigned, extended to 64 bits) to dt's range.
func clampInt(x uint64, signed bool, dt ptype) uint64 {
	w := dt.bits
	if signed && int64(x) < 0 {
		if dt.kind != 's' {
			return 0
		}
		if lo := -(int64(1) << uint(w-1)); int64(x) < lo {
			return mask(uint64(lo), w)
		}
		return mask(x, w)
	}
	hi := mask(math.MaxUint64, w)
	if dt.kind == 's' {
		hi >>= 1
	}
	if x > hi {
		return hi
	}
	return x
}

// clampFloatToInt converts an integral f to dt, saturating.
func clampFloatToInt(f float64, dt ptype) uint64 {
	w := dt.bits
	if dt.kind == 's' {
		lim := math.Ldexp(1, w-1)
		switch {
		case f >= lim:
			return mask(uint64(1)<<uint(w-1)-1, w)
		case f < -lim:
			return mask(uint64(1)<<uint(w-1), w)
		}
		return mask(uint64(int64(f)), w)
	}
	lim := math.Ldexp(1, w)
	switch {
	case f >= lim:
		return mask(math.MaxUint64, w)
	case f <= 0:
		return 0
	}
	return uint64(f)
}

// intToFloat converts an integer to a float of bits bits, rounded as rnd
// says.
func intToFloat(x uint64, signed bool, bits int, rnd string) uint64 {
	if rnd == "rn" {
		switch {
		case signed && bits == 32:
			return bits32(float32(int64(x)))
		case signed:
			return bits64(float64(int64(x)))
		case bits == 32:
			return bits32(float32(x))
		}
		return bits64(float64(x))
	}
	b := new(big.Float).SetPrec(64)
	if signed {
		b.SetInt64(int64(x))
	} else {
		b.SetUint64(x)
	}
	prec := uint(53)
	if bits == 32 {
		prec = 24
	}
	b.SetMode(bigMode(rnd)).SetPrec(prec)
	if bits == 32 {
		f, _ := b.Float32()
		return bits32(f)
	}
	f, _ := b.Float64()
	return bits64(f)
}

func bigMode(rnd string) big.RoundingMode {
	switch rnd {
	case "rz":
		return big.ToZero
	case "rm":
		return big.ToNegativeInf
	case "rp":
		return big.ToPositiveInf
	}
	return big.ToNearestEven
}

// narrow rounds a float64 to float32 as rnd says. Directed roundings
// correct the nearest result by one step where it went the wrong way
// (float64(r) and x compare exactly); overflow follows IEEE 754: .rz and
// the mode away from the infinity give MaxFloat32 instead of infinity.
func narrow(x float64, rnd string) float32 {
	r := float32(x)
	if x != x || rnd == "rn" || float64(r) == x {
		return r
	}
	switch rnd {
	case "rz":
		if math.Abs(float64(r)) > math.Abs(x) {
			r = math.Nextafter32(r, 0)
		}
	case "rm":
		if float64(r) > x {
			r = math.Nextafter32(r, float32(math.Inf(-1)))
		}
	case "rp":
		if float64(r) < x {
			r = math.Nextafter32(r, float32(math.Inf(1)))
		}
	}
	return r
}
