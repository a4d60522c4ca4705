package ka

import (
	"context"
	"fmt"
	"math"
	"reflect"
	"sync"
	"unsafe"

	"github.com/kago-dev/kago/ka/driver"
)

// Array is a one-dimensional array of T in a device's memory. A kernel
// parameter of type []T takes an *Array[T]. T is a scalar (ka.Scalar) or a
// struct of scalars, fixed-size arrays and such structs, whose elements
// the device reads in Go's layout (docs/kernel-language.md, "Structs and
// nested arrays").
//
// Read and Write copy between the array and host slices. They are ordered
// after the work of the stream that last used the array in a launch (or,
// once that stream's task has ended, after the device's default stream), and
// they wait cooperatively but are never abandoned early: a cancelled context
// returns its error only after the copy has finished, since the caller may
// reuse the host memory as soon as they return.
type Array[T any] struct {
	dev  *Device
	buf  driver.Buffer
	n    int
	view any // []T, for buffers in host memory

	mu    sync.Mutex
	last  *Stream // stream of the last launch that used the array
	freed bool
}

// Alloc allocates an array of n elements on dev. Its contents are
// unspecified until written.
//
// T is an element type that device memory can hold: a scalar, or a
// fixed-size array or struct of those (docs/kernel-language.md); any other
// type, in particular one that holds pointers, is an error wrapping
// ErrInvalid (device memory would hide the pointers from the garbage
// collector). A negative n is an error wrapping ErrInvalid. A size the
// device cannot hold (n times the element size overflows, or exceeds the
// device's largest allocation, Capabilities.MaxAllocBytes) is an error
// wrapping ErrOutOfMemory, checked before the driver is asked; so is a
// driver's own out-of-memory failure.
func Alloc[T any](dev *Device, n int) (*Array[T], error) {
	var zero T
	if dev == nil {
		return nil, fmt.Errorf("ka: Alloc on a nil device: %w", ErrInvalid)
	}
	if n < 0 {
		return nil, fmt.Errorf("ka: Alloc of %d elements: %w", n, ErrInvalid)
	}
	if err := checkElem[T](); err != nil {
		return nil, fmt.Errorf("ka: Alloc of %d elements: %w", n, err)
	}
	size, err := allocBytes(dev, n, int(unsafe.Sizeof(zero)))
	if err != nil {
		return nil, fmt.Errorf("ka: Alloc of %d×%T on %s: %w", n, zero, dev, err)
	}
	a := &Array[T]{dev: dev, n: n}
	err = dev.allocate(a, func() (err error) {
		a.buf, err = dev.drv.Alloc(size)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("ka: Alloc of %d×%T on %s: %w", n, zero, dev, err)
	}
	if hb, ok := a.buf.(driver.HostBuffer); ok {
		a.view = unsafe.Slice((*T)(unsafe.Pointer(unsafe.SliceData(hb.Bytes()))), n)
	}
	return a, nil
}

// allocBytes is the byte size of n elements of elem bytes (at least 8, so
// that an empty array still has a buffer), checked against overflow and the
// device's largest allocation.
func allocBytes(dev *Device, n, elem int) (int, error) {
	if n > math.MaxInt/elem {
		return 0, fmt.Errorf("%d elements of %d bytes overflow an int: %w", n, elem, ErrOutOfMemory)
	}
	size := max(n*elem, 8)
	if m := dev.info.Capabilities.MaxAllocBytes; m > 0 && int64(size) > m {
		return 0, fmt.Errorf("%d bytes exceed the device's largest allocation of %d bytes: %w", size, m, ErrOutOfMemory)
	}
	return size, nil
}

// FromSlice allocates an array on dev and copies s into it.
func FromSlice[T any](ctx context.Context, dev *Device, s []T) (*Array[T], error) {
	a, err := Alloc[T](dev, len(s))
	if err != nil {
		return nil, err
	}
	if err := a.Write(ctx, s); err != nil {
		a.Free()
		return nil, err
	}
	return a, nil
}

// Len is the number of elements (0 for a nil array).
func (a *Array[T]) Len() int {
	if a == nil {
		return 0
	}
	return a.n
}

// Device is the device that holds the array (nil for a nil array).
func (a *Array[T]) Device() *Device {
	if a == nil {
		return nil
	}
	return a.dev
}

// valid fails, wrapping ErrInvalid, for a nil array or one that Alloc did
// not make (a zero Array), which has no device or memory to use.
func (a *Array[T]) valid(op string) error {
	if a == nil {
		return fmt.Errorf("ka: %s of a nil *ka.Array: %w", op, ErrInvalid)
	}
	if a.dev == nil {
		return fmt.Errorf("ka: %s of a ka.Array not made by Alloc or FromSlice: %w", op, ErrInvalid)
	}
	return nil
}

// Write copies src into the first len(src) elements of the array. A src
// longer than the array is an error wrapping ErrInvalid.
func (a *Array[T]) Write(ctx context.Context, src []T) error {
	if err := a.valid("Write"); err != nil {
		return err
	}
	if len(src) > a.n {
		return fmt.Errorf("ka: Write of %d elements into an array of %d: %w", len(src), a.n, ErrInvalid)
	}
	if len(src) == 0 {
		return a.check()
	}
	b := unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(src))), len(src)*int(unsafe.Sizeof(src[0])))
	defer traceRegion("kago.write")()
	return a.copy(func(q *queue) error { return q.q.Write(ctx, a.buf, 0, b) })
}

// Read copies the first len(dst) elements of the array into dst. A dst
// longer than the array is an error wrapping ErrInvalid.
func (a *Array[T]) Read(ctx context.Context, dst []T) error {
	if err := a.valid("Read"); err != nil {
		return err
	}
	if len(dst) > a.n {
		return fmt.Errorf("ka: Read of %d elements from an array of %d: %w", len(dst), a.n, ErrInvalid)
	}
	if len(dst) == 0 {
		return a.check()
	}
	b := unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(dst))), len(dst)*int(unsafe.Sizeof(dst[0])))
	defer traceRegion("kago.read")()
	return a.copy(func(q *queue) error { return q.q.Read(ctx, a.buf, 0, b) })
}

func (a *Array[T]) check() error {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.freed {
		return fmt.Errorf("ka: array %w (freed)", ErrClosed)
	}
	return nil
}

// copy runs a host copy on the stream that last used the array, or on the
// default stream once that stream's task has ended (its work then completed
// before its queue went back to the pool, so there is nothing to wait for).
func (a *Array[T]) copy(f func(q *queue) error) error {
	a.mu.Lock()
	if a.freed {
		a.mu.Unlock()
		return fmt.Errorf("ka: array %w (freed)", ErrClosed)
	}
	s := a.last
	a.mu.Unlock()
	if s != nil {
		ran := false
		err := s.do(func(q *queue) error { ran = true; return s.hostCopy(q, f) })
		if ran {
			return err
		}
		// The stream's task ended before the copy could be enqueued.
	}
	def := a.dev.def
	return def.do(func(q *queue) error { return def.hostCopy(q, f) })
}

// Free releases the array's memory. If the stream that last used it still
// belongs to the same task, the memory is freed in that stream's order (no
// wait); if the stream's task has ended, its work has completed and the
// memory is freed at once, never on a queue that now runs another task's
// work. Using the array afterwards returns ErrClosed; Free twice is a no-op,
// and so is Free after the device's Close, which released the memory.
func (a *Array[T]) Free() error {
	if err := a.valid("Free"); err != nil {
		return err
	}
	a.mu.Lock()
	if a.freed {
		a.mu.Unlock()
		return nil
	}
	a.freed = true
	s := a.last
	a.last = nil
	a.mu.Unlock()
	if s != nil {
		s.mu.Lock()
		defer s.mu.Unlock()
		if !s.closed && s.cur != nil {
			// The stream is open, so the device has not released its
			// driver yet: Close waits for s.mu.
			if !a.dev.forget(a) {
				return nil
			}
			return a.buf.Free(s.cur.q)
		}
	}
	return a.dev.release(a, func() error { return a.buf.Free(nil) })
}

// closeFree releases the array's memory when its device closes.
func (a *Array[T]) closeFree() error {
	a.mu.Lock()
	a.freed, a.last = true, nil
	a.mu.Unlock()
	return a.buf.Free(nil)
}

// launchArg checks the array for a launch on s and returns its argument.
// It records s as the array's last stream at once, under the array's lock,
// so that a Free racing with the launch frees the memory in s's order
// (after the launch) instead of under it.
func (a *Array[T]) launchArg(s *Stream, elem driver.ScalarType) (driver.Arg, error) {
	var zero T
	if a == nil {
		return driver.Arg{}, fmt.Errorf("is a nil *ka.Array[%s]", typeName[T]())
	}
	if a.dev == nil {
		return driver.Arg{}, fmt.Errorf("is a ka.Array[%s] not made by Alloc or FromSlice", typeName[T]())
	}
	dev := s.dev
	if t := scalarTypeOf(zero); t != elem && !namedScalar[T](elem) {
		return driver.Arg{}, fmt.Errorf("is *ka.Array[%s], want *ka.Array[%s]", typeName[T](), elem)
	}
	if a.dev != dev {
		of, not := a.dev.names(dev)
		return driver.Arg{}, fmt.Errorf("is an array of device %s, not of %s", of, not)
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.freed {
		return driver.Arg{}, fmt.Errorf("is a freed array")
	}
	a.last = s
	return driver.Arg{Buffer: a.buf, Len: a.n, Value: a.view}, nil
}

// namedScalar reports whether T is a named type whose underlying type is
// the scalar elem (type Celsius float32 for driver.Float32): its arrays
// hold elem's bytes. (Launch has checked that T is the parameter's own
// element type.)
func namedScalar[T any](elem driver.ScalarType) bool {
	t := reflect.TypeFor[T]()
	return t.PkgPath() != "" && elem != driver.Invalid && driver.ScalarType(t.Kind()) == elem
}

// arrayArg is what Launch needs of an *Array[T] of any T.
type arrayArg interface {
	launchArg(s *Stream, elem driver.ScalarType) (driver.Arg, error)
	elemType() reflect.Type
}

// elemType is T.
func (a *Array[T]) elemType() reflect.Type { return reflect.TypeFor[T]() }

// deviceArray is what a Device needs of its live arrays of any T.
type deviceArray interface{ closeFree() error }
