package ka

import (
	"math"
	"unsafe"

	"github.com/kago-dev/kago/internal/fma"

	// Go's code for the package math functions that kernels compile from
	// source (math.Gamma, math.Lgamma) and for the 16-bit float
	// conversions (half.go): imported so that it is in every kernel
	// package's program.
	_ "github.com/kago-dev/kago/ka/internal/devmath"
)

// Float is the set of floating-point types the math functions take.
type Float interface{ float32 | float64 }

// The math functions are generic over float32 and float64 and usable in
// kernels. On the native backend they compute in float64 with package math
// and round to T; on devices each maps to the target's function, with the
// accuracy that docs/kernel-language.md states per target (ULP). Go's
// builtin min and max work in kernels too, and so do the float64 functions
// of package math that have device equivalents.

// Sqrt returns the square root of x (correctly rounded on every target).
func Sqrt[T Float](x T) T { return T(math.Sqrt(float64(x))) }

// Exp returns e**x.
func Exp[T Float](x T) T { return T(math.Exp(float64(x))) }

// Exp2 returns 2**x.
func Exp2[T Float](x T) T { return T(math.Exp2(float64(x))) }

// Log returns the natural logarithm of x.
func Log[T Float](x T) T { return T(math.Log(float64(x))) }

// Log2 returns the binary logarithm of x.
func Log2[T Float](x T) T { return T(math.Log2(float64(x))) }

// Sin returns the sine of x (radians).
func Sin[T Float](x T) T { return T(math.Sin(float64(x))) }

// Cos returns the cosine of x (radians).
func Cos[T Float](x T) T { return T(math.Cos(float64(x))) }

// Tan returns the tangent of x (radians).
func Tan[T Float](x T) T { return T(math.Tan(float64(x))) }

// Tanh returns the hyperbolic tangent of x.
func Tanh[T Float](x T) T { return T(math.Tanh(float64(x))) }

// Atan2 returns the arc tangent of y/x, using the signs of both to find the
// quadrant.
func Atan2[T Float](y, x T) T { return T(math.Atan2(float64(y), float64(x))) }

// Pow returns x**y.
func Pow[T Float](x, y T) T { return T(math.Pow(float64(x), float64(y))) }

// Abs returns the absolute value of x.
func Abs[T Float](x T) T { return T(math.Abs(float64(x))) }

// FMA returns x*y + z with one rounding, as a device's fused multiply-add
// computes it: the same bits on every target, the native backend
// included (for float32 there, internal/fma: float32(math.FMA(...))
// would round twice).
func FMA[T Float](x, y, z T) T {
	var zero T
	if unsafe.Sizeof(zero) == 4 {
		return T(fma.Float32(float32(x), float32(y), float32(z)))
	}
	return T(math.FMA(float64(x), float64(y), float64(z)))
}

// Floor returns the greatest integer value ≤ x.
func Floor[T Float](x T) T { return T(math.Floor(float64(x))) }

// Ceil returns the least integer value ≥ x.
func Ceil[T Float](x T) T { return T(math.Ceil(float64(x))) }

// Trunc returns the integer value of x, rounded toward zero.
func Trunc[T Float](x T) T { return T(math.Trunc(float64(x))) }

// Round returns the nearest integer value, rounding half away from zero.
func Round[T Float](x T) T { return T(math.Round(float64(x))) }
