//go:build !cgo

package sync

import "unsafe"

// Without cgo there are no C trampolines: a backend built without cgo (with
// purego, say) delivers notifications with Notifier.Notify from its own
// callback instead.

// HostFunc returns nil when the program is built without cgo.
func HostFunc() unsafe.Pointer { return nil }

// EventCallback returns nil when the program is built without cgo.
func EventCallback() unsafe.Pointer { return nil }
