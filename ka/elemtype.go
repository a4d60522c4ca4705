package ka

import (
	"fmt"
	"reflect"
	"sync"
)

// Device memory holds plain bytes: what Alloc, FromSlice and the copies
// put there is invisible to Go's garbage collector. An element type that
// holds a pointer (a *T, string, slice, map, channel, function or
// interface, directly or in a field) would let the collector free what the
// buffer still points to, and a kernel or a Read would hand back dangling
// pointers: a use-after-free with no unsafe in the program. So only the
// element types of docs/kernel-language.md are accepted: the scalars
// (named ones too), and fixed-size arrays and structs of those, with a
// nonzero size. Go's type constraints cannot say "holds no pointer" (the
// constraint of Alloc must admit structs), so the check runs when a type
// enters: once per type, cached.

// elemVerdicts caches elemCheck's result by type: an error, or nil.
var elemVerdicts sync.Map // reflect.Type -> error

// checkElem returns nil when T can be an element of device memory, and
// otherwise an error that says why, wrapping ErrInvalid.
func checkElem[T any]() error {
	t := reflect.TypeFor[T]()
	if v, ok := elemVerdicts.Load(t); ok {
		err, _ := v.(error)
		return err
	}
	err := elemCheck(t)
	if err == nil && t.Size() == 0 {
		err = fmt.Errorf("element type %s has size 0: %w", t, ErrInvalid)
	}
	elemVerdicts.Store(t, err)
	return err
}

// elemCheck is checkElem's walk of t, uncached.
func elemCheck(t reflect.Type) error {
	switch t.Kind() {
	case reflect.Bool,
		reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64,
		reflect.Float32, reflect.Float64:
		return nil
	case reflect.Array:
		if err := elemCheck(t.Elem()); err != nil {
			return fmt.Errorf("element type %s: %w", t, err)
		}
		return nil
	case reflect.Struct:
		for i := range t.NumField() {
			f := t.Field(i)
			if err := elemCheck(f.Type); err != nil {
				return fmt.Errorf("element type %s: field %s: %w", t, f.Name, err)
			}
		}
		return nil
	}
	what := "is not a scalar"
	switch t.Kind() {
	case reflect.Pointer, reflect.UnsafePointer, reflect.String, reflect.Slice, reflect.Map, reflect.Chan, reflect.Func, reflect.Interface:
		what = "holds a pointer, which device memory would hide from the garbage collector"
	}
	return fmt.Errorf("%s %s (device memory holds scalars, and arrays and structs of scalars): %w", t, what, ErrInvalid)
}

// typeName is the Go name of T, for messages ("float32", "main.Particle").
func typeName[T any]() string { return reflect.TypeFor[T]().String() }
