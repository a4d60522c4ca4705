package openclc

import (
	"errors"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/llir/llvm/asm"
)

var update = flag.Bool("update", false, "rewrite testdata/*.cl from the emitter's output")

// emitFile parses testdata/<name>.ll and emits it with opts.
func emitFile(t *testing.T, name string, opts Options) ([]byte, error) {
	t.Helper()
	m, err := asm.ParseFile(filepath.Join("testdata", name+".ll"))
	if err != nil {
		t.Fatalf("parse %s.ll: %v", name, err)
	}
	return Emit(m, opts)
}

// goldenNames lists the testdata modules, each with a golden .cl file.
func goldenNames(t *testing.T) []string {
	t.Helper()
	lls, err := filepath.Glob(filepath.Join("testdata", "*.ll"))
	if err != nil || len(lls) == 0 {
		t.Fatalf("no testdata/*.ll: %v", err)
	}
	var names []string
	for _, ll := range lls {
		names = append(names, strings.TrimSuffix(filepath.Base(ll), ".ll"))
	}
	return names
}

// TestGolden compares the emitter's output for every testdata/*.ll with
// testdata/*.cl; go test -update rewrites the .cl files.
func TestGolden(t *testing.T) {
	for _, name := range goldenNames(t) {
		t.Run(name, func(t *testing.T) {
			got, err := emitFile(t, name, AllFeatures())
			if err != nil {
				t.Fatalf("Emit: %v", err)
			}
			golden := filepath.Join("testdata", name+".cl")
			if *update {
				if err := os.WriteFile(golden, got, 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run go test -update to create it)", err)
			}
			if string(got) != string(want) {
				t.Errorf("output differs from %s (go test -update rewrites it); got:\n%s", golden, got)
			}
		})
	}
}

// TestZeroOptions checks which samples need optional features: with the
// zero Options they fail with ErrUnsupported naming the extension, the
// others emit the same code as with every feature.
func TestZeroOptions(t *testing.T) {
	needs := map[string]string{
		"math64":    "cl_khr_fp64",
		"atomics64": "cl_khr_int64_base_atomics",
		"convert":   "cl_khr_fp64",
	}
	for _, name := range goldenNames(t) {
		t.Run(name, func(t *testing.T) {
			_, err := emitFile(t, name, Options{})
			ext, needed := needs[name]
			if !needed {
				if err != nil {
					t.Fatalf("Emit with zero Options: %v", err)
				}
				return
			}
			if !errors.Is(err, ErrUnsupported) {
				t.Fatalf("Emit with zero Options: got %v, want ErrUnsupported", err)
			}
			if !strings.Contains(err.Error(), ext) {
				t.Errorf("error %q does not name %s", err, ext)
			}
		})
	}
}
