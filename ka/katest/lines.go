package katest

import (
	"bufio"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// LineOf returns the number of the first line of file (a path relative to
// the test's package directory) that contains marker, and fails the test
// when none does: a test of a *ka.KernelError's Line names the line by its
// text, so that editing the file above it breaks nothing.
func LineOf(t testing.TB, file, marker string) int {
	t.Helper()
	f, err := os.Open(file)
	require.NoError(t, err)
	defer f.Close()
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		if strings.Contains(sc.Text(), marker) {
			return n
		}
	}
	require.NoError(t, sc.Err())
	require.FailNowf(t, "no line holds the marker", "%s: %q", file, marker)
	return 0
}
