package driver

// This file defines the error a failed kernel reports: the first failure of
// a launch (an index out of range, a division by zero, a panic), with the
// work-item, the Go source position and the values, worded as Go's runtime
// words its panics.

import (
	"fmt"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/kago-dev/kago/ka/kernel"
)

// FaultKind is what went wrong in a kernel.
type FaultKind int

// Fault kinds. The numbers are part of the device error record's layout
// (docs/ir.md): do not reorder.
const (
	FaultPanic        FaultKind = iota // panic(v) in the kernel
	FaultIndex                         // an index out of range
	FaultSlice                         // slice bounds out of range
	FaultDivideByZero                  // integer division or remainder by zero
)

// String words the kind as Go's runtime does ("index out of range"), or
// returns FaultKind(n) for an unknown kind.
func (k FaultKind) String() string {
	switch k {
	case FaultPanic:
		return "panic"
	case FaultIndex:
		return "index out of range"
	case FaultSlice:
		return "slice bounds out of range"
	case FaultDivideByZero:
		return "integer divide by zero"
	}
	return fmt.Sprintf("FaultKind(%d)", int(k))
}

// KernelError is the first failure of a kernel launch, reported by the next
// call that synchronizes with the launch (Synchronize, Read, Write,
// Task.Wait) and by the waits for events recorded after it. It
// matches ErrDevice with errors.Is; errors.As extracts it. Work-items other
// than the failing one may have run to completion or stopped: the contents
// of the arrays the launch wrote are undefined.
type KernelError struct {
	Kernel   string    // the kernel's Go name
	Kind     FaultKind // what went wrong
	GlobalID [3]int    // the failing work-item
	GroupID  [3]int    // its group
	File     string    // the Go source file of the failing expression ("" if unknown)
	Line     int       // its line (0 if unknown)
	// Message is the failure as Go's runtime words it, without the
	// position: "index out of range [16] with length 16", "integer divide
	// by zero", or a panic's value.
	Message string
}

// Error returns the failure with the kernel, the work-item, its group and,
// when known, the base name of the source file and the line: "kernel
// Saxpy: work-item [16 0 0] of group [1 0 0]: saxpy.go:12: index out of
// range [16] with length 16".
func (e *KernelError) Error() string {
	pos := ""
	if e.File != "" {
		pos = filepath.Base(e.File) + ":" + strconv.Itoa(e.Line) + ": "
	}
	return fmt.Sprintf("kernel %s: work-item %v of group %v: %s%s", e.Kernel, e.GlobalID, e.GroupID, pos, e.Message)
}

// Is reports whether target is ErrDevice: a kernel failure is a failed
// device command.
func (e *KernelError) Is(target error) bool { return target == ErrDevice }

// runtimeMessages classify the messages of Go's runtime errors by their
// starts (plain prefixes, not regular expressions: package regexp would
// add some 50 KB to every program that launches a kernel).
var runtimeMessages = []struct {
	prefix string
	kind   FaultKind
}{
	{"index out of range", FaultIndex},
	{"slice bounds out of range", FaultSlice},
	{"integer divide by zero", FaultDivideByZero},
}

// ClassifyPanic returns the kind and message of a recovered panic value,
// as a KernelError holds them: a runtime error's message without its
// "runtime error: " prefix, the collectives' kernel.IndexFault as a
// FaultIndex with its message, or a panic's value as panic prints it.
func ClassifyPanic(p any) (FaultKind, string) {
	if err, ok := p.(interface {
		error
		RuntimeError()
	}); ok {
		msg := err.Error()
		const prefix = "runtime error: "
		if len(msg) > len(prefix) && msg[:len(prefix)] == prefix {
			msg = msg[len(prefix):]
		}
		for _, m := range runtimeMessages {
			if strings.HasPrefix(msg, m.prefix) {
				return m.kind, msg
			}
		}
		return FaultPanic, msg
	}
	switch v := p.(type) {
	case kernel.IndexFault:
		return FaultIndex, v.Message
	case error:
		return FaultPanic, v.Error()
	case fmt.Stringer:
		return FaultPanic, v.String()
	}
	return FaultPanic, fmt.Sprint(p)
}
