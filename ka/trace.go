package ka

import (
	"context"
	"fmt"
	"runtime/trace"
	"time"

	"github.com/kago-dev/kago/ka/driver"
)

// Go's execution tracer (runtime/trace) sees kago's work when it is on:
//
//   - each launch is a region "kago.launch" in the goroutine that launched,
//     with a log "kago.kernel" naming the kernel;
//   - each host copy (Read, Write, and the asynchronous ones) is a region
//     "kago.read", "kago.write" or "kago.copy";
//   - each wait (Synchronize, Event.Wait, LaunchTimed's Wait) is a region
//     "kago.wait" with a log naming what was waited for;
//   - each kernel launched while tracing is a task "kago.kernel <name>"
//     (go tool trace's user tasks), from its enqueue to the wait that saw it
//     complete, which may be another goroutine's: its span on the timeline
//     is the host's view, enqueue to observed completion, an upper bound on
//     the device's. Where the backend can time kernels
//     (driver.KernelTimer), the task carries a log with the kernel's name as
//     category and its device duration and interval (on the device's
//     profiling clock, which is not the trace's) as the message; without,
//     the task ends at the stream's next wait.
//
// With tracing off every hook is one check of trace.IsEnabled (an atomic
// load) and allocates nothing; BenchmarkLaunchTracing measures both cases.

// noTrace is the end of a region that was not started.
func noTrace() {}

// traceRegion starts a region of the given type when tracing is on and
// returns the function that ends it.
func traceRegion(typ string) func() {
	if !trace.IsEnabled() {
		return noTrace
	}
	return trace.StartRegion(context.Background(), typ).End
}

// traceWait is traceRegion("kago.wait") with a log saying what waits.
func traceWait(what string) func() {
	if !trace.IsEnabled() {
		return noTrace
	}
	ctx := context.Background()
	r := trace.StartRegion(ctx, "kago.wait")
	trace.Log(ctx, "kago.wait", what)
	return r.End
}

// tracedKernel is a kernel launched while tracing: its task, ended, and
// its device interval logged, once a wait on its stream has seen it
// complete.
type tracedKernel struct {
	name string
	span driver.Span // nil where the backend cannot time kernels
	ctx  context.Context
	task *trace.Task
}

// launchTraced enqueues a kernel while tracing is on: in a region, with
// the kernel's name logged, and timed where the backend can, so that
// waited logs its device interval. fn is k's function or its lean
// variant's. s.mu is held.
func (s *Stream) launchTraced(q *queue, k *Kernel, fn driver.Function, r, group NDRange, args []driver.Arg) error {
	ctx := context.Background()
	defer trace.StartRegion(ctx, "kago.launch").End()
	trace.Log(ctx, "kago.kernel", k.spec.Name)
	tctx, task := trace.NewTask(ctx, "kago.kernel "+k.spec.Name)
	var sp driver.Span
	var err error
	if kt, ok := q.q.(driver.KernelTimer); ok {
		sp, err = kt.LaunchTimed(fn, r, group, args)
	} else {
		err = q.q.Launch(fn, r, group, args)
	}
	if err != nil {
		task.End()
		return err
	}
	s.spans = append(s.spans, tracedKernel{name: k.spec.Name, span: sp, ctx: tctx, task: task})
	return nil
}

// logKernels logs the device interval of each kernel launched while
// tracing, now that a wait has seen them complete, and releases their
// spans. s.mu is held.
func (s *Stream) logKernels() {
	if len(s.spans) == 0 {
		return
	}
	on := trace.IsEnabled()
	for i, k := range s.spans {
		if on && k.span != nil {
			if start, end, err := k.span.Interval(); err == nil {
				trace.Log(k.ctx, k.name, fmt.Sprintf("device %v, from %d ns to %d ns on the device clock", time.Duration(end-start), start, end))
			} else {
				trace.Log(k.ctx, k.name, fmt.Sprintf("device interval unknown: %v", err))
			}
		}
		if k.span != nil {
			k.span.Release()
		}
		k.task.End()
		s.spans[i] = tracedKernel{}
	}
	s.spans = s.spans[:0]
}
