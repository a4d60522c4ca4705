//go:build cgo

package spirv

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"strings"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kago-dev/kago/backends/opencl"
	"github.com/kago-dev/kago/backends/pocl"
	"github.com/kago-dev/kago/ka/driver"
)

// This file runs emitted kernels on PoCL through kago's own backend, at the
// driver level: SPIR-V → llvm-spirv-15 -r → SPIR bitcode →
// opencl.LoadBitcode (clCreateProgramWithBinary) on backends/pocl's device,
// and checks the results against Go. It skips where llvm-spirv-15 or PoCL
// is missing; without cgo (which the backend needs) it is not built.

// bitcode emits testdata/<name>.ll and converts it to SPIR bitcode.
func bitcode(t *testing.T, name string, opts Options) []byte {
	t.Helper()
	rev := tool(t, "llvm-spirv-15")
	in := writeTemp(t, name+".spv", emitFile(t, name, opts))
	bc := strings.TrimSuffix(in, ".spv") + ".bc"
	out, err := exec.Command(rev, "-r", in, "-o", bc).CombinedOutput()
	require.NoError(t, err, "llvm-spirv-15 -r:\n%s", out)
	b, err := os.ReadFile(bc)
	require.NoError(t, err)
	return b
}

// openDevice opens PoCL's device, skipping the test without one. It is
// closed when the test ends.
func openDevice(t *testing.T) driver.Device {
	t.Helper()
	_, err := pocl.Backend.Probe()
	var d driver.Device
	if err == nil {
		d, err = pocl.Backend.Open(0)
	}
	if errors.Is(err, driver.ErrNoDevice) {
		t.Skipf("no PoCL device: %v", err)
	}
	require.NoError(t, err)
	t.Cleanup(func() { assert.NoError(t, d.Close()) })
	return d
}

// slice and scalar describe a parameter of type []typ or typ.
func slice(name string, typ driver.ScalarType) driver.Param {
	return driver.Param{Name: name, Type: typ, Slice: true}
}

func scalar(name string, typ driver.ScalarType) driver.Param {
	return driver.Param{Name: name, Type: typ}
}

// dims is an NDRange of the given sizes.
func dims(sizes ...int) driver.NDRange {
	r := driver.NDRange{Dims: len(sizes), Size: [3]int{1, 1, 1}}
	copy(r.Size[:], sizes)
	return r
}

// bytesOf is the memory of a slice argument ([]float32, []int32, []int64)
// and its length; ok is false for a scalar.
func bytesOf(a any) (b []byte, n int, ok bool) {
	switch s := a.(type) {
	case []float32:
		return view(s), len(s), true
	case []int32:
		return view(s), len(s), true
	case []int64:
		return view(s), len(s), true
	}
	return nil, 0, false
}

func view[T any](s []T) []byte {
	return unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(s))), len(s)*int(unsafe.Sizeof(*new(T))))
}

// run loads bc on d as kernel entry, whose parameters after the Item are
// params, launches it over r in groups of group (the backend rounds r up to
// whole groups and passes r's sizes as the hidden parameters), waits, and
// reads every slice argument back. Each argument is a slice (a buffer of
// its length) or a scalar of the parameter's exact Go type.
func run(t *testing.T, d driver.Device, bc []byte, entry string, params []driver.Param, r, group driver.NDRange, args ...any) {
	t.Helper()
	fn, err := opencl.LoadBitcode(d, &driver.KernelSpec{Name: entry, Entry: entry, Params: params}, bc)
	require.NoError(t, err)
	ctx := context.Background()
	q, err := d.NewQueue(driver.Normal)
	require.NoError(t, err)
	defer q.Release()
	dargs := make([]driver.Arg, len(args))
	mems := make([]driver.Buffer, len(args))
	defer func() {
		for _, m := range mems {
			if m != nil {
				m.Free(nil)
			}
		}
	}()
	for i, a := range args {
		b, n, ok := bytesOf(a)
		if !ok {
			dargs[i] = driver.Arg{Value: a}
			continue
		}
		mems[i], err = d.Alloc(len(b))
		require.NoError(t, err)
		require.NoError(t, q.Write(ctx, mems[i], 0, b))
		dargs[i] = driver.Arg{Buffer: mems[i], Len: n}
	}
	require.NoError(t, q.Launch(fn, r, group, dargs))
	require.NoError(t, q.Synchronize(ctx))
	for i, a := range args {
		if b, _, ok := bytesOf(a); ok {
			require.NoError(t, q.Read(ctx, mems[i], 0, b))
		}
	}
}

func TestRunSaxpy(t *testing.T) {
	bc := bitcode(t, "saxpy", Options{})
	d := openDevice(t)
	const n = 1000 // not a multiple of the group size: the guard matters
	x, y, want := make([]float32, n), make([]float32, n+24), make([]float32, n+24)
	for i := range x {
		x[i] = float32(i%17) * 0.5
	}
	for i := range y {
		y[i] = float32(i % 5)
		want[i] = y[i]
		if i < n {
			want[i] = 3*x[i] + y[i]
		}
	}
	ys := y[:n]
	run(t, d, bc, "Saxpy", []driver.Param{scalar("a", driver.Float32), slice("x", driver.Float32), slice("y", driver.Float32)},
		dims(n), dims(64), float32(3), x, ys)
	for i := range ys {
		require.Equal(t, want[i], ys[i], "y[%d]", i)
	}
}

func TestRunReduce(t *testing.T) {
	bc := bitcode(t, "reduce", Options{})
	d := openDevice(t)
	const n, group = 1000, 64
	groups := (n + group - 1) / group
	x := make([]float32, n)
	want := make([]float32, groups)
	for i := range x {
		x[i] = float32(i % 7)
		want[i/group] += x[i]
	}
	out := make([]float32, groups)
	run(t, d, bc, "Reduce", []driver.Param{slice("x", driver.Float32), slice("out", driver.Float32)},
		dims(n), dims(group), x, out)
	for g := range out {
		assert.Equal(t, want[g], out[g], "group %d: sum", g)
	}
}

func TestRunAtomics(t *testing.T) {
	for _, opts := range []Options{{}, {FloatAtomicAdd: true}} {
		bc := bitcode(t, "atomics", opts)
		if opts.FloatAtomicAdd {
			// llvm-spirv-15 -r turns OpAtomicFAddEXT into a call PoCL 3.1
			// may lack; the bitcode converting is what is checked here.
			continue
		}
		d := openDevice(t)
		const n = 256
		x := make([]float32, n)
		var sum, maxX float32
		for i := range x {
			x[i] = float32((i * 7) % 13)
			sum += 2 * x[i]
			maxX = max(maxX, x[i])
		}
		count, sums, maxs, wide := []int32{0}, []float32{0}, []float32{0}, []int64{0}
		run(t, d, bc, "Atomics", []driver.Param{slice("count", driver.Int32), slice("sum", driver.Float32),
			slice("max", driver.Float32), slice("wide", driver.Int64), slice("x", driver.Float32)},
			dims(n), dims(64), count, sums, maxs, wide, x)
		assert.Equal(t, int32(n), count[0], "count")
		assert.Equal(t, sum, sums[0], "float atomic add: sum")
		assert.Equal(t, maxX, maxs[0], "cmpxchg max")
	}
}

func TestRunGrid2D(t *testing.T) {
	bc := bitcode(t, "grid2d", Options{})
	d := openDevice(t)
	const w, h, lw, lh = 20, 12, 8, 4 // 20 is not a multiple of 8
	out := make([]int64, w*h)
	run(t, d, bc, "Grid2D", []driver.Param{slice("out", driver.Int64)}, dims(w, h), dims(lw, lh), out) // launched as 24 x 12
	const nx, ny = (w + lw - 1) / lw, h / lh
	for y := range h {
		for x := range w {
			want := int64(x%lw)*1000 + int64(y%lh)*100000 + int64(x/lw)*10000000 +
				int64(y/lh)*1000000000 + lw*lh + nx*ny*1
			require.Equal(t, want, out[y*w+x], "(%d,%d)", x, y)
		}
	}
}

func TestRunBools(t *testing.T) {
	bc := bitcode(t, "bools", Options{})
	d := openDevice(t)
	for _, c := range []struct{ neg, twice bool }{{false, false}, {false, true}, {true, false}, {true, true}} {
		x := []float32{1, -2.5, 3}
		want := make([]float32, len(x))
		for i, v := range x {
			if c.neg {
				v = -v
			}
			if c.twice {
				v *= 2
			}
			if c.neg && c.twice {
				v++
			}
			want[i] = v
		}
		run(t, d, bc, "Bools", []driver.Param{scalar("neg", driver.Bool), scalar("twice", driver.Bool), slice("x", driver.Float32)},
			dims(len(x)), dims(4), c.neg, c.twice, x)
		for i := range x {
			assert.Equal(t, want[i], x[i], "neg=%v twice=%v: x[%d]", c.neg, c.twice, i)
		}
	}
}
