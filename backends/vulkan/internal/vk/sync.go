package vk

import (
	"fmt"
	"math"
	"time"
)

// Submit submits the command buffers to the device's queue; fence (0 for
// none) is signaled when they complete.
func (d *Device) Submit(fence Fence, cbs ...*CommandBuffer) error {
	return d.submit(fence, 0, 0, cbs)
}

// SubmitSignal submits like Submit and signals the timeline semaphore sem
// to value when the command buffers complete.
func (d *Device) SubmitSignal(fence Fence, sem Semaphore, value uint64, cbs ...*CommandBuffer) error {
	if sem == 0 {
		return ErrZeroHandle
	}
	if !d.Enabled.TimelineSemaphore {
		return fmt.Errorf("%w: timelineSemaphore is not enabled", ErrInvalidArgument)
	}
	return d.submit(fence, sem, value, cbs)
}

func (d *Device) submit(fence Fence, sem Semaphore, value uint64, cbs []*CommandBuffer) error {
	if err := d.ok(); err != nil {
		return err
	}
	hs := make([]uintptr, len(cbs))
	for k, c := range cbs {
		if c.ok() != nil || c.d != d {
			return ErrZeroHandle
		}
		hs[k] = c.h
	}
	return cSubmit(d, hs, fence, sem, value)
}

// QueueWaitIdle waits until the device's queue is idle.
func (d *Device) QueueWaitIdle() error {
	if err := d.ok(); err != nil {
		return err
	}
	return cQueueWaitIdle(d)
}

// CreateFence creates a fence, signaled or not.
func (d *Device) CreateFence(signaled bool) (Fence, error) {
	if err := d.ok(); err != nil {
		return 0, err
	}
	return cCreateFence(d, signaled)
}

// DestroyFence destroys f; a zero f is ignored.
func (d *Device) DestroyFence(f Fence) {
	if d.ok() != nil || f == 0 {
		return
	}
	cDestroyFence(d, f)
}

// nanos converts a timeout to Vulkan's nanoseconds; negative is forever.
func nanos(timeout time.Duration) uint64 {
	if timeout < 0 {
		return math.MaxUint64
	}
	return uint64(timeout)
}

// WaitForFence waits up to timeout (negative: forever) for f. It returns
// Success when f is signaled and Timeout (with a nil error) when the time
// ran out; any other result is an error.
func (d *Device) WaitForFence(f Fence, timeout time.Duration) (Result, error) {
	if err := d.ok(); err != nil {
		return 0, err
	}
	if f == 0 {
		return 0, ErrZeroHandle
	}
	r := cWaitFence(d, f, nanos(timeout))
	if r == Success || r == Timeout {
		return r, nil
	}
	return r, check("vkWaitForFences", int32(r))
}

// FenceSignaled reports whether f is signaled, without waiting.
func (d *Device) FenceSignaled(f Fence) (bool, error) {
	if err := d.ok(); err != nil {
		return false, err
	}
	if f == 0 {
		return false, ErrZeroHandle
	}
	switch r := cFenceStatus(d, f); r {
	case Success:
		return true, nil
	case NotReady:
		return false, nil
	default:
		return false, check("vkGetFenceStatus", int32(r))
	}
}

// ResetFence sets f back to unsignaled.
func (d *Device) ResetFence(f Fence) error {
	if err := d.ok(); err != nil {
		return err
	}
	if f == 0 {
		return ErrZeroHandle
	}
	return cResetFence(d, f)
}

// CreateTimelineSemaphore creates a timeline semaphore with initial value.
func (d *Device) CreateTimelineSemaphore(initial uint64) (Semaphore, error) {
	if err := d.ok(); err != nil {
		return 0, err
	}
	if !d.Enabled.TimelineSemaphore {
		return 0, fmt.Errorf("%w: timelineSemaphore is not enabled", ErrInvalidArgument)
	}
	return cCreateSemaphore(d, true, initial)
}

// DestroySemaphore destroys s; a zero s is ignored.
func (d *Device) DestroySemaphore(s Semaphore) {
	if d.ok() != nil || s == 0 {
		return
	}
	cDestroySemaphore(d, s)
}

// WaitSemaphore waits up to timeout (negative: forever) for the timeline
// semaphore s to reach value. Like WaitForFence it returns Success or
// Timeout with a nil error.
func (d *Device) WaitSemaphore(s Semaphore, value uint64, timeout time.Duration) (Result, error) {
	if err := d.ok(); err != nil {
		return 0, err
	}
	if s == 0 {
		return 0, ErrZeroHandle
	}
	if !d.Enabled.TimelineSemaphore {
		return 0, fmt.Errorf("%w: timelineSemaphore is not enabled", ErrInvalidArgument)
	}
	r := cWaitSemaphore(d, s, value, nanos(timeout))
	if r == Success || r == Timeout {
		return r, nil
	}
	return r, check("vkWaitSemaphores", int32(r))
}

// SemaphoreValue returns the timeline semaphore's current value.
func (d *Device) SemaphoreValue(s Semaphore) (uint64, error) {
	if err := d.ok(); err != nil {
		return 0, err
	}
	if s == 0 {
		return 0, ErrZeroHandle
	}
	if !d.Enabled.TimelineSemaphore {
		return 0, fmt.Errorf("%w: timelineSemaphore is not enabled", ErrInvalidArgument)
	}
	return cSemaphoreValue(d, s)
}
