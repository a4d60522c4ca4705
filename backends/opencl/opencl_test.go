package opencl

import (
	"context"
	"encoding/binary"
	"errors"
	"math"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"
	"time"

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
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := d.Close(); err != nil {
			t.Error(err)
		}
	})
	return d.(*Device)
}

func newQueue(t testing.TB, d *Device) driver.Queue {
	t.Helper()
	q, err := d.NewQueue(driver.Normal)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := q.Release(); err != nil {
			t.Error(err)
		}
	})
	return q
}

func alloc(t testing.TB, d *Device, n int) driver.Buffer {
	t.Helper()
	b, err := d.Alloc(n)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { b.Free(nil) })
	return b
}

func load(t testing.TB, d *Device, spec *driver.KernelSpec) driver.Function {
	t.Helper()
	f, err := d.Load(spec)
	if err != nil {
		t.Fatal(err)
	}
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
	if c.MaxGroupSize < 1 || c.MaxGroupDims[0] < 1 || c.LocalMemBytes < 1 || c.ComputeUnits < 1 || c.GlobalMemBytes < 1 {
		t.Errorf("implausible capabilities: %+v", c)
	}
	if len(c.Targets) == 0 || c.Targets[len(c.Targets)-1] != driver.OpenCLC {
		t.Errorf("targets %v: want OpenCL C last", c.Targets)
	}
	if d.Info().Name == "" || d.Info().Backend != "opencl" {
		t.Errorf("info %+v", d.Info())
	}
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
	if err := q.Write(ctx, bx, 0, f32bytes(x)); err != nil {
		t.Fatal(err)
	}
	if err := q.Write(ctx, by, 0, f32bytes(y)); err != nil {
		t.Fatal(err)
	}
	args := []driver.Arg{{Value: a}, {Buffer: bx, Len: n}, {Buffer: by, Len: n}}
	if err := q.Launch(f, range1(n), range1(64), args); err != nil {
		t.Fatal(err)
	}
	if err := q.Synchronize(ctx); err != nil {
		t.Fatal(err)
	}
	out := make([]byte, 4*n)
	if err := q.Read(ctx, by, 0, out); err != nil {
		t.Fatal(err)
	}
	return bytesF32(out)
}

func TestSaxpy(t *testing.T) {
	d := openTestDevice(t)
	q := newQueue(t, d)
	const n = 1000 // not a multiple of the group size
	got := saxpy(t, d, q, n, 3)
	for i, v := range got {
		if want := 3*float32(i) + float32(2*i); v != want {
			t.Fatalf("y[%d] = %v, want %v", i, v, want)
		}
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
	if err := q.Write(ctx, b, 0, f32bytes(a)); err != nil {
		t.Fatal(err)
	}
	if err := q.Launch(f, range1(n), range1(64), []driver.Arg{{Buffer: b, Len: n}}); err != nil {
		t.Fatal(err)
	}
	out := make([]byte, 4*n)
	if err := q.Read(ctx, b, 0, out); err != nil {
		t.Fatal(err)
	}
	for i, v := range bytesF32(out) {
		if want := float32(i/64*64 + 63 - i%64); v != want {
			t.Fatalf("a[%d] = %v, want %v", i, v, want)
		}
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
	if err := q.Write(ctx, bd, 0, data); err != nil {
		t.Fatal(err)
	}
	if err := q.Write(ctx, bb, 0, make([]byte, 4*nbins)); err != nil {
		t.Fatal(err)
	}
	if err := q.Launch(f, range1(n), range1(128), []driver.Arg{{Buffer: bd, Len: n}, {Buffer: bb, Len: nbins}}); err != nil {
		t.Fatal(err)
	}
	out := make([]byte, 4*nbins)
	if err := q.Read(ctx, bb, 0, out); err != nil {
		t.Fatal(err)
	}
	for i := range want {
		if got := int32(binary.LittleEndian.Uint32(out[4*i:])); got != want[i] {
			t.Errorf("bin %d = %d, want %d", i, got, want[i])
		}
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
	if err := q.Launch(f, r, g, []driver.Arg{{Buffer: b, Len: 5}}); err != nil {
		t.Fatal(err)
	}
	out := make([]byte, 5*8)
	if err := q.Read(context.Background(), b, 0, out); err != nil {
		t.Fatal(err)
	}
	want := []int64{100, 3, 1, 112, 4}
	for i, w := range want {
		if got := int64(binary.LittleEndian.Uint64(out[8*i:])); got != w {
			t.Errorf("out[%d] = %d, want %d", i, got, w)
		}
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
	if err := q.Launch(f, range1(1), range1(1), args); err != nil {
		t.Fatal(err)
	}
	out := make([]byte, 9*8)
	if err := q.Read(context.Background(), b, 0, out); err != nil {
		t.Fatal(err)
	}
	want := []float64{1, -5, 65000, -70000, 1 << 40, 1 << 50, 1.5, 2.25, 9}
	for i, w := range want {
		if got := math.Float64frombits(binary.LittleEndian.Uint64(out[8*i:])); got != w {
			t.Errorf("out[%d] = %v, want %v", i, got, w)
		}
	}
	// A scalar of the wrong Go type is a bad launch.
	args[0].Value = 1
	if err := q.Launch(f, range1(1), range1(1), args); !errors.Is(err, driver.ErrBadLaunch) {
		t.Errorf("wrong scalar type: %v, want ErrBadLaunch", err)
	}
}

func TestLoadIsCached(t *testing.T) {
	d := openTestDevice(t)
	f1, f2 := load(t, d, saxpySpec), load(t, d, saxpySpec)
	if f1 != f2 {
		t.Error("Load built the same spec twice")
	}
}

func TestBuildErrorHasLog(t *testing.T) {
	d := openTestDevice(t)
	spec := &driver.KernelSpec{Name: "Broken", Entry: "Broken",
		Code: driver.CodeMap{driver.OpenCLC: []byte("__kernel void Broken(long a, long b, long c) { this is not C; }")}}
	_, err := d.Load(spec)
	if err == nil || !strings.Contains(err.Error(), "CL_BUILD_PROGRAM_FAILURE") || !strings.Contains(err.Error(), "build log") ||
		!strings.Contains(err.Error(), "error") {
		t.Fatalf("build of invalid source: %v; want CL_BUILD_PROGRAM_FAILURE with the build log", err)
	}
}

func TestNoCodeIsUnsupported(t *testing.T) {
	d := openTestDevice(t)
	spec := &driver.KernelSpec{Name: "PTXOnly", Entry: "PTXOnly", Code: driver.CodeMap{driver.PTX: []byte("//")}}
	if _, err := d.Load(spec); !errors.Is(err, driver.ErrUnsupported) || !strings.Contains(err.Error(), "OpenCL C") {
		t.Fatalf("Load of PTX-only kernel: %v; want ErrUnsupported naming OpenCL C", err)
	}
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
		if err := q.Launch(f, c.r, c.g, c.args); !errors.Is(err, driver.ErrBadLaunch) {
			t.Errorf("%s: %v, want ErrBadLaunch", name, err)
		}
	}
	if err := q.Read(context.Background(), bx, 32, make([]byte, 64)); err == nil {
		t.Error("read past the end of a buffer succeeded")
	}
}

// gate returns a user event that the queue waits for, and opens it from
// another goroutine after delay; opened is set just before.
func gate(t *testing.T, d *Device, q driver.Queue, delay time.Duration, fail bool) *atomic.Bool {
	t.Helper()
	u, err := NewUserEvent(d)
	if err != nil {
		t.Fatal(err)
	}
	if err := q.WaitEvent(u); err != nil {
		t.Fatal(err)
	}
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
	if !opened.Load() {
		t.Fatal("Synchronize returned before the gate opened")
	}
	if got[10] != 2*10+20 {
		t.Errorf("y[10] = %v", got[10])
	}
}

func TestGatedRead(t *testing.T) {
	withGOMAXPROCS1(t)
	d := openTestDevice(t)
	q := newQueue(t, d)
	b := alloc(t, d, 16)
	if err := q.Write(context.Background(), b, 0, []byte("0123456789abcdef")); err != nil {
		t.Fatal(err)
	}
	opened := gate(t, d, q, 20*time.Millisecond, false)
	out := make([]byte, 16)
	if err := q.Read(context.Background(), b, 0, out); err != nil {
		t.Fatal(err)
	}
	if !opened.Load() || string(out) != "0123456789abcdef" {
		t.Errorf("read %q, gate opened %v", out, opened.Load())
	}
}

func TestGatedWaitEvents(t *testing.T) {
	withGOMAXPROCS1(t)
	d := openTestDevice(t)
	q1, q2 := newQueue(t, d), newQueue(t, d)
	opened := gate(t, d, q1, 20*time.Millisecond, false)
	e1, err := q1.Record()
	if err != nil {
		t.Fatal(err)
	}
	defer e1.Release()
	if err := q2.WaitEvent(e1); err != nil {
		t.Fatal(err)
	}
	e2, err := q2.Record()
	if err != nil {
		t.Fatal(err)
	}
	defer e2.Release()
	if err := WaitEvents(context.Background(), e1, e2); err != nil {
		t.Fatal(err)
	}
	if !opened.Load() {
		t.Error("WaitEvents returned before the gate opened")
	}
}

func TestFailedCommandIsErrDevice(t *testing.T) {
	if kasync.Blocking() {
		t.Skip("KAGO_SYNC=blocking: Synchronize is a plain clFinish, which reports no failed command (docs/backends.md)")
	}
	d := openTestDevice(t)
	q := newQueue(t, d)
	gate(t, d, q, 5*time.Millisecond, true)
	err := q.Synchronize(context.Background())
	if !errors.Is(err, driver.ErrDevice) {
		t.Fatalf("Synchronize after a failed user event: %v, want ErrDevice", err)
	}
}

func TestCancelledSynchronizeWaitsForGate(t *testing.T) {
	d := openTestDevice(t)
	q := newQueue(t, d)
	opened := gate(t, d, q, 30*time.Millisecond, false)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	err := q.Synchronize(ctx)
	if !errors.Is(err, context.Canceled) {
		t.Errorf("Synchronize with a cancelled context: %v, want context.Canceled", err)
	}
	if !opened.Load() {
		t.Error("Synchronize returned before the work completed")
	}
}

func TestLiveQueues(t *testing.T) {
	d := openTestDevice(t)
	before := LiveQueues()
	q, err := d.NewQueue(driver.High)
	if err != nil {
		t.Fatal(err)
	}
	if LiveQueues() != before+1 {
		t.Errorf("LiveQueues = %d after NewQueue, want %d", LiveQueues(), before+1)
	}
	if err := q.Release(); err != nil {
		t.Fatal(err)
	}
	if LiveQueues() != before {
		t.Errorf("LiveQueues = %d after Release, want %d", LiveQueues(), before)
	}
	if err := q.Release(); !errors.Is(err, driver.ErrClosed) {
		t.Errorf("second Release: %v, want ErrClosed", err)
	}
}
