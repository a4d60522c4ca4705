package algo

import (
	"context"
	"errors"
	"fmt"

	"github.com/kago-dev/kago/ka"
)

// Op is the combining operation of Reduce and MapReduce. Kernels cannot
// take Go functions, so the operations are this fixed set.
type Op int

const (
	// OpSum adds, starting from 0 (integers wrap); Reduce with OpSum is Sum.
	OpSum Op = iota
	// OpProd multiplies, starting from the chunk's first element (integers
	// wrap); an empty array's product is 1.
	OpProd
	// OpMin is Go's min (a NaN wins, -0 < +0); Reduce with OpMin is Min.
	OpMin
	// OpMax is Go's max; Reduce with OpMax is Max.
	OpMax
	// OpAnd is the bitwise and, for integer types only; an empty array's
	// is all ones.
	OpAnd
	// OpOr is the bitwise or, for integer types only.
	OpOr
	// OpXor is the bitwise exclusive or, for integer types only.
	OpXor
)

var opNames = [...]string{"OpSum", "OpProd", "OpMin", "OpMax", "OpAnd", "OpOr", "OpXor"}

// String returns the constant's name, as "OpSum".
func (op Op) String() string {
	if op >= 0 && int(op) < len(opNames) {
		return opNames[op]
	}
	return fmt.Sprintf("Op(%d)", int(op))
}

// Map is the function MapReduce applies to every element before
// combining: a fixed set, as for Op. The result has the element's type.
type Map int

const (
	// MapIdentity is v itself.
	MapIdentity Map = iota
	// MapAbs is |v|: max(v, -v) for signed integers and floats (so -0
	// becomes +0 and a NaN stays a NaN; the most negative integer stays
	// itself, as -v wraps in Go), v for unsigned integers.
	MapAbs
	// MapSquare is v*v (integers wrap).
	MapSquare
)

var mapNames = [...]string{"MapIdentity", "MapAbs", "MapSquare"}

// String returns the constant's name, as "MapAbs".
func (m Map) String() string {
	if m >= 0 && int(m) < len(mapNames) {
		return mapNames[m]
	}
	return fmt.Sprintf("Map(%d)", int(m))
}

// ErrEmpty is returned by Min and Max (and Reduce or MapReduce with OpMin
// or OpMax) of an empty array, which has no least or greatest element.
var ErrEmpty = errors.New("algo: Min or Max of an empty array")

// apply returns m of v.
func apply[T ka.Number](v T, m int) T {
	switch Map(m) {
	case MapAbs:
		return max(v, -v)
	case MapSquare:
		return v * v
	}
	return v
}

// kPartialReduce combines the mapped elements m(x[i]) of chunk w of x (as
// kPartialSum cuts it) with op into out[w]: OpSum in kPartialSum's four
// accumulators, the other operations in order from the chunk's first
// element. The bitwise operations
// work on the bits widened to uint64 (sign-extended for signed types),
// which gives the bits of the operation in T. (op and m are an Op and a
// Map as ints: a launch takes a named type's value as its underlying
// type.)
//
//ka:kernel
func kPartialReduce[T ka.Number](it ka.Item, x, out []T, op, m int) {
	w := it.Global()
	lo := w * SumChunk
	hi := min(lo+SumChunk, len(x))
	switch Op(op) {
	case OpSum: // in kPartialSum's order
		var a0, a1, a2, a3 T
		i := lo
		for ; i+4 <= hi; i += 4 {
			a0 += apply(x[i], m)
			a1 += apply(x[i+1], m)
			a2 += apply(x[i+2], m)
			a3 += apply(x[i+3], m)
		}
		for ; i < hi; i++ {
			a0 += apply(x[i], m)
		}
		out[w] = (a0 + a1) + (a2 + a3)
	case OpProd:
		acc := apply(x[lo], m)
		for i := lo + 1; i < hi; i++ {
			acc *= apply(x[i], m)
		}
		out[w] = acc
	case OpMin:
		acc := apply(x[lo], m)
		for i := lo + 1; i < hi; i++ {
			acc = min(acc, apply(x[i], m))
		}
		out[w] = acc
	case OpMax:
		acc := apply(x[lo], m)
		for i := lo + 1; i < hi; i++ {
			acc = max(acc, apply(x[i], m))
		}
		out[w] = acc
	default:
		acc := uint64(apply(x[lo], m))
		for i := lo + 1; i < hi; i++ {
			v := uint64(apply(x[i], m))
			switch Op(op) {
			case OpAnd:
				acc &= v
			case OpOr:
				acc |= v
			default:
				acc ^= v
			}
		}
		out[w] = T(acc)
	}
}

// reduceInstances are the instances of kPartialReduce.
var reduceInstances = []any{
	kPartialReduce[int], kPartialReduce[int8], kPartialReduce[int16], kPartialReduce[int32], kPartialReduce[int64], kPartialReduce[uint], kPartialReduce[uint8], kPartialReduce[uint16], kPartialReduce[uint32], kPartialReduce[uint64], kPartialReduce[float32], kPartialReduce[float64],
}

// Reduce combines the elements of x with op and returns the result,
// waiting for it on s. The order is Sum's, fixed, so a float result is
// the same bits on every device and run: x is cut into chunks of SumChunk
// elements, each combined by one work-item (OpSum in four accumulators,
// see kPartialSum; the others in order from the chunk's first element);
// the chunk results are combined the same way, until one is left. An empty array gives 0 (OpSum, OpOr,
// OpXor), 1 (OpProd), all ones (OpAnd) or ErrEmpty (OpMin, OpMax).
// OpAnd, OpOr and OpXor of floats, and an unknown op, are errors
// wrapping ka.ErrInvalid.
func Reduce[T ka.Number](ctx context.Context, s *ka.Stream, x *ka.Array[T], op Op) (T, error) {
	return MapReduce(ctx, s, x, MapIdentity, op)
}

// MapReduce is Reduce of m(x[i]): the map is applied to every element (in
// the first level's chunks only), in T, then the results are combined
// with op in Reduce's order. MapReduce(ctx, s, x, MapSquare, OpSum) is
// the sum of squares; with MapAbs and OpMax the largest magnitude.
func MapReduce[T ka.Number](ctx context.Context, s *ka.Stream, x *ka.Array[T], m Map, op Op) (T, error) {
	if err := checkArgs("MapReduce", s, x); err != nil {
		return 0, err
	}
	kk := keyKindOf[T]()
	switch {
	case op < OpSum || op > OpXor:
		return 0, fmt.Errorf("algo: unknown operation %v: %w", op, ka.ErrInvalid)
	case op >= OpAnd && kk.float:
		return 0, fmt.Errorf("algo: %v of %T: bitwise operations are for integers: %w", op, *new(T), ka.ErrInvalid)
	case m < MapIdentity || m > MapSquare:
		return 0, fmt.Errorf("algo: unknown map %v: %w", m, ka.ErrInvalid)
	}
	if x.Len() == 0 {
		switch op {
		case OpMin, OpMax:
			return 0, ErrEmpty
		case OpProd:
			return 1, nil
		case OpAnd:
			ones := ^uint64(0)
			return T(ones), nil
		}
		return 0, nil
	}
	if m == MapAbs && !kk.float && kk.flip == 0 {
		m = MapIdentity // unsigned
	}
	dev := s.Device()
	var general kPartialReduceKernel[T]
	level := func(m Map) (func(s *ka.Stream, r ka.NDRange, in, out *ka.Array[T]) error, error) {
		if m == MapIdentity {
			// Sum, Min and Max have kernels of their own, without the
			// general kernel's switches.
			switch op {
			case OpSum:
				k, err := newKPartialSumKernel[T](dev)
				return k.Launch, err
			case OpMin:
				k, err := newKPartialMinKernel[T](dev)
				return k.Launch, err
			case OpMax:
				k, err := newKPartialMaxKernel[T](dev)
				return k.Launch, err
			}
		}
		if general.Kernel() == nil {
			var err error
			if general, err = newKPartialReduceKernel[T](dev); err != nil {
				return nil, err
			}
		}
		return func(s *ka.Stream, r ka.NDRange, in, out *ka.Array[T]) error {
			return general.Launch(s, r, in, out, int(op), int(m))
		}, nil
	}
	first, err := level(m)
	if err != nil {
		return 0, err
	}
	rest := first
	if m != MapIdentity {
		if rest, err = level(MapIdentity); err != nil {
			return 0, err
		}
	}
	return reduce(ctx, s, x, first, rest)
}

// reduce applies the chunk kernel first to x, then rest level after level
// until one value is left, and waits for it.
func reduce[T ka.Number](ctx context.Context, s *ka.Stream, x *ka.Array[T], first, rest func(*ka.Stream, ka.NDRange, *ka.Array[T], *ka.Array[T]) error) (T, error) {
	n := x.Len()
	cur, launch := x, first
	for n > 1 || cur == x {
		m := (n + SumChunk - 1) / SumChunk
		p, err := ka.Alloc[T](s.Device(), m)
		if err != nil {
			return 0, err
		}
		defer p.Free()
		if err := launch(s, ka.Range(m), cur, p); err != nil {
			return 0, err
		}
		cur, n, launch = p, m, rest
	}
	out := make([]T, 1)
	if err := cur.ReadAsync(s, out); err != nil {
		return 0, err
	}
	if err := s.Synchronize(ctx); err != nil {
		return 0, err
	}
	return out[0], nil
}
