package ka

import (
	"math"
	"sync/atomic"
	"unsafe"
)

// AtomicType is the set of types the atomic functions work on. 64-bit
// atomics need a device with 64-bit atomics (Capabilities.Features has Int64Atomics).
type AtomicType interface {
	int32 | uint32 | int64 | uint64 | float32 | float64
}

// The atomic functions operate on one element of global or local memory,
// given by its address (&s[i]). Each returns the value the element held
// before the operation. They are relaxed atomics: atomic for that element
// only, with no ordering of other memory (use Barrier for that).

// AtomicAdd adds v to *p.
func AtomicAdd[T AtomicType](p *T, v T) T {
	switch p := any(p).(type) {
	case *int32:
		return T(atomic.AddInt32(p, int32(v)) - int32(v))
	case *uint32:
		return T(atomic.AddUint32(p, uint32(v)) - uint32(v))
	case *int64:
		return T(atomic.AddInt64(p, int64(v)) - int64(v))
	case *uint64:
		return T(atomic.AddUint64(p, uint64(v)) - uint64(v))
	}
	return casLoop(p, func(old T) T { return old + v })
}

// AtomicSub subtracts v from *p. For floats it adds -v, which IEEE 754
// defines to be the same.
func AtomicSub[T AtomicType](p *T, v T) T {
	switch p := any(p).(type) {
	case *int32:
		return T(atomic.AddInt32(p, -int32(v)) + int32(v))
	case *uint32:
		return T(atomic.AddUint32(p, -uint32(v)) + uint32(v))
	case *int64:
		return T(atomic.AddInt64(p, -int64(v)) + int64(v))
	case *uint64:
		return T(atomic.AddUint64(p, -uint64(v)) + uint64(v))
	}
	return casLoop(p, func(old T) T { return old + -v })
}

// AtomicInt is the set of integer types the bitwise atomics work on.
type AtomicInt interface {
	int32 | uint32 | int64 | uint64
}

// AtomicAnd stores *p & v in *p.
func AtomicAnd[T AtomicInt](p *T, v T) T {
	return casLoop(p, func(old T) T { return old & v })
}

// AtomicOr stores *p | v in *p.
func AtomicOr[T AtomicInt](p *T, v T) T {
	return casLoop(p, func(old T) T { return old | v })
}

// AtomicXor stores *p ^ v in *p.
func AtomicXor[T AtomicInt](p *T, v T) T {
	return casLoop(p, func(old T) T { return old ^ v })
}

// AtomicMax stores max(*p, v) in *p. For floats, a NaN in either operand
// follows Go's max: the result is NaN.
func AtomicMax[T AtomicType](p *T, v T) T {
	return casLoop(p, func(old T) T { return max(old, v) })
}

// AtomicMin stores min(*p, v) in *p, with Go's min semantics for floats.
func AtomicMin[T AtomicType](p *T, v T) T {
	return casLoop(p, func(old T) T { return min(old, v) })
}

// AtomicExchange stores v in *p.
func AtomicExchange[T AtomicType](p *T, v T) T {
	return casLoop(p, func(T) T { return v })
}

// AtomicCAS stores new in *p if *p == old (compared bit for bit for
// floats). It returns the value *p held before, so the swap happened when
// the result equals old.
func AtomicCAS[T AtomicType](p *T, old, new T) T {
	switch unsafe.Sizeof(old) {
	case 4:
		q := (*uint32)(unsafe.Pointer(p))
		o, n := bits32(old), bits32(new)
		for {
			cur := atomic.LoadUint32(q)
			if cur != o {
				return from32[T](cur)
			}
			if atomic.CompareAndSwapUint32(q, o, n) {
				return old
			}
		}
	default:
		q := (*uint64)(unsafe.Pointer(p))
		o, n := bits64(old), bits64(new)
		for {
			cur := atomic.LoadUint64(q)
			if cur != o {
				return from64[T](cur)
			}
			if atomic.CompareAndSwapUint64(q, o, n) {
				return old
			}
		}
	}
}

// casLoop applies f atomically to *p with compare-and-swap on the bits.
func casLoop[T AtomicType](p *T, f func(T) T) T {
	switch unsafe.Sizeof(*p) {
	case 4:
		q := (*uint32)(unsafe.Pointer(p))
		for {
			cur := atomic.LoadUint32(q)
			old := from32[T](cur)
			if atomic.CompareAndSwapUint32(q, cur, bits32(f(old))) {
				return old
			}
		}
	default:
		q := (*uint64)(unsafe.Pointer(p))
		for {
			cur := atomic.LoadUint64(q)
			old := from64[T](cur)
			if atomic.CompareAndSwapUint64(q, cur, bits64(f(old))) {
				return old
			}
		}
	}
}

func bits32[T AtomicType](v T) uint32 {
	if f, ok := any(v).(float32); ok {
		return math.Float32bits(f)
	}
	return *(*uint32)(unsafe.Pointer(&v))
}

func bits64[T AtomicType](v T) uint64 {
	if f, ok := any(v).(float64); ok {
		return math.Float64bits(f)
	}
	return *(*uint64)(unsafe.Pointer(&v))
}

func from32[T AtomicType](b uint32) T { return *(*T)(unsafe.Pointer(&b)) }
func from64[T AtomicType](b uint64) T { return *(*T)(unsafe.Pointer(&b)) }
