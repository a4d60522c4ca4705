// Package gftest holds kernels that exercise the native backend's group
// functions (codegen/groupfn) where loop fission is delicate: barriers in
// loops and in uniform ifs, values that live across several barriers, and
// a kernel the transformation refuses. The tests in backends/native run
// them through group functions and a work-item at a time
// (KAGO_NATIVE=items) and compare.
package gftest

//go:generate go run ../../../../cmd/kago gen -embed=false

import "github.com/kago-dev/kago/ka"

// Group is the group size every kernel here expects.
const Group = 64

// Scan writes each group's inclusive prefix sums of x to out
// (Hillis-Steele in local memory): two barriers inside a loop whose bound
// is the group size, and add, which one work-item loop computes and the
// next one uses.
//
//ka:kernel
func Scan(it ka.Item, x, out []int32) {
	tmp := ka.LocalArray[int32](it, Group)
	l, i := it.Local(), it.Global()
	var v int32
	if i < len(x) {
		v = x[i]
	}
	tmp[l] = v
	it.Barrier()
	for off := 1; off < it.GroupSize(0); off *= 2 {
		var add int32
		if l >= off {
			add = tmp[l-off]
		}
		it.Barrier()
		tmp[l] += add
		it.Barrier()
	}
	if i < len(out) {
		out[i] = tmp[l]
	}
}

// Rotate rotates each group's block of x by shift through local memory
// when shift is not zero (a barrier inside an if that is the same for the
// whole group), negates it in odd groups otherwise, and doubles it in even
// ones (an else if on the group id).
//
//ka:kernel
func Rotate(it ka.Item, shift int, x []int32) {
	tmp := ka.LocalArray[int32](it, Group)
	l, i := it.Local(), it.Global()
	n := it.GroupSize(0)
	if shift != 0 {
		tmp[l] = x[i]
		it.Barrier()
		x[i] = tmp[(l+shift)%n]
	} else if it.GroupID(0)%2 == 1 {
		it.Barrier()
		x[i] = -x[i]
	} else {
		x[i] *= 2
	}
}

// TwoBarriers keeps scale, first and the ids across two and three
// barriers, and returns early after the last one.
//
//ka:kernel
func TwoBarriers(it ka.Item, x, out []float32) {
	tmp := ka.LocalArray[float32](it, Group)
	l := it.Local()
	scale := float32(l) + 0.5
	tmp[l] = x[it.Global()] * scale
	it.Barrier()
	first := tmp[Group-1-l]
	it.Barrier()
	tmp[l] = first + scale
	scale *= 2
	it.Barrier()
	if it.Global() >= len(out) {
		return
	}
	out[it.Global()] = tmp[(l+1)%Group] - scale + first
}

// Grid2D reverses the rows of each 8×8 group of a cols-wide matrix in
// local memory, on a 2-D range: the ids of both dimensions across a
// barrier.
//
//ka:kernel
func Grid2D(it ka.Item, cols int, m []int32) {
	tile := ka.LocalArray[int32](it, 8*8)
	lx, ly := it.LocalID(0), it.LocalID(1)
	x, y := it.GlobalID(0), it.GlobalID(1)
	tile[ly*8+lx] = m[y*cols+x]
	it.Barrier()
	m[y*cols+x] = tile[(7-ly)*8+lx] + int32(it.GroupID(1)*1000+it.Group())
}

// SwitchBarrier has its barrier inside a switch, which groupfn refuses:
// it runs a work-item at a time, on a goroutine each.
//
//ka:kernel
func SwitchBarrier(it ka.Item, mode int, x []int32) {
	tmp := ka.LocalArray[int32](it, Group)
	l := it.Local()
	switch mode {
	case 1:
		tmp[l] = x[it.Global()]
		it.Barrier()
		x[it.Global()] = tmp[Group-1-l]
	default:
		x[it.Global()]++
	}
}

// Collectives calls group collectives where group functions split at
// them: in a loop with barriers, two in one statement, in an if's
// condition, as a statement of its own, broadcasts from a constant and
// from a per-work-item variable, and a scan of a value that differs per
// work-item after them.
//
//ka:kernel
func Collectives(it ka.Item, rounds int, x, out []int32) {
	tmp := ka.LocalArray[int32](it, Group)
	l, i := it.Local(), it.Global()
	var v int32
	if i < len(x) {
		v = x[i]
	}
	acc := int32(0)
	for r := 0; r < rounds; r++ {
		tmp[l] = v + int32(r)
		it.Barrier()
		acc += ka.GroupSum(it, tmp[Group-1-l]) - ka.GroupExclusiveSum(it, tmp[l])
		it.Barrier()
	}
	if ka.GroupAny(it, v > 40) {
		acc++
	}
	from := 5
	ka.GroupBroadcast(it, v, 0)
	b := ka.GroupBroadcast(it, v, from) + 2*ka.GroupMax(it, v)
	m := ka.GroupInclusiveMin(it, v-acc)
	if i < len(out) {
		out[i] = acc + b + m
	}
}

// Racy stores each work-item's index in x[0]: a data race between its
// work-items on purpose, for the race detector's test of KAGO_NATIVE=debug
// (backends/native's TestDebugModeRace).
//
//ka:kernel
func Racy(it ka.Item, x []int32) {
	x[0] = int32(it.Global())
}

// Acc is a struct a work-item keeps across barriers.
type Acc struct {
	Sum   int32
	Parts [2]int32
}

// Accumulate adds x's group neighbours into an array and a struct kept
// per work-item, changed only element by element and field by field,
// across the barriers of a loop: what a group function must store back
// after each work-item loop (acc[k] += v is an assignment to acc).
//
//ka:kernel
func Accumulate(it ka.Item, x, out []int32) {
	tmp := ka.LocalArray[int32](it, Group)
	l := it.Local()
	var acc [4]int32
	var s Acc
	for k := 0; k < 4; k++ {
		tmp[l] = x[it.Global()] * int32(k+1)
		it.Barrier()
		acc[k] += tmp[(l+k)%Group]
		s.Sum += tmp[(l+1)%Group]
		s.Parts[k%2] += 1
		it.Barrier()
	}
	out[it.Global()] = acc[0] + 10*acc[1] + 100*acc[2] + 1000*acc[3] + s.Sum*7 + s.Parts[0] + s.Parts[1]
}
