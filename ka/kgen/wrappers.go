package kgen

// Instantiation wrappers. A generic kernel named inside a generic function
// (func Copy[T ka.Scalar](…) { ka.NewKernel(dev, CopyKernel[T]) }) reaches
// the registry as a closure that Go makes to pass the type's dictionary:
// its symbol is the enclosing function's ("pkg.Copy[...].func1"), not the
// kernel's. The closure has the instance's exact function type, and its
// position is the position of the expression CopyKernel[T]; from those the
// registry finds the instance: among the registered instances of generic
// kernels with that type, the one whose generic kernel is named at that
// position (the sites kago gen registers), or the only one; failing that,
// a Compiler that also implements WrapperCompiler (the JIT reads the
// source at the position).

import (
	"fmt"
	"path/filepath"
	"reflect"
	"runtime"
	"slices"
	"sort"
	"strings"

	"github.com/kago-dev/kago/ka/driver"
)

// instanceSites are the positions, "file.go:line" with the file's base
// name, where a package's generic functions name generic kernels, with the
// kernels' symbols ("example.com/m/pkg.CopyKernel").
var instanceSites = map[string][]string{}

// RegisterInstanceSite records that the source at file (its base name) and
// line names the generic kernel whose symbol is kernel
// ("example.com/m/pkg.CopyKernel") with type arguments that are type
// parameters: Go's closure for it has that position. Generated code calls
// it from init, before any lookup.
func RegisterInstanceSite(file string, line int, kernel string) {
	kernels.mu.Lock()
	defer kernels.mu.Unlock()
	k := filepath.Base(file) + ":" + fmt.Sprint(line)
	instanceSites[k] = append(instanceSites[k], kernel)
}

// WrapperCompiler is a Compiler that can also compile the kernel behind an
// instantiation wrapper, from the wrapper's name, source position and
// type. The JIT implements it.
type WrapperCompiler interface {
	CompileWrapper(fn any, name, file string, line int, typ reflect.Type) (*driver.KernelSpec, error)
}

// isWrapper reports whether the symbol name is a closure's, as Go names
// function literals and instantiation wrappers ("pkg.F.func1",
// "pkg.F[...].func2", "pkg.F.G.func1.3").
func isWrapper(name string) bool {
	i := strings.LastIndex(name, ".func")
	if i < 0 {
		return false
	}
	rest := name[i+len(".func"):]
	return rest != "" && rest[0] >= '0' && rest[0] <= '9'
}

// lookupWrapper finds the spec of the wrapper fn (see above); key is its
// registry key, name its symbol.
func lookupWrapper(fn any, key, name string, t reflect.Type) (*driver.KernelSpec, error) {
	pc := reflect.ValueOf(fn).Pointer()
	file, line := runtime.FuncForPC(pc).FileLine(pc)
	site := filepath.Base(file) + ":" + fmt.Sprint(line)
	kernels.mu.RLock()
	spec, c := kernels.specs[key], kernels.compiler
	var candidates []string // symbols of registered generic instances of type t
	for k := range kernels.specs {
		sym, typ, _ := strings.Cut(k, " ")
		if typ == t.String() && strings.HasSuffix(sym, "[...]") {
			candidates = append(candidates, sym)
		}
	}
	for sym, g := range kernels.generics {
		if g.instance(t) >= 0 && !slices.Contains(candidates, sym+"[...]") {
			candidates = append(candidates, sym+"[...]")
		}
	}
	named := instanceSites[site]
	kernels.mu.RUnlock()
	if spec != nil {
		return spec, nil
	}
	sort.Strings(candidates)
	if len(named) > 0 {
		var at []string
		for _, sym := range candidates {
			for _, n := range named {
				if strings.TrimSuffix(sym, "[...]") == n {
					at = append(at, sym)
				}
			}
		}
		candidates = at
	}
	if len(candidates) == 1 {
		kernels.mu.RLock()
		spec = kernels.specs[candidates[0]+" "+t.String()]
		kernels.mu.RUnlock()
		if spec == nil {
			spec = genericSpec(candidates[0], t)
		}
	} else if wc, ok := c.(WrapperCompiler); ok {
		var err error
		if spec, err = wc.CompileWrapper(fn, name, file, line, t); err != nil {
			return nil, fmt.Errorf("compiling the generic kernel instance named at %s:%d: %w", file, line, err)
		}
	}
	if spec == nil {
		return nil, wrapperError(name, file, line, t, named, candidates)
	}
	return keep(key, spec), nil
}

// wrapperError says which instance to name, and where, when the wrapper
// of a generic kernel could not be resolved.
func wrapperError(name, file string, line int, t reflect.Type, named, candidates []string) error {
	what := "a generic kernel"
	if len(named) == 1 {
		what = named[0][strings.LastIndexByte(named[0], '/')+1:]
	}
	why := "no compiled instance of it has this type"
	if len(candidates) > 1 {
		why = "several compiled instances have this type (" + strings.Join(candidates, ", ") + ")"
	}
	if len(named) == 0 && len(candidates) == 0 {
		return fmt.Errorf("kernel %s, at %s:%d, is a closure: kernels are top-level functions. If it is Go's instantiation wrapper of a generic kernel named with type parameters "+
			"(ka.NewKernel(dev, CopyKernel[T]) inside a generic function), no compiled instance has its type %s: name that instance with concrete type arguments in the kernel's package "+
			"(a call of the generic function with them, or var _ = []any{CopyKernel[float32]}) and run go generate, or import _ \"github.com/kago-dev/kago/jit\": %w", name, file, line, t, driver.ErrInvalid)
	}
	return fmt.Errorf("kernel %s, at %s:%d, is Go's instantiation wrapper of %s named with type parameters (ka.NewKernel(dev, CopyKernel[T]) inside a generic function); "+
		"its instance has type %s, and %s. Name that instance with concrete type arguments in the kernel's package (a call of the generic function with them, or var _ = []any{CopyKernel[float32]}) and run go generate, "+
		"or import _ \"github.com/kago-dev/kago/jit\": %w", name, file, line, what, t, why, driver.ErrInvalid)
}
