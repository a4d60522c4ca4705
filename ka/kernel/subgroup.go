package kernel

// This file is the native side of the subgroup operations (ka.SubgroupShuffle
// and the others, ka/subgroup.go). The native backend emulates subgroups of
// NativeSubgroupSize lanes: subgroup s of a group of n work-items holds the
// linear local ids [s*S, min((s+1)*S, n)), as on every target. The
// exchanges are called by every work-item of the work-group (the rule of
// docs/kernel-language.md, "Subgroups"), so they run over the group's
// barrier and scratch space, as the collectives do (collective.go).

// NativeSubgroupSize is the number of lanes of the native backend's
// subgroups (its driver.Capabilities.SubgroupSize): small enough that groups of a
// few dozen work-items have several subgroups and a partial last one, so
// that subgroup code runs with more than one lane on the host.
const NativeSubgroupSize = 8

// Subgroup returns the subgroup queries of w: its subgroup's id in the
// group, its number of work-items (fewer in a partial last subgroup), and
// w's lane in it.
func (w *WorkItem) Subgroup() (id, size, lane int) {
	n := w.GroupSize[0] * w.GroupSize[1] * w.GroupSize[2]
	id = w.Local / NativeSubgroupSize
	first := id * NativeSubgroupSize
	return id, min(NativeSubgroupSize, n-first), w.Local - first
}

// subgroupExchange runs one exchange for w: every work-item of the group
// stores v, then each returns what pick computes from its subgroup's
// values (vals, indexed by lane) and its own lane. Two barriers, as in
// collect: the reads finish before the next exchange's stores.
func subgroupExchange[T, R any](w *WorkItem, v T, pick func(vals []T, lane int) R) R {
	if w.Shared == nil {
		panic("ka: a subgroup shuffle, ballot or reduction called in a kernel registered without Barrier (the native backend ran its work-items one after the other); regenerate the kernel's code")
	}
	c := groupCollective[T](w.Shared)
	c.vals[w.Local] = v
	w.Barrier()
	id, size, lane := w.Subgroup()
	first := id * NativeSubgroupSize
	r := pick(c.vals[first:first+size], lane)
	w.Barrier()
	return r
}

// SubgroupShuffle implements ka.SubgroupShuffle: the v of lane src of w's
// subgroup, or w's own v when src is not a lane of it.
func SubgroupShuffle[T any](w *WorkItem, v T, src int) T {
	return subgroupExchange(w, v, func(vals []T, lane int) T {
		if src < 0 || src >= len(vals) {
			return vals[lane]
		}
		return vals[src]
	})
}

// SubgroupBallot implements ka.SubgroupBallot: bit l is set when lane l's
// p is true (lanes 32 and up have no bit).
func SubgroupBallot(w *WorkItem, p bool) uint32 {
	return subgroupExchange(w, p, func(vals []bool, _ int) uint32 {
		var b uint32
		for l, p := range vals[:min(len(vals), 32)] {
			if p {
				b |= 1 << l
			}
		}
		return b
	})
}

// SubgroupReduce implements ka.SubgroupSum, SubgroupMin and SubgroupMax:
// the SubgroupTree of w's subgroup's values.
func SubgroupReduce[T any](w *WorkItem, v T, op func(x, y T) T) T {
	return subgroupExchange(w, v, func(vals []T, _ int) T {
		return SubgroupTree(append([]T(nil), vals...), op)
	})
}

// SubgroupTree combines a subgroup's values a (by lane) in the order of
// the compiled subgroup reductions: for off = 1, 2, 4, ... < len(a),
// every lane l that is a multiple of 2*off, with l+off < len(a), becomes
// op(a[l], a[l+off]). It returns a[0] and overwrites a.
func SubgroupTree[T any](a []T, op func(x, y T) T) T {
	for off := 1; off < len(a); off <<= 1 {
		for l := 0; l+off < len(a); l += 2 * off {
			a[l] = op(a[l], a[l+off])
		}
	}
	return a[0]
}
