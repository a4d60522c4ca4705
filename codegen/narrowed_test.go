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

// TestNarrowedPTX compares the PTX of examples/matmul's tiled kernel,
// compiled //ka:nocheck as kagobench -twins measures it, with
// testdata/ptx/MatMul.nocheck.ptx, and checks what the range analysis
// bought: the inner loop (the block with the two local-memory loads) has
// its counter, its bound and its local-memory indices in 32-bit
// instructions; only the addresses are 64-bit (cvt, then mad.lo.s64).
func TestNarrowedPTX(t *testing.T) {
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

	// The inner loop's body: the block holding the ld.shared loads.
	var body string
	for _, blk := range strings.Split(string(code), "$L__") {
		if strings.Count(blk, "ld.shared.f32") == 2 {
			body = blk
		}
	}
	require.NotEmpty(t, body, "no block with two ld.shared.f32 loads")
	require.Regexp(t, `mul\.lo\.s32 %r\d+, %r\d+, 16;`, body)
	require.Regexp(t, `add\.s32 %r\d+, %r\d+, 1;`, body, "the counter's increment")
	for _, l := range strings.Split(body, "\n") {
		if m := regexp.MustCompile(`^\s*(add|sub|mul|mad|setp)[.a-z]*\.[su]64`).FindString(l); m != "" {
			require.Regexp(t, `^\s*mad\.lo\.s64 %rd\d+, %rd\d+, 4, %rd\d+;`, l, "64-bit integer arithmetic besides an address: %s", l)
		}
	}
	// The loop's header compares the 32-bit counter with the bound.
	require.Regexp(t, `setp\.lt\.s32 %p\d+, %r\d+, 16;`, string(code))
}
