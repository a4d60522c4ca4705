package opencl

import (
	"fmt"
	"runtime"

	"github.com/kago-dev/kago/backends/opencl/internal/cl"
	"github.com/kago-dev/kago/ka/driver"
)

// Asynchronous and device-to-device copies: non-blocking
// clEnqueueReadBuffer/clEnqueueWriteBuffer and clEnqueueCopyBuffer, whose
// event becomes the queue's last, so that the next wait covers them. The
// host memory of a copy stays pinned until a wait has seen the queue drain.

var (
	_ driver.AsyncCopier = (*queue)(nil)
	_ driver.Copier      = (*queue)(nil)
)

// WriteAsync enqueues a copy of src into b at off and returns at once.
func (q *queue) WriteAsync(b driver.Buffer, off int, src []byte) error {
	buf, err := q.checkCopy("write", b, off, len(src))
	if err != nil || len(src) == 0 {
		return err
	}
	pin := new(runtime.Pinner)
	pin.Pin(&src[0])
	ev, err := q.q.WriteBuffer(buf.mem, false, off, src)
	if err != nil {
		pin.Unpin()
		return fmt.Errorf("opencl: write: %w", err)
	}
	q.pins = append(q.pins, pin)
	q.setLast(ev)
	return nil
}

// ReadAsync enqueues a copy of b at off into dst and returns at once.
func (q *queue) ReadAsync(b driver.Buffer, off int, dst []byte) error {
	buf, err := q.checkCopy("read", b, off, len(dst))
	if err != nil || len(dst) == 0 {
		return err
	}
	pin := new(runtime.Pinner)
	pin.Pin(&dst[0])
	ev, err := q.q.ReadBuffer(buf.mem, false, off, dst)
	if err != nil {
		pin.Unpin()
		return fmt.Errorf("opencl: read: %w", err)
	}
	q.pins = append(q.pins, pin)
	q.setLast(ev)
	return nil
}

// Copy enqueues a copy of n bytes between two buffers of the device.
func (q *queue) Copy(dst driver.Buffer, dstOff int, src driver.Buffer, srcOff int, n int) error {
	d, err := q.checkCopy("copy", dst, dstOff, n)
	if err != nil {
		return err
	}
	s, err := q.checkCopy("copy", src, srcOff, n)
	if err != nil || n == 0 {
		return err
	}
	ev, err := q.q.CopyBufferEvent(s.mem, d.mem, srcOff, dstOff, n)
	if err != nil {
		return fmt.Errorf("opencl: copy: %w", err)
	}
	q.setLast(ev)
	return nil
}

// setLast makes ev, which the queue now owns, its last command's event.
func (q *queue) setLast(ev cl.Event) {
	q.forget()
	q.last = ev
}

// unpin releases the host memory of asynchronous copies, once a wait has
// seen the queue drain.
func (q *queue) unpin() {
	for i, p := range q.pins {
		p.Unpin()
		q.pins[i] = nil
	}
	q.pins = q.pins[:0]
}
