package cuda

// This file is the stream's side of the fault record (docs/ir.md, "The
// fault record"): a small device buffer per stream that kernels with checks
// or panics get as a hidden parameter, read back after a wait that drained
// the stream. A failing thread records the fault and exits (never trap,
// which would poison the context), so the stream stays usable.
//
// The record's word at driver.FaultStopOff is the stream's stop flag,
// which only the device's stops stream writes (stop.go): the stream's own
// clears leave it alone. The waits for the stream's events read the record
// too (driver.FaultMark), on the device's records stream.

import (
	"context"
	"errors"
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
				if err := q.makeRecord(); err != nil {
					return fmt.Errorf("cuda: launch of %s: fault record: %w", f.spec.Name, err)
				}
			}
			slots[i] = uint64(q.faults.ptr)
		case driver.ParamLaunchID:
			slots[i] = uint64(q.faults.log.Launch(f.spec, group))
		}
	}
	return nil
}

// makeRecord allocates the record, clears it in the stream's order and
// gives its stop flag its value (stop.go), which the stream's later work
// waits for.
func (q *queue) makeRecord() error {
	p, err := q.dev.ctx.MemAlloc(driver.FaultRecordSize)
	if err != nil {
		return memError(err)
	}
	if err := q.clearRecord(p); err != nil {
		q.dev.ctx.MemFree(p)
		return err
	}
	if err := q.stopRecord(p); err != nil {
		q.dev.ctx.MemFree(p)
		return err
	}
	q.faults.ptr = p
	return nil
}

// clearRecord zeroes the record at p in the stream's order, all but the
// stop flag.
func (q *queue) clearRecord(p cu.DevicePtr) error {
	const flag = driver.FaultStopOff / 4
	if err := q.dev.ctx.MemsetD32(p, 0, flag, q.s); err != nil {
		return err
	}
	return q.dev.ctx.MemsetD32(p+4*(flag+1), 0, driver.FaultRecordSize/4-flag-1, q.s)
}

// checkFaults reads the record after a wait that drained the stream, when a
// kernel that can fail ran since the last read, and returns the first
// failure as a *driver.KernelError (clearing the record for later
// launches), or err when there is none. A wait that returned its
// context's error has drained the stream too (waits are not cancellable),
// and the kernel's failure wins over it.
func (q *queue) checkFaults(err error) error {
	if (err != nil && !waited(err)) || !q.faults.log.Pending() {
		return err
	}
	if rerr := q.dev.ctx.CopyDtoH(q.faults.buf[:], q.faults.ptr, q.s); rerr != nil {
		return fmt.Errorf("cuda: read the fault record: %w", rerr)
	}
	ke := q.faults.log.Read(q.faults.buf[:])
	if ke == nil {
		return err
	}
	if cerr := q.clearRecord(q.faults.ptr); cerr != nil {
		return fmt.Errorf("cuda: clear the fault record after %v: %w", ke, cerr)
	}
	return ke
}

// waited reports whether err is a wait's context error, which it returns
// once the work has completed.
func waited(err error) bool {
	return errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded)
}

// releaseFaults frees the record with the stream, once no event reads it.
func (q *queue) releaseFaults() {
	q.faults.log.Close()
	if q.faults.ptr != 0 {
		q.stopRelease()
		q.dev.ctx.MemFree(q.faults.ptr)
		q.faults.ptr = 0
	}
}

// eventFaults is what an event keeps to report the fault of a launch
// before it on its stream: the stream's mark and its record.
type eventFaults struct {
	mark driver.FaultMark
	ptr  cu.DevicePtr
}

// eventFaults returns what an event recorded on q now keeps; nothing when
// no launch with fault sites ran since the record was last read.
func (q *queue) eventFaults() eventFaults {
	m := q.faults.log.Mark()
	if !m.Pending() {
		return eventFaults{}
	}
	return eventFaults{mark: m, ptr: q.faults.ptr}
}

// check returns err, or the fault of a launch before the event once the
// wait for it has completed (err nil or its context's error), reading the
// record on the device's records stream: a stream of its own, so that the
// copy never waits behind the later work of the event's stream, nor
// delays a stop flag's write on the stops stream.
func (f *eventFaults) check(d *Device, err error) error {
	if !f.mark.Pending() || (err != nil && !waited(err)) {
		return err
	}
	ke, rerr := f.mark.Fault(func(rec []byte) error { return d.ctx.CopyDtoH(rec, f.ptr, d.records) })
	if rerr != nil {
		return errors.Join(err, fmt.Errorf("cuda: read the fault record: %w", rerr))
	}
	if ke != nil {
		return ke
	}
	return err
}
