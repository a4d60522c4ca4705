package driver

// This file describes the kernel ABI: the parameters of a kernel's device
// code, in order, as kago's front end lays them out (docs/ir.md, "Kernel
// ABI"). A backend packs a launch's arguments in one loop over
// KernelSpec.Layout and never counts parameters itself.

import (
	"fmt"
	"strings"
)

// DeviceParamKind is what one parameter of a kernel's device code carries.
type DeviceParamKind uint8

// The kinds of device parameters. ParamGlobalSize is hidden: the front end
// appends it to every kernel after the Go parameters; a future hidden
// parameter (an error record, a cancellation flag) is one more kind here,
// one more entry in HiddenParams, and one more case in each backend's
// packing loop (which refuses a kind it does not know).
const (
	_                DeviceParamKind = iota
	ParamBuffer                      // the device address of the buffer of the []T parameter Params[Arg]
	ParamLength                      // the length of the []T parameter Params[Arg], 8 bytes
	ParamScalar                      // the scalar parameter Params[Arg], Params[Arg].Type.Size() bytes (a bool is 1 byte, 0 or 1)
	ParamGlobalSize                  // hidden: the launch's range in dimension Dim (unused dimensions 1), 8 bytes
	ParamFaultRecord                 // hidden, kernels with fault sites or stop checks only: the device address of the queue's fault record (faults.go), 8 bytes
	ParamLaunchID                    // hidden, kernels with fault sites only: the launch's number, which a fault record names, 4 bytes
	ParamOffset                      // the element offset of the ka.Matrix or ka.Volume view Params[Arg] in its buffer (Arg.Offset), 8 bytes
	ParamShape                       // the extent of the view Params[Arg] in its dimension Dim: rows, cols (and depth) (Arg.Shape[Dim]), 8 bytes
	ParamField                       // bytes Offset..Offset+Size of the struct parameter Params[Arg] (Arg.Bytes, Go's layout): one scalar field, 1 to 8 bytes, little-endian
	ParamStride                      // the elements between consecutive indices of dimension Dim of the view Params[Arg] (Arg.Strides[Dim]; the last dimension's is 1 and not passed), 8 bytes
	ParamLocalBuffer                 // the group's local memory of the ka.Local[T] parameter Params[Arg], Arg.Len elements of Params[Arg].Type, allocated by the launch (localmem.go)
	ParamLocalLength                 // the length of the ka.Local[T] parameter Params[Arg] (Arg.Len), 8 bytes
)

var deviceParamKinds = [...]string{ParamBuffer: "ParamBuffer", ParamLength: "ParamLength", ParamScalar: "ParamScalar", ParamGlobalSize: "ParamGlobalSize",
	ParamFaultRecord: "ParamFaultRecord", ParamLaunchID: "ParamLaunchID",
	ParamOffset: "ParamOffset", ParamShape: "ParamShape", ParamStride: "ParamStride", ParamField: "ParamField",
	ParamLocalBuffer: "ParamLocalBuffer", ParamLocalLength: "ParamLocalLength"}

// String returns the kind's Go name ("ParamBuffer"), or
// DeviceParamKind(n) for a kind that has none.
func (k DeviceParamKind) String() string {
	if int(k) < len(deviceParamKinds) && deviceParamKinds[k] != "" {
		return deviceParamKinds[k]
	}
	return fmt.Sprintf("DeviceParamKind(%d)", int(k))
}

// DeviceParam is one parameter of a kernel's device code.
type DeviceParam struct {
	Kind DeviceParamKind
	Arg  int // ParamBuffer, ParamLength, ParamScalar, ParamOffset, ParamShape, ParamStride: the index of the Go parameter in KernelSpec.Params and the launch's args
	Dim  int // ParamGlobalSize, ParamShape, ParamStride: the dimension, 0..2
	Size int // the size in bytes: 8 for a buffer's address, a length and a global size
	// Offset is, for ParamField, the field's byte offset in the struct.
	Offset int
}

// GoString returns the parameter as a Go expression, for generated code.
func (p DeviceParam) GoString() string {
	switch p.Kind {
	case ParamGlobalSize:
		return fmt.Sprintf("{Kind: driver.ParamGlobalSize, Dim: %d, Size: %d}", p.Dim, p.Size)
	case ParamFaultRecord, ParamLaunchID:
		return fmt.Sprintf("{Kind: driver.%s, Size: %d}", p.Kind, p.Size)
	case ParamField:
		return fmt.Sprintf("{Kind: driver.ParamField, Arg: %d, Offset: %d, Size: %d}", p.Arg, p.Offset, p.Size)
	case ParamShape, ParamStride:
		return fmt.Sprintf("{Kind: driver.%s, Arg: %d, Dim: %d, Size: %d}", p.Kind, p.Arg, p.Dim, p.Size)
	}
	return fmt.Sprintf("{Kind: driver.%s, Arg: %d, Size: %d}", p.Kind, p.Arg, p.Size)
}

// DeviceParams are the parameters of a kernel's device code, in order.
type DeviceParams []DeviceParam

// GoString returns the parameters as a Go expression, for generated code.
func (ps DeviceParams) GoString() string {
	var b strings.Builder
	b.WriteString("driver.DeviceParams{\n")
	for _, p := range ps {
		b.WriteString(p.GoString())
		b.WriteString(",\n")
	}
	b.WriteString("}")
	return b.String()
}

// HiddenParams are the parameters the front end appends to every kernel
// after its Go parameters, with their names in the IR: the launch's range,
// which @ka.global_size(d) reads.
var HiddenParams = []struct {
	Name  string
	Param DeviceParam
}{
	{"ka.gsize0", DeviceParam{Kind: ParamGlobalSize, Dim: 0, Size: 8}},
	{"ka.gsize1", DeviceParam{Kind: ParamGlobalSize, Dim: 1, Size: 8}},
	{"ka.gsize2", DeviceParam{Kind: ParamGlobalSize, Dim: 2, Size: 8}},
}

// LayoutOf returns the device parameters of a kernel whose Go parameters
// (after the ka.Item) are params: a []T is its buffer's address and its
// length, a ka.Matrix[T] or ka.Volume[T] (Param.Dims 2 or 3) is its
// buffer's address, its offset, its extents and its strides but the last,
// a struct (Param.Fields) is each of its scalar fields, a ka.Local[T]
// (Param.Local) is its local memory and its length, a scalar is
// itself, and HiddenParams follow. It is the layout
// kago's front end gives every kernel, and the one device code written by
// hand must follow.
func LayoutOf(params []Param) DeviceParams {
	var ps DeviceParams
	for i, p := range params {
		if p.Fields != nil {
			for _, f := range p.Fields {
				ps = append(ps, DeviceParam{Kind: ParamField, Arg: i, Offset: f.Offset, Size: f.Size})
			}
			continue
		}
		if p.Dims >= 2 {
			ps = append(ps, DeviceParam{Kind: ParamBuffer, Arg: i, Size: 8}, DeviceParam{Kind: ParamOffset, Arg: i, Size: 8})
			for d := 0; d < p.Dims; d++ {
				ps = append(ps, DeviceParam{Kind: ParamShape, Arg: i, Dim: d, Size: 8})
			}
			for d := 0; d < p.Dims-1; d++ {
				ps = append(ps, DeviceParam{Kind: ParamStride, Arg: i, Dim: d, Size: 8})
			}
			continue
		}
		if p.Local {
			ps = append(ps, DeviceParam{Kind: ParamLocalBuffer, Arg: i, Size: 8}, DeviceParam{Kind: ParamLocalLength, Arg: i, Size: 8})
			continue
		}
		if p.Slice {
			ps = append(ps, DeviceParam{Kind: ParamBuffer, Arg: i, Size: 8}, DeviceParam{Kind: ParamLength, Arg: i, Size: 8})
			continue
		}
		ps = append(ps, DeviceParam{Kind: ParamScalar, Arg: i, Size: p.Type.Size()})
	}
	for _, h := range HiddenParams {
		ps = append(ps, h.Param)
	}
	return ps
}

// Layout returns the parameters of the kernel's device code: DeviceParams
// as the compiler wrote them, or LayoutOf(Params) for a KernelSpec made by
// hand without them.
func (s *KernelSpec) Layout() DeviceParams {
	if s.DeviceParams != nil {
		return s.DeviceParams
	}
	return LayoutOf(s.Params)
}

// ArgValue returns the value of device parameter dp in a launch of spec
// with args over r, for the kinds whose value comes from the arguments and
// the range alone: struct fields, views' offsets, shapes and strides,
// lengths, scalars, the range's sizes. ok is false for the kinds a backend
// fills itself (buffers, local buffers, the fault record, the launch id)
// and for kinds it does not know. A scalar argument of another type is an
// error wrapping ErrBadLaunch. It allocates nothing unless it fails: the
// backends call it for every parameter of every launch.
func (dp DeviceParam) ArgValue(spec *KernelSpec, args []Arg, r NDRange) (v uint64, ok bool, err error) {
	switch dp.Kind {
	case ParamField:
		return FieldBits(args[dp.Arg].Bytes, dp.Offset, dp.Size), true, nil
	case ParamOffset:
		return uint64(args[dp.Arg].Offset), true, nil
	case ParamShape:
		return uint64(args[dp.Arg].Shape[dp.Dim]), true, nil
	case ParamStride:
		return uint64(args[dp.Arg].Strides[dp.Dim]), true, nil
	case ParamLength, ParamLocalLength:
		return uint64(args[dp.Arg].Len), true, nil
	case ParamScalar:
		p, a := spec.Params[dp.Arg], args[dp.Arg].Value
		v, ok := ScalarBits(p.Type, a)
		if !ok {
			return 0, false, fmt.Errorf("parameter %s got a %T: %w", p, a, ErrBadLaunch)
		}
		return v, true, nil
	case ParamGlobalSize: // a hidden parameter: no argument
		if dp.Dim < r.Dims {
			return uint64(r.Size[dp.Dim]), true, nil
		}
		return 1, true, nil
	}
	return 0, false, nil
}

// FieldBits reads the little-endian field of size bytes at off of a
// struct parameter's memory b (ParamField); a field past b reads as 0.
func FieldBits(b []byte, off, size int) uint64 {
	var v uint64
	for i := size - 1; i >= 0; i-- {
		v <<= 8
		if off+i < len(b) {
			v |= uint64(b[off+i])
		}
	}
	return v
}
