package main

import (
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const namedKernel = `package kern

import "github.com/kago-dev/kago/ka"

// Gain is a named scalar type.
type Gain float32

// Amp computes x *= g.
//
//ka:kernel
func Amp(it ka.Item, g Gain, x []float32) {
	if i := it.Global(); i < len(x) {
		x[i] *= float32(g)
	}
}
`

const namedMain = `package main

import (
	"context"
	"errors"
	"fmt"

	"example.com/m/kern"
	"github.com/kago-dev/kago/ka"

	_ "github.com/kago-dev/kago/backends/native"
	_ "github.com/kago-dev/kago/backends/pocl"
)

func main() {
	ctx := context.Background()
	for _, b := range []string{"native", "pocl"} {
		dev, err := ka.Open(b)
		if err != nil {
			fmt.Println(b, "skipped")
			continue
		}
		x, _ := ka.FromSlice(ctx, dev, []float32{1, 2, 3})
		k, err := kern.NewAmpKernel(dev)
		if err != nil {
			panic(err)
		}
		if err := k.Launch(dev.Stream(), ka.Range(3), 2, x); err != nil {
			panic(err)
		}
		g, err := ka.NewKernel(dev, kern.Amp)
		if err != nil {
			panic(err)
		}
		if err := g.Launch(dev.Stream(), ka.Range(3), kern.Gain(3), x); err != nil {
			panic(err)
		}
		if err := g.Launch(dev.Stream(), ka.Range(3), float32(5), x); err != nil {
			panic(err)
		}
		bad := g.Launch(dev.Stream(), ka.Range(3), 5.0, x)
		out := make([]float32, 3)
		if err := x.Read(ctx, out); err != nil {
			panic(err)
		}
		fmt.Println(b, out, errors.Is(bad, ka.ErrBadLaunch))
		dev.Close()
	}
}
`

// A kernel parameter of a named scalar type takes a value of that type,
// from the typed launcher and from Kernel.Launch, and one of its
// underlying type through Kernel.Launch, on native (the generated binder
// converts) and PoCL; another type is a bad launch.
func TestNamedScalarParam(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("builds a program")
	}
	dir := tempModuleOf(t, namedKernel)
	kern := filepath.Join(dir, "kern")
	genInto(t, kern)
	_, out, err := goBuild(t, dir, "named", namedMain)
	require.NoError(t, err, out)
	run, err := exec.Command(filepath.Join(dir, "named.bin")).CombinedOutput()
	require.NoError(t, err, string(run))
	assert.Equal(t, "native [30 60 90] true\npocl [30 60 90] true\n", string(run))
}
