package opencl

import (
	"math"

	"github.com/kago-dev/kago/ka/driver"
)

// scalarBits returns the device representation of a scalar argument of
// type t, in the low bytes of a uint64, and false if v is not of t's Go type.
// A bool is one byte, 0 or 1 (docs/ir.md).
func scalarBits(t driver.ScalarType, v any) (uint64, bool) {
	switch x := v.(type) {
	case bool:
		if t != driver.Bool {
			return 0, false
		}
		if x {
			return 1, true
		}
		return 0, true
	case int:
		return uint64(x), t == driver.Int
	case int8:
		return uint64(uint8(x)), t == driver.Int8
	case int16:
		return uint64(uint16(x)), t == driver.Int16
	case int32:
		return uint64(uint32(x)), t == driver.Int32
	case int64:
		return uint64(x), t == driver.Int64
	case uint:
		return uint64(x), t == driver.Uint
	case uint8:
		return uint64(x), t == driver.Uint8
	case uint16:
		return uint64(x), t == driver.Uint16
	case uint32:
		return uint64(x), t == driver.Uint32
	case uint64:
		return x, t == driver.Uint64
	case float32:
		return uint64(math.Float32bits(x)), t == driver.Float32
	case float64:
		return math.Float64bits(x), t == driver.Float64
	}
	return 0, false
}
