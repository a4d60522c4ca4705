package opencl

import (
	"context"
	"encoding/binary"
	"math"
	"runtime"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kago-dev/kago/ka/driver"
	kasync "github.com/kago-dev/kago/sync"
)

// openTestDevice opens the first device of the opencl backend, skipping
// the test when no OpenCL driver is installed.
func openTestDevice(t testing.TB) *Device {
	t.Helper()
	b := NewBackend("opencl", nil, "")
	if _, err := b.Probe(); err != nil {
		t.Skipf("no OpenCL device: %v", err)
	}
	d, err := b.Open(0)
	require.NoError(t, err)
	t.Cleanup(func() { assert.NoError(t, d.Close()) })
	return d.(*Device)
}

func newQueue(t testing.TB, d *Device) driver.Queue {
	t.Helper()
	q, err := d.NewQueue(driver.Normal)
	require.NoError(t, err)
	t.Cleanup(func() { assert.NoError(t, q.Release()) })
	return q
}

func alloc(t testing.TB, d *Device, n int) driver.Buffer {
	t.Helper()
	b, err := d.Alloc(n)
	require.NoError(t, err)
	t.Cleanup(func() { b.Free(nil) })
	return b
}

func load(t testing.TB, d *Device, spec *driver.KernelSpec) driver.Function {
	t.Helper()
	f, err := d.Load(spec)
	require.NoError(t, err)
	return f
}

func f32bytes(v []float32) []byte {
	b := make([]byte, 4*len(v))
	for i, x := range v {
		binary.LittleEndian.PutUint32(b[4*i:], math.Float32bits(x))
	}
	return b
}

func bytesF32(b []byte) []float32 {
	v := make([]float32, len(b)/4)
	for i := range v {
		v[i] = math.Float32frombits(binary.LittleEndian.Uint32(b[4*i:]))
	}
	return v
}

func range1(n int) driver.NDRange { return driver.NDRange{Dims: 1, Size: [3]int{n, 1, 1}} }

func TestProbeCapabilities(t *testing.T) {
	d := openTestDevice(t)
	c := d.Info().Capabilities
	assert.Positive(t, c.MaxGroupSize, "implausible capabilities: %+v", c)
	assert.Positive(t, c.MaxGroupDims[0], "implausible capabilities: %+v", c)
	assert.Positive(t, c.LocalMemBytes, "implausible capabilities: %+v", c)
	assert.Positive(t, c.ComputeUnits, "implausible capabilities: %+v", c)
	assert.Positive(t, c.GlobalMemBytes, "implausible capabilities: %+v", c)
	if assert.NotEmpty(t, c.Targets, "targets: want OpenCL C last") {
		assert.Equal(t, driver.OpenCLC, c.Targets[len(c.Targets)-1], "targets %v: want OpenCL C last", c.Targets)
	}
	assert.NotEmpty(t, d.Info().Name, "info %+v", d.Info())
	assert.Equal(t, "opencl", d.Info().Backend, "info %+v", d.Info())
}

// saxpy runs y = a*x + y over n elements on q and returns y.
func saxpy(t testing.TB, d *Device, q driver.Queue, n int, a float32) []float32 {
	t.Helper()
	f := load(t, d, saxpySpec)
	x, y := make([]float32, n), make([]float32, n)
	for i := range x {
		x[i], y[i] = float32(i), float32(2*i)
	}
	bx, by := alloc(t, d, 4*n), alloc(t, d, 4*n)
	ctx := context.Background()
	require.NoError(t, q.Write(ctx, bx, 0, f32bytes(x)))
	require.NoError(t, q.Write(ctx, by, 0, f32bytes(y)))
	args := []driver.Arg{{Value: a}, {Buffer: bx, Len: n}, {Buffer: by, Len: n}}
	require.NoError(t, q.Launch(f, range1(n), range1(64), args))
	require.NoError(t, q.Synchronize(ctx))
	out := make([]byte, 4*n)
	require.NoError(t, q.Read(ctx, by, 0, out))
	return bytesF32(out)
}

func TestSaxpy(t *testing.T) {
	d := openTestDevice(t)
	q := newQueue(t, d)
	const n = 1000 // not a multiple of the group size
	got := saxpy(t, d, q, n, 3)
	for i, v := range got {
		require.Equal(t, 3*float32(i)+float32(2*i), v, "y[%d]", i)
	}
}

func TestReverseLocalMemoryBarrier(t *testing.T) {
	d := openTestDevice(t)
	q := newQueue(t, d)
	f := load(t, d, reverseSpec)
	const n = 256
	a := make([]float32, n)
	for i := range a {
		a[i] = float32(i)
	}
	b := alloc(t, d, 4*n)
	ctx := context.Background()
	require.NoError(t, q.Write(ctx, b, 0, f32bytes(a)))
	require.NoError(t, q.Launch(f, range1(n), range1(64), []driver.Arg{{Buffer: b, Len: n}}))
	out := make([]byte, 4*n)
	require.NoError(t, q.Read(ctx, b, 0, out))
	for i, v := range bytesF32(out) {
		require.Equal(t, float32(i/64*64+63-i%64), v, "a[%d]", i)
	}
}

func TestHistogramAtomics(t *testing.T) {
	d := openTestDevice(t)
	q := newQueue(t, d)
	f := load(t, d, histogramSpec)
	const n, nbins = 10000, 16
	data := make([]byte, 4*n)
	want := make([]int32, nbins)
	for i := 0; i < n; i++ {
		v := int32(i*7 + i/3)
		binary.LittleEndian.PutUint32(data[4*i:], uint32(v))
		want[v%nbins]++
	}
	bd, bb := alloc(t, d, 4*n), alloc(t, d, 4*nbins)
	ctx := context.Background()
	require.NoError(t, q.Write(ctx, bd, 0, data))
	require.NoError(t, q.Write(ctx, bb, 0, make([]byte, 4*nbins)))
	require.NoError(t, q.Launch(f, range1(n), range1(128), []driver.Arg{{Buffer: bd, Len: n}, {Buffer: bb, Len: nbins}}))
	out := make([]byte, 4*nbins)
	require.NoError(t, q.Read(ctx, bb, 0, out))
	for i := range want {
		assert.Equal(t, want[i], int32(binary.LittleEndian.Uint32(out[4*i:])), "bin %d", i)
	}
}

// TestHiddenRange checks the ABI's hidden parameters: the user's range,
// while the driver's global size is rounded up to whole groups.
func TestHiddenRange(t *testing.T) {
	d := openTestDevice(t)
	q := newQueue(t, d)
	f := load(t, d, sizesSpec)
	b := alloc(t, d, 5*8)
	r := driver.NDRange{Dims: 2, Size: [3]int{100, 3, 1}}
	g := driver.NDRange{Dims: 2, Size: [3]int{16, 2, 1}}
	require.NoError(t, q.Launch(f, r, g, []driver.Arg{{Buffer: b, Len: 5}}))
	out := make([]byte, 5*8)
	require.NoError(t, q.Read(context.Background(), b, 0, out))
	want := []int64{100, 3, 1, 112, 4}
	for i, w := range want {
		assert.Equal(t, w, int64(binary.LittleEndian.Uint64(out[8*i:])), "out[%d]", i)
	}
}

func TestScalarArguments(t *testing.T) {
	d := openTestDevice(t)
	if !d.Info().Capabilities.Features.Has(driver.FP64) {
		t.Skip("no fp64")
	}
	q := newQueue(t, d)
	f := load(t, d, scalarsSpec)
	b := alloc(t, d, 9*8)
	args := []driver.Arg{{Value: true}, {Value: int8(-5)}, {Value: uint16(65000)}, {Value: int32(-70000)},
		{Value: int(1 << 40)}, {Value: uint64(1 << 50)}, {Value: float32(1.5)}, {Value: 2.25}, {Buffer: b, Len: 9}}
	require.NoError(t, q.Launch(f, range1(1), range1(1), args))
	out := make([]byte, 9*8)
	require.NoError(t, q.Read(context.Background(), b, 0, out))
	want := []float64{1, -5, 65000, -70000, 1 << 40, 1 << 50, 1.5, 2.25, 9}
	for i, w := range want {
		assert.Equal(t, w, math.Float64frombits(binary.LittleEndian.Uint64(out[8*i:])), "out[%d]", i)
	}
	// A scalar of the wrong Go type is a bad launch.
	args[0].Value = 1
	assert.ErrorIs(t, q.Launch(f, range1(1), range1(1), args), driver.ErrBadLaunch, "wrong scalar type")
}

func TestLoadIsCached(t *testing.T) {
	d := openTestDevice(t)
	f1, f2 := load(t, d, saxpySpec), load(t, d, saxpySpec)
	assert.Same(t, f1, f2, "Load built the same spec twice")
}

func TestBuildErrorHasLog(t *testing.T) {
	d := openTestDevice(t)
	spec := &driver.KernelSpec{Name: "Broken", Entry: "Broken",
		Code: driver.CodeMap{driver.OpenCLC: []byte("__kernel void Broken(long a, long b, long c) { this is not C; }")}}
	_, err := d.Load(spec)
	const why = "build of invalid source; want CL_BUILD_PROGRAM_FAILURE with the build log"
	require.ErrorContains(t, err, "CL_BUILD_PROGRAM_FAILURE", why)
	require.ErrorContains(t, err, "build log", why)
	require.ErrorContains(t, err, "error", why)
}

func TestNoCodeIsUnsupported(t *testing.T) {
	d := openTestDevice(t)
	spec := &driver.KernelSpec{Name: "PTXOnly", Entry: "PTXOnly", Code: driver.CodeMap{driver.PTX: []byte("//")}}
	_, err := d.Load(spec)
	require.ErrorIs(t, err, driver.ErrUnsupported, "Load of PTX-only kernel")
	require.ErrorContains(t, err, "OpenCL C", "Load of PTX-only kernel; want ErrUnsupported naming OpenCL C")
}

func TestBadLaunches(t *testing.T) {
	d := openTestDevice(t)
	q := newQueue(t, d)
	f := load(t, d, saxpySpec)
	bx := alloc(t, d, 64)
	args := []driver.Arg{{Value: float32(1)}, {Buffer: bx, Len: 16}, {Buffer: bx, Len: 16}}
	// ka checks ranges, group sizes against the device and argument counts
	// (katest's BadLaunch); the backend checks what ka cannot know.
	max := f.(*function).maxWG
	cases := map[string]struct {
		r, g driver.NDRange
		args []driver.Arg
	}{
		"group above the kernel's limit": {range1(4 * max), range1(2 * max), args},
		"scalar for a slice":             {range1(16), range1(16), []driver.Arg{args[0], args[0], args[1]}},
	}
	for name, c := range cases {
		assert.ErrorIs(t, q.Launch(f, c.r, c.g, c.args), driver.ErrBadLaunch, name)
	}
	assert.Error(t, q.Read(context.Background(), bx, 32, make([]byte, 64)), "read past the end of a buffer succeeded")
}

// gate returns a user event that the queue waits for, and opens it from
// another goroutine after delay; opened is set just before.
func gate(t *testing.T, d *Device, q driver.Queue, delay time.Duration, fail bool) *atomic.Bool {
	t.Helper()
	u, err := NewUserEvent(d)
	require.NoError(t, err)
	require.NoError(t, q.WaitEvent(u))
	var opened atomic.Bool
	done := make(chan struct{})
	go func() {
		defer close(done)
		time.Sleep(delay)
		opened.Store(true)
		if fail {
			u.Fail()
		} else {
			u.Complete()
		}
	}()
	t.Cleanup(func() { <-done; u.Release() })
	return &opened
}

// withGOMAXPROCS1 runs the test body with one P: a wait that held the
// thread would keep the goroutine that opens the gate from running.
func withGOMAXPROCS1(t *testing.T) {
	old := runtime.GOMAXPROCS(1)
	t.Cleanup(func() { runtime.GOMAXPROCS(old) })
}

func TestGatedSynchronize(t *testing.T) {
	withGOMAXPROCS1(t)
	d := openTestDevice(t)
	q := newQueue(t, d)
	opened := gate(t, d, q, 20*time.Millisecond, false)
	got := saxpy(t, d, q, 100, 2)
	require.True(t, opened.Load(), "Synchronize returned before the gate opened")
	assert.Equal(t, float32(2*10+20), got[10], "y[10]")
}

func TestGatedRead(t *testing.T) {
	withGOMAXPROCS1(t)
	d := openTestDevice(t)
	q := newQueue(t, d)
	b := alloc(t, d, 16)
	require.NoError(t, q.Write(context.Background(), b, 0, []byte("0123456789abcdef")))
	opened := gate(t, d, q, 20*time.Millisecond, false)
	out := make([]byte, 16)
	require.NoError(t, q.Read(context.Background(), b, 0, out))
	assert.True(t, opened.Load(), "Read returned before the gate opened")
	assert.Equal(t, "0123456789abcdef", string(out), "read")
}

func TestGatedWaitEvents(t *testing.T) {
	withGOMAXPROCS1(t)
	d := openTestDevice(t)
	q1, q2 := newQueue(t, d), newQueue(t, d)
	opened := gate(t, d, q1, 20*time.Millisecond, false)
	e1, err := q1.Record()
	require.NoError(t, err)
	defer e1.Release()
	require.NoError(t, q2.WaitEvent(e1))
	e2, err := q2.Record()
	require.NoError(t, err)
	defer e2.Release()
	require.NoError(t, WaitEvents(context.Background(), e1, e2))
	assert.True(t, opened.Load(), "WaitEvents returned before the gate opened")
}

func TestFailedCommandIsErrDevice(t *testing.T) {
	if kasync.Blocking() {
		t.Skip("KAGO_SYNC=blocking: Synchronize is a plain clFinish, which reports no failed command (docs/backends.md)")
	}
	d := openTestDevice(t)
	q := newQueue(t, d)
	gate(t, d, q, 5*time.Millisecond, true)
	require.ErrorIs(t, q.Synchronize(context.Background()), driver.ErrDevice, "Synchronize after a failed user event")
}

func TestCancelledSynchronizeWaitsForGate(t *testing.T) {
	d := openTestDevice(t)
	q := newQueue(t, d)
	opened := gate(t, d, q, 30*time.Millisecond, false)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	assert.ErrorIs(t, q.Synchronize(ctx), context.Canceled, "Synchronize with a cancelled context")
	assert.True(t, opened.Load(), "Synchronize returned before the work completed")
}

func TestLiveQueues(t *testing.T) {
	d := openTestDevice(t)
	before := LiveQueues()
	q, err := d.NewQueue(driver.High)
	require.NoError(t, err)
	assert.Equal(t, before+1, LiveQueues(), "LiveQueues after NewQueue")
	require.NoError(t, q.Release())
	assert.Equal(t, before, LiveQueues(), "LiveQueues after Release")
	assert.ErrorIs(t, q.Release(), driver.ErrClosed, "second Release")
}
