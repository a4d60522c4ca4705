package ptx

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// ptxasPath finds NVIDIA's assembler: $PTXAS, then PATH, then the CUDA
// toolkit's usual place.
func ptxasPath() (string, bool) {
	if p := os.Getenv("PTXAS"); p != "" {
		return p, true
	}
	if p, err := exec.LookPath("ptxas"); err == nil {
		return p, true
	}
	if _, err := os.Stat("/usr/local/cuda/bin/ptxas"); err == nil {
		return "/usr/local/cuda/bin/ptxas", true
	}
	return "", false
}

// allModules lists the modules whose PTX must assemble: this package's
// testdata and the front end's golden corpus modules.
func allModules(t *testing.T) []string {
	files := kernels(t)
	more, _ := filepath.Glob("../testdata/golden/*.ll")
	return append(files, more...)
}

// TestPTXAS assembles every kernel's PTX with ptxas for the GPU's
// architecture ($KAGO_PTXAS_ARCH, default sm_90 = H100/H200), plus any .ptx
// files in $KAGO_PTX_DIR (scripts/gpu-check.sh puts the corpus there). It
// skips where no CUDA toolkit is installed; scripts/gpu-check.sh runs it on
// a machine that has one. With $KAGO_PTX_OUT set it also writes the PTX
// there.
func TestPTXAS(t *testing.T) {
	out := os.Getenv("KAGO_PTX_OUT")
	ptxas, ok := ptxasPath()
	if !ok && out == "" {
		t.Skip("ptxas not found (no CUDA toolkit here): run scripts/gpu-check.sh on a GPU machine")
	}
	arch := os.Getenv("KAGO_PTXAS_ARCH")
	if arch == "" {
		arch = "sm_90"
	}
	dir := out
	if dir == "" {
		dir = t.TempDir()
	} else {
		require.NoError(t, os.MkdirAll(dir, 0o755))
	}
	var files []string
	for _, path := range allModules(t) {
		code, err := Emit(parse(t, path), Options{})
		if !assert.NoError(t, err, path) {
			continue
		}
		name := strings.TrimSuffix(filepath.Base(path), ".ll") + ".ptx"
		if strings.Contains(path, "golden") {
			name = "frontend_" + name
		}
		f := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(f, code, 0o644))
		files = append(files, f)
	}
	if extra := os.Getenv("KAGO_PTX_DIR"); extra != "" {
		more, _ := filepath.Glob(filepath.Join(extra, "*.ptx"))
		files = append(files, more...)
	}
	if !ok {
		t.Skipf("wrote %d PTX files to %s; ptxas not found, nothing assembled", len(files), out)
	}
	for _, f := range files {
		msg, err := exec.Command(ptxas, "-arch="+arch, "-o", os.DevNull, f).CombinedOutput()
		assert.NoError(t, err, "ptxas -arch=%s %s:\n%s", arch, f, msg)
	}
}
