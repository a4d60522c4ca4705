//go:build !cgo

package sync

// Without cgo there are no C callbacks to hand a waiter to, so there are no
// handles (and package sync does not import runtime/cgo, which a cgo-free
// build cannot link): Go code, the native backend's included, notifies
// with Notifier.Notify.

func (w *waiter) cHandle() uintptr {
	panic("kago/sync: Notifier.Handle is for C callbacks, and this program is built without cgo (CGO_ENABLED=0)")
}

func (w *waiter) deleteHandle() {}
