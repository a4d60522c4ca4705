package codegen

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestLaunchersSyntax checks what the launchers are made of, from syntax
// alone: the names of an unexported kernel's launcher, parameters named
// like Launch's own (which then take other names), unnamed and blank
// parameters, a constraint outside ka.Scalar, the packages a parameter type
// names, a kernel whose launcher's name the package already uses, and the
// stub's generic constructor.
func TestLaunchersSyntax(t *testing.T) {
	dir := t.TempDir()
	src := `package p

import (
	"github.com/kago-dev/kago/ka"
	m "math"
)

// MyFloat is a named float type.
type MyFloat float32

var _ = m.Pi

//ka:kernel
func scale(it ka.Item, s []float32, r int, k float32, _ bool) {}

//ka:kernel
func Odd[T float32 | MyFloat](ka.Item, []T) {}

// notAKernel has no directive.
func notAKernel(it ka.Item, x []int32) {}

//ka:kernel
func Mine(it ka.Item, x []int32) {}

// MineKernel is the package's own: Mine gets no launcher.
type MineKernel int
`
	require.NoError(t, os.WriteFile(filepath.Join(dir, "p.go"), []byte(src), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "p_test.go"), []byte("package p\n\n//ka:kernel\nfunc InTest(it ka.Item) {}\n"), 0o644))

	imports, decls, err := Launchers(dir, map[string]string{"Odd": "kagoGroupOdd"})
	require.NoError(t, err)
	assert.Equal(t, []string{`"fmt"`, `"github.com/kago-dev/kago/ka"`, `"github.com/kago-dev/kago/ka/driver"`, `"github.com/kago-dev/kago/ka/kernel"`, `"github.com/kago-dev/kago/ka/kgen"`, `"reflect"`}, imports)
	code := string(decls)
	for _, want := range []string{
		"type scaleKernel struct{ k *ka.Kernel }",
		"func newScaleKernel(dev *ka.Device, opts ...ka.KernelOption) (scaleKernel, error) {",
		"func (k0 scaleKernel) Launch(s0 *ka.Stream, r0 ka.NDRange, s *ka.Array[float32], r int, k float32, p4 bool) error {",
		"return k0.k.Launch(s0, r0, s, r, k, p4)",
		"type OddKernel[T interface{ ka.Scalar; float32 | MyFloat }] struct{ k *ka.Kernel }",
		"func (k OddKernel[T]) Launch(s *ka.Stream, r ka.NDRange, p1 *ka.Array[T]) error {",
		"spec, err := kagoGenericOdd.Typed(reflect.TypeFor[func(ka.Item, []T)](), func(args []driver.Arg) func(kernel.Item) {",
		"a0 := kgen.ArgValue[[]T](args[0])",
		"return func(it kernel.Item) { Odd[T](ka.Item(it), a0) }",
		"return func(g *kernel.WorkGroup) { kagoGroupOdd[T](g, a0) }",
		"k, err := ka.NewKernel(dev, spec, opts...)",
	} {
		assert.Contains(t, code, want)
	}
	assert.NotContains(t, code, "notAKernel")
	assert.NotContains(t, code, "Mine")
	assert.NotContains(t, code, "InTest")

	_, decls, err = Launchers(dir, nil)
	require.NoError(t, err)
	assert.Contains(t, string(decls), "return func(it kernel.Item) { Odd[T](ka.Item(it), a0) }\n\t}, nil)\n", "no group function: no Group entry")

	stub, err := launcherStub(dir, "p")
	require.NoError(t, err)
	assert.True(t, strings.HasPrefix(string(stub), "package p\n"))
	assert.Contains(t, string(stub), "\tpanic(any(Odd[T]))\n")
	assert.NotContains(t, string(stub), "Typed")
}
