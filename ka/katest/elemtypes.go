package katest

// This file checks that only the element types of docs/kernel-language.md
// enter device memory, and that an untyped launch takes a struct, or an
// array of structs, of the parameter's own type only: a type that holds
// pointers would hide them from the garbage collector, and another struct
// of the same size would be reinterpreted byte for byte.

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kago-dev/kago/ka"
)

// Pair is a struct kernel parameter and array element.
type Pair struct {
	A float32
	B int32
}

// PairTwin has Pair's size and layout, but is another type.
type PairTwin struct {
	X float32
	Y int32
}

// PairSum sets out[i] to p.A + ps[i].A + float32(p.B + ps[i].B).
//
//ka:kernel
func PairSum(it ka.Item, p Pair, ps []Pair, out []float32) {
	i := it.Global()
	out[i] = p.A + ps[i].A + float32(p.B+ps[i].B)
}

// Celsius is a named scalar type, as an array element and a parameter.
type Celsius float32

// Warm adds d to every element of x.
//
//ka:kernel
func Warm(it ka.Item, d Celsius, x []Celsius) {
	if i := it.Global(); i < len(x) {
		x[i] += d
	}
}

func testElementTypes(t *testing.T, dev *ka.Device) {
	ctx := context.Background()
	type withPointer struct {
		N int32
		P *int32
	}
	type nested struct {
		V [2]struct{ S string }
	}
	refused := map[string]func() error{
		"Alloc[*int32]":            func() error { _, err := ka.Alloc[*int32](dev, 4); return err },
		"Alloc[string]":            func() error { _, err := ka.Alloc[string](dev, 4); return err },
		"Alloc[map[int]int]":       func() error { _, err := ka.Alloc[map[int]int](dev, 4); return err },
		"Alloc[[]float32]":         func() error { _, err := ka.Alloc[[]float32](dev, 4); return err },
		"Alloc[any]":               func() error { _, err := ka.Alloc[any](dev, 4); return err },
		"Alloc[func()]":            func() error { _, err := ka.Alloc[func()](dev, 4); return err },
		"Alloc[chan int]":          func() error { _, err := ka.Alloc[chan int](dev, 4); return err },
		"Alloc[uintptr]":           func() error { _, err := ka.Alloc[uintptr](dev, 4); return err },
		"Alloc[complex64]":         func() error { _, err := ka.Alloc[complex64](dev, 4); return err },
		"Alloc[struct{}]":          func() error { _, err := ka.Alloc[struct{}](dev, 4); return err },
		"Alloc[[0]float32]":        func() error { _, err := ka.Alloc[[0]float32](dev, 4); return err },
		"Alloc[[3]*int32]":         func() error { _, err := ka.Alloc[[3]*int32](dev, 4); return err },
		"Alloc of a pointer field": func() error { _, err := ka.Alloc[withPointer](dev, 4); return err },
		"Alloc of a nested string": func() error { _, err := ka.Alloc[nested](dev, 4); return err },
		"FromSlice([]*int32)": func() error {
			n := int32(1)
			_, err := ka.FromSlice(ctx, dev, []*int32{&n, &n})
			return err
		},
		"FromSlice([]string)": func() error { _, err := ka.FromSlice(ctx, dev, []string{"a"}); return err },
	}
	for name, call := range refused {
		assert.ErrorIs(t, call(), ka.ErrInvalid, name)
	}
	_, err := ka.Alloc[withPointer](dev, 1)
	assert.ErrorContains(t, err, "field P: *int32 holds a pointer")

	// What the docs allow is accepted: named scalars, arrays, nested structs.
	type celsius float32
	type particle struct {
		Pos  [3]float32
		Pair Pair
		Tag  celsius
		Ok   bool
	}
	for name, call := range map[string]func() error{
		"Alloc[celsius]":   func() error { a, err := ka.Alloc[celsius](dev, 2); return freeAfter(a, err) },
		"Alloc[[4]uint8]":  func() error { a, err := ka.Alloc[[4]uint8](dev, 2); return freeAfter(a, err) },
		"Alloc[particle]":  func() error { a, err := ka.Alloc[particle](dev, 2); return freeAfter(a, err) },
		"Alloc[[2][2]int]": func() error { a, err := ka.Alloc[[2][2]int](dev, 2); return freeAfter(a, err) },
	} {
		assert.NoError(t, call(), name)
	}

	// An untyped launch takes Pair and *ka.Array[Pair] only.
	k, err := ka.NewKernel(dev, PairSum)
	require.NoError(t, err)
	s := dev.Stream()
	ps, err := ka.FromSlice(ctx, dev, []Pair{{1, 2}, {3, 4}})
	require.NoError(t, err)
	twins, err := ka.FromSlice(ctx, dev, []PairTwin{{1, 2}, {3, 4}})
	require.NoError(t, err)
	out, err := ka.Alloc[float32](dev, 2)
	require.NoError(t, err)
	err = k.Launch(s, ka.Range(2), PairTwin{10, 20}, ps, out)
	assert.ErrorIs(t, err, ka.ErrBadLaunch)
	assert.ErrorContains(t, err, "is katest.PairTwin, want katest.Pair")
	err = k.Launch(s, ka.Range(2), Pair{10, 20}, twins, out)
	assert.ErrorIs(t, err, ka.ErrBadLaunch)
	assert.ErrorContains(t, err, "want *ka.Array[katest.Pair]")
	assert.ErrorIs(t, k.Launch(s, ka.Range(2), &Pair{10, 20}, ps, out), ka.ErrBadLaunch)
	require.NoError(t, k.Launch(s, ka.Range(2), Pair{10, 20}, ps, out))
	got := make([]float32, 2)
	require.NoError(t, out.Read(ctx, got))
	assert.Equal(t, []float32{10 + 1 + 22, 10 + 3 + 24}, got)
	for _, a := range []interface{ Free() error }{ps, twins, out} {
		require.NoError(t, a.Free())
	}

	// A named scalar's array is its own type's, not its underlying one's.
	kw, err := ka.NewKernel(dev, Warm)
	require.NoError(t, err)
	temps, err := ka.FromSlice(ctx, dev, []Celsius{20, -3.5})
	require.NoError(t, err)
	defer temps.Free()
	plain, err := ka.FromSlice(ctx, dev, []float32{20, -3.5})
	require.NoError(t, err)
	defer plain.Free()
	require.NoError(t, kw.Launch(s, ka.Range(2), Celsius(1.5), temps))
	assert.ErrorIs(t, kw.Launch(s, ka.Range(2), Celsius(1.5), plain), ka.ErrBadLaunch, "a []float32 for a []Celsius")
	warm := make([]Celsius, 2)
	require.NoError(t, temps.Read(ctx, warm))
	assert.Equal(t, []Celsius{21.5, -2}, warm)
}

// freeAfter frees a, which Alloc returned with err.
func freeAfter[T any](a *ka.Array[T], err error) error {
	if err != nil {
		return err
	}
	return a.Free()
}
