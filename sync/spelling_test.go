package sync_test

import (
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestOneSpelling keeps the module to one spelling of each sync package:
// kago's is imported as kasync everywhere, and the standard library's is
// never renamed, so that sync.X always means the standard library's and
// kasync.X always this package's (docs/architecture.md).
func TestOneSpelling(t *testing.T) {
	root := ".." // the module root, from this package's directory
	fset := token.NewFileSet()
	files := 0
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() {
			if path != root && (strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") || name == "testdata") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(name, ".go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		files++
		for _, imp := range f.Imports {
			p, _ := strconv.Unquote(imp.Path.Value)
			pos := fset.Position(imp.Pos())
			switch p {
			case "sync":
				assert.Nil(t, imp.Name, "%s: the standard library's sync is imported as sync, not renamed", pos)
			case "github.com/kago-dev/kago/sync":
				if assert.NotNil(t, imp.Name, "%s: kago's sync is imported as kasync", pos) {
					assert.Equal(t, "kasync", imp.Name.Name, "%s: kago's sync is imported as kasync", pos)
				}
			}
		}
		return nil
	})
	require.NoError(t, err)
	assert.Greater(t, files, 100, "the walk found the module's Go files")
}
