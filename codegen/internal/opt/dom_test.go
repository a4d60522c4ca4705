package opt

import (
	"testing"

	"github.com/llir/llvm/ir"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// nested is two nested loops, the inner one with two latches (a continue),
// a loop whose header has two entering edges, a diamond and an exit from
// the inner loop's body straight out of both loops; and an unreachable
// block that branches into the inner loop.
const nested = `define spir_kernel void @K(i64 %n, i64 addrspace(1)* %o, HIDDEN) {
entry:
	%c0 = icmp sgt i64 %n, 0
	br i1 %c0, label %left, label %right
left:
	br label %join
right:
	br label %join
join:
	br label %outer
outer:
	%i = phi i64 [ 0, %join ], [ %i1, %olatch ]
	br label %inner
inner:
	%j = phi i64 [ 0, %outer ], [ %j1, %more ], [ %j1, %skip ]
	%j1 = add i64 %j, 1
	%c1 = icmp slt i64 %j, %n
	br i1 %c1, label %body, label %olatch
body:
	%c2 = icmp eq i64 %j, 7
	br i1 %c2, label %skip, label %more
more:
	%c3 = icmp eq i64 %j, 9
	br i1 %c3, label %done, label %inner
skip:
	br label %inner
olatch:
	%i1 = add i64 %i, 1
	%c4 = icmp slt i64 %i1, %n
	br i1 %c4, label %outer, label %two
two:
	%k = phi i64 [ 0, %olatch ], [ 1, %twob ], [ %k1, %two ]
	%k1 = add i64 %k, 1
	%c5 = icmp slt i64 %k1, %n
	br i1 %c5, label %two, label %done
twob:
	br label %two
done:
	ret void
dead:
	br label %twob
}`

func blockNames(bs []*ir.Block) []string {
	var s []string
	for _, b := range bs {
		s = append(s, b.Name())
	}
	return s
}

// TestDomTree checks the immediate dominators, dominance and the walk
// orders on nested.
func TestDomTree(t *testing.T) {
	_, f := parse(t, nested)
	g := newCFG(f)
	d := newDomTree(g)
	idom := map[string]string{}
	for _, b := range d.rpo[1:] {
		idom[b.Name()] = d.parent(b).Name()
	}
	assert.Equal(t, map[string]string{
		"left": "entry", "right": "entry", "join": "entry", "outer": "join", "inner": "outer",
		"body": "inner", "more": "body", "skip": "body", "olatch": "inner", "two": "olatch", "done": "inner",
	}, idom)
	assert.Nil(t, d.parent(f.Blocks[0]))
	dead := block(t, f, "dead")
	twob := block(t, f, "twob")
	assert.False(t, d.reachable(dead))
	assert.False(t, d.reachable(twob), "reached only from an unreachable block")
	assert.False(t, d.dominates(dead, dead))
	assert.True(t, d.dominates(block(t, f, "outer"), block(t, f, "more")))
	assert.True(t, d.dominates(block(t, f, "inner"), block(t, f, "inner")))
	assert.False(t, d.dominates(block(t, f, "body"), block(t, f, "olatch")))
	assert.False(t, d.dominates(block(t, f, "left"), block(t, f, "join")))
	// Every block comes after its immediate dominator, in both orders.
	for _, order := range [][]*ir.Block{d.rpo, d.preorder()} {
		require.Len(t, order, 12)
		seen := map[*ir.Block]bool{}
		for _, b := range order {
			if p := d.parent(b); p != nil {
				assert.True(t, seen[p], "%s before its dominator", b.Name())
			}
			seen[b] = true
		}
	}
	assert.Equal(t, []string{"entry", "right", "left", "join", "outer", "inner", "olatch", "two", "body", "more", "skip", "done"}, blockNames(d.preorder()))
	// Both targets of one branch make one predecessor.
	assert.Len(t, g.preds[block(t, f, "two")], 3) // olatch, itself, twob
}
