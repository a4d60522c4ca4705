package ptxsim

import (
	"math"

	"github.com/kago-dev/kago/internal/fma"
)

func f32(v uint64) float32     { return math.Float32frombits(uint32(v)) }
func f64(v uint64) float64     { return math.Float64frombits(v) }
func bits32(f float32) uint64  { return uint64(math.Float32bits(f)) }
func bits64(f float64) uint64  { return math.Float64bits(f) }
func isNaN32(f float32) bool   { return f != f }
func canonNaN(bits int) uint64 { return map[int]uint64{32: 0x7fffffff, 64: 0x7fffffffffffffff}[bits] }

// floatArith is the float instructions on .f32 and .f64. Results are
// IEEE 754 with round-to-nearest-even (.rn, also the default where the
// modifier is absent); subnormals are kept (no .ftz). Other rounding
// modifiers, .ftz, .sat and .approx are not implemented (codegen/ptx never
// emits them) and fail to decode.
func (d *decoder) floatArith(op opcode, ty ptype) (func(*thread, *inst), error) {
	w := ty.bits
	if w != 32 && w != 64 {
		return nil, d.unsupported("type ." + ty.String())
	}
	for _, m := range op.mods {
		if m != "rn" {
			return nil, d.unsupported("modifier ." + m + " of " + op.base + "." + ty.String())
		}
	}
	single := w == 32
	bin := func(f32op func(a, b float32) float32, f64op func(a, b float64) float64) (func(*thread, *inst), error) {
		dst, s, err := d.operands(2, ty)
		if err != nil {
			return nil, err
		}
		a, b := s[0], s[1]
		if single {
			return func(t *thread, _ *inst) { dst.set(t, bits32(f32op(f32(a.get(t)), f32(b.get(t))))) }, nil
		}
		return func(t *thread, _ *inst) { dst.set(t, bits64(f64op(f64(a.get(t)), f64(b.get(t))))) }, nil
	}
	un := func(f32op func(a float32) float32, f64op func(a float64) float64) (func(*thread, *inst), error) {
		dst, s, err := d.operands(1, ty)
		if err != nil {
			return nil, err
		}
		a := s[0]
		if single {
			return func(t *thread, _ *inst) { dst.set(t, bits32(f32op(f32(a.get(t))))) }, nil
		}
		return func(t *thread, _ *inst) { dst.set(t, bits64(f64op(f64(a.get(t))))) }, nil
	}
	bitsUn := func(f func(v uint64) uint64) (func(*thread, *inst), error) {
		dst, s, err := d.operands(1, ty)
		if err != nil {
			return nil, err
		}
		a := s[0]
		return func(t *thread, _ *inst) { dst.set(t, mask(f(a.get(t)), w)) }, nil
	}
	sign := uint64(1) << uint(w-1)
	switch op.base {
	case "add":
		return bin(func(a, b float32) float32 { return a + b }, func(a, b float64) float64 { return a + b })
	case "sub":
		return bin(func(a, b float32) float32 { return a - b }, func(a, b float64) float64 { return a - b })
	case "mul":
		return bin(func(a, b float32) float32 { return a * b }, func(a, b float64) float64 { return a * b })
	case "div":
		if !op.has("rn") {
			return nil, d.unsupported(op.text + " (div of floats needs .rn)")
		}
		return bin(func(a, b float32) float32 { return a / b }, func(a, b float64) float64 { return a / b })
	case "min", "max":
		// One NaN operand: the other operand; both NaN: canonical NaN.
		// -0 is taken as less than +0.
		dst, s, err := d.operands(2, ty)
		if err != nil {
			return nil, err
		}
		a, b := s[0], s[1]
		isMax := op.base == "max"
		return func(t *thread, _ *inst) {
			x, y := mask(a.get(t), w), mask(b.get(t), w)
			var fx, fy float64
			if single {
				fx, fy = float64(f32(x)), float64(f32(y))
			} else {
				fx, fy = f64(x), f64(y)
			}
			switch {
			case fx != fx && fy != fy:
				dst.set(t, canonNaN(w))
			case fx != fx:
				dst.set(t, y)
			case fy != fy:
				dst.set(t, x)
			case fx == fy:
				// equal, possibly zeros of different signs
				if (x&sign != 0) == isMax {
					dst.set(t, y)
				} else {
					dst.set(t, x)
				}
			case (fx < fy) != isMax:
				dst.set(t, x)
			default:
				dst.set(t, y)
			}
		}, nil
	case "abs":
		return bitsUn(func(v uint64) uint64 { return v &^ sign })
	case "neg":
		return bitsUn(func(v uint64) uint64 { return v ^ sign })
	case "sqrt":
		if !op.has("rn") {
			return nil, d.unsupported(op.text + " (sqrt needs .rn)")
		}
		return un(func(a float32) float32 { return float32(math.Sqrt(float64(a))) }, math.Sqrt)
	case "rcp":
		if !op.has("rn") {
			return nil, d.unsupported(op.text + " (rcp needs .rn)")
		}
		return un(func(a float32) float32 { return 1 / a }, func(a float64) float64 { return 1 / a })
	case "fma", "mad":
		if !op.has("rn") {
			return nil, d.unsupported(op.text + " (needs .rn)")
		}
		dst, s, err := d.operands(3, ty)
		if err != nil {
			return nil, err
		}
		a, b, c := s[0], s[1], s[2]
		if single {
			return func(t *thread, _ *inst) { dst.set(t, bits32(fma.Float32(f32(a.get(t)), f32(b.get(t)), f32(c.get(t))))) }, nil
		}
		return func(t *thread, _ *inst) { dst.set(t, bits64(math.FMA(f64(a.get(t)), f64(b.get(t)), f64(c.get(t))))) }, nil
	case "copysign":
		// copysign d, a, b: b's magnitude with a's sign.
		dst, s, err := d.operands(2, ty)
		if err != nil {
			return nil, err
		}
		a, b := s[0], s[1]
		return func(t *thread, _ *inst) { dst.set(t, mask(b.get(t), w)&^sign|mask(a.get(t), w)&sign) }, nil
	}
	return nil, d.unsupported(op.base + "." + ty.String())
}
