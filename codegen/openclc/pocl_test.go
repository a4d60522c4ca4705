package openclc

// Tests that build the emitted OpenCL C on PoCL's CPU device and run some
// kernels (skipped where PoCL is absent).

import (
	"encoding/binary"
	"errors"
	"math"
	"sync"
	"testing"

	"github.com/kago-dev/kago/codegen/openclc/internal/clcheck"
)

var (
	poclOnce sync.Once
	poclDev  *clcheck.Device
	poclErr  error
)

// pocl returns the shared PoCL device, or skips the test.
func pocl(t *testing.T) *clcheck.Device {
	t.Helper()
	poclOnce.Do(func() { poclDev, poclErr = clcheck.Open() })
	if errors.Is(poclErr, clcheck.ErrUnavailable) {
		t.Skipf("skipping: %v", poclErr)
	}
	if poclErr != nil {
		t.Fatal(poclErr)
	}
	return poclDev
}

// build emits testdata/<name>.ll with every feature and builds it.
func build(t *testing.T, name string) *clcheck.Program {
	t.Helper()
	d := pocl(t)
	src, err := emitFile(t, name, AllFeatures())
	if err != nil {
		t.Fatalf("Emit: %v", err)
	}
	p, err := d.Build(string(src))
	if err != nil {
		t.Fatalf("%v\nsource:\n%s", err, src)
	}
	t.Cleanup(p.Release)
	return p
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

// gsize is the three hidden parameters for a range.
func gsize(x, y, z int) []any { return []any{uint64(x), uint64(y), uint64(z)} }

// TestPoCLSaxpy runs Saxpy on a range rounded up to the group size: the
// guard keeps the extra work-items out.
func TestPoCLSaxpy(t *testing.T) {
	p := build(t, "saxpy")
	const n = 1000
	x, y := make([]float32, n), make([]float32, n+8)
	for i := range x {
		x[i], y[i] = float32(i), float32(2*i)+0.5
	}
	for i := n; i < len(y); i++ {
		y[i] = -1
	}
	xb, yb := &clcheck.Buffer{Data: f32Bytes(x)}, &clcheck.Buffer{Data: f32Bytes(y)}
	args := append([]any{float32(3), xb, uint64(n), yb, uint64(n)}, gsize(n, 1, 1)...)
	if err := p.Run("Saxpy", []int{1024}, []int{64}, args...); err != nil {
		t.Fatal(err)
	}
	got := bytesF32(yb.Data)
	for i := range got {
		want := float32(-1)
		if i < n {
			want = 3*x[i] + y[i]
		}
		if got[i] != want {
			t.Fatalf("y[%d] = %v, want %v", i, got[i], want)
		}
	}
}
