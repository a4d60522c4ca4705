package ka

import (
	"fmt"
	"reflect"
	"unsafe"
)

// structBytes is the memory of a struct argument, in Go's layout, for a
// struct parameter of size bytes (docs/kernel-language.md, "Structs and
// nested arrays"): kernels take structs by value, and the device reads
// their fields at the offsets Go gives them.
func structBytes(x any, size int) ([]byte, error) {
	v := reflect.ValueOf(x)
	if !v.IsValid() || v.Kind() != reflect.Struct || int(v.Type().Size()) != size {
		return nil, fmt.Errorf("is %T, want a struct of %d bytes", x, size)
	}
	p := reflect.New(v.Type())
	p.Elem().Set(v)
	return unsafe.Slice((*byte)(p.UnsafePointer()), size), nil
}
