package emitutil

// This file is phi elimination for the targets without phis (PTX, OpenCL
// C): each phi becomes a location (a register, a variable) that every edge
// into its block assigns just before the branch. The assignments of one
// edge happen at once in SSA, so a phi may read another phi of the same
// block (a loop's a, b = b, a+b, or a swap): Sequence orders them so that
// no location is overwritten while a later assignment still reads it, and
// breaks the cycles (a swap) with one temporary each.

import (
	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/value"
)

// PhiCopy is one assignment of an edge: the phi takes Src.
type PhiCopy struct {
	Phi *ir.InstPhi
	Src value.Value
}

// EdgeCopies returns the assignments of the edge from -> to, one per phi
// of to in order, each with the phi's value for from. In a module that
// ircheck accepted every phi has one.
func EdgeCopies(from, to *ir.Block) []PhiCopy {
	var cs []PhiCopy
	for _, inst := range to.Insts {
		phi, ok := inst.(*ir.InstPhi)
		if !ok {
			break // phis open their block
		}
		for _, inc := range phi.Incs {
			if inc.Pred == from {
				cs = append(cs, PhiCopy{phi, inc.X})
				break
			}
		}
	}
	return cs
}

// Move is one step of a sequenced parallel copy: Dst = Src, a value of the
// type of copy Copy.
type Move[L comparable] struct {
	Dst, Src L
	Copy     int
}

// Sequence turns the parallel copy dst[i] = src[i] (for every i at once;
// the dst distinct) into moves that run one after another with the same
// effect. Locations are the emitter's (registers, C variables), compared
// with ==, so two values that share a register are one location. A copy
// runs once no other pending copy reads its destination; when every
// pending destination is still read (a cycle), the first is saved in
// newTemp(i), a fresh location of copy i's type, and its readers read
// that instead. Copies of a location to itself are left out, and a copy
// without hazards keeps its place, so an edge without them is its copies
// in order.
func Sequence[L comparable](dst, src []L, newTemp func(i int) L) []Move[L] {
	from := append([]L(nil), src...)
	pending := make([]bool, len(dst))
	readers := map[L]int{}
	for i := range dst {
		if dst[i] != from[i] {
			pending[i] = true
			readers[from[i]]++
		}
	}
	var moves []Move[L]
	for {
		next, first := -1, -1
		for i, p := range pending {
			if !p {
				continue
			}
			if first < 0 {
				first = i
			}
			if readers[dst[i]] == 0 {
				next = i
				break
			}
		}
		if first < 0 {
			return moves
		}
		if next < 0 { // a cycle: free dst[first]
			t := newTemp(first)
			moves = append(moves, Move[L]{t, dst[first], first})
			for j, p := range pending {
				if p && from[j] == dst[first] {
					from[j] = t
					readers[t]++
				}
			}
			readers[dst[first]] = 0
			next = first
		}
		moves = append(moves, Move[L]{dst[next], from[next], next})
		readers[from[next]]--
		pending[next] = false
	}
}
