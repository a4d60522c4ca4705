package driver

// This file defines how a backend reaches a kernel's device code: through
// one small interface per target, so that a program links the code of only
// the targets its backends ask for.

import (
	"errors"
	"fmt"
	"io/fs"
)

// Code is a kernel's device code, KernelSpec.Code. It implements any of
// OpenCLCSource, SPIRVSource and PTXSource, one per target it has code for;
// a backend type-asserts only the interfaces of the targets it takes (with
// OpenCLCOf, SPIRVOf, PTXOf).
//
// This is what keeps a CUDA-only program free of OpenCL C and SPIR-V: the
// Go linker keeps a method of a type only when a call through an interface
// with that method's name and signature is reachable. kago gen writes a
// Code type whose OpenCLC, SPIRV and PTX methods each read their own
// //go:embed file system; in a program that links no OpenCL backend nothing
// calls OpenCLCSource.OpenCLC or SPIRVSource.SPIRV, so those methods and
// the files they embed are left out of the binary. (A program that calls
// reflect's Method or MethodByName with a non-constant argument, directly
// or through a package such as text/template, makes the linker keep every
// exported method, and so every target's code.)
type Code any

// OpenCLCSource is Code with OpenCL C source.
type OpenCLCSource interface {
	// OpenCLC returns the OpenCL C 1.2 source text that defines the kernel
	// entry. An error wrapping fs.ErrNotExist or ErrUnsupported means
	// there is none.
	OpenCLC(entry string) ([]byte, error)
}

// SPIRVSource is Code with SPIR-V.
type SPIRVSource interface {
	// SPIRV returns the SPIR-V module (OpenCL environment, little-endian
	// words) that defines the kernel entry. An error wrapping
	// fs.ErrNotExist or ErrUnsupported means there is none.
	SPIRV(entry string) ([]byte, error)
}

// PTXSource is Code with PTX.
type PTXSource interface {
	// PTX returns the PTX assembly text that defines the kernel entry. An
	// error wrapping fs.ErrNotExist or ErrUnsupported means there is none.
	PTX(entry string) ([]byte, error)
}

// OpenCLCOf returns spec's OpenCL C source for spec.Entry. When spec has
// none, the error wraps ErrUnsupported and says so.
func OpenCLCOf(spec *KernelSpec) ([]byte, error) {
	src, ok := spec.Code.(OpenCLCSource)
	if !ok {
		return nil, noCode(spec, OpenCLC)
	}
	code, err := src.OpenCLC(spec.Entry)
	return checkCode(spec, OpenCLC, code, err)
}

// SPIRVOf returns spec's SPIR-V module for spec.Entry. When spec has none,
// the error wraps ErrUnsupported and says so.
func SPIRVOf(spec *KernelSpec) ([]byte, error) {
	src, ok := spec.Code.(SPIRVSource)
	if !ok {
		return nil, noCode(spec, SPIRV)
	}
	code, err := src.SPIRV(spec.Entry)
	return checkCode(spec, SPIRV, code, err)
}

// PTXOf returns spec's PTX for spec.Entry. When spec has none, the error
// wraps ErrUnsupported and says so.
func PTXOf(spec *KernelSpec) ([]byte, error) {
	src, ok := spec.Code.(PTXSource)
	if !ok {
		return nil, noCode(spec, PTX)
	}
	code, err := src.PTX(spec.Entry)
	return checkCode(spec, PTX, code, err)
}

// checkCode turns a Code method's "none" (empty code, fs.ErrNotExist or
// ErrUnsupported) into noCode's error.
func checkCode(spec *KernelSpec, t Target, code []byte, err error) ([]byte, error) {
	switch {
	case err != nil && (errors.Is(err, fs.ErrNotExist) || errors.Is(err, ErrUnsupported)):
		return nil, noCode(spec, t)
	case err != nil:
		return nil, fmt.Errorf("kernel %s: reading its %s code: %w", spec.Name, t, err)
	case len(code) == 0:
		return nil, noCode(spec, t)
	}
	return code, nil
}

func noCode(spec *KernelSpec, t Target) error {
	return fmt.Errorf("kernel %s has no code for target %s: %w", spec.Name, t, ErrUnsupported)
}

// CodeMap is Code held in memory, one program per target, whatever the
// entry: what the JIT makes and what tests write by hand. A missing or
// empty target is an error wrapping ErrUnsupported.
type CodeMap map[Target][]byte

// OpenCLC returns m[OpenCLC].
func (m CodeMap) OpenCLC(entry string) ([]byte, error) { return m.get(OpenCLC, entry) }

// SPIRV returns m[SPIRV].
func (m CodeMap) SPIRV(entry string) ([]byte, error) { return m.get(SPIRV, entry) }

// PTX returns m[PTX].
func (m CodeMap) PTX(entry string) ([]byte, error) { return m.get(PTX, entry) }

func (m CodeMap) get(t Target, entry string) ([]byte, error) {
	if code := m[t]; len(code) > 0 {
		return code, nil
	}
	return nil, fmt.Errorf("no %s code for %s: %w", t, entry, ErrUnsupported)
}
