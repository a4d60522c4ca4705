package ptx

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
)

// ulps is the distance between a and b in units in the last place of b
// (both NaN: 0; one NaN or different infinities: a huge number).
func ulps(a, b float64) float64 {
	if a == b || (a != a && b != b) {
		return 0
	}
	if a != a || b != b || math.IsInf(a, 0) || math.IsInf(b, 0) {
		return math.Inf(1)
	}
	ia, ib := int64(math.Float64bits(a)), int64(math.Float64bits(b))
	if ia < 0 {
		ia = math.MinInt64 - ia
	}
	if ib < 0 {
		ib = math.MinInt64 - ib
	}
	return math.Abs(float64(ia - ib))
}

func ulpDist32(a, b float32) float64 {
	if a == b || (a != a && b != b) {
		return 0
	}
	if a != a || b != b {
		return math.Inf(1)
	}
	ia, ib := int32(math.Float32bits(a)), int32(math.Float32bits(b))
	if ia < 0 {
		ia = math.MinInt32 - ia
	}
	if ib < 0 {
		ib = math.MinInt32 - ib
	}
	return math.Abs(float64(ia) - float64(ib))
}

// accuracyCase is one routine, its Go reference, the input range sampled
// and the bound (in ULP, against Go's math) that doc.go states.
type accuracyCase struct {
	name     string
	ref      func(x, y float64) float64
	lo, hi   float64 // x range; y in [ylo, yhi] for two-argument routines
	ylo, yhi float64
	bound64  float64
	bound32  float64
	limit    float64 // if > 0, inputs with |x| > limit are not compared
}

// tanRef is math.Tan, corrected for |x| <= 1e-7, where Go's Tan returns x
// itself and so misses x^3/3 (up to 25 ULP).
func tanRef(x float64) float64 {
	if math.Abs(x) <= 1e-7 {
		return x + x*x*x/3
	}
	return math.Tan(x)
}

// logRef is math.Log, corrected for subnormal inputs: Go's amd64 assembly
// Log returns about -709.09 for every subnormal (e.g. math.Log(5e-324)),
// where the true value is about -744.44.
func logRef(x float64) float64 {
	if x > 0 && x < 0x1p-1022 {
		return math.Log(x*0x1p54) - 54*math.Ln2
	}
	return math.Log(x)
}

func one(f func(float64) float64) func(x, y float64) float64 {
	return func(x, _ float64) float64 { return f(x) }
}

var specials = []float64{0, math.Copysign(0, -1), 1, -1, 0.5, -0.5, 2, math.Inf(1), math.Inf(-1), math.NaN(),
	math.SmallestNonzeroFloat64, 0x1p-1022, math.MaxFloat64, -math.MaxFloat64, 1e-300, 1e300, math.Pi, 710, -746}

var accuracyCases = []accuracyCase{
	{name: "exp", ref: one(math.Exp), lo: -745, hi: 709, bound64: 1, bound32: 1},
	{name: "exp2", ref: one(math.Exp2), lo: -1074, hi: 1023.9, bound64: 1, bound32: 1},
	{name: "expm1", ref: one(math.Expm1), lo: -50, hi: 50, bound64: 2, bound32: 1},
	{name: "log", ref: one(logRef), lo: 0, hi: 1e300, bound64: 1, bound32: 1},
	{name: "log2", ref: one(math.Log2), lo: 0, hi: 1e300, bound64: 1, bound32: 1},
	{name: "log10", ref: one(func(x float64) float64 { return math.Log2(x) * (math.Ln2 / math.Ln10) }), lo: 0, hi: 1e300, bound64: 1, bound32: 1},
	{name: "log1p", ref: one(math.Log1p), lo: -1, hi: 1e10, bound64: 2, bound32: 1},
	{name: "sin", ref: one(math.Sin), lo: -1e6, hi: 1e6, limit: 0x1p29, bound64: 1, bound32: 1},
	{name: "sin", ref: one(math.Sin), lo: -1e300, hi: 1e300, bound64: 2, bound32: 1},
	{name: "sin", ref: one(math.Sin), lo: -1e12, hi: 1e12, bound64: 2, bound32: 1},
	{name: "cos", ref: one(math.Cos), lo: -1e6, hi: 1e6, limit: 0x1p29, bound64: 1, bound32: 1},
	{name: "cos", ref: one(math.Cos), lo: -1e300, hi: 1e300, bound64: 2, bound32: 1},
	{name: "cos", ref: one(math.Cos), lo: -1e12, hi: 1e12, bound64: 2, bound32: 1},
	{name: "tan", ref: one(tanRef), lo: -1e6, hi: 1e6, limit: 0x1p29, bound64: 2, bound32: 1},
	{name: "tan", ref: one(tanRef), lo: -1e300, hi: 1e300, bound64: 3, bound32: 1},
	{name: "tan", ref: one(tanRef), lo: -1e12, hi: 1e12, bound64: 3, bound32: 1},
	{name: "atan", ref: one(math.Atan), lo: -1e6, hi: 1e6, bound64: 0, bound32: 0},
	{name: "asin", ref: one(math.Asin), lo: -1, hi: 1, bound64: 0, bound32: 0},
	{name: "acos", ref: one(math.Acos), lo: -1, hi: 1, bound64: 0, bound32: 0},
	{name: "sinh", ref: one(math.Sinh), lo: -709, hi: 709, bound64: 3, bound32: 1},
	{name: "cosh", ref: one(math.Cosh), lo: -709, hi: 709, bound64: 1, bound32: 1},
	{name: "tanh", ref: one(math.Tanh), lo: -30, hi: 30, bound64: 1, bound32: 1},
	{name: "asinh", ref: one(math.Asinh), lo: -1e10, hi: 1e10, bound64: 2, bound32: 1},
	{name: "acosh", ref: one(math.Acosh), lo: 1, hi: 1e10, bound64: 2, bound32: 1},
	{name: "atanh", ref: one(math.Atanh), lo: -1, hi: 1, bound64: 2, bound32: 1},
	{name: "cbrt", ref: one(math.Cbrt), lo: -1e300, hi: 1e300, bound64: 0, bound32: 0},
	{name: "atan2", ref: math.Atan2, lo: -10, hi: 10, ylo: -10, yhi: 10, bound64: 0, bound32: 0},
	{name: "hypot", ref: math.Hypot, lo: -1e10, hi: 1e10, ylo: -1e10, yhi: 1e10, bound64: 0, bound32: 0},
	{name: "pow", ref: math.Pow, lo: 0, hi: 10, ylo: -30, yhi: 30, bound64: 6, bound32: 1},
	{name: "pow", ref: math.Pow, lo: 0, hi: 2, ylo: -1500, yhi: 1500, bound64: 6, bound32: 1},
	{name: "pow", ref: math.Pow, lo: -1e10, hi: 1e10, ylo: -40, yhi: 40, bound64: 6, bound32: 1},
}

// sample draws x: uniform in [lo, hi] half the time, log-uniform in
// magnitude the other half (so small and large values both appear).
func sample(r *rand.Rand, lo, hi float64) float64 {
	if r.IntN(2) == 0 {
		return lo + (hi-lo)*r.Float64()
	}
	m := math.Max(math.Abs(lo), math.Abs(hi))
	x := math.Exp2(math.Log2(m) - 60*r.Float64())
	if lo < 0 && (hi <= 0 || r.IntN(2) == 0) {
		x = -x
	}
	if x < lo || x > hi {
		return lo + (hi-lo)*r.Float64()
	}
	return x
}

// TestMathAccuracy runs each routine through the mprog interpreter (which
// has PTX's semantics) on special values and random inputs and checks the
// distance to Go's math package against the bound documented in doc.go, in
// double and in float (the float version widens, computes in double and
// rounds once). With -v it prints the measured maxima. Under the race
// detector, which makes the interpreter some four times slower and finds
// nothing in it, it takes 2,000 inputs a routine; make test-sim runs the
// 20,000 without.
func TestMathAccuracy(t *testing.T) {
	n := 20000
	if testing.Short() || raceEnabled {
		n = 2000
	}
	for _, c := range accuracyCases {
		r := mathRoutines[c.name]
		p := &mprog{}
		in := []mv{p.arg(0), p.arg(1)}[:r.nargs]
		res := r.build(p, in)
		rng := rand.New(rand.NewPCG(1, 2))
		var max64, max32 float64
		var worst64 [2]float64
		check := func(x, y float64) {
			if c.limit > 0 && math.Abs(x) > c.limit {
				return
			}
			got := p.eval([]float64{x, y}, res)
			want := c.ref(x, y)
			if d := ulps(got, want); d > max64 {
				max64, worst64 = d, [2]float64{x, y}
			}
			x32, y32 := float64(float32(x)), float64(float32(y))
			g32 := float32(p.eval([]float64{x32, y32}, res))
			w32 := float32(c.ref(x32, y32))
			if d := ulpDist32(g32, w32); d > max32 {
				max32 = d
			}
		}
		for _, x := range specials {
			if r.nargs == 1 {
				check(x, 0)
				continue
			}
			for _, y := range specials {
				check(x, y)
			}
		}
		for i := 0; i < n; i++ {
			check(sample(rng, c.lo, c.hi), sample(rng, c.ylo, c.yhi))
		}
		t.Logf("%-6s f64 max %g ULP (at %v), f32 max %g ULP", c.name, max64, worst64[:r.nargs], max32)
		assert.LessOrEqual(t, max64, c.bound64, "%s: f64 error in ULP at %v exceeds the documented bound", c.name, worst64[:r.nargs])
		assert.LessOrEqual(t, max32, c.bound32, "%s: f32 error in ULP exceeds the documented bound", c.name)
	}
}
