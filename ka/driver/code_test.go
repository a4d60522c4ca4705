package driver

import (
	"errors"
	"io/fs"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// fsCode is Code read from a file system, as kago gen's kagoCode is, with
// PTX only.
type fsCode struct{ fsys fs.FS }

func (c fsCode) PTX(entry string) ([]byte, error) { return fs.ReadFile(c.fsys, entry+".ptx") }

// brokenCode is Code whose OpenCL C cannot be read.
type brokenCode struct{}

func (brokenCode) OpenCLC(string) ([]byte, error) { return nil, errors.New("disk on fire") }

// TestCodeOf checks the per-target accessors: code where there is some,
// and an error wrapping ErrUnsupported that names the kernel and the target
// where there is none (no method, a missing file, empty code, a CodeMap
// without the target), other errors passed on.
func TestCodeOf(t *testing.T) {
	files := fstest.MapFS{"K.ptx": {Data: []byte("// ptx")}, "Empty.ptx": {}}
	spec := &KernelSpec{Name: "K", Entry: "K", Code: fsCode{files}}

	ptx, err := PTXOf(spec)
	require.NoError(t, err)
	assert.Equal(t, "// ptx", string(ptx))

	_, err = OpenCLCOf(spec)
	assert.ErrorIs(t, err, ErrUnsupported)
	assert.EqualError(t, err, "kernel K has no code for target OpenCL C: unsupported")
	_, err = SPIRVOf(spec)
	assert.ErrorIs(t, err, ErrUnsupported)

	for _, entry := range []string{"Missing", "Empty"} {
		_, err = PTXOf(&KernelSpec{Name: entry, Entry: entry, Code: fsCode{files}})
		assert.ErrorIs(t, err, ErrUnsupported, entry)
		assert.ErrorContains(t, err, "kernel "+entry+" has no code for target PTX", entry)
	}

	_, err = PTXOf(&KernelSpec{Name: "Nil"})
	assert.ErrorIs(t, err, ErrUnsupported)

	_, err = OpenCLCOf(&KernelSpec{Name: "B", Code: brokenCode{}})
	require.Error(t, err)
	assert.NotErrorIs(t, err, ErrUnsupported)
	assert.ErrorContains(t, err, "disk on fire")

	m := &KernelSpec{Name: "M", Entry: "M", Code: CodeMap{SPIRV: {3, 2, 0x23, 7}, OpenCLC: {}}}
	spv, err := SPIRVOf(m)
	require.NoError(t, err)
	assert.Equal(t, []byte{3, 2, 0x23, 7}, spv)
	_, err = OpenCLCOf(m)
	assert.ErrorIs(t, err, ErrUnsupported)
	_, err = PTXOf(m)
	assert.ErrorIs(t, err, ErrUnsupported)
}
