package opencl

import (
	"sync"
	"sync/atomic"
	"unsafe"

	"github.com/kago-dev/kago/ka/driver"
)

// stopFlag is a queue's stop flag (driver.Stopper). On a CPU device the
// fault record is host memory that the kernels use in place
// (CL_MEM_USE_HOST_PTR, faults.go), which a running kernel reads without a
// command: the flag is its word at driver.FaultStopOff, which the stop
// checks of kernels compiled with //ka:cancel read with volatile loads
// (docs/ir.md, "Stop checks"), and which the host sets with an atomic
// store while they run. Launches made while the flag is raised are not
// enqueued. Kernels already enqueued without stop checks run to their
// end. Devices whose record is device memory do not report driver.Cancel.
type stopFlag struct {
	raised atomic.Bool

	// mu orders Stop's stores with the making and the freeing of the
	// record, so that a Stop racing Release never writes freed memory.
	mu   sync.Mutex
	host *uint32 // the flag's word in the host record; nil until the record is made
}

var _ driver.Stopper = (*queue)(nil)

// Stop implements driver.Stopper. It may be called from any goroutine.
func (q *queue) Stop(raised bool) error {
	q.stop.mu.Lock()
	defer q.stop.mu.Unlock()
	q.stop.raised.Store(raised)
	if p := q.stop.host; p != nil {
		atomic.StoreUint32(p, b2u(raised))
	}
	return nil
}

// stopHost records the host memory of the queue's new fault record, and
// raises the flag there if it is raised.
func (q *queue) stopHost(host unsafe.Pointer) {
	q.stop.mu.Lock()
	defer q.stop.mu.Unlock()
	q.stop.host = (*uint32)(unsafe.Add(host, driver.FaultStopOff))
	if q.stop.raised.Load() {
		atomic.StoreUint32(q.stop.host, 1)
	}
}

// stopRelease ends Stop's writes, before the record is freed.
func (q *queue) stopRelease() {
	q.stop.mu.Lock()
	q.stop.host = nil
	q.stop.mu.Unlock()
}

func b2u(b bool) uint32 {
	if b {
		return 1
	}
	return 0
}
