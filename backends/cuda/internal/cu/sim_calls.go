//go:build cgo

package cu

import (
	"errors"
	"fmt"
	"time"
	"unsafe"
)

// The simulated branch of each entry point of lib_cgo.go: the same calls
// in the same order, with the same errors, against the installed Sim.

func (d Device) simName() (string, error) {
	s, r := simOf().DeviceName(d)
	return s, check("cuDeviceGetName", r)
}

func (d Device) simAttribute(attr int) (int, error) {
	v, r := simOf().DeviceAttribute(d, attr)
	if err := check("cuDeviceGetAttribute", r); err != nil {
		return 0, fmt.Errorf("%w (attribute %d)", err, attr)
	}
	return v, nil
}

func (d Device) simTotalMem() (int64, error) {
	v, r := simOf().DeviceTotalMem(d)
	return v, check("cuDeviceTotalMem", r)
}

func (d Device) simRetainPrimary() (Context, error) {
	c, r := simOf().PrimaryRetain(d)
	if err := check("cuDevicePrimaryCtxRetain", r); err != nil {
		return 0, err
	}
	return c, nil
}

func (d Device) simReleasePrimary() error {
	return check("cuDevicePrimaryCtxRelease", simOf().PrimaryRelease(d))
}

func (c Context) simPriorityRange() (int, int, error) {
	l, g, r := simOf().PriorityRange(c)
	if err := check("cuCtxGetStreamPriorityRange", r); err != nil {
		return 0, 0, err
	}
	return l, g, nil
}

func (c Context) simCreateStream(flags uint32, priority int) (Stream, error) {
	s, r := simOf().StreamCreate(c, flags, priority)
	if err := check("cuStreamCreateWithPriority", r); err != nil {
		return 0, err
	}
	return s, nil
}

func (c Context) simQuery(s Stream) (bool, error) {
	switch r := simOf().StreamQuery(c, s); r {
	case Success:
		return true, nil
	case NotReady:
		return false, nil
	default:
		return true, &Error{Call: "cuStreamQuery", Code: r}
	}
}

func (c Context) simRecord(s Stream, flags uint32) (Event, error) {
	sm := simOf()
	ev, r := sm.EventCreate(c, flags)
	if r != Success {
		return 0, check("cuEventCreate", r)
	}
	if r := sm.EventRecord(c, ev, s); r != Success {
		sm.EventDestroy(c, ev)
		return 0, check("cuEventRecord", r)
	}
	return ev, nil
}

func (c Context) simLoadModule(ptx []byte) (Module, error) {
	if len(ptx) == 0 {
		return 0, errors.New("cuModuleLoadDataEx: empty PTX")
	}
	m, log, r := simOf().ModuleLoad(c, ptx)
	if r != Success {
		return 0, &JITError{Err: check("cuModuleLoadDataEx", r), ErrLog: log}
	}
	return m, nil
}

func (c Context) simFunction(m Module, name string) (Function, error) {
	f, r := simOf().ModuleFunction(c, m, name)
	if err := check("cuModuleGetFunction", r); err != nil {
		return 0, fmt.Errorf("%w (kernel %q)", err, name)
	}
	return f, nil
}

func (c Context) simFuncAttribute(f Function, attr int) (int, error) {
	v, r := simOf().FuncAttribute(c, f, attr)
	if err := check("cuFuncGetAttribute", r); err != nil {
		return 0, err
	}
	return v, nil
}

func (c Context) simMemAlloc(size int) (DevicePtr, error) {
	p, r := simOf().MemAlloc(c, size)
	if err := check("cuMemAlloc", r); err != nil {
		return 0, err
	}
	return p, nil
}

func (c Context) simMemAllocAsync(size int, s Stream) (DevicePtr, error) {
	p, r := simOf().MemAllocAsync(c, size, s)
	if err := check("cuMemAllocAsync", r); err != nil {
		return 0, err
	}
	return p, nil
}

func (c Context) simLaunchHostFunc(s Stream, fn unsafe.Pointer, user uintptr) error {
	if !simOf().HasHostFunc() {
		return errors.New("cuLaunchHostFunc: not in this driver (CUDA 10.0 needed)")
	}
	return check("cuLaunchHostFunc", simOf().LaunchHostFunc(c, s, fn, user))
}

func (c Context) simEventQuery(ev Event) (bool, error) {
	switch r := simOf().EventQuery(c, ev); r {
	case Success:
		return true, nil
	case NotReady:
		return false, nil
	default:
		return true, &Error{Call: "cuEventQuery", Code: r}
	}
}

func (c Context) simEventElapsed(start, end Event) (time.Duration, error) {
	ms, r := simOf().EventElapsed(c, start, end)
	if err := check("cuEventElapsedTime", r); err != nil {
		return 0, err
	}
	return time.Duration(float64(ms) * float64(time.Millisecond)), nil
}
