package spirv

import (
	"errors"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kago-dev/kago/codegen/internal/emittest"
	"github.com/kago-dev/kago/codegen/internal/emitutil"
	"github.com/llir/llvm/asm"
	"github.com/llir/llvm/ir"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// vulkanOpts are the options of the Vulkan tests.
var vulkanOpts = Options{Vulkan: true, ContractionOff: true}

// validateVulkan runs spirv-val --target-env vulkan1.2 on a module.
func validateVulkan(t *testing.T, val, name string, spv []byte) {
	t.Helper()
	path := writeTemp(t, name+".spv", spv)
	out, err := exec.Command(val, "--target-env", "vulkan1.2", path).CombinedOutput()
	if !assert.NoError(t, err, "spirv-val --target-env vulkan1.2 %s:\n%s", name, out) {
		if dis, err := exec.LookPath("spirv-dis"); err == nil {
			text, _ := exec.Command(dis, path).CombinedOutput()
			t.Logf("disassembly:\n%s", text)
		}
	}
}

// vulkanRefused says whether the shader dialect refuses a test module,
// and why: the inputs that use what docs/ir.md's "Vulkan SPIR-V" lists as
// an *Error.
var vulkanRefused = map[string]string{
	"ir/math64": "float64 transcendental functions (GLSL.std.450 has 32-bit forms only)",
	"floats":    "float64 exp, log, sin, ... (GLSL.std.450 has 32-bit forms only)",
}

// TestVulkanValidate emits every test module in the shader dialect and
// validates it for Vulkan 1.2.
func TestVulkanValidate(t *testing.T) {
	val := tool(t, "spirv-val")
	for _, in := range append(emittest.Inputs(t), vulkanInputs(t)...) {
		t.Run(in.Name, func(t *testing.T) {
			for _, opts := range []Options{vulkanOpts, {Vulkan: true, LocalSize: [3]uint32{64, 1, 1}, FloatAtomicAdd: true}} {
				spv, err := Emit(emittest.Parse(t, in.Path), opts)
				if why, ok := vulkanRefused[in.Name]; ok {
					var e *Error
					require.ErrorAs(t, err, &e, "want an *Error: %s", why)
					assert.ErrorIs(t, err, ErrUnsupported)
					return
				}
				require.NoError(t, err)
				validateVulkan(t, val, in.Name, spv)
			}
		})
	}
}

// vulkanInputs are the test modules of the shader dialect alone
// (testdata/vulkan/*.ll), which the OpenCL tests do not read.
func vulkanInputs(t *testing.T) []emittest.Input {
	paths, err := filepath.Glob(filepath.Join("testdata", "vulkan", "*.ll"))
	require.NoError(t, err)
	var in []emittest.Input
	for _, p := range paths {
		n := strings.TrimSuffix(filepath.Base(p), ".ll")
		in = append(in, emittest.Input{Name: "vulkan/" + n, Path: p, Golden: filepath.Join("testdata", n)})
	}
	return in
}

// TestVulkanValidateFrontEnd validates the front end's golden modules.
func TestVulkanValidateFrontEnd(t *testing.T) {
	val := tool(t, "spirv-val")
	paths, err := filepath.Glob("../testdata/golden/*.ll")
	require.NoError(t, err)
	require.NotEmpty(t, paths)
	for _, path := range paths {
		name := strings.TrimSuffix(filepath.Base(path), ".ll")
		t.Run(name, func(t *testing.T) {
			spv, err := Emit(emittest.Parse(t, path), vulkanOpts)
			var e *Error
			if errors.As(err, &e) && errors.Is(err, ErrUnsupported) {
				t.Logf("refused: %v", err)
				return
			}
			require.NoError(t, err)
			validateVulkan(t, val, name, spv)
		})
	}
}

// TestVulkanComplete emits every sample of the dialect in the shader
// dialect: each validates, or is an *Error of ErrUnsupported whose
// message is one docs/ir.md lists.
func TestVulkanComplete(t *testing.T) {
	val := tool(t, "spirv-val")
	for _, s := range emittest.Dialect(t) {
		t.Run(s.Name, func(t *testing.T) {
			m, err := asm.ParseString(s.Name+".ll", s.IR)
			require.NoError(t, err)
			spv, err := Emit(m, vulkanOpts)
			if err != nil {
				math, isMath := emitutil.ParseMath(strings.TrimPrefix(s.Name, "call @"))
				require.True(t, isMath && vulkanMathRefused(math.Base, math.Bits), "only the math functions of glsl.go's table may be refused: %v", err)
				var e *Error
				assert.ErrorAs(t, err, &e)
				assert.ErrorIs(t, err, ErrUnsupported)
				assert.Contains(t, err.Error(), "@"+strings.TrimPrefix(s.Name, "call @")+" has no Vulkan SPIR-V form")
				return
			}
			validateVulkan(t, val, s.Name, spv)
		})
	}
}

// TestVulkanGolden compares the disassembly of every test module's
// Vulkan output with testdata/vulkan/<name>.spvasm; go test -update
// rewrites them (emittest's flag).
func TestVulkanGolden(t *testing.T) {
	dis := tool(t, "spirv-dis")
	update := flag.Lookup("update") != nil && flag.Lookup("update").Value.String() == "true"
	for _, in := range append(emittest.Inputs(t), vulkanInputs(t)...) {
		if _, refused := vulkanRefused[in.Name]; refused {
			continue
		}
		t.Run(in.Name, func(t *testing.T) {
			spv, err := Emit(emittest.Parse(t, in.Path), vulkanOpts)
			require.NoError(t, err)
			got, err := exec.Command(dis, "--raw-id", writeTemp(t, "m.spv", spv)).Output()
			require.NoError(t, err, "spirv-dis")
			golden := filepath.Join("testdata", "vulkan", strings.TrimPrefix(in.Golden, "testdata/")) + ".spvasm"
			if update {
				require.NoError(t, os.MkdirAll(filepath.Dir(golden), 0o755))
				require.NoError(t, os.WriteFile(golden, got, 0o644))
				return
			}
			want, err := os.ReadFile(golden)
			require.NoError(t, err, "run go test -update to create it")
			assert.Equal(t, string(want), string(got), "output differs from %s (run go test -update and review the diff)", golden)
		})
	}
}

// TestVulkanSharedErrors checks that the shader dialect reports modules
// outside docs/ir.md as every emitter does.
func TestVulkanSharedErrors(t *testing.T) {
	emittest.Errors(t, "spirv", func(m *ir.Module) ([]byte, error) { return Emit(m, vulkanOpts) })
}

// TestVulkanErrors checks the shader dialect's own refusals: each an
// *Error of ErrUnsupported or ErrBadIR naming what it refuses, never a
// panic.
func TestVulkanErrors(t *testing.T) {
	const sig = "(i8 %c8, i64 %ka.gsize0, i64 %ka.gsize1, i64 %ka.gsize2)"
	for _, tt := range []struct {
		name, body string
		opts       Options
		kind       error
		want       string
	}{
		{"version", "entry:\n  ret void", Options{Vulkan: true, Version: 0x00010400}, ErrUnsupported, "needs version 1.5"},
		{"tworoots", `entry:
  %a = alloca [4 x i32]
  %b = alloca [4 x i32]
  %pa = getelementptr [4 x i32], [4 x i32]* %a, i64 0, i64 1
  %pb = getelementptr [4 x i32], [4 x i32]* %b, i64 0, i64 2
  %c = trunc i8 %c8 to i1
  %p = select i1 %c, i32* %pa, i32* %pb
  store i32 1, i32* %p
  ret void`, vulkanOpts, ErrUnsupported, "select of pointers into different private or workgroup variables"},
		{"irreducible", `entry:
  %c = trunc i8 %c8 to i1
  br i1 %c, label %a, label %b
a:
  br label %b
b:
  br i1 %c, label %a, label %x
x:
  ret void`, vulkanOpts, ErrBadIR, "structured control flow"},
		{"exp64", `entry:
  %d = sitofp i8 %c8 to double
  %e = call double @llvm.exp.f64(double %d)
  ret void
}
declare double @llvm.exp.f64(double)
define void @unused() {
entry:
  ret void`, vulkanOpts, ErrUnsupported, "@llvm.exp.f64 has no Vulkan SPIR-V form"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			src := "define spir_kernel void @K" + sig + " {\n" + tt.body + "\n}\n"
			m, err := asm.ParseString(tt.name+".ll", src)
			require.NoError(t, err)
			if tt.name == "exp64" { // one definition only
				m.Funcs = m.Funcs[:2]
			}
			spv, err := Emit(m, tt.opts)
			assert.Nil(t, spv)
			var e *Error
			require.ErrorAs(t, err, &e)
			assert.ErrorIs(t, err, tt.kind)
			assert.Contains(t, err.Error(), tt.want)
			assert.Contains(t, err.Error(), "kernel K")
		})
	}
}

// TestVulkanOpenCLUnchanged checks that the option changes nothing of the
// OpenCL output: Emit without it twice around a Vulkan emission.
func TestVulkanOpenCLUnchanged(t *testing.T) {
	for _, in := range emittest.Inputs(t) {
		before, err := Emit(emittest.Parse(t, in.Path), Options{})
		require.NoError(t, err)
		_, _ = Emit(emittest.Parse(t, in.Path), vulkanOpts)
		after, err := Emit(emittest.Parse(t, in.Path), Options{})
		require.NoError(t, err)
		assert.Equal(t, before, after, in.Name)
	}
}
