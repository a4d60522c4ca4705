package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kago-dev/kago/codegen"
)

// kago gen of a package that imports one that does not type-check is an
// error naming the problem, not a crash (it was a nil SSA package).
func TestGenBrokenDependency(t *testing.T) {
	dir := tempModule(t)
	require.NoError(t, os.MkdirAll(filepath.Join(dir, "broken"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "broken", "broken.go"),
		[]byte("package broken\n\nfunc F() int { return \"not an int\" }\n"), 0o644))
	src := `package kern

import (
	"example.com/m/broken"
	"github.com/kago-dev/kago/ka"
)

//ka:kernel
func K(it ka.Item, x []int32) { x[it.Global()] = int32(broken.F()) }
`
	require.NoError(t, os.WriteFile(filepath.Join(dir, "kern", "kern.go"), []byte(src), 0o644))
	_, err := codegen.Load(codegen.Config{Dir: filepath.Join(dir, "kern")}, ".")
	require.Error(t, err)
	assert.Contains(t, err.Error(), "broken.go")
}
