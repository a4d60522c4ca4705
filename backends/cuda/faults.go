package cuda

// This file is the stream's side of the fault record (docs/ir.md, "The
// fault record"): a small record per stream that kernels with checks or
// panics get as a hidden parameter, read after a wait that drained the
// stream. A failing thread records the fault and exits (never trap, which
// would poison the context), so the stream stays usable.
//
// The record is mapped pinned host memory (cuMemHostAlloc with
// CU_MEMHOSTALLOC_DEVICEMAP): kernels write it through its device address,
// the host reads and clears it in place without a copy, and while kernels
// run the host raises the stop flag in it (stop.go), which the stop checks
// of //ka:cancel kernels read with ld.volatile.global. Every device kago
// supports (sm_50 and later, 64-bit, unified addressing) can map host
// memory.

import (
	"fmt"
	"sync/atomic"
	"unsafe"

	"github.com/kago-dev/kago/backends/cuda/internal/cu"
	"github.com/kago-dev/kago/ka/driver"
)

// faults is a stream's fault record and the launches that may have written
// it.
type faults struct {
	mem cu.MappedMem // zero until a kernel with fault sites is launched
	log driver.FaultLog
	buf [driver.FaultRecordSize]byte
}

// packFaults fills the fault-record parameters of a launch of f in groups
// of group (packArgs leaves them), making the record on first use.
func (q *queue) packFaults(f *function, group driver.NDRange, slots []uint64) error {
	for i, dp := range f.layout {
		switch dp.Kind {
		case driver.ParamFaultRecord:
			if q.faults.mem.Host == nil {
				m, err := q.dev.ctx.MemHostAlloc(driver.FaultRecordSize)
				if err != nil {
					return fmt.Errorf("cuda: launch of %s: fault record: %w", f.spec.Name, err)
				}
				q.faults.mem = m
				clearRecord(m.Host)
				q.stopHost(m.Host)
			}
			slots[i] = uint64(q.faults.mem.Dev)
		case driver.ParamLaunchID:
			slots[i] = uint64(q.faults.log.Launch(f.spec, group))
		}
	}
	return nil
}

// checkFaults reads the record after a wait that drained the stream, when a
// kernel that can fail ran since the last read, and returns the first
// failure as a *driver.KernelError (clearing the record for later
// launches), or err when there is none.
func (q *queue) checkFaults(err error) error {
	if err != nil || !q.faults.log.Pending() {
		return err
	}
	// The stream has drained: the kernels' writes are in host memory.
	// Word by word, atomically, because Stop may store the flag meanwhile.
	for off := 0; off < driver.FaultRecordSize; off += 4 {
		v := atomic.LoadUint32((*uint32)(unsafe.Add(q.faults.mem.Host, off)))
		*(*uint32)(unsafe.Pointer(&q.faults.buf[off])) = v
	}
	ke := q.faults.log.Read(q.faults.buf[:])
	if ke == nil {
		return nil
	}
	clearRecord(q.faults.mem.Host)
	return ke
}

// clearRecord zeroes the record, all but the stop flag (which Stop owns),
// with atomic stores.
func clearRecord(host unsafe.Pointer) {
	for off := 0; off < driver.FaultRecordSize; off += 4 {
		if off != driver.FaultStopOff {
			atomic.StoreUint32((*uint32)(unsafe.Add(host, off)), 0)
		}
	}
}

// releaseFaults frees the record with the stream.
func (q *queue) releaseFaults() {
	if q.faults.mem.Host != nil {
		q.stop.host.Store(nil)
		q.dev.ctx.MemFreeHost(q.faults.mem)
		q.faults.mem = cu.MappedMem{}
	}
}
