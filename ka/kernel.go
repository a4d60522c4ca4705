package ka

import (
	"errors"
	"fmt"
	"math"
	"reflect"
	"runtime"
	"runtime/trace"
	"sync"

	"github.com/kago-dev/kago/ka/driver"
	"github.com/kago-dev/kago/ka/kernel"
	"github.com/kago-dev/kago/ka/kgen"
)

// Kernel is a kernel loaded on a device, ready to launch.
type Kernel struct {
	dev     *Device
	spec    *driver.KernelSpec
	checked variant        // the kernel's code (lean.go)
	lean    *leanKernel    // its lean variant (lean.go), nil when it has none
	group   NDRange        // from WithGroupSize, in dimension order; Dims 0: the default (groupshape.go)
	tuner   *tuner         // WithAutoGroupSize's (autotune.go), else nil
	types   []reflect.Type // the Go types of the parameters after the Item
}

// KernelOption configures NewKernel.
type KernelOption func(*Kernel) error

// WithGroupSize sets the work-group size, in one to three dimensions
// matching those of the ranges the kernel is launched over, in the order
// ka.Range2 and ka.Range3 take them: WithGroupSize(rows, cols) for a
// Range2(rows, cols), the last size dimension 0 (it.GroupSize(0)). Fewer
// sizes than the range has dimensions leave the slower dimensions at 1:
// WithGroupSize(256) on a Range2 is one row of 256 columns.
//
// Without it, a launch picks a shape for the device (groupshape.go): 256
// work-items, up to 32 of them along dimension 0 on a GPU (so 8×32 in 2-D)
// and all 256 on a CPU device (1×256), capped by the range and the
// device's limits; WithAutoGroupSize lets the first launches time
// candidate shapes and keep the fastest.
func WithGroupSize(sizes ...int) KernelOption {
	return func(k *Kernel) error {
		if len(sizes) == 0 || len(sizes) > 3 {
			return fmt.Errorf("ka: WithGroupSize takes 1 to 3 sizes, got %d: %w", len(sizes), ErrBadLaunch)
		}
		k.group = NDRange{Dims: len(sizes), Size: [3]int{1, 1, 1}}
		for i, n := range sizes {
			d := len(sizes) - 1 - i
			if n <= 0 {
				return fmt.Errorf("ka: WithGroupSize: size %d in dimension %d is not positive: %w", n, d, ErrBadLaunch)
			}
			k.group.Size[d] = n
		}
		k.tuner = nil
		return nil
	}
}

// NewKernel loads the kernel fn on dev. fn is a //ka:kernel function (or an
// instance of a generic one, such as Scale[float32]). Its device code comes
// from `kago gen` (go generate) or, when github.com/kago-dev/kago/jit is
// imported, from the JIT; the native backend needs neither and runs fn
// itself. The error wraps ErrUnsupported when the device cannot run the
// kernel, saying what is missing. (A generic kernel's typed launcher passes
// the *driver.KernelSpec it made for its instance instead of fn.)
func NewKernel(dev *Device, fn any, opts ...KernelOption) (*Kernel, error) {
	if dev == nil {
		return nil, fmt.Errorf("ka: NewKernel on a nil device: %w", ErrInvalid)
	}
	if dev.isClosed() {
		return nil, fmt.Errorf("ka: NewKernel: device %w", ErrClosed)
	}
	spec, err := kgen.LookupKernel(fn)
	if err != nil {
		return nil, fmt.Errorf("ka: NewKernel: %w", err)
	}
	if spec != nil {
		if err := kgen.CheckSource(spec); err != nil {
			return nil, fmt.Errorf("ka: NewKernel: %w", err)
		}
	}
	if spec == nil {
		spec = reflectSpec(fn)
		for i, p := range spec.Params {
			if p.Type == driver.Invalid {
				return nil, fmt.Errorf("ka: NewKernel: %s has no generated code, and without it parameter %d's type %s cannot be bound (only scalars, slices of scalars and ka.Local): run go generate, or import github.com/kago-dev/kago/jit; a NewKernel called from an init that runs before kago_kernels.go's finds no code either: %w", spec.Name, i+1, reflect.TypeOf(fn).In(i+1), ErrUnsupported)
			}
		}
	} else if spec.Native == nil {
		spec = withNative(spec, fn)
	}
	ft := reflect.TypeOf(fn)
	if s, ok := fn.(*driver.KernelSpec); ok {
		ft = s.Func
	}
	if ft == nil || ft.Kind() != reflect.Func || ft.NumIn() == 0 {
		return nil, fmt.Errorf("ka: NewKernel: %s: no Go function type to check its arguments against (a KernelSpec passed as a kernel needs its Func): %w", spec.Name, ErrInvalid)
	}
	k := &Kernel{dev: dev, spec: spec, types: paramTypes(ft)}
	if len(k.types) != len(spec.Params) {
		return nil, fmt.Errorf("ka: NewKernel: %s: its code describes %d parameters, the function has %d (stale generated code? run go generate): %w", spec.Name, len(spec.Params), len(k.types), ErrInvalid)
	}
	for _, o := range opts {
		if err := o(k); err != nil {
			return nil, err
		}
	}
	if k.tuner != nil && !spec.GroupBlocks {
		return nil, autoRefusal(spec)
	}
	if k.lean, err = newLean(spec); err != nil {
		return nil, err
	}
	if missing := spec.Needs &^ dev.info.Capabilities.Features; missing != 0 {
		return nil, fmt.Errorf("ka: kernel %s needs %s, which %s lacks: %w", spec.Name, missing, dev, ErrUnsupported)
	}
	k.checked.spec = spec
	if err := k.load(); err != nil {
		return nil, err
	}
	return k, nil
}

// nativeSpecs holds, for each registered spec without a Native entry,
// its copy with one made by reflection: made once, since backends cache
// what they load per spec.
var nativeSpecs sync.Map // *driver.KernelSpec -> *driver.KernelSpec

// withNative returns spec's copy with a Native entry that runs fn.
func withNative(spec *driver.KernelSpec, fn any) *driver.KernelSpec {
	if s, ok := nativeSpecs.Load(spec); ok {
		return s.(*driver.KernelSpec)
	}
	s := *spec
	s.Native = reflectNative(fn)
	got, _ := nativeSpecs.LoadOrStore(spec, &s)
	return got.(*driver.KernelSpec)
}

// Name is the kernel's Go name.
func (k *Kernel) Name() string { return k.spec.Name }

// Params describes the kernel's parameters after the Item.
func (k *Kernel) Params() []driver.Param { return k.spec.Params }

// Launch enqueues the kernel on s over r, with one argument per parameter
// after the Item: an *Array[T] for a []T parameter, a value of the exact
// type for a scalar one (float32(2), not 2), a value of the parameter's
// own struct type for a struct one (another struct type is refused, even
// one of the same size and layout, as is an *Array of it for a []struct
// parameter). It returns without waiting;
// use Synchronize, or Read an array. A wrong argument, range or group size
// returns an error wrapping ErrBadLaunch that names the parameter, and
// nothing is enqueued.
//
// r need not be a multiple of the group size. On every backend, a kernel
// without barriers runs only the work-items inside r; a kernel with
// barriers (or ka.LocalArray) runs whole groups, so in its last group
// work-items past the range run too: guard their memory accesses with
// Item.InRange, and let them reach the group's barriers
// (docs/kernel-language.md, "Ranges and groups"). A range
// with a size of 0 in any of its dimensions is an empty launch: its
// arguments are checked, nothing is enqueued, and it succeeds. A range
// whose rounding up to whole groups overflows or exceeds MaxWorkItems, or
// that needs more groups than the device allows (Capabilities.MaxGroups),
// is an ErrBadLaunch.
func (k *Kernel) Launch(s *Stream, r NDRange, args ...any) error {
	_, err := k.launch(s, r, false, args)
	return err
}

// launch is Launch; with timed, it also returns the kernel's span (nil for
// an empty range), tracked by the device (see Stream.launchTimed).
func (k *Kernel) launch(s *Stream, r NDRange, timed bool, args []any) (*eventState, error) {
	if s == nil {
		return nil, fmt.Errorf("ka: launching %s: nil stream: %w", k.spec.Name, ErrBadLaunch)
	}
	if s.dev != k.dev {
		sn, kn := s.dev.names(k.dev)
		return nil, fmt.Errorf("ka: launching %s: stream of %s, kernel loaded on %s: %w", k.spec.Name, sn, kn, ErrBadLaunch)
	}
	group, err := k.checkRange(r)
	if err != nil {
		return nil, err
	}
	var tr *trial
	var trialTime *KernelTime
	if k.tuner != nil {
		group, tr = k.tuner.shape(r, group, func(g NDRange) bool { return k.groupErr(r, g) == nil })
		if tr != nil {
			defer func() { k.tuner.record(tr, trialTime) }() // on every return
		}
	}
	params := k.spec.Params
	if len(args) != len(params) {
		return nil, fmt.Errorf("ka: launching %s: %d arguments for %d parameters (%s): %w", k.spec.Name, len(args), len(params), k.paramList(), ErrBadLaunch)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return nil, s.closedErr("launching " + k.spec.Name)
	}
	// The stream's scratch slice: backends do not keep args past Launch,
	// and the lock makes it ours, so a launch allocates nothing here.
	dargs := s.args[:0]
	defer func() { clear(dargs); s.args = dargs[:0] }()
	var local int64 // bytes of the launch-sized local memory
	for i, p := range params {
		if p.Local {
			a, ok := args[i].(localArg)
			if !ok || a.localElem() != p.Type {
				return nil, fmt.Errorf("ka: launching %s: argument %d (%s) is %T, want ka.Local[%s] (ka.LocalOf): %w", k.spec.Name, i+1, k.param(i), args[i], p.Type, ErrBadLaunch)
			}
			arg, err := a.localLaunchArg(i, group.Total())
			var n int64
			if err == nil {
				n, err = driver.LocalBytes(arg, p.Type)
			}
			// local <= lim so far: comparing n with what is left cannot overflow.
			if lim := int64(k.dev.info.Capabilities.LocalMemBytes); err == nil && lim > 0 && n > lim-local {
				err = fmt.Errorf("needs %d more bytes of local memory than the launch's other ka.Local arguments' %d, the device has %d", n, local, lim)
			}
			local += n
			if err != nil {
				return nil, k.badArg(i, err)
			}
			dargs = append(dargs, arg)
			continue
		}
		if p.Dims >= 2 {
			want := "*ka.Matrix"
			if p.Dims == 3 {
				want = "*ka.Volume"
			}
			v, ok := args[i].(viewArg)
			if !ok || (p.Dims == 2) != isMatrix(args[i]) {
				return nil, fmt.Errorf("ka: launching %s: argument %d (%s) is %T, want %s[%s]: %w", k.spec.Name, i+1, k.param(i), args[i], want, p.Type, ErrBadLaunch)
			}
			arg, err := v.viewLaunchArg(s, p.Type)
			if err != nil {
				return nil, k.badArg(i, err)
			}
			dargs = append(dargs, arg)
			continue
		}
		if p.Slice {
			a, ok := args[i].(arrayArg)
			if ok && a.elemType() != k.types[i].Elem() {
				ok = false // an array of another type: another struct, even of the same size
			}
			if !ok {
				return nil, fmt.Errorf("ka: launching %s: argument %d (%s) is %T, want *ka.Array[%s]: %w", k.spec.Name, i+1, k.param(i), args[i], k.types[i].Elem(), ErrBadLaunch)
			}
			arg, err := a.launchArg(s, p.Type)
			if err != nil {
				return nil, k.badArg(i, err)
			}
			dargs = append(dargs, arg)
			continue
		}
		if p.Fields != nil {
			b, err := structBytes(args[i], k.types[i])
			if err != nil {
				return nil, k.badArg(i, err)
			}
			dargs = append(dargs, driver.Arg{Value: args[i], Bytes: b})
			continue
		}
		v, ok := scalarValue(args[i], p.Type)
		if !ok {
			return nil, fmt.Errorf("ka: launching %s: argument %d (%s) is %T, want %s: %w", k.spec.Name, i+1, k.param(i), args[i], p.Type, ErrBadLaunch)
		}
		dargs = append(dargs, driver.Arg{Value: v})
	}
	q, err := s.queue()
	var span *eventState
	if err == nil && r.Total() > 0 {
		var fn driver.Function
		fn, err = k.function(r, group, dargs)
		switch {
		case err != nil:
		case tr != nil:
			span, err = s.launchTimed(q, k, fn, r, group, dargs)
			if errors.Is(err, ErrUnsupported) && !timed {
				// The backend cannot time kernels: no tuning, the
				// default shapes, and this launch as a plain one.
				k.tuner.mu.Lock()
				k.tuner.untimed = true
				k.tuner.mu.Unlock()
				err = q.q.Launch(fn, r, group, dargs)
				break
			}
			if err == nil {
				trialTime = kernelTime(k.spec.Name, span, !timed)
				if !timed {
					span = nil // the tuner's; the caller asked for none
				}
			}
		case timed:
			span, err = s.launchTimed(q, k, fn, r, group, dargs)
		case trace.IsEnabled():
			err = s.launchTraced(q, k, fn, r, group, dargs)
		default:
			err = q.q.Launch(fn, r, group, dargs)
		}
	}
	if err != nil {
		return nil, fmt.Errorf("ka: launching %s: %w", k.spec.Name, err)
	}
	return span, nil
}

// badArg is the error of a launch whose argument i is wrong, as err says
// (err's text follows the parameter: "is a freed array"); it wraps
// ErrBadLaunch once, also when err already does.
func (k *Kernel) badArg(i int, err error) error {
	if errors.Is(err, ErrBadLaunch) {
		return fmt.Errorf("ka: launching %s: argument %d (%s) %w", k.spec.Name, i+1, k.param(i), err)
	}
	return fmt.Errorf("ka: launching %s: argument %d (%s) %v: %w", k.spec.Name, i+1, k.param(i), err, ErrBadLaunch)
}

// paramTypes are the Go types of the parameters of a kernel function of
// type t after its Item: a launch of an untyped argument list checks struct
// arguments and the elements of struct arrays against them, type for type.
func paramTypes(t reflect.Type) []reflect.Type {
	types := make([]reflect.Type, t.NumIn()-1)
	for i := range types {
		types[i] = t.In(i + 1)
	}
	return types
}

// checkRange validates r and returns the group size for it.
func (k *Kernel) checkRange(r NDRange) (NDRange, error) {
	caps := k.dev.info.Capabilities
	if r.Dims < 1 || r.Dims > 3 {
		return NDRange{}, fmt.Errorf("ka: launching %s: range has %d dimensions, want 1 to 3: %w", k.spec.Name, r.Dims, ErrBadLaunch)
	}
	for d := 0; d < 3; d++ {
		if n := r.Size[d]; n < 0 || (d >= r.Dims && n != 1) {
			return NDRange{}, fmt.Errorf("ka: launching %s: range %v: size %d in dimension %d: %w", k.spec.Name, r, n, d, ErrBadLaunch)
		}
	}
	g := k.group
	if g.Dims == 0 {
		g = defaultGroup(r, k.dev.info.Kind, caps)
	} else if g.Dims > r.Dims {
		return NDRange{}, fmt.Errorf("ka: launching %s: group size %v has more dimensions than range %v: %w", k.spec.Name, g, r, ErrBadLaunch)
	}
	g.Dims = r.Dims
	if err := k.groupErr(r, g); err != nil {
		return NDRange{}, err
	}
	return g, nil
}

// groupErr is the error of a launch over r in groups of g that the device
// or the kernel cannot take, nil when both can.
func (k *Kernel) groupErr(r, g NDRange) error {
	caps := k.dev.info.Capabilities
	for d := range 3 {
		if g.Size[d] > driver.MaxGroupDim {
			return fmt.Errorf("ka: launching %s: group size %v: %d in dimension %d exceeds kago's limit %d: %w", k.spec.Name, g, g.Size[d], d, driver.MaxGroupDim, ErrBadLaunch)
		}
		if m := caps.MaxGroupDims[d]; m > 0 && g.Size[d] > m {
			return fmt.Errorf("ka: launching %s: group size %v: %d in dimension %d exceeds the device's limit %d: %w", k.spec.Name, g, g.Size[d], d, m, ErrBadLaunch)
		}
	}
	if caps.MaxGroupSize > 0 && g.Total() > caps.MaxGroupSize {
		return fmt.Errorf("ka: launching %s: group size %v has %d work-items, the device allows %d: %w", k.spec.Name, g, g.Total(), caps.MaxGroupSize, ErrBadLaunch)
	}
	if m := k.spec.MaxGroup; m > 0 && g.Total() > m {
		return fmt.Errorf("ka: launching %s: group size %v has %d work-items, the kernel's group collectives handle at most %d: %w", k.spec.Name, g, g.Total(), m, ErrBadLaunch)
	}
	if err := checkGroups(r, g, caps); err != nil {
		return fmt.Errorf("ka: launching %s over %v in groups of %v: %v: %w", k.spec.Name, r, g, err, ErrBadLaunch)
	}
	return nil
}

// checkGroups checks that r, rounded up to whole groups of g, has a group
// count within the device's limits, in every dimension and in all, and
// that the rounded range's work-items can be counted in an int (linear ids
// must not overflow).
func checkGroups(r, g NDRange, caps Capabilities) error {
	total, count := 1, 1
	for d := range 3 {
		n, gs := r.Size[d], g.Size[d]
		groups := n/gs + min(n%gs, 1)
		if m := caps.MaxGroups[d]; m > 0 && groups > m {
			return fmt.Errorf("%d groups in dimension %d, the device allows %d", groups, d, m)
		}
		if m := caps.MaxGroupCount; m > 0 && groups > 0 {
			if count > m/groups {
				return fmt.Errorf("the range needs more groups than the device allows (%d)", m)
			}
			count *= groups
		}
		if groups > math.MaxInt/gs {
			return fmt.Errorf("size %d in dimension %d overflows when rounded up to whole groups of %d", n, d, gs)
		}
		rounded := groups * gs
		if rounded > 0 && total > math.MaxInt/rounded {
			return fmt.Errorf("its work-items, rounded up to whole groups, overflow an int")
		}
		total *= rounded
	}
	if total > MaxWorkItems {
		return fmt.Errorf("its %d work-items, rounded up to whole groups, are more than ka.MaxWorkItems (2^48)", total)
	}
	return nil
}

// MaxWorkItems is the most work-items a launch may have, counted after its
// range is rounded up to whole groups: 2^48, more than any device runs in
// a day. The bound lets the compiler prove that a work-item query times a
// small constant (it.GlobalID(0)*16) is never negative, so that the index
// checks of kernels written that way can be proven away
// (docs/kernel-language.md, "When a kernel fails"). A larger range is an
// ErrBadLaunch.
const MaxWorkItems = 1 << 48

// param is parameter i as the kernel's Go source declares it ("x
// []float32", "p katest.Pair"), for messages.
func (k *Kernel) param(i int) string {
	return k.spec.Params[i].Name + " " + k.types[i].String()
}

// paramList is the parameters after the Item, as param words them.
func (k *Kernel) paramList() string {
	s := ""
	for i := range k.types {
		if i > 0 {
			s += ", "
		}
		s += k.param(i)
	}
	return s
}

// scalarValue returns v as a value of the predeclared type of t, the one
// backends take (driver.ScalarBits; the native binders convert it to the
// parameter's own type): v itself when it has that type, v converted
// when its type is a named type with that underlying type (a parameter
// of type Gain, declared as float32, takes a Gain); ok is false otherwise.
func scalarValue(v any, t driver.ScalarType) (any, bool) {
	if scalarTypeOf(v) == t {
		return v, true
	}
	rv := reflect.ValueOf(v)
	if !rv.IsValid() || t == driver.Invalid || rv.Type().PkgPath() == "" || driver.ScalarType(rv.Kind()) != t {
		return nil, false
	}
	return rv.Convert(predeclared[t]).Interface(), true
}

// predeclared are the predeclared Go types of the scalar types, whose
// values are ordered as reflect.Kind (see driver.ScalarType).
var predeclared = func() map[driver.ScalarType]reflect.Type {
	m := map[driver.ScalarType]reflect.Type{}
	for _, v := range []any{false, int(0), int8(0), int16(0), int32(0), int64(0), uint(0), uint8(0), uint16(0), uint32(0), uint64(0), float32(0), float64(0)} {
		m[scalarTypeOf(v)] = reflect.TypeOf(v)
	}
	return m
}()

// scalarTypeOf is the ScalarType of v's exact type, Invalid for others.
func scalarTypeOf(v any) driver.ScalarType {
	switch v.(type) {
	case bool:
		return driver.Bool
	case int:
		return driver.Int
	case int8:
		return driver.Int8
	case int16:
		return driver.Int16
	case int32:
		return driver.Int32
	case int64:
		return driver.Int64
	case uint:
		return driver.Uint
	case uint8:
		return driver.Uint8
	case uint16:
		return driver.Uint16
	case uint32:
		return driver.Uint32
	case uint64:
		return driver.Uint64
	case float32:
		return driver.Float32
	case float64:
		return driver.Float64
	}
	return driver.Invalid
}

// reflectSpec describes a kernel that has no registered code, for the
// native backend (fn has passed kgen.LookupKernel's checks): parameters from fn's type, no device code, and a
// reflective native binding that runs work-items as goroutines (Barrier is
// unknown, so it is assumed).
func reflectSpec(fn any) *driver.KernelSpec {
	t := reflect.TypeOf(fn)
	name := runtime.FuncForPC(reflect.ValueOf(fn).Pointer()).Name()
	spec := &driver.KernelSpec{Name: name, Entry: name, Barrier: true, Native: reflectNative(fn)}
	for i := 1; i < t.NumIn(); i++ {
		in := t.In(i)
		p := driver.Param{Name: fmt.Sprintf("parameter %d", i)}
		if in.Kind() == reflect.Slice {
			p.Slice = true
			in = in.Elem()
		}
		if l, ok := reflect.Zero(in).Interface().(localArg); ok {
			p.Local, p.Type = true, l.localElem()
			spec.Params = append(spec.Params, p)
			continue
		}
		p.Type = driver.ScalarType(in.Kind()) // a named scalar too (ka.Float16): reflectNative converts it
		if p.Type.Size() == 0 {
			p.Type = driver.Invalid
		}
		spec.Params = append(spec.Params, p)
	}
	return spec
}

// reflectNative binds arguments with reflection: one reflect call per
// work-item, which is slow but needs no generated code.
func reflectNative(fn any) driver.NativeFunc {
	v := reflect.ValueOf(fn)
	return func(args []driver.Arg) func(kernel.Item) {
		in := make([]reflect.Value, len(args)+1)
		for i, a := range args {
			in[i+1] = reflect.ValueOf(a.Value)
			if want := v.Type().In(i + 1); in[i+1].IsValid() && in[i+1].Type() != want && in[i+1].CanConvert(want) {
				in[i+1] = in[i+1].Convert(want) // a scalar of a named type, which ka passes as its underlying type
			}
		}
		return func(it kernel.Item) {
			call := make([]reflect.Value, len(in))
			copy(call, in)
			call[0] = reflect.ValueOf(Item(it))
			v.Call(call)
		}
	}
}
