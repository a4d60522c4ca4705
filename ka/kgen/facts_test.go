package kgen

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kago-dev/kago/ka/driver"
)

var factParams = []driver.Param{
	{Name: "n", Type: driver.Int},
	{Name: "x", Type: driver.Float32, Slice: true},
	{Name: "m", Type: driver.Float32, Dims: 2},
	{Name: "u", Type: driver.Uint64},
	{Name: "f", Type: driver.Float32},
}

// TestFactsHold evaluates facts of every leaf and operation for a launch.
func TestFactsHold(t *testing.T) {
	r := driver.NDRange{Dims: 2, Size: [3]int{10, 3, 1}}
	g := driver.NDRange{Dims: 2, Size: [3]int{4, 2, 1}}
	args := []driver.Arg{{Value: 7}, {Len: 12}, {Shape: [3]int{5, 6, 1}}, {Value: uint64(math.MaxUint64)}, {Value: float32(1)}}
	for _, c := range []struct {
		fact string
		want bool
	}{
		{"le(arg(0),7)", true},
		{"le(8,arg(0))", false},
		{"le(len(1),12)", true},
		{"le(ext(2,0),5)", true},
		{"le(ext(2,1),5)", false},
		{"le(range(0),10)", true},
		{"le(groups(0),3)", true},
		{"le(3,groups(0))", true},
		{"le(padded(0),12)", true},
		{"le(12,padded(0))", true},
		{"le(groups(1),2)", true},
		{"le(group(1),2)", true},
		{"le(add(sub(range(0),1),arg(0)),16)", true},
		{"le(mul(range(0),range(1)),30)", true},
		{"le(div(range(0),3),3)", true},
		{"le(div(-7,2),-3)", true},
		{"le(shr(-7,1),-4)", true},
		{"le(min(range(0),range(1)),3)", true},
		{"le(max(range(0),range(1)),9)", false},
		{"le(add(9223372036854775807,1),0)", false}, // overflow: false either way
		{"le(0,add(9223372036854775807,1))", false},
		{"le(mul(4611686018427387904,2),0)", false},
		{"le(sub(-9223372036854775808,1),0)", false},
		{"le(div(1,0),0)", false},
		{"le(0,arg(3))", false}, // a uint64 above MaxInt64 has no int64 value
	} {
		f, err := ParseFacts([]string{c.fact}, factParams)
		require.NoError(t, err, c.fact)
		assert.Equal(t, c.want, f.Hold(r, g, args), c.fact)
	}
	f, err := ParseFacts([]string{"le(range(0),10)", "le(range(1),2)"}, factParams)
	require.NoError(t, err)
	assert.False(t, f.Hold(r, g, args), "every fact must hold")
	f, err = ParseFacts(nil, factParams)
	require.NoError(t, err)
	assert.True(t, f.Hold(r, g, args), "no facts")
}

// TestParseFactsErrors: a fact that does not parse or does not fit the
// kernel's parameters is an error that quotes it.
func TestParseFactsErrors(t *testing.T) {
	for fact, want := range map[string]string{
		"le(1,2":                     `want ')'`,
		"le(1,2)x":                   "not le(a,b)",
		"add(1,2)":                   "not le(a,b)",
		"le(foo(1),2)":               `unknown operation "foo"`,
		"le(x,2)":                    `"x" is no integer`,
		"le(len(0),1)":               "len(0): parameter n is not of that kind",
		"le(arg(1),1)":               "arg(1): parameter x is not of that kind",
		"le(arg(4),1)":               "arg(4): parameter f is not of that kind",
		"le(ext(2,2),1)":             "ext(2): parameter m is not of that kind",
		"le(len(5),1)":               "len(5): the kernel has 5 parameters",
		"le(range(3),1)":             "range(3): no such dimension",
		"le(arg(-1),1)":              "arg(-1): the kernel has 5 parameters",
		"le(range(0),":               `"" is no integer`,
		"le(ext(2),1)":               `want ','`,
		"le(1,2),le(1,2)":            "not le(a,b)",
		"le(1,2)le(1,2)":             "not le(a,b)",
		"le(add(1,2,3),4)":           `want ')'`,
		"le(99999999999999999999,1)": "is no integer",
	} {
		_, err := ParseFacts([]string{fact}, factParams)
		require.Error(t, err, fact)
		assert.ErrorContains(t, err, want, fact)
		assert.ErrorContains(t, err, fact, "the error quotes the fact")
	}
}

// BenchmarkFactsHold is what a launch of katest.Saxpy adds to decide its
// lean variant: its two facts over a 1-D range.
func BenchmarkFactsHold(b *testing.B) {
	f, err := ParseFacts([]string{
		"le(add(min(add(sub(range(0),1),mul(range(0),add(sub(range(1),1),mul(range(1),sub(range(2),1))))),sub(len(2),1)),1),len(1))",
	}, []driver.Param{{Name: "a", Type: driver.Float32}, {Name: "x", Type: driver.Float32, Slice: true}, {Name: "y", Type: driver.Float32, Slice: true}})
	require.NoError(b, err)
	r := driver.NDRange{Dims: 1, Size: [3]int{1 << 20, 1, 1}}
	g := driver.NDRange{Dims: 1, Size: [3]int{256, 1, 1}}
	args := []driver.Arg{{Value: float32(2)}, {Len: 1 << 20}, {Len: 1 << 20}}
	for b.Loop() {
		if !f.Hold(r, g, args) {
			b.Fatal("the facts do not hold")
		}
	}
}

// TestIntValue: an integer argument's value, sign-extended from its own
// width, and refused when it is of another type or does not fit an int64.
func TestIntValue(t *testing.T) {
	for _, c := range []struct {
		t    driver.ScalarType
		v    any
		want int64
		ok   bool
	}{
		{driver.Int, -7, -7, true},
		{driver.Int8, int8(-128), -128, true},
		{driver.Int16, int16(-2), -2, true},
		{driver.Int32, int32(math.MinInt32), math.MinInt32, true},
		{driver.Int64, int64(math.MaxInt64), math.MaxInt64, true},
		{driver.Uint8, uint8(255), 255, true},
		{driver.Uint32, uint32(math.MaxUint32), math.MaxUint32, true},
		{driver.Uint64, uint64(math.MaxInt64), math.MaxInt64, true},
		{driver.Uint64, uint64(math.MaxInt64 + 1), 0, false},
		{driver.Uint, uint(math.MaxUint64), 0, false},
		{driver.Int32, int64(1), 0, false}, // not of the parameter's type
	} {
		got, ok := intValue(c.t, c.v)
		assert.Equal(t, c.ok, ok, "%s %v", c.t, c.v)
		if c.ok {
			assert.Equal(t, c.want, got, "%s %v", c.t, c.v)
		}
	}
}
