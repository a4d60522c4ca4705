package cuda

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"

	"github.com/kago-dev/kago/backends/cuda/internal/cu"
	"github.com/kago-dev/kago/ka/driver"
)

// Device is an opened CUDA device: its primary context, the modules loaded
// into it and a private stream for allocations and frees that belong to no
// queue.
type Device struct {
	ordinal int
	id      cu.Device
	ctx     cu.Context
	info    driver.DeviceInfo
	lim     limits

	// least and greatest are the context's stream priority range.
	least, greatest int

	// private orders cuMemAllocAsync and the frees of memory whose last
	// queue has been recycled (Buffer.Free(nil)); no kernel ever runs on it,
	// so nothing there waits for a task's work.
	private cu.Stream
	// stops carries the writes of the queues' stop flags (stop.go): a
	// stream with no other work, of the greatest priority, so that they
	// run at once, beside the kernels.
	stops cu.Stream
	// records carries the events' reads of the queues' fault records
	// (faults.go): also a stream of its own, of the greatest priority.
	records cu.Stream

	mu     sync.Mutex
	funcs  map[*driver.KernelSpec]*function // Load's cache
	mods   map[string]cu.Module             // the modules loaded, by their PTX: entries of one module share it
	closed atomic.Bool
}

var _ driver.Device = (*Device)(nil)

func openDevice(drv cu.Driver, i int) (*Device, error) {
	id, err := drv.GetDevice(i)
	if err != nil {
		return nil, fmt.Errorf("cuda: opening device %d: %w", i, err)
	}
	info, lim, err := queryInfo(id)
	if err != nil {
		return nil, fmt.Errorf("cuda: opening device %d: %w", i, err)
	}
	ctx, err := id.RetainPrimary()
	if err != nil {
		return nil, fmt.Errorf("cuda: opening %s: %w", info.Name, err)
	}
	least, greatest, err := ctx.PriorityRange()
	if err != nil {
		id.ReleasePrimary()
		return nil, fmt.Errorf("cuda: opening %s: %w", info.Name, err)
	}
	levels := priorityLevels(least, greatest)
	info.Capabilities.Priorities = levels > 1
	info.Capabilities.Notes = append(info.Capabilities.Notes,
		fmt.Sprintf("stream priorities %d (least) to %d (greatest): %d level(s); high=%d normal=%d low=%d",
			least, greatest, levels, cudaPriority(driver.High, least, greatest),
			cudaPriority(driver.Normal, least, greatest), cudaPriority(driver.Low, least, greatest)))
	private, err := ctx.CreateStream(cu.StreamNonBlocking, least)
	if err != nil {
		id.ReleasePrimary()
		return nil, fmt.Errorf("cuda: opening %s: %w", info.Name, err)
	}
	stops, err := ctx.CreateStream(cu.StreamNonBlocking, greatest)
	if err != nil {
		ctx.DestroyStream(private)
		id.ReleasePrimary()
		return nil, fmt.Errorf("cuda: opening %s: %w", info.Name, err)
	}
	records, err := ctx.CreateStream(cu.StreamNonBlocking, greatest)
	if err != nil {
		ctx.DestroyStream(stops)
		ctx.DestroyStream(private)
		id.ReleasePrimary()
		return nil, fmt.Errorf("cuda: opening %s: %w", info.Name, err)
	}
	return &Device{ordinal: i, id: id, ctx: ctx, info: info, lim: lim, least: least, greatest: greatest,
		private: private, stops: stops, records: records, funcs: make(map[*driver.KernelSpec]*function), mods: make(map[string]cu.Module)}, nil
}

// Info describes the device.
func (d *Device) Info() driver.DeviceInfo { return d.info }

// Alloc allocates size bytes of device memory: from the device's default
// memory pool in the private stream's order (then waiting, cooperatively,
// until the memory is usable by every stream), or with cuMemAlloc where the
// device has no pools.
func (d *Device) Alloc(size int) (driver.Buffer, error) {
	if d.closed.Load() {
		return nil, fmt.Errorf("cuda: alloc: %w", driver.ErrClosed)
	}
	if size <= 0 {
		return nil, fmt.Errorf("cuda: alloc of %d bytes: size must be positive", size)
	}
	if !d.lim.pools {
		p, err := d.ctx.MemAlloc(size)
		if err != nil {
			return nil, fmt.Errorf("cuda: alloc of %d bytes on %s: %w", size, d.info.Name, memError(err))
		}
		return &buffer{dev: d, ptr: p, size: size}, nil
	}
	p, err := d.ctx.MemAllocAsync(size, d.private)
	if err != nil {
		return nil, fmt.Errorf("cuda: alloc of %d bytes on %s: %w", size, d.info.Name, memError(err))
	}
	op := streamOp{ctx: d.ctx, s: d.private}
	if err := op.wait(context.Background(), "alloc"); err != nil {
		return nil, err
	}
	return &buffer{dev: d, ptr: p, size: size}, nil
}

// memError marks the driver's out-of-memory error (CUDA_ERROR_OUT_OF_MEMORY)
// as driver.ErrOutOfMemory.
func memError(err error) error {
	if cu.CodeOf(err) == cu.OutOfMemory {
		return fmt.Errorf("%w: %w", err, driver.ErrOutOfMemory)
	}
	return err
}

// Close unloads the modules, destroys the device's own streams and
// releases the primary context. ka calls it after releasing every queue
// and buffer.
func (d *Device) Close() error {
	if d.closed.Swap(true) {
		return nil
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	var errs []error
	for _, mod := range d.mods {
		errs = append(errs, d.ctx.UnloadModule(mod))
	}
	d.funcs, d.mods = nil, nil
	op := streamOp{ctx: d.ctx, s: d.private}
	errs = append(errs, op.wait(context.Background(), "close"))
	for _, s := range []cu.Stream{d.stops, d.records} {
		op := streamOp{ctx: d.ctx, s: s}
		errs = append(errs, op.wait(context.Background(), "close"))
	}
	errs = append(errs, d.ctx.DestroyStream(d.private), d.ctx.DestroyStream(d.stops), d.ctx.DestroyStream(d.records), d.id.ReleasePrimary())
	if err := errors.Join(errs...); err != nil {
		return fmt.Errorf("cuda: closing %s: %w", d.info.Name, err)
	}
	return nil
}

// buffer is device memory.
type buffer struct {
	dev   *Device
	ptr   cu.DevicePtr
	size  int
	freed atomic.Bool
}

// Free releases the memory. With q, the memory was last used on q's stream
// and is freed in its order (cuMemFreeAsync), without waiting. Without q,
// all work that used it has completed, or ran on a stream that has since
// gone to another task: it is freed on the device's private stream, never
// on a stream that another task may now be using (or capturing). Without
// memory pools, the free waits for q's work first, then calls cuMemFree.
func (b *buffer) Free(q driver.Queue) error {
	if b.freed.Swap(true) {
		return fmt.Errorf("cuda: buffer freed twice: %w", driver.ErrClosed)
	}
	d := b.dev
	var qu *queue
	if q != nil {
		var ok bool
		if qu, ok = q.(*queue); !ok || qu == nil || qu.dev.ctx != d.ctx {
			return fmt.Errorf("cuda: free on a queue of type %T, not of this device", q)
		}
		if qu.done {
			qu = nil
		}
	}
	var err error
	switch {
	case d.lim.pools && qu != nil:
		err = d.ctx.MemFreeAsync(b.ptr, qu.s)
	case d.lim.pools:
		err = d.ctx.MemFreeAsync(b.ptr, d.private)
	default:
		if qu != nil {
			if werr := qu.op.wait(context.Background(), "free"); werr != nil {
				return werr
			}
		}
		err = d.ctx.MemFree(b.ptr)
	}
	if err != nil {
		return fmt.Errorf("cuda: free: %w", err)
	}
	return nil
}
