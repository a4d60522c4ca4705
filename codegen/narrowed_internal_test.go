package codegen

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestCopyModuleRoundTrips: the PTX emitter's narrowed module starts as a
// copy of the kernel's module read back from its text; for every corpus
// kernel the copy prints the same text, so narrowing is the only
// difference between what the PTX and the other emitters read.
func TestCopyModuleRoundTrips(t *testing.T) {
	p, err := Load(Config{Dir: ".."}, "./internal/corpus")
	require.NoError(t, err)
	ks, err := p.Compile()
	require.NoError(t, err)
	require.NotEmpty(t, ks)
	for _, k := range ks {
		m, err := copyModule(k.Module)
		require.NoError(t, err, k.Entry)
		require.Equal(t, k.Module.String(), m.String(), k.Entry)
	}
}
