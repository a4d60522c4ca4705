package codegen_test

import (
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

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
		if err != nil {
			t.Fatal(err)
		}
		kernels, err := p.Compile()
		if err != nil {
			t.Fatal(err)
		}
		if len(kernels) != 14 {
			t.Errorf("compiled %v, want 14 kernels", p.KernelNames())
		}
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
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -run Golden -update to create it)", err)
	}
	if got != string(want) {
		t.Errorf("%s differs; got:\n%s", path, got)
	}
	if as, err := exec.LookPath("llvm-as-14"); err == nil {
		cmd := exec.Command(as, "-o", os.DevNull, "-")
		cmd.Stdin = strings.NewReader(got)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("%s: llvm-as-14: %v\n%s", path, err, out)
		}
	}
}
