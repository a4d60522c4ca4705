package driver

import (
	"errors"
	"fmt"
	"io/fs"
	"reflect"
)

// Sentinel errors. Package ka re-exports them; match them with errors.Is.
var (
	// ErrNoDevice: the backend or device is not available (no driver, no
	// device of that kind, unknown backend name).
	ErrNoDevice = errors.New("no device")
	// ErrUnsupported: the device cannot do what was asked (no code for its
	// target, no fp64, no 64-bit atomics, ...).
	ErrUnsupported = errors.New("unsupported")
	// ErrBadLaunch: a launch's arguments or ranges are wrong. Nothing was
	// enqueued.
	ErrBadLaunch = errors.New("bad launch")
	// ErrDevice: a command failed on the device.
	ErrDevice = errors.New("device command failed")
	// ErrClosed: the device, stream or array was used after Close, Free or
	// the end of its task.
	ErrClosed = errors.New("closed")
	// ErrOutOfMemory: an allocation is larger than the device can hold
	// (its element count times its element size overflows, exceeds the
	// device's largest allocation, or the driver ran out of memory).
	ErrOutOfMemory = errors.New("out of memory")
	// ErrInvalid: an argument is outside its domain (a nil device or
	// function, a negative count, a slice longer than the array), as
	// io/fs.ErrInvalid.
	ErrInvalid = errors.New("invalid argument")
)

// Kind is the type of a device.
type Kind int

// Device kinds. The kind decides how waits are done: GPUs hand blocking waits
// to worker goroutines, CPU devices use driver completion callbacks so that
// the kernel keeps the host's cores.
const (
	CPU Kind = iota
	GPU
)

// String returns "CPU" or "GPU", or Kind(n) for an unknown kind.
func (k Kind) String() string {
	switch k {
	case CPU:
		return "CPU"
	case GPU:
		return "GPU"
	}
	return fmt.Sprintf("Kind(%d)", int(k))
}

// Priority is a stream's scheduling priority.
type Priority int

// Priorities. Normal is the zero value.
const (
	Normal Priority = iota
	Low
	High
)

// String returns "normal", "low" or "high", or Priority(n) for an
// unknown priority.
func (p Priority) String() string {
	switch p {
	case Normal:
		return "normal"
	case Low:
		return "low"
	case High:
		return "high"
	}
	return fmt.Sprintf("Priority(%d)", int(p))
}

// Target is a kind of device code.
type Target int

// Code targets. A KernelSpec holds code for any subset of them.
const (
	OpenCLC Target = iota // OpenCL C 1.2 source text
	SPIRV                 // SPIR-V binary module (OpenCL environment), little-endian words
	PTX                   // PTX assembly text
)

// String names the target ("OpenCL C", "SPIR-V", "PTX"), or returns
// Target(n) for an unknown one.
func (t Target) String() string {
	switch t {
	case OpenCLC:
		return "OpenCL C"
	case SPIRV:
		return "SPIR-V"
	case PTX:
		return "PTX"
	}
	return fmt.Sprintf("Target(%d)", int(t))
}

// DeviceInfo describes a device.
type DeviceInfo struct {
	Name         string // as the driver reports it
	Vendor       string
	Kind         Kind
	Backend      string // the registered backend name
	Capabilities Capabilities
}

// Capabilities are what a device can do. Launch checks use the limits.
type Capabilities struct {
	MaxGroupSize   int    // work-items per group
	MaxGroupDims   [3]int // per dimension
	LocalMemBytes  int    // workgroup memory per group
	ComputeUnits   int
	GlobalMemBytes int64
	MaxAllocBytes  int64    // the largest single allocation; 0 means no known limit
	MaxGroups      [3]int   // groups per launch dimension; 0 means no limit beyond int
	MaxGroupCount  int      // groups per launch, all dimensions together; 0: no limit beyond int
	Features       Features // optional features the device has (fp64, 64-bit atomics)
	// SubgroupSize is the number of work-items of a subgroup (the last
	// subgroup of a group may have fewer): 1 on a device without
	// subgroups, where each work-item is a subgroup of its own.
	SubgroupSize int
	Priorities   bool     // queues of different priority are scheduled differently
	Targets      []Target // code the device takes, best first
	ILVersions   []string // SPIR-V versions the device accepts (OpenCL)
	Notes        []string // anything a user should know (e.g. "no priority hints")
}

// Source is what a kernel's generated code was generated from, for the
// check that it is not stale (kgen.CheckSource): the package's source
// files that hold the kernel and the declarations it follows from, as the
// generated file embeds them, those declarations' names ("Scale",
// "helper", "Vec3.Add", "Tile") and the hash of their tokens
// (kgen.HashDecls).
type Source struct {
	Files fs.FS
	Names []string
	Hash  string
}

// NDRange is the size of a launch or of a work-group in up to three
// dimensions. Unused dimensions are 1. Size is in dimension order: Size[0]
// is dimension 0, the fastest-varying one (consecutive work-items of a
// group differ in it first, as CUDA's x and OpenCL's dimension 0), which
// ka.Range2 and ka.Range3 take as their last argument, the column.
type NDRange struct {
	Dims int
	Size [3]int
}

// Total is the number of work-items.
func (r NDRange) Total() int { return r.Size[0] * r.Size[1] * r.Size[2] }

// String returns the sizes of the range's dimensions in the order
// ka.Range2 and ka.Range3 take them, slowest first: "(1024)", "(rows,
// cols)", "(depth, rows, cols)" (Size[2], Size[1], Size[0]).
func (r NDRange) String() string {
	switch r.Dims {
	case 1:
		return fmt.Sprintf("(%d)", r.Size[0])
	case 2:
		return fmt.Sprintf("(%d, %d)", r.Size[1], r.Size[0])
	}
	return fmt.Sprintf("(%d, %d, %d)", r.Size[2], r.Size[1], r.Size[0])
}

// ScalarType is the Go type of a kernel parameter or of a slice's elements.
type ScalarType int

// Scalar types, in the order of reflect.Kind. Int and Int64 are distinct Go
// types with the same 8-byte representation on the device; so are Uint and
// Uint64.
const (
	Invalid ScalarType = iota
	Bool
	Int
	Int8
	Int16
	Int32
	Int64
	Uint
	Uint8
	Uint16
	Uint32
	Uint64
	Float32 = ScalarType(13)
	Float64 = ScalarType(14)
)

var scalarNames = map[ScalarType]string{
	Bool: "bool", Int: "int", Int8: "int8", Int16: "int16", Int32: "int32", Int64: "int64",
	Uint: "uint", Uint8: "uint8", Uint16: "uint16", Uint32: "uint32", Uint64: "uint64",
	Float32: "float32", Float64: "float64",
}

// String returns the type's Go name ("float32"), or ScalarType(n) for
// Invalid and values that are no scalar type.
func (t ScalarType) String() string {
	if s, ok := scalarNames[t]; ok {
		return s
	}
	return fmt.Sprintf("ScalarType(%d)", int(t))
}

// Size is the type's size in bytes on the device. A bool is one byte.
func (t ScalarType) Size() int {
	switch t {
	case Bool, Int8, Uint8:
		return 1
	case Int16, Uint16:
		return 2
	case Int32, Uint32, Float32:
		return 4
	case Int, Int64, Uint, Uint64, Float64:
		return 8
	}
	return 0
}

// Param is one kernel parameter after the ka.Item.
type Param struct {
	Name  string
	Type  ScalarType // the scalar type, or the element type of a slice, matrix or volume
	Slice bool
	// Dims is 2 for a ka.Matrix[Type] parameter, 3 for a ka.Volume[Type]
	// (a view of a buffer with its extents and strides: see LayoutOf), 0
	// otherwise.
	Dims int
	// StructSize is the size in bytes of a struct parameter (passed by
	// value; Type is Invalid) or of the elements of a []struct parameter
	// (Slice, Fields nil), and Fields a struct parameter's scalar fields in the order
	// of the device parameters, with their offsets in Go's layout (that
	// of 64-bit platforms, which the device code follows).
	StructSize int
	Fields     []Field
	// Local is true for a ka.Local[Type] parameter: local memory of the
	// group whose length the launch chooses (ParamLocalBuffer).
	Local bool
}

// Field is one scalar field of a struct parameter: its byte offset and
// size in the Go value.
type Field struct{ Offset, Size int }

// String returns the parameter's name and Go type, for messages: "x
// []float32", "m ka.Matrix[float32]", "s struct(16 bytes)".
func (p Param) String() string {
	if p.Fields != nil {
		return fmt.Sprintf("%s struct(%d bytes)", p.Name, p.StructSize)
	}
	if p.StructSize != 0 && p.Slice {
		return fmt.Sprintf("%s []struct(%d bytes)", p.Name, p.StructSize)
	}
	if p.Local {
		return fmt.Sprintf("%s ka.Local[%s]", p.Name, p.Type)
	}
	switch p.Dims {
	case 2:
		return fmt.Sprintf("%s ka.Matrix[%s]", p.Name, p.Type)
	case 3:
		return fmt.Sprintf("%s ka.Volume[%s]", p.Name, p.Type)
	}
	if p.Slice {
		return fmt.Sprintf("%s []%s", p.Name, p.Type)
	}
	return fmt.Sprintf("%s %s", p.Name, p.Type)
}

// KernelSpec is everything kago knows about one kernel (one instance of a
// generic kernel): its signature and its code for each target. kago gen
// writes one per kernel into a generated file; the JIT makes them at first
// use. A KernelSpec is immutable once registered.
type KernelSpec struct {
	// Name is the Go name, with type arguments for generic instances
	// ("Saxpy", "Scale[float32]").
	Name string
	// Entry is the kernel's symbol in the device code ("Saxpy",
	// "Scale_float32").
	Entry string
	// Params are the parameters after the ka.Item.
	Params []Param
	// DeviceParams are the parameters of the device code, in order,
	// hidden ones included (see Layout, which backends use to pack a
	// launch's arguments).
	DeviceParams DeviceParams
	// Barrier is true when the kernel calls Item.Barrier or ka.LocalArray:
	// without a group function (Group), the native backend then runs each
	// work-item of a group on its own goroutine. It is how the kernel must
	// run, which every device can, so it is not among Needs.
	Barrier bool
	// Needs are the optional device features the code uses; ka.NewKernel
	// refuses a device whose Capabilities.Features lack any of them.
	Needs Features
	// MaxGroup is the largest work-group, in work-items, the kernel's code
	// handles (the group collectives keep one element per work-item in a
	// local array of kernel.MaxCollectiveGroup); 0 means the device's
	// limit. ka refuses larger groups before anything is enqueued.
	MaxGroup int
	// Faults are the kernel's fault sites (bounds and division checks,
	// panics), which a fault record names by index (faults.go); nil for a
	// kernel that cannot fail on a device.
	Faults FaultSites
	// Code is the device code: a value implementing OpenCLCSource,
	// SPIRVSource and PTXSource for the targets it has (see Code).
	// Backends read it with OpenCLCOf, SPIRVOf and PTXOf.
	Code Code
	// Native runs the kernel as Go code, for the native backend: written
	// by kago gen (typed, no reflection per work-item), or made with
	// reflection by ka when nil.
	Native NativeFunc
	// Group runs whole work-groups as Go loops, for the native backend,
	// which prefers it to Native: written by kago gen for the kernels it
	// can transform (docs/backends.md), nil for the others and for kernels
	// without generated code.
	Group GroupFunc
	// GroupBlocks is true when Group may run a block of several of the
	// launch's groups in one call, a kernel.WorkGroup whose Size is a
	// multiple of the launch's group size in dimension 0: kago gen sets it
	// for kernels without barriers, local memory or collectives that ask
	// for no id or size relative to their group, whose work-items see the
	// same values whatever the group shape.
	GroupBlocks bool
	// Source is what kago gen generated the kernel's code from, for the
	// staleness check; nil for kernels without generated code.
	Source *Source
	// Func is the kernel function's Go type, set on the specs a
	// kgen.Generic makes: a typed launcher passes the spec itself to ka.NewKernel,
	// which checks untyped launches' struct arguments against the
	// parameter types it reads here. (For a kernel given as a function,
	// ka reads them from the function.)
	Func reflect.Type
	// Lean, when not nil, is the kernel's lean variant: the same kernel
	// without the index checks that its launches decide. ka runs it
	// instead of Entry when every one of its Facts holds, and loads it at
	// the first such launch; a backend loads it as any other spec (ka
	// passes a copy of this spec with Lean's Entry and Code).
	Lean *Lean
}

// Lean is a kernel's lean variant (KernelSpec.Lean). It has the kernel's
// parameters, device parameters and fault sites: the checks it leaves
// out still have their sites, so that both variants name a fault alike.
type Lean struct {
	// Entry is the variant's symbol in the device code ("Saxpy_lean").
	Entry string
	// Facts are what a launch must satisfy for the variant to run, each
	// le(a,b), a ≤ b, of integer expressions of the launch:
	//
	//	fact := "le(" expr "," expr ")"
	//	expr := integer | leaf "(" integer ")" | "ext(" integer "," integer ")"
	//	      | op "(" expr "," expr ")"
	//	leaf := "arg" | "len" | "range" | "padded" | "group" | "groups"
	//	op   := "add" | "sub" | "mul" | "div" | "shr" | "min" | "max"
	//
	// arg(i) is the value of integer parameter i (counted after the Item),
	// len(i) the length of slice parameter i, ext(i,d) extent d of matrix
	// or volume parameter i (Arg.Shape[d]); range(d) is the range's size
	// in dimension d, group(d) the group's, groups(d) the number of
	// groups, padded(d) groups(d)*group(d). div truncates, shr shifts
	// arithmetically. Every operation is exact: one that overflows makes
	// the fact false. Facts are evaluated only for launches with a
	// non-empty range, so the compiler may take range, group, groups and
	// padded to be at least 1.
	Facts []string
	// Code, when not nil, is the variant's code; else it is read from the
	// spec's Code with Entry.
	Code Code
	// Exact, when not nil, is the variant without its range test, which
	// a launch whose range is a whole number of groups in every dimension
	// runs instead, no work-item being outside the range. It has PTX
	// only; a backend that cannot load it runs the variant.
	Exact *Exact
}

// Exact is the entry of a lean variant without its range test
// (Lean.Exact).
type Exact struct {
	// Entry is its symbol ("Saxpy_lean_exact").
	Entry string
	// Code, when not nil, is its code; else it is read from the
	// variant's code with Entry.
	Code Code
}
