package codegen_test

import (
	"strings"
	"testing"

	"github.com/kago-dev/kago/codegen"
	"github.com/kago-dev/kago/codegen/internal/emitutil"
	"github.com/llir/llvm/ir"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestContractDirective checks that //ka:contract reaches the IR as the
// kernel's "ka-contract" attribute, that only the product under an explicit
// conversion carries !ka.round, and that kernels without the directive get
// neither.
func TestContractDirective(t *testing.T) {
	p, err := codegen.Load(codegen.Config{Dir: "testdata"}, "./golden")
	require.NoError(t, err)
	kernels, err := p.Compile()
	require.NoError(t, err)
	seen := false
	for _, k := range kernels {
		var f *ir.Func
		for _, fn := range k.Module.Funcs {
			if len(fn.Blocks) > 0 {
				f = fn
			}
		}
		require.NotNil(t, f, k.Entry)
		text := k.Module.String()
		if k.Entry != "Contracted" {
			assert.False(t, emitutil.Contracts(f), "%s has no //ka:contract", k.Entry)
			assert.NotContains(t, text, "!ka.round", k.Entry)
			continue
		}
		seen = true
		assert.True(t, emitutil.Contracts(f))
		assert.Equal(t, 1, strings.Count(text, "!ka.round"), "only float32(a*x[i]) is rounded")
		c := emitutil.Contractions(f)
		pairs := 0
		for _, b := range f.Blocks {
			for _, inst := range b.Insts {
				if add, ok := inst.(*ir.InstFAdd); ok {
					if _, _, _, ok := c.MulAdd(add); ok {
						pairs++
					}
				}
			}
		}
		assert.Equal(t, 1, pairs, "a*x[i] + y[i] fuses, float32(a*x[i]) + y[i] does not")
	}
	assert.True(t, seen, "golden has the Contracted kernel")
}
