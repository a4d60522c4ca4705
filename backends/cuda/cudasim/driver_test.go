package cudasim

import (
	"bytes"
	"context"
	"encoding/binary"
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kago-dev/kago/backends/cuda/internal/cu"
	kasync "github.com/kago-dev/kago/sync"
)

// order appends id to out[1..] at index out[0]++, so that out records the
// order in which launches ran.
const orderPTX = `
.version 7.0
.target sm_80
.address_size 64
.visible .entry order(.param .u64 out, .param .u32 id)
{
	.reg .b32 %r<4>;
	.reg .b64 %rd<4>;
	ld.param.u64 %rd1, [out];
	ld.param.u32 %r1, [id];
	atom.global.add.u32 %r2, [%rd1], 1;
	add.s32 %r2, %r2, 1;
	mul.wide.u32 %rd2, %r2, 4;
	add.s64 %rd2, %rd1, %rd2;
	st.global.u32 [%rd2], %r1;
	ret;
}
.visible .entry trapper(.param .u64 out, .param .u32 id)
{
	trap;
}
.visible .entry wild(.param .u64 out, .param .u32 id)
{
	.reg .b32 %r<2>;
	.reg .b64 %rd<2>;
	ld.param.u64 %rd1, [out];
	st.global.u32 [%rd1+1048576], %r1;
	ret;
}
`

// fixture is the simulated device's context with the order kernels loaded
// and an output buffer, released when the test ends.
type fixture struct {
	t    *testing.T
	dev  cu.Device
	ctx  cu.Context
	fns  map[string]cu.Function
	out  cu.DevicePtr
	prm  *cu.Params
	mctx *devContext
}

func setup(t *testing.T) *fixture {
	drv := cu.InstallSim(Default)
	require.NoError(t, drv.Load())
	dev, err := drv.GetDevice(0)
	require.NoError(t, err)
	ctx, err := dev.RetainPrimary()
	require.NoError(t, err)
	f := &fixture{t: t, dev: dev, ctx: ctx, fns: map[string]cu.Function{}}
	t.Cleanup(func() {
		f.prm.Free()
		assert.NoError(t, dev.ReleasePrimary())
	})
	mod, err := ctx.LoadModule([]byte(orderPTX))
	require.NoError(t, err)
	for _, n := range []string{"order", "trapper", "wild"} {
		f.fns[n], err = ctx.Function(mod, n)
		require.NoError(t, err)
	}
	f.out, err = ctx.MemAlloc(64)
	require.NoError(t, err)
	f.prm, err = cu.NewParams(2)
	require.NoError(t, err)
	Default.mu.Lock()
	f.mctx = Default.ctx
	Default.mu.Unlock()
	return f
}

func (f *fixture) launch(name string, s cu.Stream, id uint32) error {
	f.prm.Slots()[0], f.prm.Slots()[1] = uint64(f.out), uint64(id)
	return f.ctx.Launch(f.fns[name], s, [3]uint32{1, 1, 1}, [3]uint32{1, 1, 1}, f.prm)
}

func (f *fixture) pause(on bool) {
	f.mctx.mu.Lock()
	f.mctx.paused = on
	f.mctx.cond.Broadcast()
	f.mctx.mu.Unlock()
}

// order reads back the ids in the order their launches ran.
func (f *fixture) order(s cu.Stream) []uint32 {
	b := make([]byte, 64)
	require.NoError(f.t, f.ctx.CopyDtoH(b, f.out, s))
	n := binary.LittleEndian.Uint32(b)
	var ids []uint32
	for i := uint32(1); i <= n; i++ {
		ids = append(ids, binary.LittleEndian.Uint32(b[4*i:]))
	}
	return ids
}

func (f *fixture) stream(prio int) cu.Stream {
	s, err := f.ctx.CreateStream(cu.StreamNonBlocking, prio)
	require.NoError(f.t, err)
	f.t.Cleanup(func() { f.ctx.DestroyStream(s) })
	return s
}

// Ready work of a higher-priority stream runs first; a stream's own work
// stays in order.
func TestPriorityOrder(t *testing.T) {
	f := setup(t)
	least, greatest, err := f.ctx.PriorityRange()
	require.NoError(t, err)
	low, high := f.stream(least), f.stream(greatest)
	f.pause(true)
	require.NoError(t, f.launch("order", low, 1))
	require.NoError(t, f.launch("order", low, 2))
	require.NoError(t, f.launch("order", high, 3))
	require.NoError(t, f.launch("order", high, 4))
	done, err := f.ctx.Query(low)
	require.NoError(t, err)
	assert.False(t, done, "queued work is not done")
	f.pause(false)
	require.NoError(t, f.ctx.Synchronize(low))
	require.NoError(t, f.ctx.Synchronize(high))
	assert.Equal(t, []uint32{3, 4, 1, 2}, f.order(low))
}

// A stream waiting for an event runs after the event's stream, whatever
// its priority; an event never recorded does not hold a stream.
func TestEventWait(t *testing.T) {
	f := setup(t)
	least, greatest, err := f.ctx.PriorityRange()
	require.NoError(t, err)
	low, high := f.stream(least), f.stream(greatest)
	f.pause(true)
	require.NoError(t, f.launch("order", low, 1))
	ev, err := f.ctx.Record(low, cu.EventDisableTiming)
	require.NoError(t, err)
	require.NoError(t, f.launch("order", low, 2))
	require.NoError(t, f.ctx.WaitEvent(high, ev))
	require.NoError(t, f.launch("order", high, 3))
	require.NoError(t, f.ctx.DestroyEvent(ev), "destroying does not release the waiter")
	f.pause(false)
	require.NoError(t, f.ctx.Synchronize(high))
	require.NoError(t, f.ctx.Synchronize(low))
	assert.Equal(t, []uint32{1, 3, 2}, f.order(low))
}

// hostFuncOp waits for a stream with cuLaunchHostFunc and package sync's
// C trampoline: the notification comes from the simulator's C thread.
type hostFuncOp struct {
	ctx cu.Context
	s   cu.Stream
}

func (o hostFuncOp) Wait() error { return o.ctx.Synchronize(o.s) }

func (o hostFuncOp) Subscribe(n kasync.Notifier) error {
	return o.ctx.LaunchHostFunc(o.s, kasync.HostFunc(), n.Handle())
}

func TestHostFunc(t *testing.T) {
	f := setup(t)
	s := f.stream(0)
	f.pause(true)
	require.NoError(t, f.launch("order", s, 7))
	op := hostFuncOp{f.ctx, s}
	waited := make(chan error, 1)
	go func() {
		_, err := kasync.Wait(context.Background(), op, kasync.Options{})
		waited <- err
	}()
	f.pause(false)
	require.NoError(t, <-waited)
	assert.Equal(t, []uint32{7}, f.order(s), "the host function ran after the kernel")
}

// Copies, stream-ordered allocation and free.
func TestMemory(t *testing.T) {
	f := setup(t)
	s := f.stream(0)
	p, err := f.ctx.MemAllocAsync(100, s)
	require.NoError(t, err)
	src := []byte("hello, simulated device")
	require.NoError(t, f.ctx.CopyHtoD(p+3, src, s))
	dst := make([]byte, len(src))
	require.NoError(t, f.ctx.CopyDtoH(dst, p+3, s))
	assert.Equal(t, src, dst)
	err = f.ctx.CopyDtoH(make([]byte, 200), p, s)
	assert.Equal(t, int32(cu.InvalidValue), cu.CodeOf(err), "a copy beyond the allocation: %v", err)
	require.NoError(t, f.ctx.MemFreeAsync(p, s))
	require.NoError(t, f.ctx.Synchronize(s))
	assert.Equal(t, int32(cu.InvalidValue), cu.CodeOf(f.ctx.MemFree(p)), "freed twice")
	_, err = f.ctx.MemAlloc(2 << 30)
	assert.Equal(t, int32(cu.OutOfMemory), cu.CodeOf(err))
}

// Memory runs out as on a GPU: an allocation beyond what is left fails
// with CUDA_ERROR_OUT_OF_MEMORY, and memory freed earlier in a stream's
// order is reused in that order (the free still queued when the
// allocation is made).
func TestOutOfMemory(t *testing.T) {
	f := setup(t)
	s := f.stream(0)
	const big = 600 << 20 // of the device's 1 GiB
	p, err := f.ctx.MemAllocAsync(big, s)
	require.NoError(t, err)
	_, err = f.ctx.MemAllocAsync(big, s)
	require.Equal(t, int32(cu.OutOfMemory), cu.CodeOf(err), "%v", err)
	assert.EqualError(t, err, "cuMemAllocAsync: CUDA_ERROR_OUT_OF_MEMORY (2)")
	f.pause(true)
	require.NoError(t, f.ctx.MemFreeAsync(p, s))
	time.AfterFunc(10*time.Millisecond, func() { f.pause(false) })
	p, err = f.ctx.MemAllocAsync(big, s)
	require.NoError(t, err, "the memory freed earlier on the stream")
	require.NoError(t, f.ctx.MemFreeAsync(p, s))
	require.NoError(t, f.ctx.Synchronize(s))
}

// Launches the driver refuses, and bad PTX with its log.
func TestLaunchErrors(t *testing.T) {
	f := setup(t)
	s := f.stream(0)
	err := f.ctx.Launch(f.fns["order"], s, [3]uint32{1, 1, 1}, [3]uint32{2048, 1, 1}, f.prm)
	assert.Equal(t, int32(cu.InvalidValue), cu.CodeOf(err), "%v", err)
	err = f.ctx.Launch(f.fns["order"], s, [3]uint32{0, 1, 1}, [3]uint32{1, 1, 1}, f.prm)
	assert.Equal(t, int32(cu.InvalidValue), cu.CodeOf(err), "%v", err)
	small, err := cu.NewParams(1)
	require.NoError(t, err)
	defer small.Free()
	err = f.ctx.Launch(f.fns["order"], s, [3]uint32{1, 1, 1}, [3]uint32{1, 1, 1}, small)
	assert.Equal(t, int32(cu.InvalidValue), cu.CodeOf(err), "too few parameters: %v", err)
	_, err = f.ctx.LoadModule([]byte(".version 7.0\n.target sm_80\n.address_size 64\n.visible .entry k()\n{\n\tnot.an.instruction;\n}\n"))
	var jit *cu.JITError
	require.ErrorAs(t, err, &jit)
	assert.Equal(t, int32(cu.InvalidPTX), cu.CodeOf(err))
	assert.Contains(t, jit.ErrLog, "not.an.instruction")
	_, err = f.ctx.Function(cu.Module(cu.SimHandle|12345), "order")
	assert.Error(t, err)
}

// A kernel that traps or touches memory outside its allocations fails
// with the GPU's error, which is sticky until the context is destroyed.
func TestDeviceFaults(t *testing.T) {
	for name, want := range map[string]int32{"trapper": cu.LaunchFailed, "wild": cu.IllegalAddress} {
		t.Run(name, func(t *testing.T) {
			f := setup(t)
			s := f.stream(0)
			require.NoError(t, f.launch(name, s, 0))
			err := f.ctx.Synchronize(s)
			assert.Equal(t, want, cu.CodeOf(err), "%v", err)
			assert.True(t, cu.IsDeviceFault(cu.CodeOf(err)))
			_, err = f.ctx.MemAlloc(8)
			assert.Equal(t, want, cu.CodeOf(err), "sticky: %v", err)
			_, err = f.ctx.Query(s)
			assert.Equal(t, want, cu.CodeOf(err), "sticky: %v", err)
			assert.Error(t, Default.LastFault())
		})
	}
	f := setup(t) // a new context after the last release
	s := f.stream(0)
	require.NoError(t, f.launch("order", s, 5))
	require.NoError(t, f.ctx.Synchronize(s))
	assert.Equal(t, []uint32{5}, f.order(s))
}

// Polling a stream whose kernel traps reports the fault, never Success,
// however the poll and the kernel's end interleave: a poll that found the
// context healthy and the stream empty a moment later once said Success.
func TestQueryAfterFault(t *testing.T) {
	for i := range 200 {
		t.Run(fmt.Sprint(i), func(t *testing.T) { // a new context each time
			f := setup(t)
			s := f.stream(0)
			require.NoError(t, f.launch("trapper", s, 0))
			var err error
			for done := false; !done && err == nil; {
				done, err = f.ctx.Query(s)
			}
			require.Equal(t, int32(cu.LaunchFailed), cu.CodeOf(err), "%v", err)
		})
	}
}

// Destroying a stream lets its queued work finish.
func TestDestroyBusyStream(t *testing.T) {
	f := setup(t)
	s, err := f.ctx.CreateStream(cu.StreamNonBlocking, 0)
	require.NoError(t, err)
	other := f.stream(0)
	f.pause(true)
	require.NoError(t, f.launch("order", s, 9))
	require.NoError(t, f.ctx.DestroyStream(s))
	f.pause(false)
	assert.Eventually(t, func() bool { return len(f.order(other)) == 1 }, 5e9, 1e6)
	assert.Error(t, f.ctx.Synchronize(s), "a destroyed stream is not a handle")
}

// Host-side event waits, timing and device-to-device copies.
func TestEventsAndDeviceCopies(t *testing.T) {
	f := setup(t)
	s := f.stream(0)
	f.pause(true)
	start, err := f.ctx.Record(s, 0)
	require.NoError(t, err)
	require.NoError(t, f.launch("order", s, 1))
	end, err := f.ctx.Record(s, 0)
	require.NoError(t, err)
	untimed, err := f.ctx.Record(s, cu.EventDisableTiming)
	require.NoError(t, err)
	done, err := f.ctx.EventQuery(end)
	require.NoError(t, err)
	assert.False(t, done)
	_, err = f.ctx.EventElapsed(start, end)
	assert.Equal(t, int32(cu.NotReady), cu.CodeOf(err))
	f.pause(false)
	require.NoError(t, f.ctx.EventSynchronize(end))
	done, err = f.ctx.EventQuery(end)
	require.NoError(t, err)
	assert.True(t, done)
	d, err := f.ctx.EventElapsed(start, end)
	require.NoError(t, err)
	assert.GreaterOrEqual(t, d, time.Duration(0))
	_, err = f.ctx.EventElapsed(start, untimed)
	assert.Error(t, err, "an event without timing")
	for _, ev := range []cu.Event{start, end, untimed} {
		require.NoError(t, f.ctx.DestroyEvent(ev))
	}

	p, err := f.ctx.MemAlloc(16)
	require.NoError(t, err)
	require.NoError(t, f.ctx.CopyHtoD(p, []byte("0123456789abcdef"), s))
	require.NoError(t, f.ctx.CopyDtoD(p+2, p, 8, s), "overlapping, as memmove")
	got := make([]byte, 16)
	require.NoError(t, f.ctx.CopyDtoH(got, p, s))
	assert.Equal(t, "0101234567abcdef", string(got))
	assert.Equal(t, int32(cu.InvalidValue), cu.CodeOf(f.ctx.CopyDtoD(p, p+8, 16, s)))
	require.NoError(t, f.ctx.MemFree(p))
}

// A kernel's printf (vprintf with a .global format) reaches the output.
func TestPrintf(t *testing.T) {
	f := setup(t)
	var out bytes.Buffer
	Default.SetOutput(&out)
	defer Default.SetOutput(nil)
	mod, err := f.ctx.LoadModule([]byte(`.version 7.0
.target sm_80
.address_size 64
.extern .func (.param .b32 r) vprintf (.param .b64 a, .param .b64 b);
.global .align 1 .b8 hello[10] = {104, 105, 32, 37, 108, 100, 10, 0};
.visible .entry hi(.param .u64 out, .param .u32 id)
{
	.reg .b32 %r<2>;
	.reg .b64 %rd<6>;
	.local .align 8 .b8 args[8];
	ld.param.u32 %r1, [id];
	cvt.u64.u32 %rd1, %r1;
	mov.u64 %rd2, args;
	st.local.u64 [%rd2], %rd1;
	cvta.local.u64 %rd3, %rd2;
	mov.u64 %rd4, hello;
	cvta.global.u64 %rd5, %rd4;
	{
	.param .b64 a0;
	st.param.b64 [a0], %rd5;
	.param .b64 a1;
	st.param.b64 [a1], %rd3;
	.param .b32 r0;
	call.uni (r0), vprintf, (a0, a1);
	}
	ret;
}
`))
	require.NoError(t, err)
	fn, err := f.ctx.Function(mod, "hi")
	require.NoError(t, err)
	s := f.stream(0)
	f.prm.Slots()[0], f.prm.Slots()[1] = uint64(f.out), 42
	require.NoError(t, f.ctx.Launch(fn, s, [3]uint32{1, 1, 1}, [3]uint32{1, 1, 1}, f.prm))
	require.NoError(t, f.ctx.Synchronize(s))
	assert.Equal(t, "hi 42\n", out.String())
	require.NoError(t, f.ctx.UnloadModule(mod))
}

// cuMemsetD32Async on an idle stream runs at once, even while the device
// is busy (here: held), as a copy engine runs beside kernels; behind queued
// work it runs in its stream's order; bad addresses are errors.
func TestMemsetD32(t *testing.T) {
	f := setup(t)
	idle, busy := f.stream(0), f.stream(0)
	read := func() []byte {
		b := make([]byte, 12)
		require.NoError(t, f.ctx.CopyDtoH(b, f.out, idle))
		return b
	}
	f.pause(true)
	require.NoError(t, f.ctx.MemsetD32(f.out, 7, 2, idle))
	f.mctx.mu.Lock()
	pending := len(f.mctx.streams[idle].q)
	f.mctx.mu.Unlock()
	assert.Zero(t, pending, "the memset on the idle stream ran at once, with the device held")

	require.NoError(t, f.launch("order", busy, 5))
	require.NoError(t, f.ctx.MemsetD32(f.out+8, 9, 1, busy))
	f.mctx.mu.Lock()
	pending = len(f.mctx.streams[busy].q)
	f.mctx.mu.Unlock()
	assert.Equal(t, 2, pending, "the memset waits behind the launch")
	f.pause(false)
	require.NoError(t, f.ctx.Synchronize(busy))
	b := read()
	assert.Equal(t, uint32(8), binary.LittleEndian.Uint32(b), "the launch counted on the memset's 7")
	assert.Equal(t, uint32(9), binary.LittleEndian.Uint32(b[8:]), "the memset after the launch overwrote its id")

	assert.Error(t, f.ctx.MemsetD32(f.out+2, 0, 1, idle), "misaligned")
	assert.Error(t, f.ctx.MemsetD32(f.out+60, 0, 2, idle), "past the allocation")
}
