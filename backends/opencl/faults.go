package opencl

// This file is the queue's side of the fault record (docs/ir.md, "The fault
// record"): a small buffer per queue that kernels with checks or panics get
// as a hidden parameter, read back after a wait that drained the queue, and
// by the waits for the queue's events (driver.FaultMark). On a CPU device
// (PoCL) the buffer is host memory the kernels write directly
// (CL_MEM_USE_HOST_PTR), so reading it costs no command: with a read
// command, a launch + synchronize of a small kernel on PoCL took 24 µs more
// (benchmarks/README.md, "Cost of checks").

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"unsafe"

	"github.com/kago-dev/kago/backends/opencl/internal/cl"
	"github.com/kago-dev/kago/ka/driver"
)

// hostFaultRecords lets CPU devices have their records in host memory;
// tests turn it off to run the read-command path on PoCL.
var hostFaultRecords = true

// faults is a queue's fault record and the launches that may have written
// it.
type faults struct {
	mem  cl.Mem         // 0 until a kernel with fault sites is launched
	host unsafe.Pointer // the record's host memory on a CPU device, else nil
	log  driver.FaultLog
	buf  [driver.FaultRecordSize]byte
}

// faultRecord returns the queue's record, made and zeroed on first use.
func (q *queue) faultRecord() (cl.Mem, error) {
	if q.faults.mem != 0 {
		return q.faults.mem, nil
	}
	if q.dev.info.Kind == driver.CPU && hostFaultRecords {
		if m, host, err := cl.CreateHostBuffer(q.dev.ctx, driver.FaultRecordSize); err == nil {
			q.faults.mem, q.faults.host = m, host
			q.stopHost(host)
			return m, nil
		}
	}
	m, err := cl.CreateBuffer(q.dev.ctx, driver.FaultRecordSize)
	if err != nil {
		return 0, fmt.Errorf("opencl: fault record: %w", memError(err))
	}
	if err := q.q.FillBuffer(m, []byte{0}, 0, driver.FaultRecordSize); err != nil {
		m.Release()
		return 0, fmt.Errorf("opencl: fault record: %w", err)
	}
	q.faults.mem = m
	return m, nil
}

// checkFaults reads the record after a wait that drained the queue, when a
// kernel that can fail ran since the last read, and returns the first
// failure as a *driver.KernelError (clearing the record for later
// launches), or err when there is none. A wait that returned its
// context's error has drained the queue too (waits are not cancellable),
// and the kernel's failure wins over it.
func (q *queue) checkFaults(err error) error {
	if (err != nil && !waited(err)) || !q.faults.log.Pending() {
		return err
	}
	var host []byte
	if q.faults.host != nil {
		host = unsafe.Slice((*byte)(q.faults.host), driver.FaultRecordSize)
		// The queue has drained: the kernels' writes are in host memory.
		copy(q.faults.buf[:], host)
	} else if _, rerr := q.q.ReadBuffer(q.faults.mem, true, 0, q.faults.buf[:]); rerr != nil {
		return fmt.Errorf("opencl: read the fault record: %w", rerr)
	}
	ke := q.faults.log.Read(q.faults.buf[:])
	if ke == nil {
		return err
	}
	if q.faults.host != nil {
		// All but the stop flag, which only Stop writes (stop.go).
		clear(host[:driver.FaultStopOff])
		clear(host[driver.FaultStopOff+4:])
		return ke
	}
	if ferr := q.q.FillBuffer(q.faults.mem, []byte{0}, 0, driver.FaultRecordSize); ferr != nil {
		return fmt.Errorf("opencl: clear the fault record after %v: %w", ke, ferr)
	}
	return ke
}

// waited reports whether err is a wait's context error, which it returns
// once the work has completed.
func waited(err error) bool {
	return errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded)
}

// releaseFaults frees the record with the queue, once no event reads it.
func (q *queue) releaseFaults() {
	q.faults.log.Close()
	if q.faults.mem != 0 {
		q.stopRelease()
		q.faults.mem.Release() // the driver frees the host memory with it
		q.faults.mem, q.faults.host = 0, nil
	}
}

// eventFaults is what an event keeps to report the fault of a launch
// before it on its queue: the queue's mark and where its record is.
type eventFaults struct {
	mark driver.FaultMark
	host unsafe.Pointer // the record in host memory, or nil
	mem  cl.Mem         // the record, read with a command where host is nil
}

// eventFaults returns what an event recorded on q now keeps; nothing when
// no launch with fault sites ran since the record was last read.
func (q *queue) eventFaults() eventFaults {
	m := q.faults.log.Mark()
	if !m.Pending() {
		return eventFaults{}
	}
	return eventFaults{mark: m, host: q.faults.host, mem: q.faults.mem}
}

// check returns err, or the fault of a launch before the event once the
// wait for it has completed (err nil or its context's error): from the
// record in host memory, read in place, or from device memory, read on
// the device's own queue for it (readRecord), never behind the later work
// of the event's queue.
func (f *eventFaults) check(d *Device, err error) error {
	if !f.mark.Pending() || (err != nil && !waited(err)) {
		return err
	}
	ke, rerr := f.mark.Fault(func(rec []byte) error {
		if f.host != nil {
			copy(rec, unsafe.Slice((*byte)(f.host), len(rec)))
			return nil
		}
		return d.readRecord(f.mem, rec)
	})
	if rerr != nil {
		return errors.Join(err, fmt.Errorf("opencl: read the fault record: %w", rerr))
	}
	if ke != nil {
		return ke
	}
	return err
}

// records is a device's queue for the events' reads of fault records in
// device memory, made on first use: a queue of its own, so that a read
// never waits behind another queue's work.
type records struct {
	mu sync.Mutex
	q  cl.Queue
}

// readRecord reads the record mem into rec on the device's records queue.
func (d *Device) readRecord(mem cl.Mem, rec []byte) error {
	d.records.mu.Lock()
	defer d.records.mu.Unlock()
	if d.records.q == 0 {
		q, _, err := d.createQueue(0)
		if err != nil {
			return err
		}
		d.records.q = q
	}
	_, err := d.records.q.ReadBuffer(mem, true, 0, rec)
	return err
}

// releaseRecords releases the records queue with the device.
func (d *Device) releaseRecords() error {
	if d.records.q == 0 {
		return nil
	}
	err := d.records.q.Release()
	d.records.q = 0
	return err
}
