package driver

// This file describes the device-side error record (docs/ir.md, "The fault
// record"): the hidden parameters a kernel with checks or panics gets, the
// table of its fault sites, and how a backend turns a record it read back
// into a *KernelError.

import (
	"encoding/binary"
	"fmt"
	"math"
	"strings"
)

// FaultParams are the hidden parameters of a kernel with fault sites, with
// their names in the IR, appended after HiddenParams.
var FaultParams = []struct {
	Name  string
	Param DeviceParam
}{
	{"ka.fault", DeviceParam{Kind: ParamFaultRecord, Size: 8}},
	{"ka.launch", DeviceParam{Kind: ParamLaunchID, Size: 4}},
}

// The layout of the fault record, FaultRecordSize bytes of global memory,
// zero when no fault is pending, little-endian. The first failing
// work-item sets the state word from 0 to 1 with a compare-and-swap and
// writes the rest; the others find it set and write nothing.
const (
	FaultRecordSize = 128
	FaultStateOff   = 0  // uint32: 0 none, 1 a fault is recorded
	FaultLaunchOff  = 4  // uint32: the launch's ParamLaunchID
	FaultSiteOff    = 8  // uint32: the index of the site in KernelSpec.Faults
	FaultGlobalOff  = 12 // 3 × uint32: the failing work-item's global id
	// FaultStopOff is the stop flag (stop.go), not a part of the fault:
	// uint32, nonzero while the host asks the queue's running kernels to
	// stop. Kernels compiled with stop checks (//ka:cancel) read it with
	// volatile loads while they run; the host writes it, and zeroes it
	// again only after the queue has drained.
	FaultStopOff   = 24
	FaultValuesOff = 32 // 3 × uint64: the site's values (FaultSite.Args)
	// FaultScratchOff..FaultRecordSize is scratch memory: in a kernel with
	// barriers, a failed access on OpenCL and SPIR-V reads or writes it
	// instead of the out-of-range element, since the work-item cannot
	// return (docs/kernel-language.md).
	FaultScratchOff = 64
)

// FaultSite is one place in a kernel that can fail: a check or a panic.
// The device records the site's index and up to three values; the host
// words the message as Sprintf(Format, the values read as Args).
type FaultSite struct {
	Kind FaultKind
	File string // the Go source file, relative to the package's directory when kago gen wrote it
	Line int
	// Format is the message as Go's runtime words it, a fmt format of the
	// values ("index out of range [%d] with length %d").
	Format string
	// Args are the Go types of the values the device records, at most 3.
	Args []ScalarType
}

// GoString returns the site as a Go expression, for generated code.
func (s FaultSite) GoString() string {
	args := "nil"
	if len(s.Args) > 0 {
		parts := make([]string, len(s.Args))
		for i, a := range s.Args {
			parts[i] = "driver." + scalarConst(a)
		}
		args = "[]driver.ScalarType{" + strings.Join(parts, ", ") + "}"
	}
	kind := fmt.Sprintf("%d", int(s.Kind))
	if n, ok := faultKindNames[s.Kind]; ok {
		kind = "driver." + n
	}
	return fmt.Sprintf("{Kind: %s, File: %q, Line: %d, Format: %q, Args: %s}", kind, s.File, s.Line, s.Format, args)
}

var faultKindNames = map[FaultKind]string{FaultPanic: "FaultPanic", FaultIndex: "FaultIndex", FaultSlice: "FaultSlice", FaultDivideByZero: "FaultDivideByZero"}

func scalarConst(t ScalarType) string {
	s := t.String()
	if s == "" || strings.HasPrefix(s, "ScalarType(") {
		return fmt.Sprintf("ScalarType(%d)", int(t))
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// FaultSites are a kernel's fault sites.
type FaultSites []FaultSite

// GoString returns the sites as a Go expression, for generated code.
func (fs FaultSites) GoString() string {
	var b strings.Builder
	b.WriteString("[]driver.FaultSite{\n")
	for _, s := range fs {
		b.WriteString(s.GoString())
		b.WriteString(",\n")
	}
	b.WriteString("}")
	return b.String()
}

// negFormats are Go's words for a negative first bound, which leave out the
// length or the other bound (runtime/error.go's boundsNegErrorFmt).
var negFormats = map[string]string{
	"index out of range [%d] with length %d":            "index out of range [%d]",
	"slice bounds out of range [:%d] with capacity %d":  "slice bounds out of range [:%d]",
	"slice bounds out of range [:%d] with length %d":    "slice bounds out of range [:%d]",
	"slice bounds out of range [%d:%d]":                 "slice bounds out of range [%d:]",
	"slice bounds out of range [::%d] with capacity %d": "slice bounds out of range [::%d]",
	"slice bounds out of range [::%d] with length %d":   "slice bounds out of range [::%d]",
	"slice bounds out of range [:%d:%d]":                "slice bounds out of range [:%d:]",
	"slice bounds out of range [%d:%d:]":                "slice bounds out of range [%d::]",
}

// Message words the site's message with the recorded values.
func (s FaultSite) Message(vals [3]uint64) string {
	if len(s.Args) == 0 {
		return s.Format
	}
	if neg, ok := negFormats[s.Format]; ok && (s.Kind == FaultIndex || s.Kind == FaultSlice) &&
		s.Args[0] != Uint && s.Args[0] != Uint64 && int64(vals[0]) < 0 {
		return fmt.Sprintf(neg, int64(vals[0]))
	}
	args := make([]any, len(s.Args))
	for i, t := range s.Args {
		if i >= len(vals) {
			break
		}
		args[i] = scalarValue(t, vals[i])
	}
	return fmt.Sprintf(s.Format, args...)
}

// scalarValue is the Go value of type t whose bits (sign- or zero-extended
// to 64 for integers) the device recorded.
func scalarValue(t ScalarType, v uint64) any {
	switch t {
	case Bool:
		return v&1 != 0
	case Int:
		return int(v)
	case Int8:
		return int8(v)
	case Int16:
		return int16(v)
	case Int32:
		return int32(v)
	case Int64:
		return int64(v)
	case Uint:
		return uint(v)
	case Uint8:
		return uint8(v)
	case Uint16:
		return uint16(v)
	case Uint32:
		return uint32(v)
	case Uint64:
		return v
	case Float32:
		return math.Float32frombits(uint32(v))
	case Float64:
		return math.Float64frombits(v)
	}
	return v
}

// DecodeFault returns the error a fault record holds, or nil when it holds
// none. launches maps the launch ids the backend gave to the launches'
// kernels and group sizes (a launch it cannot find is reported with what
// the record says).
func DecodeFault(rec []byte, launch func(id uint32) (spec *KernelSpec, group NDRange, ok bool)) *KernelError {
	if len(rec) < FaultRecordSize || binary.LittleEndian.Uint32(rec[FaultStateOff:]) == 0 {
		return nil
	}
	id := binary.LittleEndian.Uint32(rec[FaultLaunchOff:])
	site := int(binary.LittleEndian.Uint32(rec[FaultSiteOff:]))
	var gid [3]int
	for d := range gid {
		gid[d] = int(binary.LittleEndian.Uint32(rec[FaultGlobalOff+4*d:]))
	}
	var vals [3]uint64
	for i := range vals {
		vals[i] = binary.LittleEndian.Uint64(rec[FaultValuesOff+8*i:])
	}
	e := &KernelError{Kernel: "?", GlobalID: gid, Kind: FaultPanic, Message: fmt.Sprintf("fault at site %d of launch %d", site, id)}
	spec, group, ok := launch(id)
	if !ok || spec == nil {
		return e
	}
	e.Kernel = spec.Name
	for d := range gid {
		if g := group.Size[d]; g > 0 {
			e.GroupID[d] = gid[d] / g
		}
	}
	if site < len(spec.Faults) {
		s := spec.Faults[site]
		e.Kind, e.File, e.Line, e.Message = s.Kind, s.File, s.Line, s.Message(vals)
	}
	return e
}
