//go:build cgo

package sync

// The C trampolines that backends pass to drivers as completion callbacks,
// with Notifier.Handle() as user data. They call kagoSyncNotify, which wakes
// the waiting goroutine.

/*
#include <stdint.h>

extern void kagoSyncNotify(uintptr_t user);

// For cuLaunchHostFunc: void (*)(void *user).
static void kago_sync_host_func(void *user) { kagoSyncNotify((uintptr_t)user); }

// For clSetEventCallback: void (CL_CALLBACK *)(cl_event, cl_int, void *user).
// CL_CALLBACK is the default C calling convention on Linux. The status is
// ignored: the waiter's caller asks the driver for it afterwards (Wait
// reports ran=false).
static void kago_sync_event_callback(void *event, int32_t status, void *user) {
	(void)event;
	(void)status;
	kagoSyncNotify((uintptr_t)user);
}

static void *kago_sync_host_func_ptr(void) { return (void *)kago_sync_host_func; }
static void *kago_sync_event_callback_ptr(void) { return (void *)kago_sync_event_callback; }
*/
import "C"

import (
	"runtime/cgo"
	"unsafe"
)

var (
	hostFunc      = unsafe.Pointer(C.kago_sync_host_func_ptr())
	eventCallback = unsafe.Pointer(C.kago_sync_event_callback_ptr())
)

// HostFunc returns the C function for cuLaunchHostFunc, of C type
// void (*)(void *user); pass Notifier.Handle() as user data.
func HostFunc() unsafe.Pointer { return hostFunc }

// EventCallback returns the C function for clSetEventCallback, of C type
// void (*)(void *event, int32_t status, void *user); pass Notifier.Handle()
// as user data.
func EventCallback() unsafe.Pointer { return eventCallback }

// kagoSyncNotify runs on the driver's thread, which Go may not own. It does
// the least possible work: a lock-free handle lookup and a non-blocking
// channel send. The handle is deleted later by a Go goroutine.
//
//export kagoSyncNotify
func kagoSyncNotify(user C.uintptr_t) {
	cgo.Handle(user).Value().(*waiter).notify()
}
