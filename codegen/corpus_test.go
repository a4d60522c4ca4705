package codegen_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kago-dev/kago/codegen"
	"github.com/kago-dev/kago/codegen/spirv"
	"github.com/kago-dev/kago/ka/driver"
)

// The corpus package is loaded once for every test in this file.
var corpus struct {
	once    sync.Once
	kernels []*codegen.Kernel
	err     error
}

func corpusKernels(t *testing.T) []*codegen.Kernel {
	t.Helper()
	corpus.once.Do(func() {
		p, err := codegen.Load(codegen.Config{Dir: ".."}, "./internal/corpus")
		if err != nil {
			corpus.err = err
			return
		}
		corpus.kernels, corpus.err = p.Compile()
	})
	require.NoError(t, corpus.err)
	return corpus.kernels
}

// TestCorpusIRParses checks that LLVM 14 accepts the IR of every corpus
// kernel.
func TestCorpusIRParses(t *testing.T) {
	as, err := exec.LookPath("llvm-as-14")
	if err != nil {
		t.Skip("llvm-as-14 not installed")
	}
	ks := corpusKernels(t)
	assert.GreaterOrEqual(t, len(ks), 15, "corpus kernels")
	for _, k := range ks {
		cmd := exec.Command(as, "-o", "/dev/null", "-")
		cmd.Stdin = strings.NewReader(k.Module.String())
		out, err := cmd.CombinedOutput()
		assert.NoError(t, err, "%s: llvm-as:\n%s\n%s", k.Name, out, k.Module)
	}
}

// TestCorpusEmits runs every emitter on every corpus kernel: kago gen
// fails when one does.
// With $KAGO_PTX_OUT set it also writes each kernel's PTX there, for
// scripts/gpu-check.sh to assemble with ptxas on a GPU machine.
func TestCorpusEmits(t *testing.T) {
	out := os.Getenv("KAGO_PTX_OUT")
	for _, k := range corpusKernels(t) {
		spec, err := k.Spec(driver.OpenCLC, driver.SPIRV, driver.PTX)
		if !assert.NoError(t, err) {
			continue
		}
		if out != "" {
			name := filepath.Join(out, "corpus_"+k.Entry+".ptx")
			require.NoError(t, os.WriteFile(name, spec.Code.(driver.CodeMap)[driver.PTX], 0o644))
		}
	}
}

// TestCorpusSPIRVValid runs spirv-val on every corpus kernel's SPIR-V, in
// the OpenCL 2.2 environment (plain SPIR-V 1.0 for modules with 64-bit
// atomics, which spirv-val's OpenCL environment rejects without knowing the
// cl_khr_int64_base_atomics extension).
func TestCorpusSPIRVValid(t *testing.T) {
	val, err := exec.LookPath("spirv-val")
	if err != nil {
		t.Skip("spirv-val not installed (Debian package spirv-tools)")
	}
	dir := t.TempDir()
	for _, k := range corpusKernels(t) {
		spec, err := k.Spec(driver.SPIRV)
		if !assert.NoError(t, err) {
			continue
		}
		path := filepath.Join(dir, k.Entry+".spv")
		require.NoError(t, os.WriteFile(path, spec.Code.(driver.CodeMap)[driver.SPIRV], 0o644))
		env := "opencl2.2"
		if k.Needs.Has(driver.Int64Atomics) {
			env = "spv1.0"
		}
		out, err := exec.Command(val, "--target-env", env, path).CombinedOutput()
		assert.NoError(t, err, "%s: spirv-val --target-env %s:\n%s", k.Name, env, out)
	}
}

// TestCorpusVulkanValid emits every corpus kernel in the Vulkan dialect
// (spirv.Options.Vulkan) and runs spirv-val --target-env vulkan1.2 on it.
// A kernel the dialect cannot express must be refused with an error
// wrapping spirv.ErrUnsupported (float64 transcendentals: GLSL.std.450 has
// them for 32 bits only), never emitted invalid; the three kernels so
// refused today are named, so that a new refusal is noticed.
func TestCorpusVulkanValid(t *testing.T) {
	val, err := exec.LookPath("spirv-val")
	if err != nil {
		t.Skip("spirv-val not installed (Debian package spirv-tools)")
	}
	refused := map[string]bool{"MathErf": true, "MathFuncs": true, "MathGamma": true}
	dir := t.TempDir()
	valid, seen := 0, 0
	for _, k := range corpusKernels(t) {
		code, err := spirv.Emit(k.Module, spirv.Options{Vulkan: true, ContractionOff: true})
		if refused[k.Name] {
			seen++
			assert.ErrorIs(t, err, spirv.ErrUnsupported, "%s: refused for its float64 math", k.Name)
			continue
		}
		if !assert.NoError(t, err, k.Name) {
			continue
		}
		path := filepath.Join(dir, k.Entry+".vk.spv")
		require.NoError(t, os.WriteFile(path, code, 0o644))
		out, err := exec.Command(val, "--target-env", "vulkan1.2", path).CombinedOutput()
		if assert.NoError(t, err, "%s: spirv-val --target-env vulkan1.2:\n%s", k.Name, out) {
			valid++
		}
	}
	assert.Equal(t, len(refused), seen, "the refused kernels are in the corpus")
	assert.GreaterOrEqual(t, valid, 40, "corpus kernels valid for Vulkan")
	t.Logf("%d corpus kernels valid for vulkan1.2, %d refused", valid, len(refused))
}
