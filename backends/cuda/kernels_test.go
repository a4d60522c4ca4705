package cuda_test

import (
	_ "embed"
	"time"

	"github.com/kago-dev/kago/ka"
	"github.com/kago-dev/kago/ka/driver"
	"github.com/kago-dev/kago/ka/kgen"
)

// The GPU tests' kernels: Go functions for ka (their Go bodies are what the
// native backend would run) with the hand-written PTX of
// testdata/kernels.ptx, which follows docs/ir.md's ABI.

//go:embed testdata/kernels.ptx
var kernelsPTX []byte

// Empty does nothing.
func Empty(it ka.Item) {}

// Spin keeps each work-item busy for ns nanoseconds.
func Spin(it ka.Item, ns int64) {
	for t := time.Now(); time.Since(t) < time.Duration(ns); {
	}
}

// Saxpy computes y = a*x + y.
func Saxpy(it ka.Item, a float32, x, y []float32) {
	if i := it.Global(); i < len(y) {
		y[i] = a*x[i] + y[i]
	}
}

// WaitFlag waits until flag[0] != 0 (out[0] = 1) or limit ns pass (out[0] = 2).
func WaitFlag(it ka.Item, flag, out []int32, limit int64) {}

// SetFlag sets flag[0] = 1.
func SetFlag(it ka.Item, flag []int32) { flag[0] = 1 }

// Trap fails on the device.
func Trap(it ka.Item) {}

func register(fn any, entry string, params ...driver.Param) *driver.KernelSpec {
	spec := &driver.KernelSpec{Name: entry, Entry: entry, Params: params,
		Code: driver.CodeMap{driver.PTX: kernelsPTX}}
	kgen.RegisterKernel(fn, spec)
	return spec
}

var (
	_ = register(Empty, "Empty")
	_ = register(Spin, "Spin", driver.Param{Name: "ns", Type: driver.Int64})
	_ = register(Saxpy, "Saxpy", driver.Param{Name: "a", Type: driver.Float32},
		driver.Param{Name: "x", Type: driver.Float32, Slice: true}, driver.Param{Name: "y", Type: driver.Float32, Slice: true})
	_ = register(WaitFlag, "WaitFlag", driver.Param{Name: "flag", Type: driver.Int32, Slice: true},
		driver.Param{Name: "out", Type: driver.Int32, Slice: true}, driver.Param{Name: "limit", Type: driver.Int64})
	_ = register(SetFlag, "SetFlag", driver.Param{Name: "flag", Type: driver.Int32, Slice: true})
	_ = register(Trap, "Trap")
)

// BadPTX has PTX that does not assemble.
func BadPTX(it ka.Item) {}

var _ = func() int {
	kgen.RegisterKernel(BadPTX, &driver.KernelSpec{Name: "BadPTX", Entry: "BadPTX",
		Code: driver.CodeMap{driver.PTX: []byte(".version 7.0\n.target sm_80\n.address_size 64\n.visible .entry BadPTX(\n{\n\tnot.an.instruction;\n}\n")}})
	return 0
}()
