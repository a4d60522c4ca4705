package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kago-dev/kago/codegen"
	"github.com/kago-dev/kago/ka/driver"
)

const hostKernel = `package kern

import "github.com/kago-dev/kago/ka"

//ka:kernel
func Scale(it ka.Item, a float32, x []float32) {
	if i := it.Global(); i < len(x) {
		x[i] *= scale(a)
	}
}

func scale(a float32) float32 { return a }
`

// TestHostTypeErrors checks kago gen on a package whose host code does not
// type-check (codegen/hosterrors.go): an error in a function no kernel
// uses is a warning, once, and the kernels are generated; an error in a
// function a kernel uses, or in a kernel, stops kago gen, with each
// message once.
func TestHostTypeErrors(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name, host string
		kernelEdit [2]string // replaced in hostKernel
		warn, stop string    // expected in the warnings / the error
	}{
		{name: "a launcher call under repair", host: `package kern

import "github.com/kago-dev/kago/ka"

func Run(dev *ka.Device) {
	k, _ := NewScaleKernel(dev)
	_ = k.Launch(dev.Stream(), ka.Range(3), 2, nil, "one argument too many")
}
`, warn: "too many arguments in call to k.Launch"},
		{name: "a helper the kernel uses", kernelEdit: [2]string{"return a }", `var s string = 1; _ = s; return a }`},
			stop: "kernel Scale uses scale, which does not type-check"},
		{name: "the kernel itself", kernelEdit: [2]string{"x[i] *= scale(a)", `x[i] *= "two"`}, stop: "mismatched types"},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			src := hostKernel
			if c.kernelEdit[0] != "" {
				src = strings.Replace(src, c.kernelEdit[0], c.kernelEdit[1], 1)
			}
			dir := filepath.Join(tempModuleOf(t, src), "kern")
			if c.host != "" {
				require.NoError(t, os.WriteFile(filepath.Join(dir, "host.go"), []byte(c.host), 0o644))
			}
			p, err := codegen.Load(codegen.Config{Dir: dir}, ".")
			if c.stop != "" {
				require.Error(t, err)
				assert.Contains(t, err.Error(), c.stop)
				for _, line := range strings.Split(err.Error(), "\n") {
					if strings.Contains(line, ".go:") {
						assert.Equal(t, 1, strings.Count(err.Error(), line), "printed once: %s", line)
					}
				}
				return
			}
			require.NoError(t, err)
			require.Len(t, p.Warnings, 1, "one warning per error: %q", p.Warnings)
			assert.Contains(t, p.Warnings[0], c.warn)
			assert.Contains(t, p.Warnings[0], "host.go:7:")
			out, err := generate(codegen.Config{Dir: dir}, []driver.Target{driver.OpenCLC}, true)
			require.NoError(t, err)
			assert.Contains(t, string(out.src), "func NewScaleKernel(")
			assert.Contains(t, string(out.files["Scale.cl"]), "Scale", "the kernel's OpenCL C")
		})
	}
}
