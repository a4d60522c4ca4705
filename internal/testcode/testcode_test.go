package testcode

import (
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kago-dev/kago/codegen"
	"github.com/kago-dev/kago/ka/driver"
)

// pkg is a small package of test kernels.
const pkg = "github.com/kago-dev/kago/backends/native/internal/gftest"

// TestSource compiles a package's kernels from source, checks the code
// against the compiler's, then has a second Source find it in the cache
// from a directory where the package's source cannot be found, as a test
// binary on another machine does.
func TestSource(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles a package")
	}
	cache := t.TempDir()
	t.Setenv("KAGO_TESTCODE_CACHE", cache)
	s := New(pkg, false, driver.OpenCLC, driver.PTX)
	p, err := codegen.Load(codegen.Config{Dir: "../../backends/native/internal/gftest"}, ".")
	require.NoError(t, err)
	kernels, err := p.Compile()
	require.NoError(t, err)
	require.NotEmpty(t, kernels)
	for _, k := range kernels {
		want, err := codegen.Emit(k, driver.PTX)
		require.NoError(t, err)
		got, err := s.Code(driver.PTX, k.Entry)
		require.NoError(t, err, k.Name)
		assert.Equal(t, string(want), string(got), k.Name)
	}
	_, err = s.Code(driver.PTX, "NoSuchEntry")
	assert.ErrorIs(t, err, fs.ErrNotExist)
	_, err = s.Code(driver.SPIRV, kernels[0].Entry)
	assert.ErrorIs(t, err, fs.ErrNotExist, "a target the Source was not made for")
	files, err := filepath.Glob(filepath.Join(cache, "*"))
	require.NoError(t, err)
	assert.Len(t, files, 2, "one cache file per target")

	t.Chdir(t.TempDir()) // no module here: the package's source cannot be found
	again := New(pkg, false, driver.OpenCLC, driver.PTX)
	got, err := again.Code(driver.OpenCLC, kernels[0].Entry)
	require.NoError(t, err, "from the cache")
	want, err := codegen.Emit(kernels[0], driver.OpenCLC)
	require.NoError(t, err)
	assert.Equal(t, string(want), string(got))

	other := New(pkg, true, driver.PTX) // another key: -bounds=false
	_, err = other.Code(driver.PTX, kernels[0].Entry)
	assert.ErrorContains(t, err, "compiling the kernels of "+pkg+" from source")
}

// TestSourceOff compiles without a cache, and reports a package that does
// not exist.
func TestSourceOff(t *testing.T) {
	t.Setenv("KAGO_TESTCODE_CACHE", "off")
	assert.Equal(t, "", cacheDir())
	_, err := New("github.com/kago-dev/kago/internal/nosuch", false, driver.PTX).Code(driver.PTX, "K")
	assert.ErrorContains(t, err, "compiling the kernels of github.com/kago-dev/kago/internal/nosuch from source")
	t.Setenv("KAGO_TESTCODE_CACHE", "")
	if user, err := os.UserCacheDir(); err == nil {
		assert.Equal(t, filepath.Join(user, "kago", "testcode"), cacheDir())
	}
}
