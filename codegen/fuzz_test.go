package codegen_test

import (
	"crypto/sha256"
	"fmt"
	"go/importer"
	"go/parser"
	"go/token"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kago-dev/kago/codegen"
	"github.com/kago-dev/kago/internal/ptxsim"
	"github.com/kago-dev/kago/ka/driver"
)

// FuzzCompile feeds mutated kernel sources to the front end: each must give
// an error or kernels whose IR is in the dialect of docs/ir.md and that
// every emitter translates: the verifier runs after the front end and each
// pass (an internal error is a crash), each of the three emitters must
// succeed, spirv-val (where installed) must accept the SPIR-V and the PTX
// simulator's parser the PTX. The seeds are the test packages of
// testdata (the goldens, the errors' and the names' sources).
// make test runs it for a bounded time (scripts/fuzz.sh).
func FuzzCompile(f *testing.F) {
	seeds, err := filepath.Glob("testdata/*/*.go")
	require.NoError(f, err, "seeds in testdata/*/*.go")
	require.NotEmpty(f, seeds, "no seeds in testdata/*/*.go")
	for _, path := range seeds {
		src, err := os.ReadFile(path)
		require.NoError(f, err)
		f.Add(string(src))
	}
	f.Add("package p\nimport \"github.com/kago-dev/kago/ka\"\n//ka:kernel\nfunc K(it ka.Item, x []int8) { for i := range x { x[i] >>= uint(i) } }\n")
	// One importer for every input: it reads export data once per package.
	fset := token.NewFileSet()
	imp := importer.ForCompiler(fset, "gc", exportData(f, "github.com/kago-dev/kago/ka", "math", "math/bits", "fmt", "strings"))
	val := newSPIRVValidator(f)
	f.Fuzz(func(t *testing.T, src string) {
		file, err := parser.ParseFile(fset, "fuzz.go", src, parser.ParseComments)
		if err != nil {
			return
		}
		p, err := codegen.LoadFiles(codegen.Config{NoChecks: len(src)%2 == 0}, fset, imp, file)
		if err != nil {
			return
		}
		kernels, err := p.Compile()
		if err != nil {
			require.NotContains(t, err.Error(), "internal error", "the front end broke the IR")
		}
		for _, k := range kernels {
			_ = k.Module.String()
			emitAll(t, k, val)
		}
	})
}

// exportData returns a lookup of the export data of pkgs and their
// dependencies for the gc importer, from go list: without one, the
// importer searches GOROOT and GOPATH only, finds no package of this
// module, and every input that imports ka fails to load before the
// compiler sees it.
func exportData(f testing.TB, pkgs ...string) func(path string) (io.ReadCloser, error) {
	args := append([]string{"list", "-export", "-deps", "-f", "{{.ImportPath}} {{.Export}}"}, pkgs...)
	out, err := exec.Command("go", args...).Output()
	require.NoError(f, err, "go list -export")
	files := map[string]string{}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		if path, file, ok := strings.Cut(line, " "); ok && file != "" {
			files[path] = file
		}
	}
	return func(path string) (io.ReadCloser, error) {
		if file, ok := files[path]; ok {
			return os.Open(file)
		}
		return nil, fmt.Errorf("fuzz: no export data for %q (kernels import %v)", path, pkgs)
	}
}

// emitAll runs every emitter on k and checks its output with the tools at
// hand: any failure is a crash of the fuzz target.
func emitAll(t *testing.T, k *codegen.Kernel, val *spirvValidator) {
	for _, target := range codegen.Targets() {
		code, err := codegen.Emit(k, target)
		require.NoError(t, err, "a kernel the front end accepted:\n%s", k.Module)
		switch target {
		case driver.PTX:
			_, err := ptxsim.Parse(string(code))
			require.NoError(t, err, "%s: the PTX simulator cannot parse its PTX:\n%s", k.Name, code)
		case driver.SPIRV:
			require.NoError(t, val.validate(k, code), "%s:\n%s", k.Name, k.Module)
		}
	}
}

// spirvValidator runs spirv-val on SPIR-V modules it has not seen, as the
// corpus test does (TestCorpusSPIRVValid): mutated sources often compile
// to the same kernel, and a process per module would slow the fuzzer.
type spirvValidator struct {
	path, dir string // spirv-val, and where modules are written; "" without it
	mu        sync.Mutex
	seen      map[[32]byte]bool
}

func newSPIRVValidator(f testing.TB) *spirvValidator {
	v := &spirvValidator{seen: map[[32]byte]bool{}}
	if path, err := exec.LookPath("spirv-val"); err == nil {
		v.path, v.dir = path, f.TempDir()
	}
	return v
}

// validate runs spirv-val on a kernel's SPIR-V in the OpenCL 2.2
// environment (SPIR-V 1.0 with 64-bit atomics, which that environment
// does not know); nil without spirv-val or for a module seen before.
func (v *spirvValidator) validate(k *codegen.Kernel, spv []byte) error {
	if v.path == "" {
		return nil
	}
	sum := sha256.Sum256(spv)
	v.mu.Lock()
	defer v.mu.Unlock()
	if v.seen[sum] {
		return nil
	}
	path := filepath.Join(v.dir, "k.spv")
	if err := os.WriteFile(path, spv, 0o644); err != nil {
		return err
	}
	env := "opencl2.2"
	if k.Needs.Has(driver.Int64Atomics) {
		env = "spv1.0"
	}
	if out, err := exec.Command(v.path, "--target-env", env, path).CombinedOutput(); err != nil {
		return fmt.Errorf("spirv-val --target-env %s: %v\n%s", env, err, out)
	}
	v.seen[sum] = true
	return nil
}
