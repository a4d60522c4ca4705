//go:build cgo

package openclc

// Tests that build the emitted OpenCL C on PoCL's CPU device through kago's
// own backend (backends/pocl, at the driver level) and run some kernels.
// They skip where PoCL is absent; without cgo (which the backend needs)
// they are not built.

import (
	"context"
	"encoding/binary"
	"errors"
	"math"
	"regexp"
	"testing"

	"github.com/kago-dev/kago/backends/pocl"
	"github.com/kago-dev/kago/codegen/internal/emittest"
	"github.com/kago-dev/kago/ka/driver"
	"github.com/llir/llvm/asm"
	"github.com/llir/llvm/ir"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// poclDevice opens PoCL's device for the test, or skips it. The device is
// closed, with the kernels loaded on it, when the test ends.
func poclDevice(t *testing.T) driver.Device {
	t.Helper()
	_, err := pocl.Backend.Probe()
	var dev driver.Device
	if err == nil {
		dev, err = pocl.Backend.Open(0)
	}
	if errors.Is(err, driver.ErrNoDevice) {
		t.Skipf("skipping: %v", err)
	}
	require.NoError(t, err)
	t.Cleanup(func() { assert.NoError(t, dev.Close()) })
	return dev
}

// kernel is an emitted test module built on PoCL.
type kernel struct {
	dev driver.Device
	fn  driver.Function
}

var entryRE = regexp.MustCompile(`__kernel void (\w+)\(`)

// build emits testdata/<name>.ll with every feature and builds it, with
// params (the kernel's parameters after the Item; only needed to run it).
// A failed build reports the build log and the source.
func build(t *testing.T, name string, params ...driver.Param) *kernel {
	t.Helper()
	dev := poclDevice(t)
	src, err := emitFile(t, name, AllFeatures())
	require.NoError(t, err, "Emit")
	m := entryRE.FindSubmatch(src)
	require.NotNil(t, m, "no __kernel in the source:\n%s", src)
	fn, err := dev.Load(&driver.KernelSpec{Name: name, Entry: string(m[1]), Params: params,
		Code: driver.CodeMap{driver.OpenCLC: src}})
	require.NoError(t, err, "source:\n%s", src)
	return &kernel{dev: dev, fn: fn}
}

// slice and scalar describe a parameter of type []typ or typ.
func slice(name string, typ driver.ScalarType) driver.Param {
	return driver.Param{Name: name, Type: typ, Slice: true}
}

func scalar(name string, typ driver.ScalarType) driver.Param {
	return driver.Param{Name: name, Type: typ}
}

// buf is a slice argument of Len elements: Data is written to the device
// before the launch and read back into Data after it.
type buf struct {
	Data []byte
	Len  int
}

// dims is an NDRange of the given sizes.
func dims(sizes ...int) driver.NDRange {
	r := driver.NDRange{Dims: len(sizes), Size: [3]int{1, 1, 1}}
	copy(r.Size[:], sizes)
	return r
}

// run launches the kernel over r in groups of group (the backend rounds r
// up to whole groups and passes r's sizes as the hidden parameters) and
// waits for it. Each argument is a *buf or a scalar of the parameter's
// exact Go type.
func (k *kernel) run(t *testing.T, r, group driver.NDRange, args ...any) {
	t.Helper()
	ctx := context.Background()
	q, err := k.dev.NewQueue(driver.Normal)
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
		b, ok := a.(*buf)
		if !ok {
			dargs[i] = driver.Arg{Value: a}
			continue
		}
		mems[i], err = k.dev.Alloc(len(b.Data))
		require.NoError(t, err)
		require.NoError(t, q.Write(ctx, mems[i], 0, b.Data))
		dargs[i] = driver.Arg{Buffer: mems[i], Len: b.Len}
	}
	require.NoError(t, q.Launch(k.fn, r, group, dargs))
	require.NoError(t, q.Synchronize(ctx))
	for i, a := range args {
		if b, ok := a.(*buf); ok {
			require.NoError(t, q.Read(ctx, mems[i], 0, b.Data))
		}
	}
}

// TestPoCLBuildAll builds every golden sample on PoCL.
func TestPoCLBuildAll(t *testing.T) {
	for _, name := range goldenNames(t) {
		t.Run(name, func(t *testing.T) { build(t, name) })
	}
}

// Little-endian slices <-> bytes, for kernel buffers.

func f32Bytes(xs []float32) []byte {
	b := make([]byte, 4*len(xs))
	for i, x := range xs {
		binary.LittleEndian.PutUint32(b[4*i:], math.Float32bits(x))
	}
	return b
}

func bytesF32(b []byte) []float32 {
	xs := make([]float32, len(b)/4)
	for i := range xs {
		xs[i] = math.Float32frombits(binary.LittleEndian.Uint32(b[4*i:]))
	}
	return xs
}

func f64Bytes(xs []float64) []byte {
	b := make([]byte, 8*len(xs))
	for i, x := range xs {
		binary.LittleEndian.PutUint64(b[8*i:], math.Float64bits(x))
	}
	return b
}

func bytesF64(b []byte) []float64 {
	xs := make([]float64, len(b)/8)
	for i := range xs {
		xs[i] = math.Float64frombits(binary.LittleEndian.Uint64(b[8*i:]))
	}
	return xs
}

func u32Bytes(xs []uint32) []byte {
	b := make([]byte, 4*len(xs))
	for i, x := range xs {
		binary.LittleEndian.PutUint32(b[4*i:], x)
	}
	return b
}

func bytesU32(b []byte) []uint32 {
	xs := make([]uint32, len(b)/4)
	for i := range xs {
		xs[i] = binary.LittleEndian.Uint32(b[4*i:])
	}
	return xs
}

func u64Bytes(xs []uint64) []byte {
	b := make([]byte, 8*len(xs))
	for i, x := range xs {
		binary.LittleEndian.PutUint64(b[8*i:], x)
	}
	return b
}

func bytesU64(b []byte) []uint64 {
	xs := make([]uint64, len(b)/8)
	for i := range xs {
		xs[i] = binary.LittleEndian.Uint64(b[8*i:])
	}
	return xs
}

// TestPoCLSaxpy runs Saxpy on a range rounded up to the group size: the
// guard keeps the extra work-items out.
func TestPoCLSaxpy(t *testing.T) {
	p := build(t, "saxpy", scalar("a", driver.Float32), slice("x", driver.Float32), slice("y", driver.Float32))
	const n = 1000
	x, y := make([]float32, n), make([]float32, n+8)
	for i := range x {
		x[i], y[i] = float32(i), float32(2*i)+0.5
	}
	for i := n; i < len(y); i++ {
		y[i] = -1
	}
	yb := &buf{f32Bytes(y), n}
	p.run(t, dims(n), dims(64), float32(3), &buf{f32Bytes(x), n}, yb)
	got := bytesF32(yb.Data)
	for i := range got {
		want := float32(-1)
		if i < n {
			want = 3*x[i] + y[i]
		}
		require.Equal(t, want, got[i], "y[%d]", i)
	}
}

// TestPoCLBuildComplete builds on PoCL the OpenCL C of every form of every
// instruction and intrinsic that ircheck accepts (emittest.Dialect).
func TestPoCLBuildComplete(t *testing.T) {
	dev := poclDevice(t)
	emittest.Complete(t, func(m *ir.Module) ([]byte, error) { return Emit(m, AllFeatures()) }, func(t *testing.T, name string, src []byte) {
		_, err := dev.Load(&driver.KernelSpec{Name: name, Entry: "Sample", Code: driver.CodeMap{driver.OpenCLC: src}})
		require.NoError(t, err, "source:\n%s", src)
	})
}

// TestPoCLKernelNames builds kernels whose names are all capitals, which
// reservedKernel allows (only OpenCL C's macros are refused): PoCL
// compiles them.
func TestPoCLKernelNames(t *testing.T) {
	dev := poclDevice(t)
	for _, name := range []string{"K", "SAXPY", "GEMM_2D"} {
		t.Run(name, func(t *testing.T) {
			m, err := asm.ParseString(name+".ll", "define spir_kernel void @"+name+"(i32 addrspace(1)* %x.ptr, i64 %x.len, i64 %ka.gsize0, i64 %ka.gsize1, i64 %ka.gsize2) {\nentry:\n  store i32 1, i32 addrspace(1)* %x.ptr\n  ret void\n}\n")
			require.NoError(t, err)
			src, err := Emit(m, AllFeatures())
			require.NoError(t, err)
			_, err = dev.Load(&driver.KernelSpec{Name: name, Entry: name, Params: []driver.Param{slice("x", driver.Int32)},
				Code: driver.CodeMap{driver.OpenCLC: src}})
			require.NoError(t, err, "source:\n%s", src)
		})
	}
}
