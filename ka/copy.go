package ka

import (
	"context"
	"errors"
	"fmt"
	"unsafe"

	"github.com/kago-dev/kago/ka/driver"
)

// WriteAsync enqueues a copy of src into the first len(src) elements of the
// array on stream s and returns at once, without waiting for the copy or
// for s's earlier work. Later work on s (a kernel using the array) runs
// after it; other streams order themselves with an Event.
//
// src is read by the device until the copy has completed: it must stay
// untouched (not written, not reused) until s has been synchronized
// (Stream.Synchronize, Device.Synchronize, a Read on s) or an Event
// recorded on s after the copy has completed (Event.Wait, or Done
// reporting true). Under the race detector, writing src before then is
// reported as a data race, on every backend. A backend without
// asynchronous copies (docs/backends.md) makes WriteAsync wait for the
// copy before it returns, which is always safe.
//
// A src longer than the array, or a stream of another device, is an error
// wrapping ErrInvalid.
func (a *Array[T]) WriteAsync(s *Stream, src []T) error {
	return a.async(s, "WriteAsync", src, false)
}

// ReadAsync enqueues a copy of the first len(dst) elements of the array
// into dst on stream s, after s's earlier work, and returns at once.
//
// dst is written by the device until the copy has completed: it must not
// be read or written until s has been synchronized or an Event recorded on
// s after the copy has completed, with the rules and the race detection of
// WriteAsync. A backend without asynchronous copies makes ReadAsync wait
// for the copy before it returns.
func (a *Array[T]) ReadAsync(s *Stream, dst []T) error {
	return a.async(s, "ReadAsync", dst, true)
}

func (a *Array[T]) async(s *Stream, op string, host []T, read bool) error {
	if err := a.valid(op); err != nil {
		return err
	}
	if s == nil {
		return fmt.Errorf("ka: %s on a nil stream: %w", op, ErrInvalid)
	}
	if s.dev != a.dev {
		sn, an := s.dev.names(a.dev)
		return fmt.Errorf("ka: %s: stream of %s, array on %s: %w", op, sn, an, ErrInvalid)
	}
	if len(host) > a.n {
		return fmt.Errorf("ka: %s of %d elements with an array of %d: %w", op, len(host), a.n, ErrInvalid)
	}
	if len(host) == 0 {
		return a.check()
	}
	region := "kago.write"
	if read {
		region = "kago.read"
	}
	defer traceRegion(region)()
	p := unsafe.Pointer(unsafe.SliceData(host))
	b := unsafe.Slice((*byte)(p), len(host)*int(unsafe.Sizeof(host[0])))
	return s.doAs(op, func(q *queue) error {
		buf, err := a.use(s)
		if err != nil {
			return err
		}
		ac, ok := q.q.(driver.AsyncCopier)
		switch {
		case !ok && read:
			err = s.hostCopy(q, func(q *queue) error { return q.q.Read(context.Background(), buf, 0, b) })
		case !ok:
			err = s.hostCopy(q, func(q *queue) error { return q.q.Write(context.Background(), buf, 0, b) })
		case read:
			err = ac.ReadAsync(buf, 0, b)
		default:
			err = ac.WriteAsync(buf, 0, b)
		}
		if _, host := buf.(driver.HostBuffer); err == nil && ok && !host {
			// The device's access, which the race detector cannot see
			// (a driver's DMA); the native backend's copy it sees itself.
			raceAsync(s, p, len(b), read)
		}
		return err
	})
}

// use checks that the array can be used on s and records s as the stream
// that last used it, so that Free is ordered after the work enqueued now.
// s.mu is held.
func (a *Array[T]) use(s *Stream) (driver.Buffer, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.freed {
		return nil, fmt.Errorf("array %w (freed)", ErrClosed)
	}
	a.last = s
	return a.buf, nil
}

// Copy copies min(dst.Len(), src.Len()) elements from src to dst, as Go's
// copy does.
//
// When both arrays are on s's device, the copy is enqueued on s and runs
// on the device (clEnqueueCopyBuffer, cuMemcpyDtoDAsync, or a native
// memmove in the queue's order): Copy returns at once, and later work on s
// sees dst's new contents. The arrays must not be in use by other streams'
// work meanwhile, as for a kernel.
//
// When they are on different devices (s belonging to either), there is no
// direct path: Copy goes through host memory, reading src after its
// device's work as Array.Read does, then writing dst, and returns once the
// copy has completed. A nil array or stream, or arrays of neither of s's
// device, is an error wrapping ErrInvalid.
func Copy[T any](s *Stream, dst, src *Array[T]) error {
	if s == nil || dst == nil || src == nil {
		return fmt.Errorf("ka: Copy with a nil stream or array: %w", ErrInvalid)
	}
	if err := errors.Join(dst.valid("Copy"), src.valid("Copy")); err != nil {
		return err
	}
	n := min(dst.n, src.n)
	if dst.dev != s.dev && src.dev != s.dev {
		return fmt.Errorf("ka: Copy between arrays of %s and %s on a stream of %s: %w", src.dev, dst.dev, s.dev, ErrInvalid)
	}
	if dst == src {
		return src.check() // nothing to copy
	}
	defer traceRegion("kago.copy")()
	if dst.dev != src.dev {
		return copyViaHost(s, dst, src, n)
	}
	if n == 0 {
		return nil
	}
	var zero T
	size := n * int(unsafe.Sizeof(zero))
	return s.doAs("Copy", func(q *queue) error {
		sb, err := src.use(s)
		if err != nil {
			return fmt.Errorf("source: %w", err)
		}
		db, err := dst.use(s)
		if err != nil {
			return fmt.Errorf("destination: %w", err)
		}
		if c, ok := q.q.(driver.Copier); ok {
			return c.Copy(db, 0, sb, 0, size)
		}
		tmp := make([]byte, size)
		if err := q.q.Read(context.Background(), sb, 0, tmp); err != nil {
			return err
		}
		return q.q.Write(context.Background(), db, 0, tmp)
	})
}

// copyViaHost copies n elements between arrays of two devices through host
// memory, waiting for both halves.
func copyViaHost[T any](s *Stream, dst, src *Array[T], n int) error {
	ctx := context.Background()
	tmp := make([]T, n)
	read := src.Read
	if src.dev == s.dev {
		read = func(ctx context.Context, h []T) error {
			if err := src.ReadAsync(s, h); err != nil {
				return err
			}
			return s.Synchronize(ctx)
		}
	}
	if err := read(ctx, tmp); err != nil {
		return fmt.Errorf("ka: Copy from %s: %w", src.dev, err)
	}
	write := dst.Write
	if dst.dev == s.dev {
		write = func(ctx context.Context, h []T) error {
			if err := dst.WriteAsync(s, h); err != nil {
				return err
			}
			return s.Synchronize(ctx)
		}
	}
	if err := write(ctx, tmp); err != nil {
		return fmt.Errorf("ka: Copy to %s: %w", dst.dev, err)
	}
	return nil
}

// raceMarksLocked returns the race detector's marks of the asynchronous
// copies enqueued on s so far, for an event recorded now. s.mu is held.
func (s *Stream) raceMarksLocked() []chan struct{} {
	if !raceEnabled || len(s.races) == 0 {
		return nil
	}
	return append([]chan struct{}(nil), s.races...)
}

// inheritRaces makes s's next wait account for ev's asynchronous copies
// too: s's later work waits for ev on the device.
func (s *Stream) inheritRaces(ev *Event) {
	if !raceEnabled || len(ev.races) == 0 {
		return
	}
	s.mu.Lock()
	s.races = append(s.races, ev.races...)
	s.mu.Unlock()
}

// hostCopy runs f, a blocking copy on s's queue q, which waits for s's
// earlier work: afterwards s's asynchronous work is accounted for, and the
// faults of its kernels on s's other queues (whose work q's is ordered
// after) are reported, as syncQueues reports them. s.mu is held.
func (s *Stream) hostCopy(q *queue, f func(q *queue) error) error {
	err := f(q)
	for _, o := range s.queues {
		if o != nil && o != q && err == nil {
			err = o.q.Synchronize(context.Background()) // drained: returns at once
		}
	}
	s.waited()
	return err
}
