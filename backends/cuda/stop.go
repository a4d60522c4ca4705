package cuda

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"

	"github.com/kago-dev/kago/backends/cuda/internal/cu"
	"github.com/kago-dev/kago/ka/driver"
)

// stopFlag is a stream's stop flag (driver.Stopper): the word at
// driver.FaultStopOff of the stream's fault record, in device memory
// (faults.go), which the stop checks of kernels compiled with //ka:cancel
// read with ld.volatile.global (docs/ir.md, "Stop checks"). The host sets
// it with a 4-byte cuMemcpyHtoDAsync on the device's stops stream, where
// nothing else runs, so that a copy engine writes it beside the running
// kernels.
// Launches made while the flag is raised are not enqueued; kernels already
// enqueued without stop checks run to their end.
//
// The flag is device memory, not mapped host memory that the host could
// store to directly: on an H200, //ka:cancel kernels polling a mapped host
// word over the bus ran 26 to 240 times slower than without the checks
// (docs/backends.md), while a device word is read from the L2 cache.
type stopFlag struct {
	raised atomic.Bool

	mu  sync.Mutex   // orders the writes of the flag on the stops stream
	ptr cu.DevicePtr // the flag's word; 0 until the record is made
}

var _ driver.Stopper = (*queue)(nil)

// Stop implements driver.Stopper. It may be called from any goroutine.
func (q *queue) Stop(raised bool) error {
	q.stop.mu.Lock()
	defer q.stop.mu.Unlock()
	q.stop.raised.Store(raised)
	if q.stop.ptr == 0 {
		return nil
	}
	if err := q.setFlag(q.stop.ptr, raised); err != nil {
		return fmt.Errorf("cuda: stop flag: %w", err)
	}
	return nil
}

// stopRecord gives the flag of the new record at p its value, on the stops
// stream, and waits for that write, so that no kernel reads the flag
// before it is set; from then on, Stop sets it. (A wait on the host, once
// per stream, rather than an event for the stream to wait for: an event
// recorded on the stops stream would sit behind nothing on a GPU, but it
// is one more command there, and a Stop's write must never queue behind
// anything.)
func (q *queue) stopRecord(p cu.DevicePtr) error {
	q.stop.mu.Lock()
	defer q.stop.mu.Unlock()
	flag := p + driver.FaultStopOff
	if err := q.setFlag(flag, q.stop.raised.Load()); err != nil {
		return err
	}
	op := streamOp{ctx: q.dev.ctx, s: q.dev.stops}
	if err := op.wait(context.Background(), "stop flag"); err != nil {
		return err
	}
	q.stop.ptr = flag
	return nil
}

// setFlag writes the flag at p on the stops stream: a 4-byte copy from
// host memory, which a copy engine runs beside the kernels (a memset might
// be a kernel, waiting for a free multiprocessor). From pageable memory
// the driver stages the word during the call, which on the idle stops
// stream does not wait. q.stop.mu is held.
func (q *queue) setFlag(p cu.DevicePtr, raised bool) error {
	var w [4]byte // a little-endian uint32, 1 when raised
	if raised {
		w[0] = 1
	}
	return q.dev.ctx.CopyHtoD(p, w[:], q.dev.stops)
}

// stopRelease ends Stop's writes, before the record is freed.
func (q *queue) stopRelease() {
	q.stop.mu.Lock()
	q.stop.ptr = 0
	q.stop.mu.Unlock()
}
