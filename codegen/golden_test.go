package codegen_test

import (
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kago-dev/kago/codegen"
)

var update = flag.Bool("update", false, "rewrite the golden .ll files")

// TestGolden compares the IR of testdata/golden's kernels (with Go's
// checks, the default) with testdata/golden/<Entry>.ll, and Saxpy's
// compiled with Config.NoChecks with Saxpy.nocheck.ll. LLVM 14 must accept
// each when llvm-as-14 is installed.
func TestGolden(t *testing.T) {
	for _, nocheck := range []bool{false, true} {
		p, err := codegen.Load(codegen.Config{Dir: "testdata", NoChecks: nocheck}, "./golden")
		require.NoError(t, err)
		kernels, err := p.Compile()
		require.NoError(t, err)
		assert.Equal(t, 14, len(kernels), "kernels compiled: %v", p.KernelNames())
		for _, k := range kernels {
			name := k.Entry + ".ll"
			if nocheck {
				if k.Entry != "Saxpy" {
					continue
				}
				name = k.Entry + ".nocheck.ll"
			}
			checkGolden(t, filepath.Join("testdata", "golden", name), k.Module.String())
		}
	}
}

func checkGolden(t *testing.T, path, got string) {
	t.Helper()
	if *update {
		require.NoError(t, os.WriteFile(path, []byte(got), 0o644))
	}
	want, err := os.ReadFile(path)
	require.NoError(t, err, "run go test -run Golden -update to create it")
	assert.Equal(t, string(want), got, "%s differs", path)
	if as, err := exec.LookPath("llvm-as-14"); err == nil {
		cmd := exec.Command(as, "-o", os.DevNull, "-")
		cmd.Stdin = strings.NewReader(got)
		out, err := cmd.CombinedOutput()
		assert.NoError(t, err, "%s: llvm-as-14:\n%s", path, out)
	}
}
