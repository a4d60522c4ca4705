package katest

//go:generate go run ../../cmd/kago gen

import "github.com/kago-dev/kago/ka"

// The suite's kernels. They are ordinary kago kernels: the native backend
// runs them as they are, device backends run the code kago gen made of
// them (kago_kernels.go).

// Indices records every Item query of each work-item, nine values per
// work-item in out, at the item's linear global index.
//
//ka:kernel
func Indices(it ka.Item, out []int32) {
	if it.GlobalID(0) >= it.GlobalSize(0) || it.GlobalID(1) >= it.GlobalSize(1) || it.GlobalID(2) >= it.GlobalSize(2) {
		return
	}
	b := it.Global() * 21
	// Dimensions are constants in kernels: one block per dimension.
	out[b+0], out[b+1], out[b+2] = int32(it.GlobalID(0)), int32(it.LocalID(0)), int32(it.GroupID(0))
	out[b+3], out[b+4], out[b+5] = int32(it.GroupSize(0)), int32(it.NumGroups(0)), int32(it.GlobalSize(0))
	out[b+6], out[b+7], out[b+8] = int32(it.GlobalID(1)), int32(it.LocalID(1)), int32(it.GroupID(1))
	out[b+9], out[b+10], out[b+11] = int32(it.GroupSize(1)), int32(it.NumGroups(1)), int32(it.GlobalSize(1))
	out[b+12], out[b+13], out[b+14] = int32(it.GlobalID(2)), int32(it.LocalID(2)), int32(it.GroupID(2))
	out[b+15], out[b+16], out[b+17] = int32(it.GroupSize(2)), int32(it.NumGroups(2)), int32(it.GlobalSize(2))
	out[b+18] = int32(it.Global())
	out[b+19] = int32(it.Local())
	out[b+20] = int32(it.Group())
}

// LinearIndices records the linear indices of each work-item, three
// values at its linear global index. It names no dimension, so its lean
// variant assumes a 1-D launch (docs/kernel-language.md, "Checks that
// only the launch can decide are decided there"); a launch over more
// dimensions runs its checked kernel.
//
//ka:kernel
func LinearIndices(it ka.Item, out []int32) {
	b := it.Global() * 3
	out[b], out[b+1], out[b+2] = int32(it.Global()), int32(it.Local()), int32(it.Group())
}

// Saxpy computes y = a*x + y.
//
//ka:kernel
func Saxpy(it ka.Item, a float32, x, y []float32) {
	if i := it.Global(); i < len(y) {
		y[i] = a*x[i] + y[i]
	}
}

// Scale multiplies x by a, for float32 and float64.
//
//ka:kernel
func Scale[T float32 | float64](it ka.Item, a T, x []T) {
	if i := it.Global(); i < len(x) {
		x[i] *= a
	}
}

// Reverse reverses each group's block of x through local memory. The
// group size must be 64 and len(x) a multiple of it.
//
//ka:kernel
func Reverse(it ka.Item, x []int32) {
	tmp := ka.LocalArray[int32](it, 64)
	l, n := it.Local(), it.GroupSize(0)
	i := it.Global()
	if i < len(x) {
		tmp[l] = x[i]
	}
	it.Barrier()
	if i < len(x) {
		x[i] = tmp[n-1-l]
	}
}

// Sum reduces each group of 128 elements of x to out[group] with a tree
// in local memory. The group size must be 128.
//
//ka:kernel
func Sum(it ka.Item, x []float32, out []float32) {
	tmp := ka.LocalArray[float32](it, 128)
	l := it.Local()
	var v float32
	if i := it.Global(); i < len(x) {
		v = x[i]
	}
	tmp[l] = v
	it.Barrier()
	for s := 64; s > 0; s /= 2 {
		if l < s {
			tmp[l] += tmp[l+s]
		}
		it.Barrier()
	}
	if l == 0 {
		out[it.Group()] = tmp[0]
	}
}

// Histogram counts the values of x (taken modulo len(bins)) with atomics.
//
//ka:kernel
func Histogram(it ka.Item, x []int32, bins []int32) {
	if i := it.Global(); i < len(x) {
		ka.AtomicAdd(&bins[int(x[i])%len(bins)], 1)
	}
}

// Atomics exercises every atomic function on one element per type: out
// holds the element, every work-item applies the operations.
//
//ka:kernel
func Atomics(it ka.Item, n int, i32 []int32, u32 []uint32, i64 []int64, u64 []uint64, f32 []float32, f64 []float64) {
	i := it.Global()
	if i >= n {
		return
	}
	ka.AtomicAdd(&i32[0], 1)
	ka.AtomicMax(&i32[1], int32(i))
	ka.AtomicMin(&i32[2], int32(-i))
	ka.AtomicAdd(&u32[0], 2)
	ka.AtomicMax(&u32[1], uint32(i))
	ka.AtomicAdd(&i64[0], int64(i))
	ka.AtomicMin(&i64[1], int64(i))
	ka.AtomicAdd(&u64[0], 3)
	ka.AtomicAdd(&f32[0], 0.5)
	ka.AtomicMax(&f32[1], float32(i))
	ka.AtomicAdd(&f64[0], 0.25)
	ka.AtomicMin(&f64[1], float64(i))
	// Exactly one work-item wins each CAS from 0; the exchange leaves
	// some work-item's index.
	if ka.AtomicCAS(&i32[3], 0, int32(i+1)) == 0 {
		ka.AtomicAdd(&i32[4], 1)
	}
	ka.AtomicExchange(&i32[5], int32(i))
}

// Count counts the work-items that run, and those inside the range.
//
//ka:kernel
func Count(it ka.Item, counts []int32) {
	ka.AtomicAdd(&counts[0], 1)
	if it.GlobalID(0) < it.GlobalSize(0) && it.GlobalID(1) < it.GlobalSize(1) {
		ka.AtomicAdd(&counts[1], 1)
	}
}

// CountBarrier is Count with a barrier, which makes it run whole groups;
// it counts those inside the range with it.InRange.
//
//ka:kernel
func CountBarrier(it ka.Item, counts []int32) {
	ka.AtomicAdd(&counts[0], 1)
	it.Barrier()
	if it.InRange() {
		ka.AtomicAdd(&counts[1], 1)
	}
}

// Poke sets x[i] to v from the first work-item only: with i outside x, a
// fault of a checked kernel (the default), which the waits that cover the
// launch report.
//
//ka:kernel
func Poke(it ka.Item, x []int32, i int, v int32) {
	if it.Global() == 0 {
		x[i] = v
	}
}

// Busy keeps every work-item busy for n rounds, which a cancellation of
// its stream stops (//ka:cancel), then marks x.
//
//ka:kernel
//ka:cancel
func Busy(it ka.Item, x []int32, n int32) {
	v := int32(it.Global())
	for k := int32(0); k < n; k++ {
		v = v*5 + k
	}
	if i := it.Global(); i < len(x) {
		x[i] = v | 1
	}
}

// MemoryOrder records, at each element of three rows×cols matrices, the
// work-item's Global(), GlobalID(0) and LocalID(0), over
// ka.Range2(m.Rows(), m.Cols()) with it.Global2() (testMemoryOrder).
//
//ka:kernel
func MemoryOrder(it ka.Item, global, id0, local0 ka.Matrix[int32]) {
	i, j := it.Global2()
	global.Set(i, j, int32(it.Global()))
	id0.Set(i, j, int32(it.GlobalID(0)))
	local0.Set(i, j, int32(it.LocalID(0)))
}
