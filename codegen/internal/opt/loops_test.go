package opt

import (
	"sort"
	"testing"

	"github.com/llir/llvm/ir"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func sortedNames(set map[*ir.Block]bool) []string {
	var s []string
	for b := range set {
		s = append(s, b.Name())
	}
	sort.Strings(s)
	return s
}

// TestFindLoops checks the natural loops of nested: the forest, each
// loop's blocks, latches, exits and preheader.
func TestFindLoops(t *testing.T) {
	_, f := parse(t, nested)
	g := newCFG(f)
	lf := findLoops(g, newDomTree(g))
	require.Len(t, lf.top, 2)
	outer, two := lf.top[0], lf.top[1]
	require.Len(t, outer.children, 1)
	inner := outer.children[0]

	assert.Equal(t, "outer", outer.header.Name())
	assert.Equal(t, []string{"body", "inner", "more", "olatch", "outer", "skip"}, sortedNames(outer.blocks))
	assert.Equal(t, []string{"olatch"}, blockNames(outer.latches))
	assert.Equal(t, []string{"two", "done"}, blockNames(outer.exits(g)))
	assert.Equal(t, "join", outer.preheader(g).Name())
	assert.Nil(t, outer.parent)
	assert.Equal(t, 1, outer.depth)

	assert.Equal(t, "inner", inner.header.Name())
	assert.Equal(t, []string{"body", "inner", "more", "skip"}, sortedNames(inner.blocks))
	assert.Equal(t, []string{"more", "skip"}, blockNames(inner.latches))
	assert.Equal(t, []string{"olatch", "done"}, blockNames(inner.exits(g)))
	assert.Equal(t, "outer", inner.preheader(g).Name())
	assert.Same(t, outer, inner.parent)
	assert.Equal(t, 2, inner.depth)
	assert.True(t, outer.contains(block(t, f, "more")))

	// The self-loop's header is its latch; the unreachable twob is no
	// part of it, so the header has one entering edge.
	assert.Equal(t, []string{"two"}, sortedNames(two.blocks))
	assert.Equal(t, []string{"two"}, blockNames(two.latches))
	assert.Nil(t, two.preheader(g), "olatch ends in a conditional branch")

	assert.Same(t, inner, lf.innermost[block(t, f, "body")])
	assert.Same(t, outer, lf.innermost[block(t, f, "olatch")])
	assert.Nil(t, lf.innermost[block(t, f, "done")])
	var post []string
	for _, l := range lf.postorder() {
		post = append(post, l.header.Name())
	}
	assert.Equal(t, []string{"inner", "outer", "two"}, post)
}

// TestEnsurePreheader checks the preheaders made for a header with two
// entering edges (a phi merges their values) and for one entered by a
// conditional branch.
func TestEnsurePreheader(t *testing.T) {
	m, f := parse(t, `define spir_kernel void @K(i64 %n, i64 addrspace(1)* %o, HIDDEN) {
entry:
	%c = icmp sgt i64 %n, 0
	br i1 %c, label %a, label %b
a:
	br label %head
b:
	br label %head
head:
	%i = phi i64 [ 0, %a ], [ 5, %b ], [ %i1, %head ]
	%s = phi i64 [ %n, %a ], [ %n, %b ], [ %i, %head ]
	%i1 = add i64 %i, 1
	%d = icmp slt i64 %i1, %n
	br i1 %d, label %head, label %exit
exit:
	store i64 %s, i64 addrspace(1)* %o
	ret void
}`)
	g := newCFG(f)
	lf := findLoops(g, newDomTree(g))
	require.Len(t, lf.top, 1)
	l := lf.top[0]
	require.Nil(t, l.preheader(g))
	pre, made := ensurePreheader(g, l)
	require.True(t, made)
	g = newCFG(f)
	assert.Same(t, pre, l.preheader(g))
	f.Blocks = layout(f)
	out := text(t, m, f)
	assert.Contains(t, out, "phi i64 [ 0, %a ], [ 5, %b ]", "the entering values differ: a phi")
	assert.Regexp(t, `%s = phi i64 \[ %n, %\d+ \], \[ %i, %head \]`, out, "the same value: no phi")
	_, again := ensurePreheader(g, l)
	assert.False(t, again)
}

// TestIrreducible checks that a cycle with two entries is no loop.
func TestIrreducible(t *testing.T) {
	_, f := parse(t, `define spir_kernel void @K(i64 %n, HIDDEN) {
entry:
	%c = icmp sgt i64 %n, 0
	br i1 %c, label %a, label %b
a:
	br label %b
b:
	%d = icmp sgt i64 %n, 1
	br i1 %d, label %a, label %exit
exit:
	ret void
}`)
	g := newCFG(f)
	assert.Empty(t, findLoops(g, newDomTree(g)).top)
}
