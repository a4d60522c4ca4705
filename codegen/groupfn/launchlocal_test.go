package groupfn_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestLaunchLocal checks group functions for kernels with ka.Local
// parameters (launchlocal.go): the memory is declared once per group at
// the launch's length, every Slice call is that array, and the kernel
// runs whole groups, with or without a Slice call; Slice on anything but
// the kernel's Item is refused.
func TestLaunchLocal(t *testing.T) {
	imp := newImporter(t)
	fn, err := generate(t, imp, `func K(it ka.Item, l ka.Local[int32], x []int32) {
	h := l.Slice(it)
	h[it.LocalID(0)] = 1
	it.Barrier()
	if i := it.Global(); i < len(x) {
		x[i] = l.Slice(it)[0] + int32(l.Len())
	}
}`)
	require.NoError(t, err)
	assert.Contains(t, fn.Source, "lMem := kernel.GroupLocal[int32](kg, 0, l.Len())")
	assert.Contains(t, fn.Source, "h := lMem")
	assert.Contains(t, fn.Source, "x[i] = lMem[0] + int32(l.Len())")
	assert.NotContains(t, fn.Source, "Slice(")
	assert.False(t, fn.Blocks)
	compiles(t, imp, "", fn)

	fn, err = generate(t, imp, `func K(it ka.Item, l ka.Local[int32], x []int32) {
	if i := it.Global(); i < len(x) {
		x[i] = 1
	}
}`)
	require.NoError(t, err)
	assert.Contains(t, fn.Source, "for lx := range n0", "a kernel with a ka.Local parameter runs whole groups")
	assert.NotContains(t, fn.Source, "hi :=", "no folded guard: the range is not the loop's bound")
	assert.False(t, fn.Blocks)
	compiles(t, imp, "", fn)

	_, err = generate(t, imp, `func K(it ka.Item, l ka.Local[int32], x []int32) {
	var other ka.Item
	x[0] = l.Slice(other)[0]
}`)
	require.ErrorContains(t, err, "l.Slice with an argument other than the kernel's ka.Item")
}
