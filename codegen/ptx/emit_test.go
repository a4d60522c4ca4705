package ptx

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/llir/llvm/asm"
	"github.com/llir/llvm/ir"
)

var update = flag.Bool("update", false, "rewrite testdata/*.ptx golden files from the emitter's output")

// kernels returns the hand-written portable modules of testdata.
func kernels(t *testing.T) []string {
	t.Helper()
	files, err := filepath.Glob("testdata/*.ll")
	if err != nil || len(files) == 0 {
		t.Fatalf("no testdata/*.ll: %v", err)
	}
	return files
}

func parse(t *testing.T, path string) *ir.Module {
	t.Helper()
	m, err := asm.ParseFile(path)
	if err != nil {
		t.Fatalf("parse %s: %v", path, err)
	}
	return m
}

// TestGolden emits every testdata kernel and compares with its .ptx file.
// Run `go test ./codegen/ptx -run TestGolden -update` to rewrite them after
// an intended change, and review the diff.
func TestGolden(t *testing.T) {
	for _, path := range kernels(t) {
		name := strings.TrimSuffix(filepath.Base(path), ".ll")
		t.Run(name, func(t *testing.T) {
			got, err := Emit(parse(t, path), Options{})
			if err != nil {
				t.Fatalf("Emit: %v", err)
			}
			golden := strings.TrimSuffix(path, ".ll") + ".ptx"
			if *update {
				if err := os.WriteFile(golden, got, 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run with -update to create it)", err)
			}
			if string(got) != string(want) {
				t.Errorf("output differs from %s (run with -update and review the diff):\n%s", golden, firstDiff(string(want), string(got)))
			}
		})
	}
}

// firstDiff shows the first differing line.
func firstDiff(want, got string) string {
	wl, gl := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := 0; i < len(wl) || i < len(gl); i++ {
		var w, g string
		if i < len(wl) {
			w = wl[i]
		}
		if i < len(gl) {
			g = gl[i]
		}
		if w != g {
			return fmt.Sprintf("line %d:\n- %s\n+ %s", i+1, w, g)
		}
	}
	return "(no line differs)"
}
