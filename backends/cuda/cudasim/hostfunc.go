package cudasim

/*
#cgo LDFLAGS: -lpthread
#include <pthread.h>
#include <stdint.h>

typedef void (*kgsim_fn)(void *);
typedef struct { kgsim_fn fn; void *user; } kgsim_call;

static void *kgsim_thread(void *p) {
	kgsim_call *c = p;
	c->fn(c->user);
	return NULL;
}

// kgsim_host_func calls fn(user) on a new pthread and waits for it: the
// thread is not Go's, as the CUDA driver's callback thread is not.
static int kgsim_host_func(void *fn, uintptr_t user) {
	kgsim_call c = { (kgsim_fn)fn, (void *)user };
	pthread_t th;
	int r = pthread_create(&th, NULL, kgsim_thread, &c);
	if (r) return r;
	return pthread_join(th, NULL);
}
*/
import "C"

import (
	"fmt"
	"syscall"
	"unsafe"
)

// callHostFunc calls the C function fn with user on a C thread and
// returns when it has returned.
func callHostFunc(fn unsafe.Pointer, user uintptr) error {
	if r := C.kgsim_host_func(fn, C.uintptr_t(user)); r != 0 {
		return fmt.Errorf("cudasim: pthread: %w", syscall.Errno(r))
	}
	return nil
}
