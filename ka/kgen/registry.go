package kgen

import (
	"fmt"
	"reflect"
	"runtime"
	"strings"
	"sync"

	"github.com/kago-dev/kago/ka/driver"
)

// Kernel code is found by the kernel's Go function: kago gen writes a file
// that registers, from an init function, a driver.KernelSpec per kernel and a
// Generic per generic kernel (which makes its instances' specs at first
// use: generic.go), and the JIT (a blank import of
// github.com/kago-dev/kago/jit) installs a Compiler that makes specs at
// first use. ka.NewKernel asks LookupKernel.

var kernels = struct {
	mu       sync.RWMutex
	specs    map[string]*driver.KernelSpec // by funcKey
	generics map[string]*Generic           // by Symbol
	compiler Compiler
}{specs: map[string]*driver.KernelSpec{}, generics: map[string]*Generic{}}

// RegisterKernel registers the code of the kernel fn, a Go function whose
// first parameter is a ka.Item. Generated code calls it from init; so can
// tests and tools that bring hand-written device code. It panics if fn is
// not a function with a ka.Item first parameter, or if spec is nil or
// registered twice for fn, because those are programming errors that must
// not pass silently.
func RegisterKernel(fn any, spec *driver.KernelSpec) {
	if spec == nil {
		panic("kgen: RegisterKernel with a nil spec")
	}
	key, name, err := funcKey(fn)
	if err == nil && isWrapper(name) {
		err = fmt.Errorf("kernel %s is a closure; kernels are top-level functions (register a generic kernel's instance itself): %w", name, driver.ErrInvalid)
	}
	if err != nil {
		panic("kgen: RegisterKernel: " + err.Error())
	}
	kernels.mu.Lock()
	defer kernels.mu.Unlock()
	if _, dup := kernels.specs[key]; dup {
		panic("kgen: RegisterKernel called twice for " + key)
	}
	kernels.specs[key] = spec
}

// RegisterGeneric registers the generic kernel g, whose compiled instances
// LookupKernel then finds (as does g.Typed, for typed launchers). Generated
// code calls it from init. It panics if g is nil, has no Symbol, or is
// registered twice, because those are programming errors.
func RegisterGeneric(g *Generic) {
	if g == nil || g.Symbol == "" {
		panic("kgen: RegisterGeneric with a nil Generic or without a Symbol")
	}
	kernels.mu.Lock()
	defer kernels.mu.Unlock()
	if _, dup := kernels.generics[g.Symbol]; dup {
		panic("kgen: RegisterGeneric called twice for " + g.Symbol)
	}
	kernels.generics[g.Symbol] = g
}

// Compiler compiles a kernel from its Go source at first use. The JIT
// package installs one with SetCompiler.
type Compiler interface {
	// Compile returns the spec of the kernel fn, whose fully qualified
	// name (as runtime.FuncForPC reports it, e.g.
	// "example.com/m/pkg.Scale[...]" for generic instances) is name and
	// whose type is typ.
	Compile(fn any, name string, typ reflect.Type) (*driver.KernelSpec, error)
}

// SetCompiler installs the compiler LookupKernel uses for kernels that
// have no registered code. A nil c removes it.
func SetCompiler(c Compiler) {
	kernels.mu.Lock()
	kernels.compiler = c
	kernels.mu.Unlock()
}

// LookupKernel returns the registered spec of the kernel fn (for an
// instance of a registered Generic, the spec it makes, without native
// entries); when there is none, the spec the installed Compiler makes
// (remembered for the next call); when there is no Compiler either, nil.
// It fails if fn is not a kernel function (a top-level function with a
// ka.Item first parameter and no results) or if the Compiler fails. An
// instance of a generic kernel named inside a generic function comes as
// Go's instantiation wrapper, a closure, which it resolves to the instance
// (wrappers.go) or fails for, saying which instance to name.
//
// fn may also be a *driver.KernelSpec with its Native entry, which is returned
// as it is: what typed launchers pass, with the spec that Generic.Typed
// made for their instance.
func LookupKernel(fn any) (*driver.KernelSpec, error) {
	if spec, ok := fn.(*driver.KernelSpec); ok {
		if spec == nil || spec.Native == nil {
			return nil, fmt.Errorf("a KernelSpec passed as a kernel must have its Native entry: %w", driver.ErrInvalid)
		}
		return spec, nil
	}
	key, name, err := funcKey(fn)
	if err != nil {
		return nil, err
	}
	if isWrapper(name) {
		return lookupWrapper(fn, key, name, reflect.TypeOf(fn)) // wrappers.go
	}
	kernels.mu.RLock()
	spec, c := kernels.specs[key], kernels.compiler
	kernels.mu.RUnlock()
	if spec == nil {
		spec = genericSpec(name, reflect.TypeOf(fn))
	}
	if spec != nil || c == nil {
		return spec, nil
	}
	spec, err = c.Compile(fn, name, reflect.TypeOf(fn))
	if err != nil {
		return nil, fmt.Errorf("compiling %s: %w", name, err)
	}
	return keep(key, spec), nil
}

// genericSpec returns the spec that a registered Generic makes for its
// instance of symbol name ("example.com/m/pkg.Scale[...]") and type t, or
// nil.
func genericSpec(name string, t reflect.Type) *driver.KernelSpec {
	sym, ok := strings.CutSuffix(name, "[...]")
	if !ok {
		return nil
	}
	kernels.mu.RLock()
	g := kernels.generics[sym]
	kernels.mu.RUnlock()
	if g == nil {
		return nil
	}
	return g.untyped(t)
}

// kaPath is the import path of package ka, whose Item is every kernel's
// first parameter. kgen cannot import ka (ka imports kgen), so it
// recognises ka.Item by package path and name, as the compiler does.
const kaPath = "github.com/kago-dev/kago/ka"

// funcKey identifies a kernel function: its symbol name plus its type,
// which tells generic instances of the same shape apart.
func funcKey(fn any) (key, name string, err error) {
	v := reflect.ValueOf(fn)
	if v.Kind() != reflect.Func || v.IsNil() {
		return "", "", fmt.Errorf("kernel is %T, not a function: %w", fn, driver.ErrInvalid)
	}
	t := v.Type()
	if t.NumIn() == 0 || t.In(0).Name() != "Item" || t.In(0).PkgPath() != kaPath {
		return "", "", fmt.Errorf("kernel %s has no ka.Item first parameter: %w", t, driver.ErrInvalid)
	}
	if t.NumOut() != 0 {
		return "", "", fmt.Errorf("kernel %s returns results; kernels return nothing: %w", t, driver.ErrInvalid)
	}
	f := runtime.FuncForPC(v.Pointer())
	if f == nil {
		return "", "", fmt.Errorf("kernel %s: no symbol for the function: %w", t, driver.ErrInvalid)
	}
	name = f.Name()
	if strings.HasSuffix(name, "-fm") {
		return "", "", fmt.Errorf("kernel %s is a method value; kernels are top-level functions: %w", name, driver.ErrInvalid)
	}
	return name + " " + t.String(), name, nil
}

// keep stores spec, which a compiler made, under key, unless another
// goroutine stored one first, and returns the one stored: every caller
// gets the same spec for a function.
func keep(key string, spec *driver.KernelSpec) *driver.KernelSpec {
	kernels.mu.Lock()
	defer kernels.mu.Unlock()
	if prev := kernels.specs[key]; prev != nil {
		return prev
	}
	kernels.specs[key] = spec
	return spec
}
