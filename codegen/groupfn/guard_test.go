package groupfn_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestFoldedGuard checks which range guards become the x loop's bound
// (guard.go) and which kernels may run blocks of groups (Func.Blocks):
// what each generated function contains, and that it compiles.
func TestFoldedGuard(t *testing.T) {
	imp := newImporter(t)
	for _, c := range []struct {
		name   string
		src    string
		has    []string
		hasNot []string
		blocks bool
	}{
		{"linear index, bound len", `func K(it ka.Item, a float32, x, y []float32) {
	if i := it.Global(); i < len(y) {
		y[i] = a*x[i] + y[i]
	}
}`, []string{"lo := row + b0", "hi := lo + m0", "if e := len(y); hi > e {", "for i := lo; i < hi; i++ {\n\t\t\t\tif i < len(y) {"}, []string{"for lx", "(row + gx)"}, true},
		{"GlobalID(0), a scalar bound, a second conjunct", `func K(it ka.Item, n int, x []int32) {
	if i := it.GlobalID(0); i < n && x[i] > 0 {
		x[i] = 0
	}
}`, []string{"lo := b0", "if e := n; hi > e {", "if i < n && x[i] > 0 {"}, []string{"for lx", "row"}, true},
		{"a bound that differs between work-items", `func K(it ka.Item, x []int32) {
	if i := it.Global(); i < int(x[0]) {
		x[i] = 0
	}
}`, []string{"for lx := range m0"}, []string{"hi :="}, true},
		{"an else", `func K(it ka.Item, x []int32) {
	if i := it.Global(); i < len(x) {
		x[i] = 0
	} else {
		x[0] = 1
	}
}`, []string{"for lx := range m0"}, []string{"hi :="}, true},
		{"more statements", `func K(it ka.Item, x []int32) {
	if i := it.Global(); i < len(x) {
		x[i] = 0
	}
	x[0] = 1
}`, []string{"for lx := range m0"}, []string{"hi :="}, true},
		{"the index assigned", `func K(it ka.Item, x []int32) {
	if i := it.Global(); i < len(x) {
		i++
		x[0] = int32(i)
	}
}`, []string{"for lx := range m0"}, []string{"hi :="}, true},
		{"another x id: no fold, no blocks", `func K(it ka.Item, x []int32) {
	if i := it.Global(); i < len(x) {
		x[i] = int32(it.Local())
	}
}`, []string{"for lx := range m0"}, []string{"hi :="}, false},
		{"group size: no blocks", `func K(it ka.Item, x []int32) {
	if i := it.Global(); i < len(x) {
		x[i] = int32(it.GroupSize(0))
	}
}`, []string{"hi := lo + m0"}, nil, false},
		{"barrier: no fold, no blocks", `func K(it ka.Item, x []int32) {
	it.Barrier()
	if i := it.Global(); i < len(x) {
		x[i] = 0
	}
}`, []string{"for lx := range n0"}, []string{"hi :="}, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			fn := generated(t, imp, c.src, c.has, c.hasNot)
			assert.Equal(t, c.blocks, fn.Blocks, "Blocks")
		})
	}
}
