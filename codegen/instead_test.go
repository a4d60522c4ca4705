package codegen

import (
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestInsteadMatchesDocs holds the messages of unsupported constructs to
// docs/kernel-language.md's table ("Compile errors"): each name in its
// "message names" column gets the row's "instead" in its message, so that
// a message says what to write, once, as the docs do.
func TestInsteadMatchesDocs(t *testing.T) {
	doc, err := os.ReadFile("../docs/kernel-language.md")
	require.NoError(t, err)
	text := string(doc)
	start := strings.Index(text, "| construct | message names | instead |")
	require.GreaterOrEqual(t, start, 0, "the table of unsupported constructs")
	// Names with placeholders, as the compiler fills them in.
	examples := map[string]string{"package-level variable X": "package-level variable table"}
	names := regexp.MustCompile("`([^`]+)`")
	rows := 0
	for _, line := range strings.Split(text[start:], "\n")[2:] {
		if !strings.HasPrefix(line, "|") {
			break
		}
		cells := strings.Split(strings.Trim(line, "|"), "|")
		require.Len(t, cells, 3, line)
		instead := strings.TrimSpace(strings.ReplaceAll(cells[2], "`", ""))
		for _, m := range names.FindAllStringSubmatch(cells[1], -1) {
			name := m[1]
			if ex, ok := examples[name]; ok {
				name = ex
			}
			if strings.ContainsAny(name, "FX") && !strings.Contains(name, "(") || strings.Contains(name, "pkg.") || strings.Contains(name, "math.") {
				continue // a placeholder the compiler fills in: field F of T, call of pkg.F, math.F
			}
			msg := unsupported(name)
			if instead == "" {
				assert.NotContains(t, msg, "instead", name)
				continue
			}
			assert.Contains(t, msg, "(instead: "+instead+")", "the message for %s", name)
			assert.Equal(t, 1, strings.Count(msg, "instead"), msg)
			rows++
		}
	}
	assert.GreaterOrEqual(t, rows, 15, "names checked")
}
