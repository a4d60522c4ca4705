package driver

import "math"

// ScalarBits returns the device representation of a scalar argument of
// type t in the low t.Size() bytes of a uint64 (little-endian, as every
// supported device is), and false if v is not of t's exact Go type. A bool
// is one byte, 0 or 1 (docs/ir.md). Backends that pass arguments by value
// (OpenCL's clSetKernelArg, CUDA's kernelParams) use it.
func ScalarBits(t ScalarType, v any) (uint64, bool) {
	switch x := v.(type) {
	case bool:
		if x {
			return 1, t == Bool
		}
		return 0, t == Bool
	case int:
		return uint64(x), t == Int
	case int8:
		return uint64(uint8(x)), t == Int8
	case int16:
		return uint64(uint16(x)), t == Int16
	case int32:
		return uint64(uint32(x)), t == Int32
	case int64:
		return uint64(x), t == Int64
	case uint:
		return uint64(x), t == Uint
	case uint8:
		return uint64(x), t == Uint8
	case uint16:
		return uint64(x), t == Uint16
	case uint32:
		return uint64(x), t == Uint32
	case uint64:
		return x, t == Uint64
	case float32:
		return uint64(math.Float32bits(x)), t == Float32
	case float64:
		return math.Float64bits(x), t == Float64
	}
	return 0, false
}
