package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const staleKernel = `package kern

import "github.com/kago-dev/kago/ka"

// Factor is a constant the kernel uses.
const Factor = 2

//ka:kernel
func Double(it ka.Item, x []float32) {
	if i := it.Global(); i < len(x) {
		x[i] = scale(x[i])
	}
}

func scale(v float32) float32 { return v * Factor }

// Host is host code in the kernel's file.
func Host() int { return 1 }
`

const staleMain = `package main

import (
	"context"
	"errors"
	"fmt"

	"example.com/m/kern"
	"github.com/kago-dev/kago/ka"

	_ "github.com/kago-dev/kago/backends/native"
	_ "github.com/kago-dev/kago/backends/pocl"
)

func main() {
	for _, b := range []string{"native", "pocl"} {
		dev, err := ka.Open(b)
		if err != nil {
			fmt.Println(b, "skipped")
			continue
		}
		x, _ := ka.FromSlice(context.Background(), dev, []float32{1, 2})
		k, err := kern.NewDoubleKernel(dev)
		_, err2 := ka.NewKernel(dev, kern.Double)
		if err != nil {
			fmt.Println(b, errors.Is(err, ka.ErrInvalid), errors.Is(err2, ka.ErrInvalid), err)
			continue
		}
		_ = k.Launch(dev.Stream(), ka.Range(2), x)
		out := make([]float32, 2)
		_ = x.Read(context.Background(), out)
		fmt.Println(b, out)
		dev.Close()
	}
}
`

// TestStaleKernels generates a kernel, then edits its package as a user
// does without running go generate: an edit of the kernel, of a helper it
// calls or of a constant it uses makes every backend refuse the kernel
// with the error that names it and says to run go generate (both the
// typed launcher and ka.NewKernel; KAGO_STALE=ok runs the stale code); an
// edit of a comment or of host code changes nothing.
func TestStaleKernels(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("builds programs")
	}
	for _, c := range []struct {
		name     string
		old, new string
		stale    bool
	}{
		{"the kernel's body", "x[i] = scale(x[i])", "x[i] = scale(x[i]) + 1", true},
		{"a helper", "return v * Factor", "return v * Factor * 3", true},
		{"a constant", "const Factor = 2", "const Factor = 5", true},
		{"a comment in the kernel", "if i := it.Global()", "// a note\n\tif i := it.Global()", false},
		{"host code in the file", "return 1 }", "return 2 }", false},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			dir := tempModuleOf(t, staleKernel)
			kern := filepath.Join(dir, "kern")
			genInto(t, kern)
			file := filepath.Join(kern, "kern.go")
			src, err := os.ReadFile(file)
			require.NoError(t, err)
			require.Contains(t, string(src), c.old)
			require.NoError(t, os.WriteFile(file, []byte(strings.Replace(string(src), c.old, c.new, 1)), 0o644))
			_, out, err := goBuild(t, dir, "stale", staleMain)
			require.NoError(t, err, out)
			run := func(env ...string) string {
				cmd := exec.Command(filepath.Join(dir, "stale.bin"))
				cmd.Env = append(os.Environ(), env...)
				got, err := cmd.CombinedOutput()
				require.NoError(t, err, string(got))
				return string(got)
			}
			got := run()
			for _, b := range []string{"native", "pocl"} {
				line := lineOf(got, b)
				if strings.HasSuffix(line, "skipped") {
					continue
				}
				if !c.stale {
					assert.Equal(t, b+" [2 4]", line, "code generated from this source runs")
					continue
				}
				assert.Contains(t, line, b+" true true ", "both loaders refuse, with ErrInvalid")
				assert.Contains(t, line, "kernel Double: its generated code is stale")
				assert.Contains(t, line, "run go generate")
			}
			if c.stale {
				// The generated code before the edit: on native its group
				// function, a copy of the old body, which calls the
				// helpers and constants as they are now.
				assert.Regexp(t, `^native \[\d+ \d+\]$`, lineOf(run("KAGO_STALE=ok"), "native"), "KAGO_STALE=ok runs the stale code")
			}
		})
	}
}

// lineOf is the line of out that starts with prefix.
func lineOf(out, prefix string) string {
	for _, l := range strings.Split(out, "\n") {
		if strings.HasPrefix(l, prefix+" ") {
			return l
		}
	}
	return ""
}
