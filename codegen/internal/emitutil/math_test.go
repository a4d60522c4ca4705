package emitutil

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestParseMath(t *testing.T) {
	for _, c := range []struct {
		name string
		want Math
		ok   bool
	}{
		{"llvm.sqrt.f32", Math{"sqrt", 32, 1}, true},
		{"llvm.fma.f64", Math{"fma", 64, 3}, true},
		{"llvm.minimum.f32", Math{"minimum", 32, 2}, true},
		{"ka.math.atan2.f64", Math{"atan2", 64, 2}, true},
		{"ka.math.log1p.f32", Math{"log1p", 32, 1}, true},
		{"llvm.tan.f32", Math{}, false},     // kago's, under LLVM's prefix
		{"ka.math.sqrt.f32", Math{}, false}, // LLVM's, under kago's prefix
		{"llvm.sqrt.f16", Math{}, false},
		{"llvm.sqrt", Math{}, false},
		{"llvm.sqrt.f32.f32", Math{}, false},
		{"llvm.erf.f64", Math{}, false},
		{"ka.barrier", Math{}, false},
		{"sqrt.f32", Math{}, false},
	} {
		got, ok := ParseMath(c.name)
		assert.Equal(t, c.want, got, "ParseMath(%q)", c.name)
		assert.Equal(t, c.ok, ok, "ParseMath(%q) ok", c.name)
	}
}
