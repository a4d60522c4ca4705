package native

import (
	"fmt"
	"unsafe"

	"github.com/kago-dev/kago/ka/driver"
	"github.com/kago-dev/kago/ka/kernel"
)

type device struct {
	info driver.DeviceInfo
	// perItem: run every kernel a work-item at a time, as kernels without
	// group functions run (KAGO_NATIVE=items at Open); debug: each on a
	// goroutine of its own (KAGO_NATIVE=debug).
	perItem, debug bool
}

func (d *device) Info() driver.DeviceInfo { return d.info }

func (d *device) NewQueue(driver.Priority) (driver.Queue, error) { return newQueue(), nil }

func (d *device) Alloc(size int) (driver.Buffer, error) {
	words, err := allocWords(size) // 8-byte aligned for every element type
	if err != nil {
		return nil, err
	}
	return &buffer{b: unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(words))), size)}, nil
}

// function is a loaded kernel: its binders and whether it needs a
// goroutine per work-item when it runs a work-item at a time.
type function struct {
	name    string
	native  driver.NativeFunc
	group   driver.GroupFunc // nil: a work-item at a time
	blocks  bool             // group may run blocks of groups (driver.KernelSpec.GroupBlocks)
	barrier bool
	debug   bool // every work-item on a goroutine of its own (KAGO_NATIVE=debug)
}

// bound is a launch's kernel with its arguments bound: item runs one
// work-item; group, when not nil, runs a whole work-group and is what
// execute uses (item then serves to locate a panic).
type bound struct {
	item  func(kernel.Item)
	group func(*kernel.WorkGroup)
}

func (fn *function) bind(args []driver.Arg) bound {
	b := bound{item: fn.native(args)}
	if fn.group != nil {
		b.group = fn.group(args)
	}
	return b
}

func (d *device) Load(spec *driver.KernelSpec) (driver.Function, error) {
	if spec.Native == nil {
		return nil, fmt.Errorf("native: kernel %s has no Go entry (KernelSpec.Native is nil): %w", spec.Name, driver.ErrUnsupported)
	}
	fn := &function{name: spec.Name, native: spec.Native, barrier: spec.Barrier, debug: d.debug}
	if !d.perItem {
		fn.group, fn.blocks = spec.Group, spec.GroupBlocks && spec.Group != nil
	}
	return fn, nil
}

func (d *device) Close() error { return nil }

// buffer is device memory in the Go heap.
type buffer struct{ b []byte }

func (b *buffer) Bytes() []byte { return b.b }

// Free drops the reference; the garbage collector reclaims the memory once
// no queued command uses it.
func (b *buffer) Free(driver.Queue) error { return nil }
