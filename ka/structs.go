package ka

import (
	"fmt"
	"reflect"
	"unsafe"
)

// structBytes is the memory of a struct argument, in Go's layout, for a
// struct parameter of type t (docs/kernel-language.md, "Structs and nested
// arrays"): kernels take structs by value, and the device reads their
// fields at the offsets Go gives them. x must have type t itself: another
// struct type, even of the same size and layout, is refused, as the
// compiler refuses it in a typed launcher.
func structBytes(x any, t reflect.Type) ([]byte, error) {
	v := reflect.ValueOf(x)
	if !v.IsValid() || v.Type() != t {
		return nil, fmt.Errorf("is %T, want %s", x, t)
	}
	p := reflect.New(t)
	p.Elem().Set(v)
	return unsafe.Slice((*byte)(p.UnsafePointer()), t.Size()), nil
}
