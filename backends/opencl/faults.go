package opencl

// This file is the queue's side of the fault record (docs/ir.md, "The fault
// record"): a small buffer per queue that kernels with checks or panics get
// as a hidden parameter, read back after a wait that drained the queue. On a
// CPU device (PoCL) the buffer is host memory the kernels write directly
// (CL_MEM_USE_HOST_PTR), so reading it costs no command: with a read
// command, a launch + synchronize of a small kernel on PoCL took 24 µs more
// (benchmarks/README.md, "Cost of checks").

import (
	"fmt"
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
		return 0, fmt.Errorf("opencl: fault record: %w", err)
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
// launches), or err when there is none.
func (q *queue) checkFaults(err error) error {
	if err != nil || !q.faults.log.Pending() {
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
		return nil
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

// releaseFaults frees the record with the queue.
func (q *queue) releaseFaults() {
	if q.faults.mem != 0 {
		q.stopRelease()
		q.faults.mem.Release() // the driver frees the host memory with it
		q.faults.mem, q.faults.host = 0, nil
	}
}
