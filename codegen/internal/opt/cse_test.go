package opt

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestCSEGolden runs cse on testdata/cse/*.ll.
func TestCSEGolden(t *testing.T) {
	outs := goldenDir(t, "cse", cse)
	p := outs["pure"]
	for _, gone := range []string{"%a2", "%g2", "%c2", "%s2", "%t2", "%d2"} {
		assert.NotContains(t, p, gone+" =")
	}
	assert.Contains(t, p, "%l1 = call i64 @ka.local_id(i32 1)", "another dimension")
	assert.Contains(t, p, "%q3 = getelementptr", "a sibling's twin stays")
	assert.Contains(t, p, "%s = select i1 %c, i64 %a, i64 %l1", "%c2 and %a2 merged, then %s2 into %s")
	assert.Equal(t, 3, strings.Count(p, "sub i64 %y, %x"), "one in each branch and the join's: neither branch dominates it")
	assert.Contains(t, p, "%d = sdiv i64 %sub4, %a\n\tstore i64 %d, i64 addrspace(1)* %o\n\tstore i64 %d,", "a division merges into the one before it")

	e := outs["effects"]
	assert.Equal(t, 2, strings.Count(e, "= load float"), "a load on each side of the barrier")
	assert.Equal(t, 1, strings.Count(e, "getelementptr"), "the address merges, the loads do not")
	assert.Equal(t, 2, strings.Count(e, "atomicrmw"))
	assert.Equal(t, 2, strings.Count(e, "@ka.subgroup_shuffle(i32 %v"))
	assert.Equal(t, 2, strings.Count(e, "@ka.printf("))
	assert.Equal(t, 2, strings.Count(e, "fmul"))
	assert.Equal(t, 2, strings.Count(e, "udiv"))
}
