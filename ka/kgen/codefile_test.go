package kgen_test

import (
	"io/fs"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kago-dev/kago/ka/kgen"
)

// TestCodeFile round-trips text and binary sections (one holding what
// looks like a header, one empty) and reads entries from a file system.
func TestCodeFile(t *testing.T) {
	sections := []kgen.CodeSection{
		{Entry: "Scale_float32", Code: []byte(".version 7.0\n.entry Scale_float32()\n{\n}\n"), Comment: "Scale[float32], Scale[MyFloat]"},
		{Entry: "Scale_float64", Code: []byte{0x03, 0x02, 0x23, 0x07, '\n', '/', '/', 'k', 'a', 'g', 'o', ':', 'c', 'o', 'd', 'e', ' ', 'X', ' ', '1', '\n', 0}},
		{Entry: "Empty", Code: []byte{}},
	}
	data := kgen.FormatCodeFile(sections)
	assert.True(t, strings.HasPrefix(string(data), "//kago:code Scale_float32 40 Scale[float32], Scale[MyFloat]\n.version 7.0\n"), "%q", data)
	got, err := kgen.ParseCodeFile(data)
	require.NoError(t, err)
	assert.Equal(t, sections, got)

	fsys := fstest.MapFS{"kago_kernels/Scale.spv": {Data: data}}
	code, err := kgen.ReadCodeFile(fsys, "kago_kernels/Scale.spv", "Scale_float64")
	require.NoError(t, err)
	assert.Equal(t, sections[1].Code, code)
	_, err = kgen.ReadCodeFile(fsys, "kago_kernels/Scale.spv", "Scale_int32")
	assert.ErrorIs(t, err, fs.ErrNotExist)
	assert.ErrorContains(t, err, "kago_kernels/Scale.spv has no code for entry Scale_int32")
	_, err = kgen.ReadCodeFile(fsys, "kago_kernels/Gone.spv", "Gone")
	assert.ErrorIs(t, err, fs.ErrNotExist)
}

// TestCodeFileMalformed checks that a damaged file is an error, never a
// panic or a wrong section.
func TestCodeFileMalformed(t *testing.T) {
	good := kgen.FormatCodeFile([]kgen.CodeSection{{Entry: "K", Code: []byte("abc")}})
	for name, data := range map[string]string{
		"no header":       "abc\n",
		"no length":       "//kago:code K\nabc\n",
		"bad length":      "//kago:code K x\nabc\n",
		"negative length": "//kago:code K -1\nabc\n",
		"too long":        "//kago:code K 99\nabc\n",
		"no newline":      "//kago:code K 3\nabcd",
		"truncated":       string(good[:len(good)-1]),
		"header only":     "//kago:code K 3",
	} {
		t.Run(name, func(t *testing.T) {
			_, err := kgen.ParseCodeFile([]byte(data))
			assert.ErrorContains(t, err, "malformed code file")
		})
	}
}
