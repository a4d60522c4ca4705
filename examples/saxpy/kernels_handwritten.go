package main

// Until kago gen writes kago_kernels.go, this is what it will write for
// the native backend: a typed entry with no reflection per work-item.

import (
	"github.com/kago-dev/kago/ka"
	"github.com/kago-dev/kago/ka/driver"
)

func init() {
	ka.RegisterKernel(Saxpy, &driver.KernelSpec{
		Name:  "Saxpy",
		Entry: "Saxpy",
		Params: []driver.Param{
			{Name: "a", Type: driver.Float32},
			{Name: "x", Type: driver.Float32, Slice: true},
			{Name: "y", Type: driver.Float32, Slice: true},
		},
		Native: ka.NativeFunc(func(args []driver.Arg) func(ka.Item) {
			a := args[0].Value.(float32)
			x := args[1].Value.([]float32)
			y := args[2].Value.([]float32)
			return func(it ka.Item) { Saxpy(it, a, x, y) }
		}),
	})
}
