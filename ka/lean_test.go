package ka

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kago-dev/kago/ka/driver"
	"github.com/kago-dev/kago/ka/kgen"
)

// withLean's spec has a lean variant whose facts are those of
// x[it.GlobalID(0)+off]: off ≥ 0 and range(0)-1+off < len(x).
func withLean(it Item, off int, x []float32) {}

// withExact is withLean with an exact copy of its lean variant
// (driver.Lean.Exact).
func withExact(it Item, off int, x []float32) {}

// badFacts' lean variant has a fact that names a parameter of the wrong
// kind.
func badFacts(it Item, off int, x []float32) {}

func init() {
	params := []driver.Param{{Name: "off", Type: driver.Int}, {Name: "x", Type: driver.Float32, Slice: true}}
	kgen.RegisterKernel(withLean, &driver.KernelSpec{
		Name: "withLean", Entry: "withLean", Params: params,
		Lean: &driver.Lean{Entry: "withLean_lean", Facts: []string{"le(0,arg(0))", "le(add(sub(range(0),1),arg(0)),sub(len(1),1))"}},
	})
	kgen.RegisterKernel(withExact, &driver.KernelSpec{
		Name: "withExact", Entry: "withExact", Params: params,
		Lean: &driver.Lean{Entry: "withExact_lean", Facts: []string{"le(0,arg(0))", "le(add(sub(range(0),1),arg(0)),sub(len(1),1))"},
			Exact: &driver.Exact{Entry: "withExact_lean_exact"}},
	})
	kgen.RegisterKernel(badFacts, &driver.KernelSpec{
		Name: "badFacts", Entry: "badFacts", Params: params,
		Lean: &driver.Lean{Entry: "badFacts_lean", Facts: []string{"le(len(0),1)"}},
	})
}

// TestLeanVariantPerLaunch: NewKernel loads the lean variant, and each
// launch runs it exactly when its facts hold for the launch's range and
// arguments; every other launch runs the checked kernel.
func TestLeanVariantPerLaunch(t *testing.T) {
	dev, fd := openFake(t, false)
	fd.takeLog()
	k, err := NewKernel(dev, withLean)
	require.NoError(t, err)
	assert.Equal(t, []string{"load withLean_lean"}, fd.takeLog())
	x, err := Alloc[float32](dev, 8)
	require.NoError(t, err)
	s := dev.Stream()
	fd.takeLog()
	for _, c := range []struct {
		n, off int
		want   []string
	}{
		{9, 0, []string{"launch withLean on q1"}},         // the range is past x
		{8, 0, []string{"launch withLean_lean on q1"}},    // fits
		{4, 4, []string{"launch withLean_lean on q1"}},    // fits to the end
		{4, 5, []string{"launch withLean on q1"}},         // one past the end
		{4, -1, []string{"launch withLean on q1"}},        // negative
		{1, 1 << 62, []string{"launch withLean on q1"}},   // past the end, no overflow
		{2, 1<<63 - 1, []string{"launch withLean on q1"}}, // the sum overflows: no fact holds
	} {
		require.NoError(t, k.Launch(s, Range(c.n), c.off, x))
		assert.Equal(t, c.want, fd.takeLog(), "range %d, off %d", c.n, c.off)
	}
}

// TestLeanVariantLoadFails: a lean variant that does not load is
// dropped, and the kernel runs its checked code, which is always right.
func TestLeanVariantLoadFails(t *testing.T) {
	dev, fd := openFake(t, false)
	fd.leanErr = errors.New("no such entry")
	fd.takeLog()
	k, err := NewKernel(dev, withLean)
	require.NoError(t, err)
	x, err := Alloc[float32](dev, 8)
	require.NoError(t, err)
	s := dev.Stream()
	require.NoError(t, k.Launch(s, Range(8), 0, x))
	require.NoError(t, k.Launch(s, Range(8), 0, x))
	assert.Equal(t, []string{"load withLean_lean", "launch withLean on q1", "launch withLean on q1"}, fd.takeLog())
	assert.ErrorContains(t, k.lean.err, "no such entry")
}

// TestCheckedLoadedAtLaunch: a kernel with a lean variant loads its
// checked code at the first launch whose facts fail; when that fails, so
// does the launch, before anything is enqueued.
func TestCheckedLoadedAtLaunch(t *testing.T) {
	dev, fd := openFake(t, false)
	fd.checkedErr = errors.New("out of registers")
	k, err := NewKernel(dev, withLean)
	require.NoError(t, err, "NewKernel loads only the lean variant")
	x, err := Alloc[float32](dev, 8)
	require.NoError(t, err)
	s := dev.Stream()
	fd.takeLog()
	err = k.Launch(s, Range(9), 0, x)
	require.Error(t, err)
	assert.ErrorContains(t, err, "ka: launching withLean: loading kernel withLean on ")
	assert.ErrorContains(t, err, "out of registers")
	require.NoError(t, k.Launch(s, Range(8), 0, x), "the lean variant still runs")
	assert.Equal(t, []string{"launch withLean_lean on q1"}, fd.takeLog())
}

// TestLeanVariantBadFacts: facts that do not fit the kernel's parameters
// (stale or damaged generated code) are NewKernel's error.
func TestLeanVariantBadFacts(t *testing.T) {
	dev, _ := openFake(t, false)
	_, err := NewKernel(dev, badFacts)
	require.ErrorIs(t, err, ErrInvalid)
	assert.ErrorContains(t, err, `fact "le(len(0),1)": len(0): parameter off is not of that kind`)
}

// TestLeanSpecShared: every Kernel of one spec loads its lean variant, and
// its checked kernel, from the same spec, since backends cache what they
// load per spec.
func TestLeanSpecShared(t *testing.T) {
	dev, _ := openFake(t, false)
	k1, err := NewKernel(dev, withLean)
	require.NoError(t, err)
	k2, err := NewKernel(dev, withLean)
	require.NoError(t, err)
	assert.Same(t, k1.lean.spec, k2.lean.spec)
	assert.Same(t, k1.checked.spec, k2.checked.spec, "the checked kernel's spec, with the Native entry ka made")
	assert.Equal(t, "withLean_lean", k1.lean.spec.Entry)
	assert.Nil(t, k1.lean.spec.Lean)
}

// TestLeanLaunchAllocatesNothing: deciding the lean variant adds no
// allocation to a launch.
func TestLeanLaunchAllocatesNothing(t *testing.T) {
	for _, fn := range []any{withLean, withExact} {
		dev, fd := openFake(t, false)
		k, err := NewKernel(dev, fn, WithGroupSize(2))
		require.NoError(t, err)
		x, _ := Alloc[float32](dev, 8)
		s := dev.Stream()
		var off any = 2 // boxed once, outside the runs
		launch := func() { require.NoError(t, k.Launch(s, Range(4), off, x)) }
		launch() // loads what it runs
		fd.quiet = true
		assert.Zero(t, testing.AllocsPerRun(100, launch), "allocations of a launch of %s", k.spec.Name)
	}
}

// TestExactPerLaunch: NewKernel loads the lean variant's exact copy,
// which a launch whose facts hold runs when its range is a whole number
// of groups; a partial last group runs the lean variant, loaded at its
// first such launch; failed facts run the checked kernel.
func TestExactPerLaunch(t *testing.T) {
	dev, fd := openFake(t, false)
	fd.takeLog()
	k, err := NewKernel(dev, withExact, WithGroupSize(16))
	require.NoError(t, err)
	assert.Equal(t, []string{"load withExact_lean_exact"}, fd.takeLog(), "the exact copy only")
	x, err := Alloc[float32](dev, 64)
	require.NoError(t, err)
	s := dev.Stream()
	fd.takeLog()
	for _, c := range []struct {
		n    int
		want []string
	}{
		{64, []string{"launch withExact_lean_exact on q1"}},
		{48, []string{"launch withExact_lean_exact on q1"}},
		{40, []string{"load withExact_lean", "launch withExact_lean on q1"}}, // a partial group
		{39, []string{"launch withExact_lean on q1"}},                        // loaded once
		{16, []string{"launch withExact_lean_exact on q1"}},
		{65, []string{"launch withExact on q1"}}, // past x
	} {
		require.NoError(t, k.Launch(s, Range(c.n), 0, x))
		assert.Equal(t, c.want, fd.takeLog(), "range %d", c.n)
	}
}

// TestExactLoadFails: a backend that cannot load the exact copy (it has
// PTX only) runs the lean variant for whole groups too, and does not try
// the copy again.
func TestExactLoadFails(t *testing.T) {
	dev, fd := openFake(t, false)
	fd.exactErr = errors.New("no PTX")
	fd.takeLog()
	k, err := NewKernel(dev, withExact, WithGroupSize(16))
	require.NoError(t, err)
	assert.Equal(t, []string{"load withExact_lean_exact", "load withExact_lean"}, fd.takeLog())
	x, err := Alloc[float32](dev, 64)
	require.NoError(t, err)
	s := dev.Stream()
	fd.takeLog()
	require.NoError(t, k.Launch(s, Range(64), 0, x))
	require.NoError(t, k.Launch(s, Range(40), 0, x))
	assert.Equal(t, []string{"launch withExact_lean on q1", "launch withExact_lean on q1"}, fd.takeLog())
}
