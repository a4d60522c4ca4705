package katest

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kago-dev/kago/ka"
)

func testArrays(t *testing.T, dev *ka.Device) {
	ctx := context.Background()
	a, err := ka.FromSlice(ctx, dev, []uint8{1, 2, 3, 4, 5})
	require.NoError(t, err)
	assert.Equal(t, 5, a.Len(), "Len")
	require.NoError(t, a.Write(ctx, []uint8{9, 8}))
	got := make([]uint8, 5)
	require.NoError(t, a.Read(ctx, got))
	assert.Equal(t, []uint8{9, 8, 3, 4, 5}, got, "after a partial Write")
	three := make([]uint8, 3)
	require.NoError(t, a.Read(ctx, three))
	assert.Equal(t, []uint8{9, 8, 3}, three, "partial Read")
	assert.Error(t, a.Read(ctx, make([]uint8, 6)), "Read of more elements than the array has succeeded")
	assert.Error(t, a.Write(ctx, make([]uint8, 6)), "Write of more elements than the array has succeeded")
	require.NoError(t, a.Free())
	require.NoError(t, a.Free())
	assert.ErrorIs(t, a.Read(ctx, got), ka.ErrClosed, "Read after Free")
	empty, err := ka.Alloc[int64](dev, 0)
	require.NoError(t, err)
	require.NoError(t, empty.Read(ctx, nil))
	require.NoError(t, empty.Free())
	b, err := ka.FromSlice(ctx, dev, []bool{true, false, true})
	require.NoError(t, err)
	gb := make([]bool, 3)
	require.NoError(t, b.Read(ctx, gb))
	assert.Equal(t, []bool{true, false, true}, gb, "bool array")
	require.NoError(t, b.Free())
	_, err = ka.Alloc[int32](dev, -1)
	assert.Error(t, err, "Alloc of -1 elements succeeded")
}
