package emitutil

import (
	"fmt"
	"math/rand"
	"testing"

	"github.com/llir/llvm/asm"
	"github.com/llir/llvm/ir"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestSequenceLoop checks the moves of a Fibonacci step and a swap,
// j, a, b, p, q = j+1, b, a+b, q, p: a reads b before b is written, and
// the swap needs one temporary.
func TestSequenceLoop(t *testing.T) {
	dst := []string{"j", "a", "b", "p", "q"}
	src := []string{"j1", "b", "ab", "q", "p"}
	temps := 0
	moves := Sequence(dst, src, func(i int) string {
		temps++
		return fmt.Sprintf("t%d(%s)", temps, dst[i])
	})
	assert.Equal(t, []Move[string]{
		{"j", "j1", 0}, {"a", "b", 1}, {"b", "ab", 2}, {"t1(p)", "p", 3}, {"p", "q", 3}, {"q", "t1(p)", 4},
	}, moves)
}

// TestSequenceInOrder checks that copies without hazards keep their order
// and that self-copies go.
func TestSequenceInOrder(t *testing.T) {
	moves := Sequence([]string{"x", "y", "z"}, []string{"1", "y", "x0"}, func(int) string {
		require.FailNow(t, "no temporary needed")
		return ""
	})
	assert.Equal(t, []Move[string]{{"x", "1", 0}, {"z", "x0", 2}}, moves)
}

// TestSequenceRandom checks Sequence against the parallel copy's meaning
// on random copies over a few locations (fan-out, chains, cycles, copies
// to themselves): running the moves one by one gives every destination
// its source's old value.
func TestSequenceRandom(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	for n := 0; n < 2000; n++ {
		locs := 1 + r.Intn(6)
		perm := r.Perm(locs)
		k := 1 + r.Intn(locs)
		dst, src := make([]int, k), make([]int, k)
		for i := range dst {
			dst[i] = perm[i]          // distinct destinations
			src[i] = r.Intn(locs + 2) // locations, and two that no copy writes
		}
		next := 100
		moves := Sequence(dst, src, func(int) int { next++; return next })
		mem := map[int]int{}
		for l := 0; l < 200; l++ {
			mem[l] = l
		}
		for _, m := range moves {
			mem[m.Dst] = mem[m.Src]
		}
		for i := range dst {
			require.Equal(t, src[i], mem[dst[i]], "copies %v <- %v: moves %v", dst, src, moves)
		}
		for _, m := range moves {
			require.NotEqual(t, m.Dst, m.Src, "a move to itself: %v", moves)
		}
	}
}

// TestEdgeCopies checks that an edge's copies are its target's phis with
// their values for the edge's source.
func TestEdgeCopies(t *testing.T) {
	m, err := asm.ParseString("k.ll", `define void @K(i1 %c) {
entry:
  br i1 %c, label %a, label %b
a:
  br label %b
b:
  %x = phi i32 [ 1, %entry ], [ 2, %a ]
  %y = phi i32 [ %x, %a ], [ 3, %entry ]
  ret void
}`)
	require.NoError(t, err)
	f := m.Funcs[0]
	entry, a, b := f.Blocks[0], f.Blocks[1], f.Blocks[2]
	x, y := b.Insts[0].(*ir.InstPhi), b.Insts[1].(*ir.InstPhi)
	got := EdgeCopies(a, b)
	require.Len(t, got, 2)
	assert.Equal(t, []*ir.InstPhi{x, y}, []*ir.InstPhi{got[0].Phi, got[1].Phi})
	assert.Equal(t, "2", got[0].Src.Ident())
	assert.Equal(t, x, got[1].Src)
	got = EdgeCopies(entry, b)
	require.Len(t, got, 2)
	assert.Equal(t, "1", got[0].Src.Ident())
	assert.Equal(t, "3", got[1].Src.Ident())
	assert.Empty(t, EdgeCopies(entry, a))
}
