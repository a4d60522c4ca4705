package unroll

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// Counters of every width, start, comparison and step, wrapping as Go
// does: the unrolled kernel stores the same values in the same order as
// the loop, and every loop that finishes within MaxTrips turns (and fits
// MaxSize) is unrolled. A sample of the combinations, the same on every
// run.
func TestCounters(t *testing.T) {
	widths := []string{"i8", "i16", "i32", "i64"}
	starts := []string{"0", "1", "5", "100", "-3", "-128", "127"}
	preds := []string{"slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge", "eq", "ne"}
	bounds := []string{"0", "4", "16", "31", "-1", "127"}
	steps := []string{"add %i, 1", "add %i, 20", "sub %i, 1", "mul %i, 2", "mul %i, 3", "sdiv %i, 2", "udiv %i, 2",
		"shl %i, 1", "lshr %i, 1", "ashr %i, 1", "xor %i, 5", "or %i, 1", "and %i, 6", "srem %i, 7", "add %i, -7"}
	rng := rand.New(rand.NewSource(1))
	unrolled := 0
	const cases = 600
	for c := 0; c < cases; c++ {
		w := widths[rng.Intn(len(widths))]
		start, pred, bound := starts[rng.Intn(len(starts))], preds[rng.Intn(len(preds))], bounds[rng.Intn(len(bounds))]
		op, arg, _ := strings.Cut(steps[rng.Intn(len(steps))], " ")
		name := fmt.Sprintf("%s %s %s %s %s %s", w, start, pred, bound, op, arg)
		ext := "sext T %i to i64"
		if w == "i64" {
			ext = "add i64 %i, 0" // no sext of i64 in docs/ir.md
		}
		src := kernel("i64 addrspace(1)* %o", false, strings.NewReplacer("T", w).Replace(strings.ReplaceAll(`
entry:
	br label %head
head:
	%i = phi T [ `+start+`, %entry ], [ %i1, %body ]
	%c = icmp `+pred+` T %i, `+bound+`
	br i1 %c, label %body, label %exit
body:
	%w = EXT
	%p = getelementptr i64, i64 addrspace(1)* %o, i64 %w
	store i64 %w, i64 addrspace(1)* %p
	%i1 = `+op+` T `+arg+`
	br label %head
exit:
	%e = EXT
	store i64 %e, i64 addrspace(1)* %o
	ret void`, "EXT", ext)))
		_, f := parse(t, src+decls)
		want, err := runKernel(f, nil, 4*(MaxTrips+2))
		r := unroll(t, src)
		if err != nil { // more than MaxTrips turns, or forever
			require.Zero(t, r.n, name)
			continue
		}
		turns := strings.Count(strings.Join(want, "\n"), "store") - 1
		// 4 instructions in the header, 6 in the body.
		require.Equal(t, turns*10 <= MaxSize && turns <= MaxTrips, r.n == 1, "%s: %d turns", name, turns)
		got, err := runKernel(r.f, nil, maxSteps)
		require.NoError(t, err, name)
		require.Equal(t, want, got, name)
		unrolled += r.n
	}
	t.Logf("%d of %d loops unrolled", unrolled, cases)
	require.Greater(t, unrolled, cases/4)
}
