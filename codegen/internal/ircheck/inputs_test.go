package ircheck_test

import (
	"path/filepath"
	"testing"

	"github.com/kago-dev/kago/codegen/internal/ircheck"
	"github.com/llir/llvm/asm"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestInputs checks every IR module of the tests, which the emitters
// translate: the shared inputs, the emitters' own, and the front end's
// goldens. All are in the dialect.
func TestInputs(t *testing.T) {
	var files []string
	for _, glob := range []string{"../../testdata/ir/*.ll", "../../*/testdata/*.ll", "../../testdata/golden/*.ll"} {
		fs, err := filepath.Glob(glob)
		require.NoError(t, err)
		require.NotEmpty(t, fs, glob)
		files = append(files, fs...)
	}
	for _, path := range files {
		t.Run(path, func(t *testing.T) {
			m, err := asm.ParseFile(path)
			require.NoError(t, err)
			k, err := ircheck.Check("test", m)
			assert.NoError(t, err)
			assert.NotNil(t, k)
		})
	}
}
