package cfg

import (
	"testing"

	"github.com/llir/llvm/asm"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A loop nest with a block after it and one no branch reaches.
const nest = `define void @f(i1 %c) {
entry:
	br label %outer
outer:
	br i1 %c, label %inner, label %exit
inner:
	br i1 %c, label %inner, label %latch
latch:
	br label %outer
exit:
	ret void
dead:
	br label %exit
}
`

func TestGraph(t *testing.T) {
	m, err := asm.ParseString("nest.ll", nest)
	require.NoError(t, err)
	f := m.Funcs[0]
	g := New(f)
	require.NotNil(t, g)
	b := map[string]int{}
	for i, x := range f.Blocks {
		b[x.LocalName] = i
	}
	blk := func(n string) int { return g.Num(f.Blocks[b[n]]) }
	assert.Equal(t, 0, blk("entry"))
	assert.Equal(t, -1, blk("dead"))
	assert.Less(t, blk("outer"), blk("inner"))
	assert.Less(t, blk("inner"), blk("latch"))
	assert.False(t, g.Reachable(f.Blocks[b["dead"]]))
	assert.Nil(t, g.IDom(f.Blocks[b["entry"]]))
	assert.Equal(t, f.Blocks[b["outer"]], g.IDom(f.Blocks[b["exit"]]))
	assert.Equal(t, f.Blocks[b["inner"]], g.IDom(f.Blocks[b["latch"]]))
	assert.True(t, g.Dominates(f.Blocks[b["outer"]], f.Blocks[b["latch"]]))
	assert.False(t, g.Dominates(f.Blocks[b["inner"]], f.Blocks[b["exit"]]))
	// The dead block is a predecessor all the same.
	assert.Len(t, g.Preds[f.Blocks[b["exit"]]], 2)

	loops := g.Loops()
	require.Len(t, loops, 2)
	in, out := loops[0], loops[1] // innermost first
	assert.Equal(t, "inner", in.Header.LocalName)
	assert.Equal(t, "outer", out.Header.LocalName)
	assert.Same(t, out, in.Parent)
	assert.Equal(t, []*Loop{in}, out.Children)
	assert.True(t, out.In[f.Blocks[b["latch"]]])
	assert.False(t, out.In[f.Blocks[b["exit"]]])
	assert.True(t, out.SingleEntry(g))
}

func TestNoTerminator(t *testing.T) {
	m, err := asm.ParseString("ok.ll", "define void @f() {\nentry:\n\tret void\n}\n")
	require.NoError(t, err)
	f := m.Funcs[0]
	f.Blocks[0].Term = nil
	assert.Nil(t, New(f))
}
