//go:build cgo

package main

// PoCL is reached through cgo: built with CGO_ENABLED=0, the example
// runs on the native backend alone.
import _ "github.com/kago-dev/kago/backends/pocl"
