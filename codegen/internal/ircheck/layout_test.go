package ircheck_test

import (
	"testing"

	"github.com/kago-dev/kago/codegen/internal/ircheck"
	"github.com/llir/llvm/asm"
	"github.com/llir/llvm/ir"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestLayout checks the block order Layout gives: reverse postorder from
// the entry, successors in terminator order, unreachable blocks last in
// their order; and that it follows a branch's operands, not llir's cached
// successors, which a pass that retargets a branch leaves stale.
func TestLayout(t *testing.T) {
	m, err := asm.ParseString("k.ll", kernel("i64 %n", `  %c = icmp eq i64 %n, 0
  br i1 %c, label %then, label %join
dead:
  br label %join
join:
  ret void
then:
  br label %join
other:
  ret void`))
	require.NoError(t, err)
	f := m.Funcs[0]
	names := func(bs []*ir.Block) (s []string) {
		for _, b := range bs {
			s = append(s, b.Name())
		}
		return s
	}
	require.Error(t, check(t, m.String()), "join before then: out of order")
	assert.Equal(t, []string{"entry", "then", "join", "dead", "other"}, names(ircheck.Layout(f)))

	// then branches to other now; its cached successors still say join.
	then := f.Blocks[3]
	br := then.Term.(*ir.TermBr)
	require.Len(t, br.Succs(), 1)
	br.Target = f.Blocks[4]
	f.Blocks = ircheck.Layout(f)
	assert.Equal(t, []string{"entry", "join", "then", "other", "dead"}, names(f.Blocks))
	_, err = ircheck.Check("test", m)
	assert.NoError(t, err)
}
