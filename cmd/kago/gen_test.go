package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kago-dev/kago/codegen"
	"github.com/kago-dev/kago/ka/driver"
	"github.com/kago-dev/kago/ka/kgen"
)

// kernelSource is the package that the tests generate code for: a plain
// and a generic kernel.
const kernelSource = `package kern

import "github.com/kago-dev/kago/ka"

// Saxpy computes y = a*x + y.
//
//ka:kernel
func Saxpy(it ka.Item, a float32, x, y []float32) {
	if i := it.Global(); i < len(y) {
		y[i] = a*x[i] + y[i]
	}
}

// Scale computes x *= a.
//
//ka:kernel
func Scale[T float32 | float64 | int32](it ka.Item, a T, x []T) {
	if i := it.Global(); i < len(x) {
		x[i] *= a
	}
}

// Instances are the instances of Scale that kago gen compiles.
var Instances = []any{Scale[float32]}
`

// tempModule writes a module in a temporary directory that requires kago
// from this checkout, with the kernel package kern in it, and returns its
// directory. Builds in it run offline.
func tempModule(t *testing.T) string {
	t.Helper()
	return tempModuleOf(t, kernelSource)
}

// tempModuleOf is tempModule with src as the source of package kern.
func tempModuleOf(t *testing.T, src string) string {
	t.Helper()
	root, err := filepath.Abs("../..")
	require.NoError(t, err)
	dir := t.TempDir()
	gomod := "module example.com/m\n\ngo 1.26\n\nrequire github.com/kago-dev/kago v0.0.0\n\nreplace github.com/kago-dev/kago => " + root + "\n"
	require.NoError(t, os.WriteFile(filepath.Join(dir, "go.mod"), []byte(gomod), 0o644))
	sum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "go.sum"), sum, 0o644))
	require.NoError(t, os.MkdirAll(filepath.Join(dir, "kern"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "kern", "kern.go"), []byte(src), 0o644))
	return dir
}

// userProxy is GOPROXY as the test binary found it, before TestMain.
var userProxy, userHasProxy = os.LookupEnv("GOPROXY")

// TestMain makes the go command, run by the tests and by codegen.Load,
// work offline in the temporary modules, which list none of kago's own
// requirements.
func TestMain(m *testing.M) {
	os.Setenv("GOFLAGS", "-mod=mod")
	os.Setenv("GOPROXY", "off")
	os.Setenv("GOWORK", "off")
	os.Exit(m.Run())
}

// genInto runs kago gen on dir for the given targets (all when none).
func genInto(t *testing.T, dir string, targets ...driver.Target) {
	t.Helper()
	if len(targets) == 0 {
		targets = codegen.Targets()
	}
	out, err := generate(codegen.Config{Dir: dir}, targets, true)
	require.NoError(t, err)
	require.NoError(t, out.write(dir))
}

// goBuild builds the main package in dir/name from src and returns the
// binary's contents, or the build's error output when it fails.
func goBuild(t *testing.T, dir, name, src string) ([]byte, string, error) {
	t.Helper()
	pkg := filepath.Join(dir, name)
	require.NoError(t, os.MkdirAll(pkg, 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(pkg, "main.go"), []byte(src), 0o644))
	bin := filepath.Join(dir, name+".bin")
	cmd := exec.Command("go", "build", "-o", bin, "./"+name)
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if err != nil {
		return nil, string(out), err
	}
	data, err := os.ReadFile(bin)
	require.NoError(t, err)
	return data, string(out), nil
}

// backendMain is a program that runs kern.Saxpy on one backend.
const backendMain = `package main

import (
	"fmt"

	"example.com/m/kern"
	"github.com/kago-dev/kago/ka"

	_ "github.com/kago-dev/kago/backends/BACKEND"
)

func main() {
	dev, err := ka.Open("BACKEND")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer dev.Close()
	k, err := ka.NewKernel(dev, kern.Saxpy)
	fmt.Println(k, err)
}
`

// TestProgramLinksOnlyItsTargets builds a program that imports only the
// CUDA backend and one that imports only the OpenCL backend, from the same
// generated package, and checks each binary for the device code of every
// target: the CUDA program holds the PTX and neither the OpenCL C nor the
// SPIR-V, the OpenCL program the reverse. This is the linker's method
// pruning at work (see driver.Code).
func TestProgramLinksOnlyItsTargets(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("builds two programs")
	}
	dir := tempModule(t)
	genInto(t, filepath.Join(dir, "kern"))
	code := map[string][]byte{}
	for _, name := range []string{"Saxpy.cl", "Saxpy.spv", "Saxpy.ptx", "Scale.ptx"} {
		code[name] = section(t, filepath.Join(dir, "kern", codeDir, name), 0)
	}
	// Probes: the OpenCL C's first kernel line, the SPIR-V's header (magic,
	// version, generator, bound) and the PTX's entry line.
	clLine := lineWith(t, code["Saxpy.cl"], "__kernel")
	ptxLine := lineWith(t, code["Saxpy.ptx"], ".entry")
	spvHead := code["Saxpy.spv"][:16]
	require.Equal(t, []byte{0x03, 0x02, 0x23, 0x07}, spvHead[:4], "SPIR-V magic")

	cuda, out, err := goBuild(t, dir, "cudaonly", strings.ReplaceAll(backendMain, "BACKEND", "cuda"))
	require.NoError(t, err, out)
	assert.True(t, bytes.Contains(cuda, ptxLine), "the CUDA program lacks the PTX %q", ptxLine)
	assert.True(t, bytes.Contains(cuda, code["Scale.ptx"]), "the CUDA program lacks Scale's PTX")
	assert.False(t, bytes.Contains(cuda, clLine), "the CUDA program holds OpenCL C %q", clLine)
	assert.False(t, bytes.Contains(cuda, []byte("#pragma OPENCL")), "the CUDA program holds OpenCL C")
	assert.False(t, bytes.Contains(cuda, spvHead), "the CUDA program holds SPIR-V")

	ocl, out, err := goBuild(t, dir, "openclonly", strings.ReplaceAll(backendMain, "BACKEND", "opencl"))
	require.NoError(t, err, out)
	assert.True(t, bytes.Contains(ocl, clLine), "the OpenCL program lacks the OpenCL C")
	assert.True(t, bytes.Contains(ocl, spvHead), "the OpenCL program lacks the SPIR-V")
	assert.False(t, bytes.Contains(ocl, ptxLine), "the OpenCL program holds PTX %q", ptxLine)
}

// section returns the code of section i of the code file path.
func section(t *testing.T, path string, i int) []byte {
	t.Helper()
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	sections, err := kgen.ParseCodeFile(data)
	require.NoError(t, err)
	require.Greater(t, len(sections), i, path)
	return sections[i].Code
}

// entries returns the entries of the code file path, and the comments
// that name their instances.
func entries(t *testing.T, path string) map[string]string {
	t.Helper()
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	sections, err := kgen.ParseCodeFile(data)
	require.NoError(t, err)
	m := map[string]string{}
	for _, s := range sections {
		m[s.Entry] = s.Comment
	}
	return m
}

// lineWith returns the first line of text that contains sub.
func lineWith(t *testing.T, text []byte, sub string) []byte {
	t.Helper()
	for line := range bytes.Lines(text) {
		if bytes.Contains(line, []byte(sub)) {
			return bytes.TrimSpace(line)
		}
	}
	require.FailNowf(t, "no line with the substring", "%q in %s", sub, text)
	return nil
}

// TestGenFiles checks the files kago gen writes: one per kernel function
// and target, named by the function, with a section per entry;
// -targets limits both the files and the generated methods; files of
// kernels or targets that are gone are removed, and so is everything when
// no kernel is left.
func TestGenFiles(t *testing.T) {
	t.Parallel()
	dir := tempModule(t)
	kern := filepath.Join(dir, "kern")
	list := func() []string {
		entries, err := os.ReadDir(filepath.Join(kern, codeDir))
		if os.IsNotExist(err) {
			return nil
		}
		require.NoError(t, err)
		var names []string
		for _, e := range entries {
			names = append(names, e.Name())
		}
		return names
	}

	genInto(t, kern)
	assert.Equal(t, []string{"Saxpy.cl", "Saxpy.ptx", "Saxpy.spv", "Scale.cl", "Scale.ptx", "Scale.spv"}, list())
	src, err := os.ReadFile(filepath.Join(kern, codegen.GeneratedFile))
	require.NoError(t, err)
	for _, want := range []string{"//go:embed kago_kernels/*.cl", "//go:embed kago_kernels/*.spv", "//go:embed kago_kernels/*.ptx",
		`Code:    kagoCode("Saxpy")`, `Code:        kagoCode("Scale")`, "kgen.RegisterGeneric(kagoGenericScale)"} {
		assert.Contains(t, string(src), want)
	}
	spv := section(t, filepath.Join(kern, codeDir, "Saxpy.spv"), 0)
	assert.Equal(t, []byte{0x03, 0x02, 0x23, 0x07}, spv[:4], "SPIR-V is written as binary")
	assert.Equal(t, map[string]string{"Scale_float32": "Scale[float32]", "Scale_float32_lean": "Scale[float32]", "Scale_float32_lean_exact": "Scale[float32]"},
		entries(t, filepath.Join(kern, codeDir, "Scale.ptx")), "the instance, its lean variant (1-D) and the variant's exact copy")
	assert.Equal(t, map[string]string{"Scale_float32": "Scale[float32]", "Scale_float32_lean": "Scale[float32]"},
		entries(t, filepath.Join(kern, codeDir, "Scale.cl")), "no exact copy: PTX only")

	// A stray file of ours goes; a file kago gen does not write stays.
	require.NoError(t, os.WriteFile(filepath.Join(kern, codeDir, "Gone.ptx"), []byte("old"), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(kern, codeDir, "README"), []byte("mine"), 0o644))
	genInto(t, kern, driver.PTX)
	assert.Equal(t, []string{"README", "Saxpy.ptx", "Scale.ptx"}, list())
	src, err = os.ReadFile(filepath.Join(kern, codegen.GeneratedFile))
	require.NoError(t, err)
	assert.Contains(t, string(src), "func (c kagoCode) PTX(")
	assert.NotContains(t, string(src), "OpenCLC")
	assert.NotContains(t, string(src), "SPIRV")
	require.NoError(t, os.Remove(filepath.Join(kern, codeDir, "README")))

	// No kernels: no generated file, no code directory.
	require.NoError(t, os.WriteFile(filepath.Join(kern, "kern.go"), []byte("package kern\n"), 0o644))
	genInto(t, kern)
	assert.NoFileExists(t, filepath.Join(kern, codegen.GeneratedFile))
	assert.NoDirExists(t, filepath.Join(kern, codeDir))
}

// useScale64 calls the launcher of Scale's float64 instance, before kago gen
// has written it: Load sees the launchers' stub, and the call makes kago
// gen compile the instance.
const useScale64 = `package kern

import "github.com/kago-dev/kago/ka"

// Scale64 loads Scale[float64].
func Scale64(dev *ka.Device) error {
	_, err := NewScaleKernel[float64](dev)
	return err
}
`

// launcherMain runs kern.Saxpy through its typed launcher on the native
// backend, with an untyped constant for the float32 parameter, and asks
// for an instance of Scale that kago gen did not compile.
const launcherMain = `package main

import (
	"context"
	"errors"
	"fmt"

	"example.com/m/kern"
	"github.com/kago-dev/kago/ka"

	_ "github.com/kago-dev/kago/backends/native"
)

func main() {
	ctx := context.Background()
	dev, err := ka.Open("native")
	if err != nil {
		panic(err)
	}
	defer dev.Close()
	x, _ := ka.FromSlice(ctx, dev, []float32{1, 2, 3})
	y, _ := ka.FromSlice(ctx, dev, []float32{10, 20, 30})
	k, err := kern.NewSaxpyKernel(dev)
	if err != nil {
		panic(err)
	}
	if err := k.Launch(dev.Stream(), ka.Range(3), 2, x, y); err != nil {
		panic(err)
	}
	out := make([]float32, 3)
	if err := y.Read(ctx, out); err != nil {
		panic(err)
	}
	fmt.Println(out)
	_, err = kern.NewScaleKernel[int32](dev)
	fmt.Println(errors.Is(err, ka.ErrUnsupported), err)
}
`

// TestTypedLaunchers generates a package's typed launchers, runs one, and
// checks that wrong arguments do not compile; that a call of a generic
// launcher makes kago gen compile the instance (before any generated file
// exists), that the generated file keeps no instance alive once that call
// is gone, and that an instance kago gen did not compile is an error
// wrapping ErrUnsupported.
func TestTypedLaunchers(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("builds two programs")
	}
	dir := tempModule(t)
	kern := filepath.Join(dir, "kern")
	gofile := filepath.Join(kern, codegen.GeneratedFile)
	scale := filepath.Join(kern, codeDir, "Scale.ptx")

	require.NoError(t, os.WriteFile(filepath.Join(kern, "use.go"), []byte(useScale64), 0o644))
	genInto(t, kern)
	assert.Contains(t, entries(t, scale), "Scale_float64")
	src, err := os.ReadFile(gofile)
	require.NoError(t, err)
	assert.Contains(t, string(src), `{Name: "Scale[float64]", Entry: "Scale_float64", Func: (func(ka.Item, float64, []float64))(nil)`)
	assert.NotContains(t, string(src), "Scale[int32]")
	genInto(t, kern)
	again, err := os.ReadFile(gofile)
	require.NoError(t, err)
	assert.Equal(t, string(src), string(again), "kago gen is not stable")

	require.NoError(t, os.Remove(filepath.Join(kern, "use.go")))
	genInto(t, kern)
	assert.NotContains(t, entries(t, scale), "Scale_float64", "the generated file kept Scale[float64] alive")

	_, out, err := goBuild(t, dir, "good", launcherMain)
	require.NoError(t, err, out)
	run, err := exec.Command(filepath.Join(dir, "good.bin")).CombinedOutput()
	require.NoError(t, err, string(run))
	assert.Equal(t, "[12 24 36]\ntrue kernel kern.Scale has no code for the instance of type func(ka.Item, int32, []int32): kago gen compiled no such instance: unsupported\n", string(run))

	bad := strings.Replace(launcherMain, "k.Launch(dev.Stream(), ka.Range(3), 2, x, y)",
		`k.Launch(dev.Stream(), ka.Range(3), float64(2), x, "y")`, 1)
	require.NotEqual(t, launcherMain, bad)
	_, out, err = goBuild(t, dir, "bad", bad)
	require.Error(t, err, "a launch with wrong argument types compiled")
	assert.Contains(t, out, "cannot use float64(2)")
	assert.Contains(t, out, `cannot use "y"`)
}

// genericOnlySource is a package whose one kernel is generic, with no
// typed launcher (the package declares ScaleKernel) and no group function
// (group functions leave subgroups out), so that its generated file names
// nothing of ka/kernel.
const genericOnlySource = `package kern

import "github.com/kago-dev/kago/ka"

//ka:kernel
func Scale[T float32 | float64](it ka.Item, x []T) {
	if i := it.Global(); i < len(x) {
		x[i] *= T(it.SubgroupSize())
	}
}

// ScaleKernel is the package's own: Scale gets no launcher.
type ScaleKernel int

var _ = []any{Scale[float32]}
`

// TestGeneratedImportsOnlyWhatItUses: a generated file that names nothing
// of ka/kernel does not import it, and builds.
func TestGeneratedImportsOnlyWhatItUses(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("builds a package")
	}
	dir := tempModuleOf(t, genericOnlySource)
	kern := filepath.Join(dir, "kern")
	genInto(t, kern, driver.PTX)
	src, err := os.ReadFile(filepath.Join(kern, codegen.GeneratedFile))
	require.NoError(t, err)
	assert.NotContains(t, string(src), kernelPath)
	build := exec.Command("go", "build", "./kern")
	build.Dir = dir
	out, err := build.CombinedOutput()
	require.NoError(t, err, string(out))
}
