package ka

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"runtime"
	"slices"
	"sync"
	"testing"

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
	if err != nil {
		t.Fatal(err)
	}
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
	if a == b {
		t.Fatal("two gets returned the same queue")
	}
	p.put(a)
	p.put(b)
	if c, _ := p.get(Normal); c != b {
		t.Errorf("get after put(a), put(b) = %p, want b %p (last in, first out)", c, b)
	}
	if fd.nq != 3 { // default queue + a + b
		t.Errorf("%d driver queues created, want 3", fd.nq)
	}
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
	if idle != maxIdle || fd.live != 1+maxIdle || live != fd.live {
		t.Errorf("after returning 40 queues: live %d (driver %d), idle %d; want %d idle, %d live", live, fd.live, idle, maxIdle, 1+maxIdle)
	}
	created := fd.nq
	if q, _ := p.get(Low); q.prio != Low || fd.nq != created+1 {
		t.Errorf("a Low queue came from the High idle list")
	}
}

func TestPriorityChangeOrdersQueuesWithEvents(t *testing.T) {
	dev, fd := openFake(t, true)
	k, err := NewKernel(dev, fakeKernel)
	if err != nil {
		t.Fatal(err)
	}
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
	if err == nil || err.Error() != "block failed" {
		t.Fatalf("task error %v, want the block's", err)
	}
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
	if got := fd.takeLog(); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("driver calls:\n got %q\nwant %q", got, want)
	}
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
	if err := first.Wait(context.Background()); err != nil {
		t.Fatal(err)
	}
	if got := fd.takeLog(); !slices.Contains(got, "free on q2") {
		t.Errorf("freeing memory while its task lives: %q, want a free on the task's queue q2", got)
	}
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
	if got := fd.takeLog(); !slices.Contains(got, "launch "+fnName(t)+" on q2") {
		t.Fatalf("the second task did not get the recycled queue q2: %q", got)
	}
	if err := x.Free(); err != nil {
		t.Fatal(err)
	}
	if got := fd.takeLog(); fmt.Sprint(got) != "[free now]" {
		t.Errorf("freeing memory whose task ended: %q, want an immediate free, not one on the recycled queue q2", got)
	}
	close(done)
	if err := second.Wait(context.Background()); err != nil {
		t.Fatal(err)
	}
	if err := k.Launch(dev.Stream(), Range(4), y); !errors.Is(err, ErrBadLaunch) {
		t.Errorf("launch with a freed array: %v, want ErrBadLaunch", err)
	}
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
	if err := task.Wait(context.Background()); !errors.Is(err, ErrDevice) {
		t.Fatalf("task with a failed command: %v, want ErrDevice", err)
	}
	if live, idle := dev.Queues(); live != 1 || idle != 0 {
		t.Errorf("after a failed task: %d live, %d idle queues; want its queue released, not pooled", live, idle)
	}
}

func TestLaunchAllocatesNothing(t *testing.T) {
	dev, fd := openFake(t, false)
	k, err := NewKernel(dev, fakeKernel)
	if err != nil {
		t.Fatal(err)
	}
	x, _ := Alloc[float32](dev, 4)
	s := dev.Stream()
	launch := func() {
		if err := k.Launch(s, Range(4), x); err != nil {
			t.Fatal(err)
		}
	}
	launch()
	fd.quiet = true
	if n := testing.AllocsPerRun(100, launch); n != 0 {
		t.Errorf("a launch allocates %v times in ka, want 0", n)
	}
}
