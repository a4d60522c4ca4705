package cudasim

import (
	"github.com/kago-dev/kago/backends/cuda/internal/cu"
	"github.com/kago-dev/kago/internal/ptxsim"
)

// StreamCreate is cuStreamCreateWithPriority. Priorities outside the range
// are clamped to it, as the driver does.
func (d *Driver) StreamCreate(h cu.Context, flags uint32, prio int) (cu.Stream, int32) {
	c, r := d.lookup(h)
	if r != cu.Success {
		return 0, r
	}
	if flags&^uint32(cu.StreamNonBlocking) != 0 {
		return 0, cu.InvalidValue
	}
	prio = min(max(prio, greatestPrio), leastPrio)
	id := cu.Stream(d.handle())
	c.mu.Lock()
	c.streams[id] = &stream{id: id, prio: prio}
	c.mu.Unlock()
	return id, cu.Success
}

// StreamDestroy is cuStreamDestroy: work already queued still runs.
func (d *Driver) StreamDestroy(h cu.Context, s cu.Stream) int32 {
	c, r := d.lookup(h)
	if r != cu.Success {
		return r
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	st := c.streams[s]
	if st == nil || st.destroyed {
		return invalidHandle
	}
	st.destroyed = true
	if len(st.q) == 0 {
		delete(c.streams, s)
	}
	return cu.Success
}

// StreamQuery is cuStreamQuery.
func (d *Driver) StreamQuery(h cu.Context, s cu.Stream) int32 {
	c, r := d.lookup(h)
	if r != cu.Success {
		return r
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	st := c.streams[s]
	if st == nil || st.destroyed {
		return invalidHandle
	}
	if len(st.q) > 0 {
		return cu.NotReady
	}
	// The context may have been spoiled after lookup looked: by the
	// command that just left this stream, for one.
	return c.sticky
}

// StreamSynchronize is cuStreamSynchronize.
func (d *Driver) StreamSynchronize(h cu.Context, s cu.Stream) int32 {
	c, r := d.lookup(h)
	if r != cu.Success {
		return r
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	st := c.streams[s]
	if st == nil || st.destroyed {
		return invalidHandle
	}
	for len(st.q) > 0 {
		c.cond.Wait()
	}
	return c.sticky
}

// EventCreate is cuEventCreate.
func (d *Driver) EventCreate(h cu.Context, flags uint32) (cu.Event, int32) {
	c, r := d.lookup(h)
	if r != cu.Success {
		return 0, r
	}
	id := cu.Event(d.handle())
	c.mu.Lock()
	c.events[id] = &event{flags: flags}
	c.mu.Unlock()
	return id, cu.Success
}

// EventRecord is cuEventRecord: the event completes when s's work so far
// has.
func (d *Driver) EventRecord(h cu.Context, ev cu.Event, s cu.Stream) int32 {
	c, r := d.lookup(h)
	if r != cu.Success {
		return r
	}
	c.mu.Lock()
	e := c.events[ev]
	c.mu.Unlock()
	if e == nil {
		return invalidHandle
	}
	cmd := &command{what: "event record", run: func() int32 { return cu.Success }}
	if r := c.enqueue(s, cmd); r != cu.Success {
		return r
	}
	c.mu.Lock()
	e.last = cmd
	c.mu.Unlock()
	return cu.Success
}

// EventDestroy is cuEventDestroy: streams that wait for it still do.
func (d *Driver) EventDestroy(h cu.Context, ev cu.Event) int32 {
	c, r := d.lookup(h)
	if r != cu.Success {
		return r
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.events[ev] == nil {
		return invalidHandle
	}
	delete(c.events, ev)
	return cu.Success
}

// StreamWaitEvent is cuStreamWaitEvent: s's later work waits until the
// event's record current at this call has completed (at once if it was
// never recorded).
func (d *Driver) StreamWaitEvent(h cu.Context, s cu.Stream, ev cu.Event) int32 {
	c, r := d.lookup(h)
	if r != cu.Success {
		return r
	}
	c.mu.Lock()
	e := c.events[ev]
	var rec *command
	if e != nil {
		rec = e.last
	}
	c.mu.Unlock()
	if e == nil {
		return invalidHandle
	}
	cmd := &command{what: "event wait", run: func() int32 { return cu.Success }}
	if rec != nil {
		cmd.ready = func() bool { return rec.done }
	}
	return c.enqueue(s, cmd)
}

// Launch is cuLaunchKernel: the grid and block are checked, each
// parameter's value is read through kernelParams now, and the kernel runs
// in s's order.
func (d *Driver) Launch(h cu.Context, f cu.Function, s cu.Stream, grid, block [3]uint32, shared uint32, p *cu.Params) int32 {
	c, r := d.lookup(h)
	if r != cu.Success {
		return r
	}
	c.mu.Lock()
	k := c.funcs[f]
	c.mu.Unlock()
	if k == nil {
		return invalidHandle
	}
	threads := uint64(block[0]) * uint64(block[1]) * uint64(block[2])
	if threads == 0 || threads > uint64(k.MaxThreads()) {
		return cu.InvalidValue
	}
	lims := [6]int{attrs[cu.AttrMaxBlockDimX], attrs[cu.AttrMaxBlockDimY], attrs[cu.AttrMaxBlockDimZ],
		attrs[cu.AttrMaxGridDimX], attrs[cu.AttrMaxGridDimY], attrs[cu.AttrMaxGridDimZ]}
	for i := 0; i < 3; i++ {
		if block[i] == 0 || int(block[i]) > lims[i] || grid[i] == 0 || int64(grid[i]) > int64(lims[3+i]) {
			return cu.InvalidValue
		}
	}
	// Without cuFuncSetAttribute's opt-in, a driver takes at most 48 KiB
	// of dynamic shared memory.
	if shared > maxDynamicShared {
		return cu.InvalidValue
	}
	// A real driver reads len(k.Params) pointers whatever the caller
	// allocated; the simulator refuses too few instead of reading beyond.
	if p == nil || p.Len() < len(k.Params) {
		return cu.InvalidValue
	}
	vals := make([]uint64, len(k.Params))
	for i, kp := range k.Params {
		b := p.Value(i, kp.Size)
		for j := len(b) - 1; j >= 0; j-- {
			vals[i] = vals[i]<<8 | uint64(b[j])
		}
	}
	params, err := k.ParamBuffer(vals)
	if err != nil {
		return cu.InvalidValue
	}
	d.mu.Lock()
	externs := d.externs
	d.mu.Unlock()
	return c.enqueue(s, &command{what: "kernel " + k.Name, run: func() int32 {
		var n ptxsim.Counts
		err := k.Run(ptxsim.Launch{Grid: grid, Block: block, Params: params, Mem: c.mem, MaxSteps: maxSteps, Externs: externs, Shared: int(shared), Counts: &n})
		d.addExecuted(n)
		if err == nil {
			return cu.Success
		}
		d.recordFault(err)
		if f := ptxsim.FaultOf(err); f != nil {
			switch f.Kind {
			case ptxsim.FaultIllegalAddress:
				return cu.IllegalAddress
			case ptxsim.FaultMisaligned:
				return misaligned
			case ptxsim.FaultTimeout:
				return launchTimeout
			case ptxsim.FaultIllegalInstruction:
				return cu.IllegalInstruction
			}
		}
		return cu.LaunchFailed
	}})
}

// maxDynamicShared is the most dynamic shared memory a launch may ask for.
const maxDynamicShared = 48 << 10

// maxSteps bounds one launch's instructions: kernels that wait for other
// work (spin on a flag) cannot finish on one executor and time out.
const maxSteps = 1 << 30

// eventRecord returns the context and event ev (nil if never recorded), or
// an error code.
func (d *Driver) eventRecord(h cu.Context, ev cu.Event) (*devContext, *event, int32) {
	c, r := d.lookup(h)
	if r != cu.Success {
		return nil, nil, r
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	e := c.events[ev]
	if e == nil {
		return nil, nil, invalidHandle
	}
	return c, e, cu.Success
}

// EventQuery is cuEventQuery: Success once the event's last record has
// completed (or if it was never recorded), CUDA_ERROR_NOT_READY before.
func (d *Driver) EventQuery(h cu.Context, ev cu.Event) int32 {
	c, e, r := d.eventRecord(h, ev)
	if r != cu.Success {
		return r
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if e.last != nil && !e.last.done {
		return cu.NotReady
	}
	return c.sticky
}

// EventSynchronize is cuEventSynchronize.
func (d *Driver) EventSynchronize(h cu.Context, ev cu.Event) int32 {
	c, e, r := d.eventRecord(h, ev)
	if r != cu.Success {
		return r
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	for e.last != nil && !e.last.done {
		c.cond.Wait()
	}
	return c.sticky
}

// EventElapsed is cuEventElapsedTime: the host time between the two
// records' execution by the simulator, in milliseconds. Events without
// timing are CUDA_ERROR_INVALID_HANDLE; records not yet completed (or
// never made) CUDA_ERROR_NOT_READY.
func (d *Driver) EventElapsed(h cu.Context, start, end cu.Event) (float32, int32) {
	c, s, r := d.eventRecord(h, start)
	if r != cu.Success {
		return 0, r
	}
	_, e, r := d.eventRecord(h, end)
	if r != cu.Success {
		return 0, r
	}
	if s.flags&cu.EventDisableTiming != 0 || e.flags&cu.EventDisableTiming != 0 {
		return 0, invalidHandle
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if s.last == nil || e.last == nil || !s.last.done || !e.last.done {
		return 0, cu.NotReady
	}
	return float32(e.last.at.Sub(s.last.at).Seconds() * 1000), cu.Success
}

// CopyDtoD is cuMemcpyDtoDAsync: n bytes from src to dst in s's order
// (overlapping ranges copy as memmove).
func (d *Driver) CopyDtoD(h cu.Context, dst, src cu.DevicePtr, n int, s cu.Stream) int32 {
	c, r := d.lookup(h)
	if r != cu.Success {
		return r
	}
	to, err1 := c.mem.Bytes(uint64(dst), n)
	from, err2 := c.mem.Bytes(uint64(src), n)
	if err1 != nil || err2 != nil {
		return cu.InvalidValue
	}
	return c.enqueue(s, &command{what: "copy on device", run: func() int32 {
		copy(to, from)
		return cu.Success
	}})
}
