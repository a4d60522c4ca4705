// Package pocl registers the "pocl" backend: the CPU device of PoCL (the
// Portable Computing Language, pocl-opencl-icd), through backends/opencl.
//
// It is kago's default CPU backend: ka.Open("") picks it after any GPU,
// before the native backend. Because PoCL runs kernels on the host's own
// cores, its waits spin for at most ~10 µs and then park on an OpenCL event
// callback, keeping the cores for the kernel (see docs/backends.md).
//
//	import _ "github.com/kago-dev/kago/backends/pocl"
package pocl

import (
	"strings"

	"github.com/kago-dev/kago/backends/opencl"
	"github.com/kago-dev/kago/ka"
	"github.com/kago-dev/kago/ka/driver"
)

// PlatformName is the name PoCL's OpenCL platform reports.
const PlatformName = "Portable Computing Language"

// Backend is the pocl backend: the CPU devices of the PoCL platform.
var Backend = opencl.NewBackend("pocl",
	func(platform string, kind driver.Kind) bool {
		return strings.Contains(platform, PlatformName) && kind == driver.CPU
	},
	"install the Debian packages pocl-opencl-icd and ocl-icd-libopencl1")

func init() { ka.Register("pocl", Backend) }
