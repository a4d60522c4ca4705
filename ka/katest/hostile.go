package katest

// This file walks the public API with hostile inputs, as a user who makes
// every mistake at once would: nil, zero, negative, huge and wrong-device
// arguments, and use after Close and Free. Each must be an error wrapping
// the documented sentinel, never a panic, a crash or a hang.

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kago-dev/kago/ka"
)

// hostileCase is one call with a bad input and the sentinel it must wrap.
type hostileCase struct {
	name string
	call func() error
	want error
}

func checkHostile(t *testing.T, cases []hostileCase) {
	t.Helper()
	for _, c := range cases {
		err := c.call()
		assert.ErrorIs(t, err, c.want, "%s", c.name)
	}
}

// testHostile is the table of function × input class → sentinel.
func testHostile(t *testing.T, dev *ka.Device) {
	ctx := context.Background()
	x, err := ka.FromSlice(ctx, dev, []float32{1, 2, 3, 4})
	require.NoError(t, err)
	defer x.Free()
	y, err := ka.FromSlice(ctx, dev, []float32{5, 6, 7, 8})
	require.NoError(t, err)
	defer y.Free()
	k, err := ka.NewKernel(dev, Saxpy)
	require.NoError(t, err)
	freed, err := ka.Alloc[float32](dev, 4)
	require.NoError(t, err)
	require.NoError(t, freed.Free())
	other := Open(t, dev.Backend()) // a second device of the same backend
	ox, err := ka.Alloc[float32](other, 4)
	require.NoError(t, err)
	defer ox.Free()
	s := dev.Stream()
	var nilArray *ka.Array[float32]
	buf := make([]float32, 8)
	maxAlloc := dev.Capabilities().MaxAllocBytes
	require.Positive(t, maxAlloc, "every backend states its largest allocation")

	checkHostile(t, []hostileCase{
		{"Open of an unknown backend", func() error { _, err := ka.Open("nosuch"); return err }, ka.ErrNoDevice},
		{"Open of a bad index", func() error { _, err := ka.Open(dev.Backend() + ":x"); return err }, ka.ErrNoDevice},
		{"Open of a negative index", func() error { _, err := ka.Open(dev.Backend() + ":-1"); return err }, ka.ErrNoDevice},
		{"Open of a missing device", func() error { _, err := ka.Open(dev.Backend() + ":99"); return err }, ka.ErrNoDevice},
		{"Open of an index alone", func() error { _, err := ka.Open(":0"); return err }, ka.ErrNoDevice},
		{"Probe of an unknown backend", func() error { _, err := ka.Probe("nosuch"); return err }, ka.ErrNoDevice},

		{"Alloc on a nil device", func() error { _, err := ka.Alloc[float32](nil, 4); return err }, ka.ErrInvalid},
		{"Alloc of -1 elements", func() error { _, err := ka.Alloc[float32](dev, -1); return err }, ka.ErrInvalid},
		{"Alloc whose byte size overflows", func() error { _, err := ka.Alloc[float32](dev, 1<<62+1); return err }, ka.ErrOutOfMemory},
		{"Alloc of MaxInt elements", func() error { _, err := ka.Alloc[float64](dev, math.MaxInt); return err }, ka.ErrOutOfMemory},
		{"Alloc of 4 TiB", func() error { _, err := ka.Alloc[float32](dev, 1<<40); return err }, ka.ErrOutOfMemory},
		{"Alloc above MaxAllocBytes", func() error { _, err := ka.Alloc[uint8](dev, int(min(maxAlloc, math.MaxInt-1))+1); return err }, ka.ErrOutOfMemory},
		{"FromSlice on a nil device", func() error { _, err := ka.FromSlice(ctx, nil, buf); return err }, ka.ErrInvalid},
		{"Write of more than the array holds", func() error { return x.Write(ctx, buf) }, ka.ErrInvalid},
		{"Read of more than the array holds", func() error { return x.Read(ctx, buf) }, ka.ErrInvalid},
		{"Write to a freed array", func() error { return freed.Write(ctx, buf[:1]) }, ka.ErrClosed},
		{"Read from a freed array", func() error { return freed.Read(ctx, buf[:1]) }, ka.ErrClosed},
		{"empty Read from a freed array", func() error { return freed.Read(ctx, nil) }, ka.ErrClosed},

		{"NewKernel on a nil device", func() error { _, err := ka.NewKernel(nil, Saxpy); return err }, ka.ErrInvalid},
		{"NewKernel of nil", func() error { _, err := ka.NewKernel(dev, nil); return err }, ka.ErrInvalid},
		{"NewKernel of a nil function", func() error { _, err := ka.NewKernel(dev, (func(ka.Item))(nil)); return err }, ka.ErrInvalid},
		{"NewKernel of a non-function", func() error { _, err := ka.NewKernel(dev, 42); return err }, ka.ErrInvalid},
		{"NewKernel of a function without an Item", func() error { _, err := ka.NewKernel(dev, func(int) {}); return err }, ka.ErrInvalid},
		{"NewKernel of a closure", func() error { _, err := ka.NewKernel(dev, func(ka.Item) {}); return err }, ka.ErrInvalid},
		{"NewKernel with a negative group", func() error { _, err := ka.NewKernel(dev, Saxpy, ka.WithGroupSize(-1)); return err }, ka.ErrBadLaunch},

		{"Launch with a typed nil array", func() error { return k.Launch(s, ka.Range(4), float32(2), nilArray, y) }, ka.ErrBadLaunch},
		{"Launch with an untyped nil", func() error { return k.Launch(s, ka.Range(4), float32(2), nil, y) }, ka.ErrBadLaunch},
		{"Launch with a nil scalar", func() error { return k.Launch(s, ka.Range(4), nil, x, y) }, ka.ErrBadLaunch},
		{"Launch over MaxInt", func() error { return k.Launch(s, ka.Range(math.MaxInt), float32(2), x, y) }, ka.ErrBadLaunch},
		{"Launch over MaxInt-1", func() error { return k.Launch(s, ka.Range(math.MaxInt-1), float32(2), x, y) }, ka.ErrBadLaunch},
		{"Launch over ka.MaxWorkItems", func() error { return k.Launch(s, ka.Range2(1<<24, 1<<24+1), float32(2), x, y) }, ka.ErrBadLaunch},
		{"Launch whose work-items overflow an int", func() error { return k.Launch(s, ka.Range3(1<<30, 1<<30, 1<<30), float32(2), x, y) }, ka.ErrBadLaunch},
		{"Launch over a negative range", func() error { return k.Launch(s, ka.Range(-1), float32(2), x, y) }, ka.ErrBadLaunch},
		{"Launch over MinInt", func() error { return k.Launch(s, ka.Range2(4, math.MinInt), float32(2), x, y) }, ka.ErrBadLaunch},
		{"Launch with another device's array", func() error { return k.Launch(s, ka.Range(4), float32(2), ox, y) }, ka.ErrBadLaunch},
		{"Launch on another device's stream", func() error { return k.Launch(other.Stream(), ka.Range(4), float32(2), x, y) }, ka.ErrBadLaunch},
		{"empty Launch with bad arguments", func() error { return k.Launch(s, ka.Range(0), float32(2), nilArray, y) }, ka.ErrBadLaunch},

		{"Spawn on a nil device", func() error { return ka.Spawn(nil, func(*ka.Stream) error { return nil }).Wait(ctx) }, ka.ErrInvalid},
		{"Spawn of a nil function", func() error { return ka.Spawn(dev, nil).Wait(ctx) }, ka.ErrInvalid},
		{"WithPriority of a nil function", func() error { return s.WithPriority(ka.High, nil) }, ka.ErrInvalid},
		{"SetPriority to a non-priority", func() error { return s.SetPriority(ka.Priority(7)) }, ka.ErrUnsupported},
	})
	// Nothing of the above ran, or changed y.
	require.NoError(t, dev.Synchronize(ctx))
	got := make([]float32, 4)
	require.NoError(t, y.Read(ctx, got))
	assert.Equal(t, []float32{5, 6, 7, 8}, got, "a refused launch ran")
}

// testEmptyLaunch checks that a range with a zero size is a successful
// no-op that keeps the stream's order.
func testEmptyLaunch(t *testing.T, dev *ka.Device) {
	ctx := context.Background()
	x, err := ka.FromSlice(ctx, dev, []float32{1, 2, 3, 4})
	require.NoError(t, err)
	defer x.Free()
	y, err := ka.FromSlice(ctx, dev, []float32{10, 20, 30, 40})
	require.NoError(t, err)
	defer y.Free()
	k, err := ka.NewKernel(dev, Saxpy)
	require.NoError(t, err)
	s := dev.Stream()
	require.NoError(t, k.Launch(s, ka.Range(4), float32(2), x, y))
	for _, r := range []ka.NDRange{ka.Range(0), ka.Range2(4, 0), ka.Range3(0, 0, 0), ka.Range3(4, 4, 0)} {
		require.NoError(t, k.Launch(s, r, float32(100), x, y), "empty range %v", r)
	}
	require.NoError(t, k.Launch(s, ka.Range(4), float32(3), x, y))
	got := make([]float32, 4)
	require.NoError(t, y.Read(ctx, got))
	assert.Equal(t, []float32{15, 30, 45, 60}, got, "y = 10·i + 2·x + 3·x, and the empty launches ran nothing")
}

// testCloseWhileBusy closes devices while eight tasks are launching,
// synchronizing and reading on them, many times: every call then returns
// nil or ErrClosed, no task hangs, and nothing touches a released driver
// object (which crashed PoCL before).
func testCloseWhileBusy(t *testing.T, dev *ka.Device) {
	rounds := 30
	if testing.Short() {
		rounds = 5
	}
	for round := range rounds {
		closeWhileBusy(t, dev.Backend(), time.Duration(rand.IntN(3000))*time.Microsecond)
		require.False(t, t.Failed(), "round %d failed", round)
	}
}

func closeWhileBusy(t *testing.T, backend string, after time.Duration) {
	ctx := context.Background()
	d, err := ka.Open(backend)
	require.NoError(t, err)
	const n = 1 << 12
	k, err := ka.NewKernel(d, Saxpy)
	require.NoError(t, err)
	x, err := ka.FromSlice(ctx, d, make([]float32, n))
	require.NoError(t, err)
	var tasks []*ka.Task
	for range 8 {
		tasks = append(tasks, ka.Spawn(d, func(s *ka.Stream) error {
			y, err := ka.Alloc[float32](d, n)
			if err != nil {
				return err
			}
			defer y.Free()
			out := make([]float32, n)
			for {
				if err := k.Launch(s, ka.Range(n), float32(1), x, y); err != nil {
					return err
				}
				if err := s.Synchronize(ctx); err != nil {
					return err
				}
				if err := y.Read(ctx, out); err != nil {
					return err
				}
			}
		}))
	}
	time.Sleep(after)
	require.NoError(t, d.Close())
	wctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	for _, task := range tasks {
		err := task.Wait(wctx)
		require.NotErrorIs(t, err, context.DeadlineExceeded, "a task hung after Close")
		require.ErrorIs(t, err, ka.ErrClosed)
	}
	// Everything after Close is ErrClosed (or a no-op), never a crash.
	y := make([]float32, 1)
	checkHostile(t, []hostileCase{
		{"Alloc after Close", func() error { _, err := ka.Alloc[float32](d, 1); return err }, ka.ErrClosed},
		{"NewKernel after Close", func() error { _, err := ka.NewKernel(d, Saxpy); return err }, ka.ErrClosed},
		{"Launch after Close", func() error { return k.Launch(d.Stream(), ka.Range(n), float32(1), x, x) }, ka.ErrClosed},
		{"empty Launch after Close", func() error { return k.Launch(d.Stream(), ka.Range(0), float32(1), x, x) }, ka.ErrClosed},
		{"Synchronize after Close", func() error { return d.Synchronize(ctx) }, ka.ErrClosed},
		{"stream Synchronize after Close", func() error { return d.Stream().Synchronize(ctx) }, ka.ErrClosed},
		{"Read after Close", func() error { return x.Read(ctx, y) }, ka.ErrClosed},
		{"Write after Close", func() error { return x.Write(ctx, y) }, ka.ErrClosed},
		{"SetPriority after Close", func() error { return d.Stream().SetPriority(ka.High) }, ka.ErrClosed},
		{"Spawn after Close", func() error { return ka.Spawn(d, func(*ka.Stream) error { return nil }).Wait(ctx) }, ka.ErrClosed},
	})
	assert.NoError(t, x.Free(), "Free after Close")
	assert.NoError(t, d.Close(), "Close twice")
}

func init() {
	add("DriverOutOfMemory", testDriverOutOfMemory)
	add("WaitMessages", testWaitMessages)
}

// testDriverOutOfMemory allocates arrays as large as the device allows
// (Capabilities.MaxAllocBytes, which ka's own checks let through) until
// the driver runs out of memory: its failure wraps ErrOutOfMemory, and
// once the arrays are freed the device allocates and copies again. A
// backend whose driver allocates memory only when it is first used (PoCL
// on the host's overcommitted memory) skips it.
func testDriverOutOfMemory(t *testing.T, dev *ka.Device) {
	ctx := context.Background()
	size := dev.Capabilities().MaxAllocBytes
	require.Positive(t, size)
	tries := 3
	if g := dev.Capabilities().GlobalMemBytes; g > 0 {
		tries += int(g / size)
	}
	var arrays []*ka.Array[byte]
	defer func() {
		for _, a := range arrays {
			assert.NoError(t, a.Free())
		}
	}()
	for i := 0; ; i++ {
		require.Less(t, i, tries, "%d arrays of %d bytes on %v, and no error", i, size, dev)
		a, err := ka.Alloc[byte](dev, int(min(size, math.MaxInt)))
		if err != nil {
			require.ErrorIs(t, err, ka.ErrOutOfMemory, "array %d of %d bytes", i, size)
			t.Logf("array %d: %v", i, err)
			break
		}
		arrays = append(arrays, a)
	}
	for _, a := range arrays {
		require.NoError(t, a.Free())
	}
	arrays = nil
	x, err := ka.FromSlice(ctx, dev, []int32{1, 2, 3})
	require.NoError(t, err)
	defer x.Free()
	got := make([]int32, 3)
	require.NoError(t, x.Read(ctx, got))
	assert.Equal(t, []int32{1, 2, 3}, got)
}

// testWaitMessages checks the whole messages of the errors of waits,
// events, streams and tasks: each says "ka: " and its operation once.
func testWaitMessages(t *testing.T, dev *ka.Device) {
	ctx := context.Background()
	d, err := ka.Open(dev.Backend())
	require.NoError(t, err)
	defer d.Close()
	x, err := ka.Alloc[int32](d, 4)
	require.NoError(t, err)
	y, err := ka.Alloc[int32](d, 4)
	require.NoError(t, err)
	k, err := ka.NewKernel(d, Poke)
	require.NoError(t, err)
	ev, err := d.Stream().Record()
	require.NoError(t, err)
	kt, err := k.LaunchTimed(d.Stream(), ka.Range(4), x, 0, int32(1))
	if errors.Is(err, ka.ErrUnsupported) {
		kt = nil
	} else {
		require.NoError(t, err)
	}
	var ended *ka.Stream
	require.NoError(t, ka.Spawn(d, func(s *ka.Stream) error { ended = s; return nil }).Wait(ctx))
	buf := make([]int32, 4)
	const endedWhy = "stream closed (its task has ended)"
	type message struct {
		name string
		err  error
		want string
	}
	check := func(msgs []message) {
		t.Helper()
		for _, m := range msgs {
			assert.EqualError(t, m.err, m.want, m.name)
		}
	}
	_, recErr := ended.Record()
	check([]message{
		{"Record on an ended stream", recErr, "ka: Record: " + endedWhy},
		{"WaitFor on an ended stream", ended.WaitFor(ev), "ka: WaitFor: " + endedWhy},
		{"ReadAsync on an ended stream", x.ReadAsync(ended, buf), "ka: ReadAsync: " + endedWhy},
		{"WriteAsync on an ended stream", x.WriteAsync(ended, buf), "ka: WriteAsync: " + endedWhy},
		{"Copy on an ended stream", ka.Copy(ended, x, y), "ka: Copy: " + endedWhy},
		{"Synchronize of an ended stream", ended.Synchronize(ctx), "ka: Synchronize: " + endedWhy},
		{"SetPriority of an ended stream", ended.SetPriority(ka.High), "ka: SetPriority: " + endedWhy},
		{"WaitFor an event of another device", dev.Stream().WaitFor(ev),
			"ka: WaitFor an event of " + d.String() + " on a stream of " + dev.String() + ": wait for it on the host (Event.Wait): invalid argument"},
		{"SpawnContext with a nil context", ka.SpawnContext(nil, d, func(*ka.Stream) error { return nil }).Wait(ctx),
			"ka: SpawnContext with a nil context or function: invalid argument"},
	})
	require.NoError(t, d.Close())
	_, elapsedErr := ev.Elapsed(ev)
	_, allocErr := ka.Alloc[int32](d, 1)
	_, closedRecErr := d.Stream().Record()
	msgs := []message{
		{"Event.Wait after Close", ev.Wait(ctx), "ka: Event.Wait: device closed"},
		{"Elapsed after Close", elapsedErr, "ka: Elapsed: device closed"},
		{"Alloc after Close", allocErr, "ka: Alloc of 1×int32 on " + d.String() + ": device closed"},
		{"Spawn after Close", ka.Spawn(d, func(*ka.Stream) error { return nil }).Wait(ctx), "ka: Spawn: device closed"},
		{"Synchronize after Close", d.Synchronize(ctx), "ka: Synchronize: device closed"},
		{"Record after Close", closedRecErr, "ka: Record: stream closed (its device is closed)"},
	}
	if kt != nil {
		_, err := kt.Wait(ctx)
		msgs = append(msgs, message{"KernelTime.Wait after Close", err, "ka: KernelTime.Wait of Poke: device closed"})
	}
	check(msgs)
}
