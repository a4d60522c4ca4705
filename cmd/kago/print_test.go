package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestPrintLean prints a kernel's lean variant with -lean, and refuses
// -lean for a kernel that has none (compiled -bounds=false and naming all
// three dimensions, katest's Indices has no check for a launch to decide
// and no dimension to assume away).
func TestPrintLean(t *testing.T) {
	out := filepath.Join(t.TempDir(), "k.ll")
	require.NoError(t, printCmd("ir", []string{"-lean", "-o", out, "../../ka/katest.LinearIndices"}))
	ir, err := os.ReadFile(out)
	require.NoError(t, err)
	assert.Contains(t, string(ir), "@LinearIndices_lean(")
	assert.NotContains(t, string(ir), "@ka.global_id(i32 1)", "the 1-D lean variant")

	err = printCmd("ptx", []string{"-lean", "-bounds=false", "-o", out, "../../ka/katest.Indices"})
	require.ErrorContains(t, err, "Indices has no lean variant")
	err = printCmd("ir", []string{"-lean"})
	require.ErrorContains(t, err, "usage: kago ir [-bounds] [-lean] [-o file] pkg.Kernel")
}
