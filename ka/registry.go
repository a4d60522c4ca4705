package ka

import (
	"fmt"
	"reflect"
	"runtime"
	"strings"
	gosync "sync"

	"github.com/kago-dev/kago/ka/driver"
)

// Kernel code is found by the kernel's Go function: kago gen writes a file
// that registers a KernelSpec per kernel from an init function, and the JIT
// (a blank import of github.com/kago-dev/kago/jit) makes specs at first use.

var kernels = struct {
	mu       gosync.RWMutex
	specs    map[string]*driver.KernelSpec // by funcKey
	compiler Compiler
}{specs: map[string]*driver.KernelSpec{}}

// NativeFunc is the type of KernelSpec.Native: it binds a launch's
// arguments once and returns the function the native backend calls per
// work-item. kago gen writes one per kernel, with no reflection.
type NativeFunc = func(args []driver.Arg) func(Item)

// RegisterKernel registers the code of the kernel fn, a Go function whose
// first parameter is an Item. Generated code calls it from init; so can
// tests that bring hand-written device code. It panics if fn is not a
// function with an Item first parameter, or if spec is nil or registered
// twice for fn, because those are programming errors that must not pass
// silently.
func RegisterKernel(fn any, spec *driver.KernelSpec) {
	if spec == nil {
		panic("ka: RegisterKernel with a nil spec")
	}
	key, _, err := funcKey(fn)
	if err != nil {
		panic("ka: RegisterKernel: " + err.Error())
	}
	kernels.mu.Lock()
	defer kernels.mu.Unlock()
	if _, dup := kernels.specs[key]; dup {
		panic("ka: RegisterKernel called twice for " + key)
	}
	kernels.specs[key] = spec
}

// Compiler compiles a kernel from its Go source at first use. The JIT
// package registers one with SetCompiler.
type Compiler interface {
	// Compile returns the spec of the kernel fn, whose fully qualified
	// name (as runtime.FuncForPC reports it, e.g.
	// "example.com/m/pkg.Scale[...]" for generic instances) is name and
	// whose type is typ.
	Compile(fn any, name string, typ reflect.Type) (*driver.KernelSpec, error)
}

// SetCompiler installs the compiler NewKernel uses for kernels that have no
// registered code. A nil c removes it.
func SetCompiler(c Compiler) {
	kernels.mu.Lock()
	kernels.compiler = c
	kernels.mu.Unlock()
}

// lookupSpec returns the registered spec of fn, compiling it with the
// installed Compiler when there is none (and remembering the result).
func lookupSpec(fn any) (*driver.KernelSpec, error) {
	key, name, err := funcKey(fn)
	if err != nil {
		return nil, err
	}
	kernels.mu.RLock()
	spec, c := kernels.specs[key], kernels.compiler
	kernels.mu.RUnlock()
	if spec != nil || c == nil {
		return spec, nil
	}
	spec, err = c.Compile(fn, name, reflect.TypeOf(fn))
	if err != nil {
		return nil, fmt.Errorf("ka: compiling %s: %w", name, err)
	}
	kernels.mu.Lock()
	defer kernels.mu.Unlock()
	if prev := kernels.specs[key]; prev != nil {
		return prev, nil
	}
	kernels.specs[key] = spec
	return spec, nil
}

var itemType = reflect.TypeFor[Item]()

// funcKey identifies a kernel function: its symbol name plus its type,
// which tells generic instances of the same shape apart.
func funcKey(fn any) (key, name string, err error) {
	v := reflect.ValueOf(fn)
	if v.Kind() != reflect.Func || v.IsNil() {
		return "", "", fmt.Errorf("kernel is %T, not a function", fn)
	}
	t := v.Type()
	if t.NumIn() == 0 || t.In(0) != itemType {
		return "", "", fmt.Errorf("kernel %s has no ka.Item first parameter", t)
	}
	if t.NumOut() != 0 {
		return "", "", fmt.Errorf("kernel %s returns results; kernels return nothing", t)
	}
	f := runtime.FuncForPC(v.Pointer())
	if f == nil {
		return "", "", fmt.Errorf("kernel %s: no symbol for the function", t)
	}
	name = f.Name()
	if strings.HasSuffix(name, "-fm") || strings.Contains(name, ".func") {
		return "", "", fmt.Errorf("kernel %s is a closure or method value; kernels are top-level functions", name)
	}
	return name + " " + t.String(), name, nil
}
