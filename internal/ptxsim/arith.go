package ptxsim

import (
	"math"
	"math/bits"
)

// arith decodes the integer, bit and float arithmetic instructions.
func (d *decoder) arith(op opcode) (func(*thread, *inst), error) {
	ty, err := d.oneType(op)
	if err != nil {
		return nil, err
	}
	if ty.kind == 'f' {
		return d.floatArith(op, ty)
	}
	if ty.kind == 'p' {
		return d.predArith(op)
	}
	return d.intArith(op, ty)
}

// operands compiles the destination and the n sources of type ty (types
// gives per-source types when they differ).
func (d *decoder) operands(n int, types ...ptype) (setter, []getter, error) {
	if err := d.nargs(n + 1); err != nil {
		return setter{}, nil, err
	}
	dst, err := d.dst(d.s.args[0])
	if err != nil {
		return setter{}, nil, err
	}
	if err := d.typeCheckDst(dst.i, types[0]); err != nil {
		return setter{}, nil, err
	}
	srcs := make([]getter, n)
	for i := range srcs {
		if srcs[i], err = d.src(d.s.args[i+1], types[min(i, len(types)-1)]); err != nil {
			return setter{}, nil, err
		}
	}
	return dst, srcs, nil
}

// predArith is and/or/xor/not/mov on predicates.
func (d *decoder) predArith(op opcode) (func(*thread, *inst), error) {
	p := ptype{'p', 1}
	if len(op.mods) > 0 {
		return nil, d.unsupported("modifier ." + op.mods[0])
	}
	switch op.base {
	case "not":
		dst, s, err := d.operands(1, p)
		if err != nil {
			return nil, err
		}
		a := s[0]
		return func(t *thread, _ *inst) { dst.set(t, a.get(t)^1) }, nil
	case "and", "or", "xor":
		dst, s, err := d.operands(2, p)
		if err != nil {
			return nil, err
		}
		a, b := s[0], s[1]
		switch op.base {
		case "and":
			return func(t *thread, _ *inst) { dst.set(t, a.get(t)&b.get(t)) }, nil
		case "or":
			return func(t *thread, _ *inst) { dst.set(t, a.get(t)|b.get(t)) }, nil
		}
		return func(t *thread, _ *inst) { dst.set(t, a.get(t)^b.get(t)) }, nil
	}
	return nil, d.unsupported(op.base + " on .pred")
}

// intArith is the integer and bit instructions on .b/.u/.s types of 16,
// 32 and 64 bits. Values are computed in 64 bits and truncated to the
// type, which is two's-complement wrap-around, as PTX specifies.
func (d *decoder) intArith(op opcode, ty ptype) (func(*thread, *inst), error) {
	w := ty.bits
	if w != 16 && w != 32 && w != 64 {
		return nil, d.unsupported("type ." + ty.String() + " of " + op.base)
	}
	signed := ty.kind == 's'
	bin := func(f func(a, b uint64) uint64) (func(*thread, *inst), error) {
		dst, s, err := d.operands(2, ty)
		if err != nil {
			return nil, err
		}
		a, b := s[0], s[1]
		return func(t *thread, _ *inst) { dst.set(t, mask(f(ty.value(a.get(t)), ty.value(b.get(t))), w)) }, nil
	}
	un := func(f func(a uint64) uint64) (func(*thread, *inst), error) {
		dst, s, err := d.operands(1, ty)
		if err != nil {
			return nil, err
		}
		a := s[0]
		return func(t *thread, _ *inst) { dst.set(t, mask(f(ty.value(a.get(t))), w)) }, nil
	}
	mods := func(allowed ...string) error {
		if m := op.only(allowed...); m != "" {
			return d.unsupported("modifier ." + m + " of " + op.base + "." + ty.String())
		}
		return nil
	}
	switch op.base {
	case "add", "sub":
		if err := mods(); err != nil {
			return nil, err
		}
		if op.base == "add" {
			return bin(func(a, b uint64) uint64 { return a + b })
		}
		return bin(func(a, b uint64) uint64 { return a - b })
	case "mul", "mad":
		if err := mods("lo", "hi", "wide"); err != nil {
			return nil, err
		}
		return d.mulMad(op, ty)
	case "div", "rem":
		if err := mods(); err != nil {
			return nil, err
		}
		// The ISA leaves division by zero unspecified ("machine-specific").
		// The simulator returns all ones for div (-1 signed) and the dividend
		// for rem; kago's front end never divides by zero (Go panics first),
		// so no corpus result depends on it.
		allOnes := mask(math.MaxUint64, w)
		if signed {
			if op.base == "div" {
				return bin(func(a, b uint64) uint64 {
					x, y := int64(a), int64(b)
					switch {
					case y == 0:
						return allOnes
					case y == -1:
						return uint64(-x) // MIN / -1 wraps to MIN
					}
					return uint64(x / y)
				})
			}
			return bin(func(a, b uint64) uint64 {
				x, y := int64(a), int64(b)
				switch {
				case y == 0:
					return a
				case y == -1:
					return 0
				}
				return uint64(x % y) // sign of the dividend, as C and Go
			})
		}
		if op.base == "div" {
			return bin(func(a, b uint64) uint64 {
				if b == 0 {
					return allOnes
				}
				return a / b
			})
		}
		return bin(func(a, b uint64) uint64 {
			if b == 0 {
				return a
			}
			return a % b
		})
	case "abs", "neg":
		if err := mods(); err != nil {
			return nil, err
		}
		if op.base == "neg" {
			return un(func(a uint64) uint64 { return -a })
		}
		if !signed {
			return nil, d.unsupported("abs of an unsigned type")
		}
		return un(func(a uint64) uint64 {
			if int64(a) < 0 {
				return -a // abs(MIN) is MIN
			}
			return a
		})
	case "min", "max":
		if err := mods(); err != nil {
			return nil, err
		}
		less := func(a, b uint64) bool { return a < b }
		if signed {
			less = func(a, b uint64) bool { return int64(a) < int64(b) }
		}
		if op.base == "min" {
			return bin(func(a, b uint64) uint64 {
				if less(b, a) {
					return b
				}
				return a
			})
		}
		return bin(func(a, b uint64) uint64 {
			if less(a, b) {
				return b
			}
			return a
		})
	case "and", "or", "xor":
		if err := mods(); err != nil {
			return nil, err
		}
		switch op.base {
		case "and":
			return bin(func(a, b uint64) uint64 { return a & b })
		case "or":
			return bin(func(a, b uint64) uint64 { return a | b })
		}
		return bin(func(a, b uint64) uint64 { return a ^ b })
	case "not":
		return un(func(a uint64) uint64 { return ^a })
	case "cnot":
		return un(func(a uint64) uint64 {
			if mask(a, w) == 0 {
				return 1
			}
			return 0
		})
	case "shl", "shr":
		if err := mods(); err != nil {
			return nil, err
		}
		// The shift amount is an unsigned 32-bit operand whatever the type;
		// amounts of the width or more are clamped to the width: shl and
		// shr.u give 0, shr.s fills with the sign bit.
		dst, s, err := d.operands(2, ty, ptype{'u', 32})
		if err != nil {
			return nil, err
		}
		a, b := s[0], s[1]
		switch {
		case op.base == "shl":
			return func(t *thread, _ *inst) {
				n := uint32(b.get(t))
				if n >= uint32(w) {
					dst.set(t, 0)
					return
				}
				dst.set(t, mask(a.get(t)<<n, w))
			}, nil
		case signed:
			return func(t *thread, _ *inst) {
				n := min(uint32(b.get(t)), uint32(w-1))
				dst.set(t, mask(uint64(sext(a.get(t), w)>>n), w))
			}, nil
		}
		return func(t *thread, _ *inst) {
			n := uint32(b.get(t))
			if n >= uint32(w) {
				dst.set(t, 0)
				return
			}
			dst.set(t, mask(a.get(t), w)>>n)
		}, nil
	case "bfe":
		if w < 32 {
			return nil, d.unsupported("bfe." + ty.String())
		}
		// bfe d, a, pos, len: pos and len are .u32, taken modulo 256; bits
		// beyond the source's msb (and, when len is 0, all) come from the
		// sign bit a[min(pos+len-1, msb)] for .s types, else 0.
		dst, s, err := d.operands(3, ty, ptype{'u', 32})
		if err != nil {
			return nil, err
		}
		a, b, c := s[0], s[1], s[2]
		return func(t *thread, _ *inst) {
			x := mask(a.get(t), w)
			pos, n := int(b.get(t)&0xff), int(c.get(t)&0xff)
			msb := w - 1
			var sbit uint64
			if signed && n > 0 {
				sbit = x >> uint(min(pos+n-1, msb)) & 1
			}
			var r uint64
			for i := 0; i <= msb; i++ {
				bit := sbit
				if i < n && pos+i <= msb {
					bit = x >> uint(pos+i) & 1
				}
				r |= bit << uint(i)
			}
			dst.set(t, r)
		}, nil
	case "popc", "clz", "brev":
		dst, s, err := d.operands(1, ty)
		if err != nil {
			return nil, err
		}
		a := s[0]
		return func(t *thread, _ *inst) {
			x := mask(a.get(t), w)
			switch op.base {
			case "popc":
				dst.set(t, uint64(bits.OnesCount64(x)))
			case "clz":
				dst.set(t, uint64(bits.LeadingZeros64(x)-(64-w)))
			default:
				dst.set(t, bits.Reverse64(x)>>uint(64-w))
			}
		}, nil
	}
	return nil, d.unsupported(op.base + "." + ty.String())
}

// mulMad is mul and mad with .lo, .hi and .wide.
func (d *decoder) mulMad(op opcode, ty ptype) (func(*thread, *inst), error) {
	w := ty.bits
	signed := ty.kind == 's'
	mode := "lo"
	switch {
	case op.has("hi"):
		mode = "hi"
	case op.has("wide"):
		mode = "wide"
		if w == 64 {
			return nil, d.unsupported(op.text + " (no 128-bit results)")
		}
	case !op.has("lo") && op.base == "mad":
		return nil, d.errorf("mad needs .lo, .hi or .wide")
	}
	n := 2
	if op.base == "mad" {
		n = 3
	}
	types := []ptype{ty, ty, ty}
	if mode == "wide" {
		types[2] = ptype{ty.kind, 2 * w}
	}
	dst, s, err := d.operands(n, types...)
	if err != nil {
		return nil, err
	}
	a, b := s[0], s[1]
	prod := func(t *thread) uint64 {
		x, y := ty.value(a.get(t)), ty.value(b.get(t))
		switch mode {
		case "wide":
			return x * y // exact: the operands have at most 32 bits
		case "hi":
			if w == 64 {
				if signed {
					hi, _ := bits.Mul64(x, y)
					// signed high half: correct the unsigned one
					if int64(x) < 0 {
						hi -= y
					}
					if int64(y) < 0 {
						hi -= x
					}
					return hi
				}
				hi, _ := bits.Mul64(x, y)
				return hi
			}
			return (x * y) >> uint(w) // exact in 64 bits for w <= 32
		}
		return x * y
	}
	rw := w
	if mode == "wide" {
		rw = 2 * w
	}
	if op.base == "mul" {
		return func(t *thread, _ *inst) { dst.set(t, mask(prod(t), rw)) }, nil
	}
	c := s[2]
	return func(t *thread, _ *inst) { dst.set(t, mask(prod(t)+c.get(t), rw)) }, nil
}

// shf decodes the funnel shifts shf.l and shf.r (.wrap or .clamp).b32
// d, a, b, c: the 64-bit value b:a (b the high half) shifted by n, where n
// is c mod 32 (.wrap) or min(c, 32) (.clamp); shf.l keeps the high 32 bits
// of the result, shf.r the low.
func (d *decoder) shf(op opcode) (func(*thread, *inst), error) {
	ty, err := d.oneType(op)
	if err != nil {
		return nil, err
	}
	if ty.bits != 32 || len(op.mods) != 2 || (op.mods[0] != "l" && op.mods[0] != "r") || (op.mods[1] != "wrap" && op.mods[1] != "clamp") {
		return nil, d.unsupported("form " + op.text)
	}
	left, wrap := op.mods[0] == "l", op.mods[1] == "wrap"
	dst, s, err := d.operands(3, ty, ty, ptype{'u', 32})
	if err != nil {
		return nil, err
	}
	a, b, c := s[0], s[1], s[2]
	return func(t *thread, _ *inst) {
		v := mask(b.get(t), 32)<<32 | mask(a.get(t), 32)
		n := uint32(c.get(t))
		if wrap {
			n &= 31
		} else {
			n = min(n, 32)
		}
		if left {
			dst.set(t, (v<<n)>>32)
		} else {
			dst.set(t, mask(v>>n, 32))
		}
	}, nil
}
