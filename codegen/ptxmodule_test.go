package codegen_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/kago-dev/kago/codegen"
	"github.com/kago-dev/kago/ka/driver"
	"github.com/stretchr/testify/require"
)

// TestPTXMiddleEnd compares the PTX of examples/matmul's tiled kernel,
// compiled //ka:nocheck as kagobench -twins measures it, with
// testdata/ptx/MatMul.nocheck.ptx, and checks what the middle end
// (ptxmodule.go) bought: the 16-step product over the tiles is unrolled
// into one block of 32 local-memory loads addressed [reg+imm] from two
// registers, with no counter, compare or index arithmetic left in it, and
// the tile loop's (n+15)/16 is no division.
func TestPTXMiddleEnd(t *testing.T) {
	p, err := codegen.Load(codegen.Config{Dir: filepath.Join("..", "examples", "matmul"), NoChecks: true}, ".")
	require.NoError(t, err)
	ks, err := p.Compile()
	require.NoError(t, err)
	require.Len(t, ks, 1)
	code, err := codegen.Emit(ks[0], driver.PTX)
	require.NoError(t, err)
	golden := filepath.Join("testdata", "ptx", "MatMul.nocheck.ptx")
	if *update {
		require.NoError(t, os.WriteFile(golden, code, 0o644))
	}
	want, err := os.ReadFile(golden)
	require.NoError(t, err, "run go test -run NarrowedPTX -update to create it")
	require.Equal(t, string(want), string(code), "%s differs", golden)

	// The product: the block holding the ld.shared loads.
	var body string
	for _, blk := range strings.Split(string(code), "$L__") {
		if strings.Count(blk, "ld.shared.f32") > 0 {
			require.Empty(t, body, "the loads are in more than one block")
			body = blk
		}
	}
	// ta's row, 16 floats from a 16-byte aligned address, is four
	// ld.shared.v4 (codegen/ptx/vector.go); tb's column 16 loads.
	require.Equal(t, 4, strings.Count(body, "ld.shared.v4.f32"), "ta's row in four vector loads")
	require.Equal(t, 16, strings.Count(body, "ld.shared.f32"), "tb's column in 16")
	require.Equal(t, 16, strings.Count(body, "mul.rn.f32"))
	require.Regexp(t, `ld\.shared\.v4\.f32 \{%f\d+, %f\d+, %f\d+, %f\d+\}, \[%rd\d+\+48\];`, body, "ta's last four columns")
	require.Regexp(t, `ld\.shared\.f32 %f\d+, \[%rd\d+\+960\];`, body, "tb's last row")
	bases := map[string]bool{}
	for _, m := range regexp.MustCompile(`ld\.shared\.(?:v4\.)?f32 \{?[%f\d, ]+\}?, \[(%rd\d+)`).FindAllStringSubmatch(body, -1) {
		bases[m[1]] = true
	}
	require.Len(t, bases, 2, "all loads from two address registers")
	product, _, _ := strings.Cut(body, "bar.sync") // then the tile loop's t++
	for _, l := range strings.Split(product, "\n") {
		require.NotRegexp(t, `^\s*(add|sub|mul|mad|setp|cvt)\.[su](32|64)`, l, "integer arithmetic in the product: %s", l)
	}
	require.NotContains(t, string(code), "div.", "(n+15)/16 is a shift")
	require.NotContains(t, string(code), "rem.")
}
