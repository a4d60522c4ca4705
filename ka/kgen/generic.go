package kgen

// This file computes the KernelSpecs of a generic kernel's instances. kago
// gen writes one Generic per generic kernel, with its parameters and a
// line per compiled instance, instead of a driver.KernelSpec literal per
// instance; an instance's spec is made at its first use:
//
//   - by its typed launcher (NewScaleKernel[float32] calls Typed with the
//     instance's function type and its native entries, generic Go code
//     instantiated with the launcher), so that a program links the native
//     code of only the instances it launches;
//   - by LookupKernel, for ka.NewKernel(dev, Scale[float32]) (RegisterGeneric
//     from the package's init). That spec has no native entries, because
//     making them would link every instance: ka binds the arguments by
//     reflection, which is slower (the typed launcher is the fast path).

import (
	"fmt"
	"reflect"
	"slices"
	"strings"
	"sync"

	"github.com/kago-dev/kago/ka/driver"
)

// Generic is a generic kernel as kago gen compiled it: what its instances
// share and what each of them has of its own. Generated code declares one
// per generic kernel and registers it with RegisterGeneric.
type Generic struct {
	// Symbol is the kernel's symbol as the runtime names it, without its
	// type arguments ("example.com/m/pkg.Scale" for the instances
	// "example.com/m/pkg.Scale[...]").
	Symbol string
	// Params are the parameters after the ka.Item, as in every instance,
	// except that the Type of a scalar parameter, or of a slice's elements,
	// is read from the instance's function type (Instance.Func), where it
	// follows from the type arguments.
	Params []driver.Param
	// Stops is true for a kernel that checks for cancellation
	// (//ka:cancel): the code of every instance then has the fault
	// record's parameters (driver.FaultParams), with or without fault sites.
	Stops bool
	// GroupBlocks is driver.KernelSpec's, for the group function that a
	// typed launcher passes to Typed.
	GroupBlocks bool
	// Code is the device code of every instance, each under its
	// Instance.Entry.
	Code driver.Code
	// Source is what the code was generated from (CheckSource), for every
	// instance.
	Source *driver.Source
	// Instances are the compiled instances.
	Instances []Instance

	mu    sync.Mutex
	specs []instanceSpecs // by index in Instances, made at first use
}

// Instance is one compiled instance of a Generic: its names and what its
// compiled code says about it, which do not follow from its type arguments.
type Instance struct {
	// Name is the instance's Go name ("Scale[float32]"), driver.KernelSpec.Name.
	Name string
	// Entry is its symbol in the device code (driver.KernelSpec.Entry), which
	// instances with the same device code share.
	Entry string
	// Func is a nil function of the instance's type,
	// (func(ka.Item, float32, []float32))(nil) for Scale[float32]: how a
	// typed launcher and LookupKernel find the instance, and where its
	// parameters' types come from. (A value, not its reflect.Type, so that
	// generated code initialises its Generics statically, without init
	// code.)
	Func any
	// Params, when not nil, are the instance's parameters, for an
	// instance whose parameters Generic.Params cannot describe (a type
	// argument that is a struct, a ka.Matrix of a type parameter).
	Params []driver.Param
	// Faults, Needs, Barrier and MaxGroup are driver.KernelSpec's.
	Faults   driver.FaultSites
	Needs    driver.Features
	Barrier  bool
	MaxGroup int
	// Lean is driver.KernelSpec's, its code in Generic.Code.
	Lean *driver.Lean
}

// instanceSpecs are the specs made for one instance: with the typed
// launcher's native entries, and without (LookupKernel's).
type instanceSpecs struct{ typed, untyped *driver.KernelSpec }

// Typed returns the spec of the instance whose function type is fn, with
// native and group as its Native and Group entries (Group may be nil): a
// typed launcher's call. The spec is made once per instance; later calls
// return it. An fn that is no compiled instance is an error wrapping
// ErrUnsupported.
func (g *Generic) Typed(fn reflect.Type, native driver.NativeFunc, group driver.GroupFunc) (*driver.KernelSpec, error) {
	i := g.instance(fn)
	if i < 0 {
		return nil, fmt.Errorf("kernel %s has no code for the instance of type %v: kago gen compiled no such instance: %w", g.Symbol[strings.LastIndexByte(g.Symbol, '/')+1:], fn, driver.ErrUnsupported)
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	s := g.specsOf(i)
	if s.typed == nil {
		s.typed = g.makeSpec(&g.Instances[i])
		s.typed.Native, s.typed.Group = native, group
		s.typed.GroupBlocks = group != nil && g.GroupBlocks
	}
	return s.typed, nil
}

// untyped returns the spec, without native entries, of the instance whose
// function type is fn, or nil if kago gen compiled none.
func (g *Generic) untyped(fn reflect.Type) *driver.KernelSpec {
	i := g.instance(fn)
	if i < 0 {
		return nil
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	s := g.specsOf(i)
	if s.untyped == nil {
		s.untyped = g.makeSpec(&g.Instances[i])
	}
	return s.untyped
}

// instance returns the index of the instance of function type fn, or -1.
func (g *Generic) instance(fn reflect.Type) int {
	for i := range g.Instances {
		if reflect.TypeOf(g.Instances[i].Func) == fn && fn.NumIn() == len(g.Params)+1 {
			return i
		}
	}
	return -1
}

// specsOf returns the specs of instance i; g.mu is held.
func (g *Generic) specsOf(i int) *instanceSpecs {
	if g.specs == nil {
		g.specs = make([]instanceSpecs, len(g.Instances))
	}
	return &g.specs[i]
}

// makeSpec computes the spec of in: its parameters, their device layout
// with the fault record's parameters where its code has them, and what in
// says.
func (g *Generic) makeSpec(in *Instance) *driver.KernelSpec {
	params := in.Params
	if params == nil {
		params = g.paramsOf(reflect.TypeOf(in.Func))
	}
	layout := driver.LayoutOf(params)
	if len(in.Faults) > 0 || g.Stops {
		for _, fp := range driver.FaultParams {
			layout = append(layout, fp.Param)
		}
	}
	return &driver.KernelSpec{Name: in.Name, Entry: in.Entry, Params: params, DeviceParams: layout, Barrier: in.Barrier,
		Needs: in.Needs, MaxGroup: in.MaxGroup, Faults: in.Faults, Code: g.Code, Func: reflect.TypeOf(in.Func), Lean: in.Lean, Source: g.Source}
}

// paramsOf is Params with the types of scalar parameters and of slices'
// scalar elements read from the function type fn.
func (g *Generic) paramsOf(fn reflect.Type) []driver.Param {
	ps := slices.Clone(g.Params)
	for i := range ps {
		p, t := &ps[i], fn.In(i+1)
		switch {
		case p.Fields != nil || p.Dims != 0 || p.Local || p.StructSize != 0:
		case p.Slice:
			p.Type = scalarOf(t.Elem())
		default:
			p.Type = scalarOf(t)
		}
	}
	return ps
}

// scalarOf is the driver.ScalarType of t's kind (t may be a named type),
// driver.Invalid for a kind that is no scalar type.
func scalarOf(t reflect.Type) driver.ScalarType {
	if k := t.Kind(); k >= reflect.Bool && k <= reflect.Float64 && k != reflect.Uintptr {
		return driver.ScalarType(k)
	}
	return driver.Invalid
}

// ArgValue returns the argument a as a T, for the native entries of generic
// kernels' typed launchers, whose parameters' types are written with type
// parameters: a.Value itself when it is a T (ka passes slices, views and
// structs as the parameter's type, scalars as values of their predeclared
// type), else the scalar converted to T, a named type (type Gain
// float32), by reflection once per launch.
func ArgValue[T any](a driver.Arg) T {
	if v, ok := a.Value.(T); ok {
		return v
	}
	return reflect.ValueOf(a.Value).Convert(reflect.TypeFor[T]()).Interface().(T)
}
