package ka

import (
	"math"

	"github.com/kago-dev/kago/ka/kernel"
)

// Number is the set of types the group collectives combine: every integer
// and float scalar type.
type Number interface {
	int | int8 | int16 | int32 | int64 | uint | uint8 | uint16 | uint32 | uint64 | float32 | float64
}

// The group collectives combine one value from every work-item of the
// work-group. Like Barrier, each must be called by every work-item of the
// group, the same calls in the same order (the compiler refuses a call it
// can see is under a condition or in a loop that depends on the work-item,
// such as it.Global() < n: compute the value under the condition instead,
// and call the collective outside it). A kernel that calls one runs whole
// groups, as with Barrier: work-items outside the range take part too (see
// Item.InRange).
//
// A group may have at most kernel.MaxCollectiveGroup (1024) work-items.
// Work-items are ordered by their linear local id (Item.Local).
//
// Results are deterministic: float sums combine in a fixed order that
// depends only on the group size, the same on every device and on the
// native backend, so the same inputs and group size give the same bits:
//
//   - reductions (GroupSum, GroupMin, GroupMax, GroupAll, GroupAny) are a
//     tree: with P the smallest power of two >= the group size n, for
//     s = P/2, P/4, ..., 1, the partial value of work-item i < s combines
//     with that of i+s when i+s < n, as partial(i) + partial(i+s);
//   - scans are Hillis–Steele: for d = 1, 2, 4, ... < n, every i >= d
//     takes partial(i-d) + partial(i) of the previous step.
//
// GroupMin and GroupMax are Go's min and max (a NaN wins, -0 < +0).

// GroupSum returns the sum of v over the work-items of the group.
func GroupSum[T Number](it Item, v T) T { return kernel.GroupReduce(it.w(), v, add[T]) }

// GroupMin returns the least v of the group.
func GroupMin[T Number](it Item, v T) T { return kernel.GroupReduce(it.w(), v, minOf[T]) }

// GroupMax returns the greatest v of the group.
func GroupMax[T Number](it Item, v T) T { return kernel.GroupReduce(it.w(), v, maxOf[T]) }

// GroupInclusiveSum returns the sum of v over the work-items of the group
// whose linear local id is at most this one's.
func GroupInclusiveSum[T Number](it Item, v T) T {
	return kernel.GroupScan(it.w(), v, add[T], false, 0)
}

// GroupExclusiveSum returns the sum of v over the work-items of the group
// whose linear local id is less than this one's (0 for the first).
func GroupExclusiveSum[T Number](it Item, v T) T {
	return kernel.GroupScan(it.w(), v, add[T], true, 0)
}

// GroupInclusiveMin returns the least v of the work-items whose linear
// local id is at most this one's.
func GroupInclusiveMin[T Number](it Item, v T) T {
	return kernel.GroupScan(it.w(), v, minOf[T], false, 0)
}

// GroupExclusiveMin returns the least v of the work-items whose linear
// local id is less than this one's; the first work-item gets MaxOf[T]
// (+Inf for floats).
func GroupExclusiveMin[T Number](it Item, v T) T {
	return kernel.GroupScan(it.w(), v, minOf[T], true, MaxOf[T]())
}

// GroupInclusiveMax returns the greatest v of the work-items whose linear
// local id is at most this one's.
func GroupInclusiveMax[T Number](it Item, v T) T {
	return kernel.GroupScan(it.w(), v, maxOf[T], false, 0)
}

// GroupExclusiveMax returns the greatest v of the work-items whose linear
// local id is less than this one's; the first work-item gets MinOf[T]
// (-Inf for floats).
func GroupExclusiveMax[T Number](it Item, v T) T {
	return kernel.GroupScan(it.w(), v, maxOf[T], true, MinOf[T]())
}

// GroupBroadcast returns the v of the work-item whose linear local id is
// from, which must be the same in every work-item. A from outside [0, n),
// n the group's size in work-items, fails the kernel on every backend as
// an index out of range does: a *KernelError of kind FaultIndex,
// "GroupBroadcast from work-item 16 of a group of 16", at the call's line
// (devices do not check in a kernel marked //ka:nocheck; see
// docs/kernel-language.md, "When a kernel fails").
func GroupBroadcast[T Scalar](it Item, v T, from int) T {
	return kernel.GroupBroadcast(it.w(), v, from)
}

// GroupAll reports whether p is true in every work-item of the group.
func GroupAll(it Item, p bool) bool {
	return kernel.GroupReduce(it.w(), p, func(x, y bool) bool { return x && y })
}

// GroupAny reports whether p is true in some work-item of the group.
func GroupAny(it Item, p bool) bool {
	return kernel.GroupReduce(it.w(), p, func(x, y bool) bool { return x || y })
}

// MaxOf returns the greatest value of T: +Inf for floats. It is the
// identity of min, the first result of GroupExclusiveMin. It is host code
// (kernels use the constant they need).
func MaxOf[T Number]() T {
	var r any
	switch any(T(0)).(type) {
	case int:
		r = math.MaxInt
	case int8:
		r = int8(math.MaxInt8)
	case int16:
		r = int16(math.MaxInt16)
	case int32:
		r = int32(math.MaxInt32)
	case int64:
		r = int64(math.MaxInt64)
	case uint:
		r = uint(math.MaxUint)
	case uint8:
		r = uint8(math.MaxUint8)
	case uint16:
		r = uint16(math.MaxUint16)
	case uint32:
		r = uint32(math.MaxUint32)
	case uint64:
		r = uint64(math.MaxUint64)
	case float32:
		r = float32(math.Inf(1))
	case float64:
		r = math.Inf(1)
	}
	return r.(T)
}

// MinOf returns the least value of T: -Inf for floats. It is the identity
// of max, the first result of GroupExclusiveMax. It is host code.
func MinOf[T Number]() T {
	var r any
	switch any(T(0)).(type) {
	case int:
		r = math.MinInt
	case int8:
		r = int8(math.MinInt8)
	case int16:
		r = int16(math.MinInt16)
	case int32:
		r = int32(math.MinInt32)
	case int64:
		r = int64(math.MinInt64)
	case float32:
		r = float32(math.Inf(-1))
	case float64:
		r = math.Inf(-1)
	default:
		return 0
	}
	return r.(T)
}

func add[T Number](x, y T) T   { return x + y }
func minOf[T Number](x, y T) T { return min(x, y) }
func maxOf[T Number](x, y T) T { return max(x, y) }
