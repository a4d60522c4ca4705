package cudasim

import (
	"sync"
	"time"

	"github.com/kago-dev/kago/backends/cuda/internal/cu"
	"github.com/kago-dev/kago/internal/ptxsim"
)

// CUresult codes the simulator returns that package cu does not name.
const (
	invalidContext int32 = 201 // CUDA_ERROR_INVALID_CONTEXT
	invalidHandle  int32 = 400 // CUDA_ERROR_INVALID_HANDLE
	launchTimeout  int32 = 702 // CUDA_ERROR_LAUNCH_TIMEOUT
	misaligned     int32 = 716 // CUDA_ERROR_MISALIGNED_ADDRESS
)

// devContext is the primary context: memory, modules, streams and events,
// and the executor goroutine that is the device.
type devContext struct {
	d    *Driver
	id   cu.Context
	mem  *ptxsim.Memory
	done chan struct{} // closed when the executor has stopped

	mu      sync.Mutex
	cond    *sync.Cond // signalled when work is queued or completes
	modules map[cu.Module]*module
	funcs   map[cu.Function]*ptxsim.Kernel
	streams map[cu.Stream]*stream
	events  map[cu.Event]*event
	seq     uint64 // submission order
	sticky  int32  // the error that spoiled the context, or Success
	stop    bool
	paused  bool // tests hold the executor to queue work first
}

func newContext(d *Driver, id cu.Context) *devContext {
	c := &devContext{d: d, id: id, mem: ptxsim.NewMemory(totalMem), done: make(chan struct{}),
		modules: map[cu.Module]*module{}, funcs: map[cu.Function]*ptxsim.Kernel{},
		streams: map[cu.Stream]*stream{}, events: map[cu.Event]*event{}}
	c.cond = sync.NewCond(&c.mu)
	go c.execute()
	return c
}

func (c *devContext) stickyErr() int32 {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.sticky
}

// shutdown waits for the queued work and stops the executor.
func (c *devContext) shutdown() {
	c.idle()
	c.mu.Lock()
	c.stop = true
	c.cond.Broadcast()
	c.mu.Unlock()
	<-c.done
}

// idle waits until every stream's work has completed.
func (c *devContext) idle() {
	c.mu.Lock()
	defer c.mu.Unlock()
	for c.pending() {
		c.cond.Wait()
	}
}

// drain waits until stream s has no work queued, and reports whether it
// had some.
func (c *devContext) drain(s cu.Stream) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	had := false
	for st := c.streams[s]; st != nil && len(st.q) > 0; st = c.streams[s] {
		had = true
		c.cond.Wait()
	}
	return had
}

// pending reports whether any stream has work queued. c.mu is held.
func (c *devContext) pending() bool {
	for _, s := range c.streams {
		if len(s.q) > 0 {
			return true
		}
	}
	return false
}

// stream is a CUDA stream: its priority and queue.
type stream struct {
	id        cu.Stream
	prio      int
	q         []*command // the head may be running
	destroyed bool       // cuStreamDestroy'd: removed once empty
}

// command is one piece of work in a stream.
type command struct {
	what  string
	seq   uint64
	run   func() int32 // on the executor, without c.mu
	ready func() bool  // with c.mu held; nil: always ready
	done  bool
	err   int32
	at    time.Time // when it ran (event records, for cuEventElapsedTime)
}

// event is a CUDA event: its flags and last record, or nil.
type event struct {
	flags uint32
	last  *command
}

func (c *devContext) stream(s cu.Stream) *stream {
	c.mu.Lock()
	defer c.mu.Unlock()
	st := c.streams[s]
	if st == nil || st.destroyed {
		return nil
	}
	return st
}

// enqueue appends cmd to stream s.
func (c *devContext) enqueue(s cu.Stream, cmd *command) int32 {
	c.mu.Lock()
	defer c.mu.Unlock()
	st := c.streams[s]
	if st == nil || st.destroyed {
		return invalidHandle
	}
	if c.sticky != cu.Success {
		return c.sticky
	}
	c.seq++
	cmd.seq = c.seq
	st.q = append(st.q, cmd)
	c.cond.Broadcast()
	return cu.Success
}

// waitFor blocks until cmd has run and returns its result.
func (c *devContext) waitFor(cmd *command) int32 {
	c.mu.Lock()
	defer c.mu.Unlock()
	for !cmd.done {
		c.cond.Wait()
	}
	if cmd.err != cu.Success {
		return cmd.err
	}
	return c.sticky
}

// next returns the command to run: among the streams whose head is ready
// and not running, the head of the highest priority (numerically least),
// ties to the earliest submitted. c.mu is held.
func (c *devContext) next() (*stream, *command) {
	var bs *stream
	var bc *command
	for _, s := range c.streams {
		if len(s.q) == 0 {
			continue
		}
		h := s.q[0]
		if h.ready != nil && !h.ready() {
			continue
		}
		if bs == nil || s.prio < bs.prio || (s.prio == bs.prio && h.seq < bc.seq) {
			bs, bc = s, h
		}
	}
	return bs, bc
}

// execute is the device: it runs the streams' commands one at a time in
// priority order until shutdown. After a failure spoils the context, the
// remaining commands complete without running, as on a GPU whose context
// has faulted.
func (c *devContext) execute() {
	defer close(c.done)
	c.mu.Lock()
	defer c.mu.Unlock()
	for {
		s, cmd := c.next()
		if cmd == nil || (c.paused && !c.stop) {
			if c.stop {
				return
			}
			c.cond.Wait()
			continue
		}
		r := int32(cu.Success)
		if c.sticky == cu.Success {
			c.mu.Unlock()
			r = cmd.run()
			c.mu.Lock()
		}
		cmd.done, cmd.err, cmd.at = true, r, time.Now()
		if r != cu.Success && c.sticky == cu.Success && cu.IsDeviceFault(r) {
			c.sticky = r
		}
		s.q = s.q[1:]
		if len(s.q) == 0 && s.destroyed {
			delete(c.streams, s.id)
		}
		c.cond.Broadcast()
	}
}
