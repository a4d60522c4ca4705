package native

import (
	"fmt"
	"unsafe"

	"github.com/kago-dev/kago/ka/driver"
)

type device struct{ info driver.DeviceInfo }

func (d *device) Info() driver.DeviceInfo { return d.info }

func (d *device) NewQueue(driver.Priority) (driver.Queue, error) { return newQueue(), nil }

func (d *device) Alloc(size int) (driver.Buffer, error) {
	words, err := allocWords(size) // 8-byte aligned for every element type
	if err != nil {
		return nil, err
	}
	return &buffer{b: unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(words))), size)}, nil
}

// function is a loaded kernel: its binder and whether it needs a
// goroutine per work-item.
type function struct {
	name    string
	bind    driver.NativeFunc
	barrier bool
}

func (d *device) Load(spec *driver.KernelSpec) (driver.Function, error) {
	if spec.Native == nil {
		return nil, fmt.Errorf("native: kernel %s has no Go entry (KernelSpec.Native is nil): %w", spec.Name, driver.ErrUnsupported)
	}
	return &function{name: spec.Name, bind: spec.Native, barrier: spec.Barrier}, nil
}

func (d *device) Close() error { return nil }

// buffer is device memory in the Go heap.
type buffer struct{ b []byte }

func (b *buffer) Bytes() []byte { return b.b }

// Free drops the reference; the garbage collector reclaims the memory once
// no queued command uses it.
func (b *buffer) Free(driver.Queue) error { return nil }
