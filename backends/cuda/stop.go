package cuda

import (
	"sync/atomic"
	"unsafe"

	"github.com/kago-dev/kago/ka/driver"
)

// stopFlag is a stream's stop flag (driver.Stopper): the word at
// driver.FaultStopOff of the stream's fault record, which is mapped pinned
// host memory (faults.go). The host sets it with an atomic store while
// kernels run; the stop checks of kernels compiled with //ka:cancel read
// it with ld.volatile.global, which goes to host memory each time (docs/ir.md,
// "Stop checks"). Launches made while the flag is raised are not enqueued;
// kernels already enqueued without stop checks run to their end.
type stopFlag struct {
	raised atomic.Bool
	host   atomic.Pointer[uint32] // the flag's word in the record; nil until the record is made
}

var _ driver.Stopper = (*queue)(nil)

// Stop implements driver.Stopper. It may be called from any goroutine.
func (q *queue) Stop(raised bool) error {
	q.stop.raised.Store(raised)
	if p := q.stop.host.Load(); p != nil {
		var v uint32
		if raised {
			v = 1
		}
		atomic.StoreUint32(p, v)
	}
	return nil
}

// stopHost records the host memory of the stream's new fault record and
// sets the flag there. The flag is stored before Stop loads the pointer,
// and the pointer before this loads the flag, so a concurrent Stop(true)
// reaches the record either way.
func (q *queue) stopHost(host unsafe.Pointer) {
	p := (*uint32)(unsafe.Add(host, driver.FaultStopOff))
	q.stop.host.Store(p)
	var v uint32
	if q.stop.raised.Load() {
		v = 1
	}
	atomic.StoreUint32(p, v)
}
