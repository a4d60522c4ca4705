package driver

// This file declares the types of a KernelSpec's Go entries, which the
// native backend runs (KernelSpec.Native, KernelSpec.Group). kago gen
// writes them; the state they run on, a work-item's and a work-group's,
// is package kernel's.

import "github.com/kago-dev/kago/ka/kernel"

// NativeFunc is the type of KernelSpec.Native: it binds a launch's
// arguments (as Queue.Launch receives them, a HostBuffer slice's Value
// being its []T view) once, and returns the function that runs one
// work-item. kago gen writes one per kernel (a type assertion per argument,
// then a direct call: no reflection per work-item); ka makes a reflective
// one for kernels without generated code.
type NativeFunc func(args []Arg) func(kernel.Item)

// GroupFunc is the type of KernelSpec.Group: like NativeFunc, it binds a
// launch's arguments once; the function it returns runs one whole
// work-group, every work-item of it, as loops whose variables are the
// work-item ids. kago gen writes one per kernel it can transform; a kernel
// with barriers becomes consecutive loops, one per stretch between
// barriers.
type GroupFunc func(args []Arg) func(*kernel.WorkGroup)
