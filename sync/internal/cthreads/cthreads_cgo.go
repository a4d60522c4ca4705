// Package cthreads simulates device drivers for testing and benchmarking
// package sync: each Stream is an in-order queue served by a C pthread,
// which Go does not own. The thread runs each operation for its device time
// (sleeping, as a GPU leaves the host idle), then completes it as a driver
// does: it sets the completion flag that Poll reads, wakes threads blocked in
// Wait (a cgo call parked on a pthread condition variable, like
// clWaitForEvents), and calls the registered completion callback, one of
// package sync's C trampolines, from its own thread.
//
// An Op is seen by package sync through views of different types, so that a
// test picks the strategy: *Op (blocking wait only: a worker waits),
// *PollOp (also pollable), *EventOp (pollable, with clSetEventCallback-style
// callbacks), *HostFuncOp (not pollable, with cuLaunchHostFunc-style
// callbacks). Converting between them allocates nothing.
//
// Only tests and benchmarks import this package.
package cthreads

/*
#cgo CFLAGS: -O2 -Wall
#cgo LDFLAGS: -lpthread
#include "cthreads.h"
*/
import "C"

import (
	"fmt"
	"runtime"
	"time"
	"unsafe"

	kasync "github.com/kago-dev/kago/sync"
)

// Stream is a simulated device queue served by one C pthread. Operations
// run one after the other in submission order.
type Stream struct{ c *C.kstream }

// NewStream starts a stream's thread. Close it when done.
func NewStream() *Stream { return &Stream{C.kstream_new()} }

// Close waits until every submitted operation has completed (open their
// gates first) and ends the thread. Ops stay usable.
func (s *Stream) Close() { C.kstream_close(s.c) }

// Gate holds back the operations that refer to it until it is opened.
type Gate struct{ c *C.kgate }

// NewGate returns a closed gate.
func NewGate() *Gate {
	g := &Gate{C.kgate_new()}
	runtime.AddCleanup(g, func(c *C.kgate) { C.kgate_unref(c) }, g.c)
	return g
}

// Open lets the operations held by g run. Opening twice is harmless.
func (g *Gate) Open() {
	C.kgate_open(g.c)
	runtime.KeepAlive(g)
}

// Spec describes a simulated operation.
type Spec struct {
	// Delay is the device time: the operation completes Delay after it
	// starts, which is when the operations before it have completed and
	// Gate is open.
	Delay time.Duration
	// Gate, if not nil, holds the operation (and the stream behind it)
	// until it is opened.
	Gate *Gate
	// Status is the driver's status: a negative value makes the
	// operation fail, which Wait and Poll report.
	Status int32
	// FailSubscribe makes Subscribe fail and register nothing.
	FailSubscribe bool
}

// Submit enqueues an operation on s.
func (s *Stream) Submit(spec Spec) *Op {
	var gate *C.kgate
	if spec.Gate != nil {
		gate = spec.Gate.c
	}
	fail := C.int(0)
	if spec.FailSubscribe {
		fail = 1
	}
	op := &Op{C.kstream_submit(s.c, C.int64_t(spec.Delay), gate, C.int32_t(spec.Status), fail)}
	runtime.KeepAlive(spec.Gate)
	runtime.AddCleanup(op, func(c *C.kop) { C.kop_unref(c) }, op.c)
	return op
}

// After enqueues an operation that takes d of device time.
func (s *Stream) After(d time.Duration) *Op { return s.Submit(Spec{Delay: d}) }

// Op is a simulated operation. As a kasync.Op it only has a blocking wait.
type Op struct{ c *C.kop }

// Error is the error of a failed simulated operation.
type Error struct{ Status int32 }

func (e *Error) Error() string { return fmt.Sprintf("simulated device error %d", e.Status) }

func statusErr(st C.int32_t) error {
	if st < 0 {
		return &Error{int32(st)}
	}
	return nil
}

// Wait blocks the calling thread in C until the operation has completed,
// like clWaitForEvents, and returns its status.
func (o *Op) Wait() error {
	st := C.kop_wait(o.c)
	runtime.KeepAlive(o)
	return statusErr(st)
}

func (o *Op) poll() (bool, error) {
	st := C.kop_poll(o.c) // no Go pointer passed: it would escape and allocate
	runtime.KeepAlive(o)
	if st == 0 {
		return false, nil
	}
	return true, statusErr(st)
}

func (o *Op) subscribe(kind C.int, fn unsafe.Pointer, n kasync.Notifier) error {
	rc := C.kop_subscribe(o.c, kind, fn, C.uintptr_t(n.Handle()))
	runtime.KeepAlive(o)
	if rc != 0 {
		return fmt.Errorf("simulated subscribe failed (%d)", int(rc))
	}
	return nil
}

// Done reports whether the operation has completed, without counting as a
// poll.
func (o *Op) Done() bool {
	d := C.kop_done(o.c) != 0
	runtime.KeepAlive(o)
	return d
}

// EndNS is the completion time on NowNS's clock, 0 before completion.
func (o *Op) EndNS() int64 {
	t := int64(C.kop_end_ns(o.c))
	runtime.KeepAlive(o)
	return t
}

// Counts are how often the operation was used through its driver calls.
type Counts struct {
	Waits      int // blocking waits started
	Polls      int
	Subscribes int // Subscribe calls, failed ones included
	Registered int // callbacks registered
	Callbacks  int // callbacks fired
}

// Counts returns the operation's counters.
func (o *Op) Counts() Counts {
	var w, p, s, r, c C.int32_t
	C.kop_counts(o.c, &w, &p, &s, &r, &c)
	runtime.KeepAlive(o)
	return Counts{int(w), int(p), int(s), int(r), int(c)}
}

// AwaitCallback blocks until the registered callback has returned.
func (o *Op) AwaitCallback() {
	C.kop_await_callback(o.c)
	runtime.KeepAlive(o)
}

// Poll views o as a pollable operation.
func (o *Op) Poll() *PollOp { return (*PollOp)(o) }

// Event views o as a pollable operation with clSetEventCallback-style
// callbacks (kasync.EventCallback).
func (o *Op) Event() *EventOp { return (*EventOp)(o) }

// HostFunc views o as a non-pollable operation with cuLaunchHostFunc-style
// callbacks (kasync.HostFunc).
func (o *Op) HostFunc() *HostFuncOp { return (*HostFuncOp)(o) }

// PollOp is an Op that can also be polled (cuStreamQuery).
type PollOp Op

// Wait is Op.Wait.
func (o *PollOp) Wait() error { return (*Op)(o).Wait() }

// Poll reports completion without blocking, with the operation's error if
// it failed.
func (o *PollOp) Poll() (bool, error) { return (*Op)(o).poll() }

// Op returns the underlying operation.
func (o *PollOp) Op() *Op { return (*Op)(o) }

// EventOp is a pollable Op whose Subscribe registers kasync.EventCallback,
// as an OpenCL backend does with clSetEventCallback. If the operation has
// already completed, the callback runs inside Subscribe.
type EventOp Op

// Wait is Op.Wait.
func (o *EventOp) Wait() error { return (*Op)(o).Wait() }

// Poll is PollOp.Poll.
func (o *EventOp) Poll() (bool, error) { return (*Op)(o).poll() }

// Subscribe registers kasync.EventCallback with n.Handle() as user data.
func (o *EventOp) Subscribe(n kasync.Notifier) error {
	return (*Op)(o).subscribe(C.KOP_CB_EVENT, kasync.EventCallback(), n)
}

// Op returns the underlying operation.
func (o *EventOp) Op() *Op { return (*Op)(o) }

// HostFuncOp is a non-pollable Op whose Subscribe registers kasync.HostFunc,
// as a CUDA backend would with cuLaunchHostFunc. If the operation has
// already completed, the callback runs inside Subscribe.
type HostFuncOp Op

// Wait is Op.Wait.
func (o *HostFuncOp) Wait() error { return (*Op)(o).Wait() }

// Subscribe registers kasync.HostFunc with n.Handle() as user data.
func (o *HostFuncOp) Subscribe(n kasync.Notifier) error {
	return (*Op)(o).subscribe(C.KOP_CB_HOST_FUNC, kasync.HostFunc(), n)
}

// Op returns the underlying operation.
func (o *HostFuncOp) Op() *Op { return (*Op)(o) }

// NowNS reads the clock that EndNS uses (CLOCK_MONOTONIC), in nanoseconds.
func NowNS() int64 { return int64(C.kop_now_ns()) }

// BlockedWaits is the number of threads blocked in Op.Wait right now.
func BlockedWaits() int { return int(C.kop_blocked_waits()) }
