package ka

import "github.com/kago-dev/kago/ka/kernel"

// Subgroups are runs of consecutive work-items of a group that exchange
// values without local memory: warps on CUDA, emulated lanes on the native
// backend. Subgroup s of a group of n work-items holds the linear local
// ids (Item.Local) [s*S, min((s+1)*S, n)), where S is the device's
// Capabilities.SubgroupSize: 32 on CUDA, 8 on the native backend, 1 on
// OpenCL devices in this version (docs/kernel-language.md, "Subgroups").
// The last subgroup of a group may be partial: SubgroupSize returns the
// caller's subgroup's actual size.
//
// The queries (SubgroupSize, SubgroupID, SubgroupLocalID) may be called
// anywhere. The exchanges (the shuffles, SubgroupBallot, SubgroupSum,
// SubgroupMin, SubgroupMax) follow a stronger rule than CUDA's, so that
// they port to every device and the native backend: like Barrier and the
// group collectives, each is called by every work-item of the work-group,
// the same calls in the same order (the compiler refuses a call it can see
// under a condition or in a loop that depends on the work-item). A kernel
// that calls one runs whole groups, as with Barrier: work-items outside
// the range take part too (see Item.InRange).
//
// Results are deterministic: SubgroupSum, SubgroupMin and SubgroupMax
// combine the subgroup's values in a tree to lane 0, in the same order on
// every device and on the native backend: for off = 1, 2, 4, ... < size,
// every lane l that is a multiple of 2*off, with l+off < size, becomes
// op(v(l), v(l+off)); lane 0's value is then every lane's result (see
// kernel.SubgroupTree). SubgroupMin and SubgroupMax are Go's min and max
// (a NaN wins, -0 < +0).

// SubgroupSize returns the number of work-items in the work-item's
// subgroup: the device's subgroup size, or fewer in the last subgroup of
// a group whose size is not a multiple of it.
func (it Item) SubgroupSize() int {
	_, n, _ := it.w().Subgroup()
	return n
}

// SubgroupID returns the index of the work-item's subgroup in its group:
// Local() / S, with S the device's subgroup size.
func (it Item) SubgroupID() int {
	id, _, _ := it.w().Subgroup()
	return id
}

// SubgroupLocalID returns the work-item's lane in its subgroup, from 0 to
// SubgroupSize()-1: Local() % S, with S the device's subgroup size.
func (it Item) SubgroupLocalID() int {
	_, _, l := it.w().Subgroup()
	return l
}

// SubgroupShuffle returns the v of lane lane of the work-item's subgroup;
// a lane outside [0, SubgroupSize()) returns the caller's own v, on every
// backend (a defined result, not a fault: docs/kernel-language.md,
// "Subgroups"). Each work-item may ask for a different lane.
func SubgroupShuffle[T Scalar](it Item, v T, lane int) T {
	return kernel.SubgroupShuffle(it.w(), v, lane)
}

// SubgroupShuffleXor returns the v of lane SubgroupLocalID() ^ mask of the
// work-item's subgroup, or the caller's own v when that lane is outside
// the subgroup (a partial last subgroup, a mask of SubgroupSize() or
// more).
func SubgroupShuffleXor[T Scalar](it Item, v T, mask int) T {
	w := it.w()
	_, _, l := w.Subgroup()
	return kernel.SubgroupShuffle(w, v, l^mask)
}

// SubgroupSum returns the sum of v over the work-items of the subgroup,
// in the tree order above.
func SubgroupSum[T Number](it Item, v T) T { return kernel.SubgroupReduce(it.w(), v, add[T]) }

// SubgroupMin returns the least v of the subgroup.
func SubgroupMin[T Number](it Item, v T) T { return kernel.SubgroupReduce(it.w(), v, minOf[T]) }

// SubgroupMax returns the greatest v of the subgroup.
func SubgroupMax[T Number](it Item, v T) T { return kernel.SubgroupReduce(it.w(), v, maxOf[T]) }

// SubgroupBallot returns the bits of p over the subgroup: bit l is set
// when the p of lane l is true. Only lanes below 32 have a bit.
func SubgroupBallot(it Item, p bool) uint32 { return kernel.SubgroupBallot(it.w(), p) }
