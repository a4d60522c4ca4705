package cuda

import (
	"context"
	"fmt"

	"github.com/kago-dev/kago/backends/cuda/internal/cu"
	"github.com/kago-dev/kago/ka/driver"
	kasync "github.com/kago-dev/kago/sync"
)

// gpuWait is how CUDA waits are done (package sync): poll cuStreamQuery for
// the default iteration budget (256 polls, the first 32 back to back, then
// yielding), then hand cuStreamSynchronize to one of sync's workers.
// KAGO_SYNC=blocking makes sync call cuStreamSynchronize on the caller.
var gpuWait = kasync.Options{}

// streamOp is "all of a stream's work so far" as a sync.Op and sync.Poller.
// It implements no Subscribe, so sync uses workers: the seed measured
// cuLaunchHostFunc callbacks 20–75 µs slower than handing over to a worker,
// and host functions stall the stream and are not called after an error.
// A queue reuses one streamOp for all its waits, so a wait that polling
// finishes allocates nothing.
type streamOp struct {
	ctx cu.Context
	s   cu.Stream
	// finished is set once Poll or Wait saw the stream complete or fail;
	// err is the failure.
	finished bool
	err      error
}

// Poll asks cuStreamQuery. A failed command ends the wait with its error.
func (o *streamOp) Poll() (bool, error) {
	done, err := o.ctx.Query(o.s)
	if err != nil {
		o.finished, o.err = true, err
		return true, err
	}
	o.finished = done
	return done, nil
}

// Wait blocks in cuStreamSynchronize (on a worker goroutine).
func (o *streamOp) Wait() error {
	o.err = o.ctx.Synchronize(o.s)
	o.finished = true
	return o.err
}

// wait waits for the stream's work so far. It is not cancellable: a
// cancelled ctx returns ctx.Err() only once the work has completed. A
// failed command is an error wrapping driver.ErrDevice that carries the
// CUDA error name.
func (o *streamOp) wait(ctx context.Context, what string) error {
	o.finished, o.err = false, nil
	_, err := kasync.Wait(ctx, o, gpuWait)
	if !o.finished {
		o.Wait() // only if sync returned early; it then returns at once
	}
	if o.err != nil {
		return deviceError(what, o.err)
	}
	if err != nil {
		if cerr := ctx.Err(); cerr != nil {
			return cerr
		}
		return fmt.Errorf("cuda: %s: %w", what, err)
	}
	return nil
}

// deviceError describes a failed stream: the work on it (or, for CUDA's
// sticky errors, earlier work in the context) failed.
func deviceError(what string, err error) error {
	return fmt.Errorf("cuda: %s: %w: %w", what, driver.ErrDevice, err)
}
