//go:build cgo

package sync

import "runtime/cgo"

// cHandle returns the cgo.Handle of w, made on the first call.
func (w *waiter) cHandle() uintptr {
	if h := w.handle.Load(); h != 0 {
		return h
	}
	h := cgo.NewHandle(w)
	if !w.handle.CompareAndSwap(0, uintptr(h)) {
		h.Delete() // a concurrent call won
		return w.handle.Load()
	}
	liveHandles.Add(1)
	return uintptr(h)
}

// deleteHandle deletes the cgo handle, if one was made. It is called on a Go
// goroutine once the notification has arrived (or Subscribe failed), never
// on the driver's thread.
func (w *waiter) deleteHandle() {
	if h := w.handle.Swap(0); h != 0 {
		cgo.Handle(h).Delete()
		liveHandles.Add(-1)
	}
}
