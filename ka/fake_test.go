package ka

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kago-dev/kago/ka/driver"
)

// A fake driver, in the spirit of database/sql's fakedb: it records what
// ka asks of a backend, so that the pool, priority and array bookkeeping
// can be checked without any device.

var (
	_ driver.Backend = (*fakeBackend)(nil)
	_ driver.Device  = (*fakeDevice)(nil)
	_ driver.Queue   = (*fakeQueue)(nil)
	_ driver.Buffer  = (*fakeBuffer)(nil)
)

type fakeBackend struct{ dev *fakeDevice }

func (b *fakeBackend) Probe() ([]driver.DeviceInfo, error) {
	return []driver.DeviceInfo{b.dev.info}, nil
}
func (b *fakeBackend) Open(int) (driver.Device, error) { return b.dev, nil }

type fakeDevice struct {
	info driver.DeviceInfo
	mu   sync.Mutex
	log  []string // what happened, in order
	nq   int      // queues created
	live int      // queues not released
	// syncErr, when set, makes the next Synchronize of any queue fail.
	syncErr error
	// quiet stops logging launches (which allocates), for allocation counts.
	quiet bool
	// leanErr, when set, is the error of loading a lean variant;
	// checkedErr that of loading a kernel that has one.
	leanErr, checkedErr error
	// exactErr, when set, is the error of loading a lean variant's exact
	// copy (as a backend without PTX fails to).
	exactErr error
}

func newFakeDevice(priorities bool) *fakeDevice {
	return &fakeDevice{info: driver.DeviceInfo{Name: "fake", Kind: driver.GPU, Capabilities: driver.Capabilities{
		MaxGroupSize: 64, MaxGroupDims: [3]int{64, 64, 64}, Priorities: priorities, Features: FP64 | Int64Atomics,
	}}}
}

func (d *fakeDevice) logf(format string, args ...any) {
	d.mu.Lock()
	d.log = append(d.log, fmt.Sprintf(format, args...))
	d.mu.Unlock()
}

func (d *fakeDevice) Info() driver.DeviceInfo { return d.info }
func (d *fakeDevice) NewQueue(p driver.Priority) (driver.Queue, error) {
	d.mu.Lock()
	d.nq++
	d.live++
	q := &fakeQueue{dev: d, id: d.nq, prio: p}
	d.mu.Unlock()
	return q, nil
}
func (d *fakeDevice) Alloc(size int) (driver.Buffer, error) { return &fakeBuffer{dev: d}, nil }
func (d *fakeDevice) Load(spec *driver.KernelSpec) (driver.Function, error) {
	if spec.Lean == nil && strings.HasSuffix(spec.Entry, "_lean_exact") {
		d.logf("load %s", spec.Entry)
		if d.exactErr != nil {
			return nil, d.exactErr
		}
		return spec.Entry, nil
	}
	if spec.Lean == nil && spec.Entry != "" && strings.HasSuffix(spec.Entry, "_lean") {
		d.logf("load %s", spec.Entry)
		if d.leanErr != nil {
			return nil, d.leanErr
		}
		return spec.Entry, nil
	}
	if spec.Lean != nil && d.checkedErr != nil {
		return nil, d.checkedErr
	}
	return spec.Name, nil
}
func (d *fakeDevice) Close() error { return nil }

type fakeQueue struct {
	dev  *fakeDevice
	id   int
	prio driver.Priority
}

func (q *fakeQueue) Launch(f driver.Function, r, g driver.NDRange, args []driver.Arg) error {
	if q.dev.quiet {
		return nil
	}
	q.dev.logf("launch %v on q%d", f, q.id)
	return nil
}
func (q *fakeQueue) Write(ctx context.Context, b driver.Buffer, off int, src []byte) error {
	q.dev.logf("write on q%d", q.id)
	return nil
}
func (q *fakeQueue) Read(ctx context.Context, b driver.Buffer, off int, dst []byte) error {
	q.dev.logf("read on q%d", q.id)
	return nil
}
func (q *fakeQueue) Synchronize(ctx context.Context) error {
	q.dev.logf("sync q%d", q.id)
	q.dev.mu.Lock()
	err := q.dev.syncErr
	q.dev.syncErr = nil
	q.dev.mu.Unlock()
	return err
}
func (q *fakeQueue) Record() (driver.Event, error) {
	q.dev.logf("record q%d", q.id)
	return fakeEvent(q.id), nil
}
func (q *fakeQueue) WaitEvent(e driver.Event) error {
	q.dev.logf("q%d waits for q%d", q.id, int(e.(fakeEvent)))
	return nil
}
func (q *fakeQueue) Release() error {
	q.dev.mu.Lock()
	q.dev.live--
	q.dev.mu.Unlock()
	return nil
}

type fakeEvent int

func (fakeEvent) Release() error { return nil }

type fakeBuffer struct{ dev *fakeDevice }

func (b *fakeBuffer) Free(q driver.Queue) error {
	if q == nil {
		b.dev.logf("free now")
	} else {
		b.dev.logf("free on q%d", q.(*fakeQueue).id)
	}
	return nil
}

var fakeSeq int

// openFake registers a fresh fake backend and opens its device.
func openFake(t *testing.T, priorities bool) (*Device, *fakeDevice) {
	t.Helper()
	fakeSeq++
	fd := newFakeDevice(priorities)
	name := fmt.Sprintf("fake%d", fakeSeq)
	Register(name, &fakeBackend{dev: fd})
	dev, err := Open(name)
	require.NoError(t, err)
	return dev, fd
}

func fakeKernel(it Item, x []float32) {}

func (d *fakeDevice) takeLog() []string {
	d.mu.Lock()
	defer d.mu.Unlock()
	l := d.log
	d.log = nil
	return l
}

func TestPoolReusesQueuesLIFO(t *testing.T) {
	dev, fd := openFake(t, false)
	var p = &dev.pool
	a, _ := p.get(Normal)
	b, _ := p.get(Normal)
	require.NotSame(t, a, b, "two gets returned the same queue")
	p.put(a)
	p.put(b)
	c, _ := p.get(Normal)
	assert.Same(t, b, c, "get after put(a), put(b); want b (last in, first out)")
	assert.Equal(t, 3, fd.nq, "driver queues created (default queue + a + b)")
}

func TestPoolKeepsAtMost32IdlePerPriority(t *testing.T) {
	dev, fd := openFake(t, true)
	p := &dev.pool
	var qs []*queue
	for range 40 {
		q, _ := p.get(High)
		qs = append(qs, q)
	}
	for _, q := range qs {
		p.put(q)
	}
	live, idle := dev.Queues()
	assert.Equal(t, maxIdle, idle, "idle queues after returning 40 queues")
	assert.Equal(t, 1+maxIdle, fd.live, "driver's live queues after returning 40 queues")
	assert.Equal(t, fd.live, live, "live queues after returning 40 queues; want the driver's count")
	created := fd.nq
	q, _ := p.get(Low)
	assert.Equal(t, Low, q.prio, "a Low queue came from the High idle list")
	assert.Equal(t, created+1, fd.nq, "a Low queue came from the High idle list")
}

func TestPriorityChangeOrdersQueuesWithEvents(t *testing.T) {
	dev, fd := openFake(t, true)
	k, err := NewKernel(dev, fakeKernel)
	require.NoError(t, err)
	x, _ := Alloc[float32](dev, 4)
	task := Spawn(dev, func(s *Stream) error {
		if err := k.Launch(s, Range(4), x); err != nil {
			return err
		}
		if err := s.SetPriority(High); err != nil {
			return err
		}
		if err := k.Launch(s, Range(4), x); err != nil {
			return err
		}
		return s.WithPriority(Low, func(s *Stream) error { return errors.New("block failed") })
	})
	err = task.Wait(context.Background())
	require.EqualError(t, err, "block failed", "task error; want the block's")
	want := []string{
		"launch " + fnName(t) + " on q2",
		"record q2", "q3 waits for q2",
		"launch " + fnName(t) + " on q3",
		"record q3", "q4 waits for q3",
		// the block failed: restoring High does not wait for it
		"sync q3",
		// the task's end asks every queue of the stream for kernel
		// failures (their fault records) before they go back to the pool
		"sync q2", "sync q4",
	}
	assert.Equal(t, want, fd.takeLog(), "driver calls")
}

// fnName is fakeKernel's name in the driver log: its symbol name, as it
// has no registered code.
func fnName(t *testing.T) string {
	t.Helper()
	return runtime.FuncForPC(reflect.ValueOf(fakeKernel).Pointer()).Name()
}

func TestArrayFreeNeverUsesARecycledQueue(t *testing.T) {
	dev, fd := openFake(t, false)
	k, _ := NewKernel(dev, fakeKernel)
	x, _ := Alloc[float32](dev, 4)
	y, _ := Alloc[float32](dev, 4)
	z, _ := Alloc[float32](dev, 4)
	first := Spawn(dev, func(s *Stream) error {
		k.Launch(s, Range(4), x)
		k.Launch(s, Range(4), y)
		return y.Free() // its task is alive: freed in its stream's order
	})
	require.NoError(t, first.Wait(context.Background()))
	assert.Contains(t, fd.takeLog(), "free on q2", "freeing memory while its task lives; want a free on the task's queue q2")
	// A second task takes q2 from the pool and holds it while x, last used
	// by the first task on q2, is freed.
	hold, done := make(chan struct{}), make(chan struct{})
	second := Spawn(dev, func(s *Stream) error {
		err := k.Launch(s, Range(4), z)
		close(hold)
		<-done
		return err
	})
	<-hold
	require.Contains(t, fd.takeLog(), "launch "+fnName(t)+" on q2", "the second task did not get the recycled queue q2")
	require.NoError(t, x.Free())
	assert.Equal(t, []string{"free now"}, fd.takeLog(),
		"freeing memory whose task ended; want an immediate free, not one on the recycled queue q2")
	close(done)
	require.NoError(t, second.Wait(context.Background()))
	assert.ErrorIs(t, k.Launch(dev.Stream(), Range(4), y), ErrBadLaunch, "launch with a freed array")
}

func TestFailedTaskQueueIsNotReused(t *testing.T) {
	dev, fd := openFake(t, false)
	k, _ := NewKernel(dev, fakeKernel)
	x, _ := Alloc[float32](dev, 4)
	boom := fmt.Errorf("CUDA_ERROR_LAUNCH_FAILED: %w", ErrDevice)
	task := Spawn(dev, func(s *Stream) error {
		fd.mu.Lock()
		fd.syncErr = boom
		fd.mu.Unlock()
		return k.Launch(s, Range(4), x)
	})
	require.ErrorIs(t, task.Wait(context.Background()), ErrDevice, "task with a failed command")
	live, idle := dev.Queues()
	assert.Equal(t, 1, live, "live queues after a failed task; want its queue released, not pooled")
	assert.Zero(t, idle, "idle queues after a failed task; want its queue released, not pooled")
}

func TestLaunchAllocatesNothing(t *testing.T) {
	dev, fd := openFake(t, false)
	k, err := NewKernel(dev, fakeKernel)
	require.NoError(t, err)
	x, _ := Alloc[float32](dev, 4)
	s := dev.Stream()
	launch := func() { require.NoError(t, k.Launch(s, Range(4), x)) }
	launch()
	fd.quiet = true
	assert.Zero(t, testing.AllocsPerRun(100, launch), "allocations of a launch in ka")
}
