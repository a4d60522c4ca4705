package corpus

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestCorpusGroupsVsItems runs every case on the native backend through
// the kernels' group functions (KAGO_NATIVE=groups, said outright: a
// -race build's default is debug) and a work-item at a time
// (KAGO_NATIVE=items): the results must be identical.
func TestCorpusGroupsVsItems(t *testing.T) {
	t.Setenv("KAGO_NATIVE", "groups")
	groups, err := runAll(t, "native")
	require.NoError(t, err)
	t.Setenv("KAGO_NATIVE", "items")
	items, err := runAll(t, "native")
	require.NoError(t, err)
	for _, c := range cases {
		require.Len(t, groups[c.name], len(items[c.name]), c.name)
		for i := range items[c.name] {
			require.NoError(t, compare(groups[c.name][i], items[c.name][i], 0), "%s, output %d: group function vs work-items", c.name, i)
		}
	}
}
