package cuda

// This file is the stream's side of the fault record (docs/ir.md, "The
// fault record"): a small device buffer per stream that kernels with checks
// or panics get as a hidden parameter, read back after a wait that drained
// the stream. A failing thread records the fault and exits (never trap,
// which would poison the context), so the stream stays usable.

import (
	"fmt"

	"github.com/kago-dev/kago/backends/cuda/internal/cu"
	"github.com/kago-dev/kago/ka/driver"
)

// faults is a stream's fault record and the launches that may have written
// it.
type faults struct {
	ptr cu.DevicePtr // 0 until a kernel with fault sites is launched
	log driver.FaultLog
	buf [driver.FaultRecordSize]byte
}

// packFaults fills the fault-record parameters of a launch of f in groups
// of group (packArgs leaves them), making the record on first use.
func (q *queue) packFaults(f *function, group driver.NDRange, slots []uint64) error {
	for i, dp := range f.layout {
		switch dp.Kind {
		case driver.ParamFaultRecord:
			if q.faults.ptr == 0 {
				p, err := q.dev.ctx.MemAlloc(driver.FaultRecordSize)
				if err != nil {
					return fmt.Errorf("cuda: launch of %s: fault record: %w", f.spec.Name, err)
				}
				clear(q.faults.buf[:])
				if err := q.dev.ctx.CopyHtoD(p, q.faults.buf[:], q.s); err != nil {
					q.dev.ctx.MemFree(p)
					return fmt.Errorf("cuda: launch of %s: fault record: %w", f.spec.Name, err)
				}
				q.faults.ptr = p
			}
			slots[i] = uint64(q.faults.ptr)
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
	if rerr := q.dev.ctx.CopyDtoH(q.faults.buf[:], q.faults.ptr, q.s); rerr != nil {
		return fmt.Errorf("cuda: read the fault record: %w", rerr)
	}
	ke := q.faults.log.Read(q.faults.buf[:])
	if ke == nil {
		return nil
	}
	clear(q.faults.buf[:])
	if cerr := q.dev.ctx.CopyHtoD(q.faults.ptr, q.faults.buf[:], q.s); cerr != nil {
		return fmt.Errorf("cuda: clear the fault record after %v: %w", ke, cerr)
	}
	return ke
}

// releaseFaults frees the record with the stream.
func (q *queue) releaseFaults() {
	if q.faults.ptr != 0 {
		q.dev.ctx.MemFree(q.faults.ptr)
		q.faults.ptr = 0
	}
}
