package corpus

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kago-dev/kago/ka"
	"github.com/kago-dev/kago/ka/katest"
)

// TestGenericHost runs the generic host helpers, which name CopyG[T] and
// AddG[T] inside generic functions, with kago gen's code on native and
// PoCL.
func TestGenericHost(t *testing.T) {
	ctx := context.Background()
	for _, backend := range []string{"native", "pocl"} {
		t.Run(backend, func(t *testing.T) {
			dev := katest.Open(t, backend)
			f, err := CopyOn(ctx, dev, []float32{1, 2, 3})
			require.NoError(t, err)
			assert.Equal(t, []float32{1, 2, 3}, f)
			i, err := CopyOn(ctx, dev, []int32{4, 5})
			require.NoError(t, err)
			assert.Equal(t, []int32{4, 5}, i)
			a, err := AddOn(ctx, dev, []float32{1, 2}, []float32{10, 20})
			require.NoError(t, err)
			assert.Equal(t, []float32{11, 22}, a, "AddG, not CopyG, which has the same type")
		})
	}
}

// TestGenericHostNoInstance: an instance that nothing compiled (AddOn[int32]
// is not named in the package) fails, without the JIT, with a message
// that says which instance to name and where.
func TestGenericHostNoInstance(t *testing.T) {
	dev, err := ka.Open("native")
	require.NoError(t, err)
	defer dev.Close()
	_, err = AddOn(context.Background(), dev, []int32{1}, []int32{2})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "instantiation wrapper of corpus.AddG")
	assert.Contains(t, err.Error(), "generichost.go:")
	assert.Contains(t, err.Error(), "func(ka.Item, []int32, []int32)")
	assert.Contains(t, err.Error(), "var _ = []any{")
}
