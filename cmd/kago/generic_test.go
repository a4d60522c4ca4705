package main

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kago-dev/kago/codegen"
	"github.com/kago-dev/kago/ka/driver"
)

// genericSource has generic kernels whose instances' specs a kgen.Generic
// computes in each of its ways: types from the function type (Spin, Amp,
// with a named type), an instance with parameters of its own (Mix's
// ka.Matrix[T], Rec's struct type argument), the fault record of a
// cancellable kernel without fault sites (Spin).
const genericSource = `package kern2

import "github.com/kago-dev/kago/ka"

// Gain is a named scalar type.
type Gain float32

// Pt is a struct.
type Pt struct{ X, Y float32 }

//ka:kernel
func Mix[T float32 | float64](it ka.Item, a T, x []T, m ka.Matrix[T], n int) {
	if i := it.Global(); i < len(x) && i < n {
		x[i] = a*x[i] + m.At(0, 0)
	}
}

//ka:kernel
func Rec[T Pt | int32](it ka.Item, x []T, out []float32) {
	if i := it.Global(); i < len(out) {
		out[i] = float32(len(x))
	}
}

//ka:kernel
func Amp[T float32 | Gain](it ka.Item, g T, x []float32) {
	if i := it.Global(); i < len(x) {
		x[i] *= float32(g)
	}
}

//ka:cancel
//ka:nocheck
//ka:kernel
func Spin[T int32 | int64](it ka.Item, x []T, n int) {
	if it.Global() == 0 {
		for k := 0; k < n; k++ {
			x[0]++
		}
	}
}

// Instances are the instances kago gen compiles.
var Instances = []any{Mix[float32], Mix[float64], Rec[Pt], Rec[int32], Amp[float32], Amp[Gain], Spin[int32], Spin[int64]}
`

// genericMain prints, as JSON, the specs that LookupKernel makes for every
// instance, and runs a typed launcher and an instance with a named type
// argument on native.
const genericMain = `package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"

	"example.com/m/kern2"
	"github.com/kago-dev/kago/ka"
	"github.com/kago-dev/kago/ka/driver"
	"github.com/kago-dev/kago/ka/kgen"

	_ "github.com/kago-dev/kago/backends/native"
)

// view is what the test compares of a spec.
type view struct {
	Name, Entry  string
	Params       []driver.Param
	DeviceParams driver.DeviceParams
	Faults       driver.FaultSites
	Barrier      bool
	Needs        driver.Features
	MaxGroup     int
}

func main() {
	var specs []view
	for _, fn := range kern2.Instances {
		s, err := kgen.LookupKernel(fn)
		if err != nil || s == nil {
			panic(fmt.Sprint(fn, s, err))
		}
		specs = append(specs, view{s.Name, s.Entry, s.Params, s.DeviceParams, s.Faults, s.Barrier, s.Needs, s.MaxGroup})
	}
	json.NewEncoder(os.Stdout).Encode(specs)

	ctx := context.Background()
	dev, err := ka.Open("native")
	if err != nil {
		panic(err)
	}
	x, _ := ka.FromSlice(ctx, dev, []int64{0})
	spin, err := kern2.NewSpinKernel[int64](dev)
	if err != nil {
		panic(err)
	}
	if err := spin.Launch(dev.Stream(), ka.Range(1), x, 5); err != nil {
		panic(err)
	}
	y, _ := ka.FromSlice(ctx, dev, []float32{1, 2})
	amp, err := ka.NewKernel(dev, kern2.Amp[kern2.Gain])
	if err != nil {
		panic(err)
	}
	if err := amp.Launch(dev.Stream(), ka.Range(2), kern2.Gain(3), y); err != nil {
		panic(err)
	}
	xs, ys := make([]int64, 1), make([]float32, 2)
	x.Read(ctx, xs)
	y.Read(ctx, ys)
	fmt.Println(xs, ys)
}
`

// specView is what TestGenericSpecs compares of a spec (genericMain's view).
type specView struct {
	Name, Entry  string
	Params       []driver.Param
	DeviceParams driver.DeviceParams
	Faults       driver.FaultSites
	Barrier      bool
	Needs        driver.Features
	MaxGroup     int
}

// TestGenericSpecs checks that the specs the generated driver.Generics
// make at run time are those the compiler made, field for field, for
// every instance, and that a typed launcher and the untyped path run on
// native.
func TestGenericSpecs(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("builds a program")
	}
	dir := tempModule(t)
	pkg := filepath.Join(dir, "kern2")
	require.NoError(t, os.MkdirAll(pkg, 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(pkg, "kern2.go"), []byte(genericSource), 0o644))
	genInto(t, pkg)

	p, err := codegen.Load(codegen.Config{Dir: pkg}, ".")
	require.NoError(t, err)
	kernels, err := p.Compile()
	require.NoError(t, err)
	byName := map[string]*codegen.Kernel{}
	for _, k := range kernels {
		byName[k.Name] = k
	}

	_, out, err := goBuild(t, dir, "specs", genericMain)
	require.NoError(t, err, out)
	run, err := exec.Command(filepath.Join(dir, "specs.bin")).Output()
	require.NoError(t, err, string(run))
	line, rest, ok := bytes.Cut(run, []byte("\n"))
	require.True(t, ok, string(run))
	var got []specView
	require.NoError(t, json.Unmarshal(line, &got))
	require.Len(t, got, 8)
	for _, g := range got {
		k := byName[g.Name]
		require.NotNil(t, k, g.Name)
		s, err := k.Spec(driver.PTX)
		require.NoError(t, err)
		want := specView{s.Name, s.Entry, s.Params, s.DeviceParams, s.Faults, s.Barrier, s.Needs, s.MaxGroup}
		assert.Equal(t, want, g, k.Name)
	}
	assert.Equal(t, "[5] [3 6]\n", string(rest))
}
