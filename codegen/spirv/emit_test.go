package spirv

import (
	"encoding/binary"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kago-dev/kago/codegen/internal/emittest"
	"github.com/llir/llvm/ir"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// testModules returns the names of the test modules (see emittest.Inputs).
func testModules(t *testing.T) []string {
	t.Helper()
	var names []string
	for _, in := range emittest.Inputs(t) {
		names = append(names, in.Name)
	}
	return names
}

// emitFile parses the test module called name (see emittest.Find) and
// emits it with opts.
func emitFile(t *testing.T, name string, opts Options) []byte {
	t.Helper()
	spv, err := Emit(emittest.Parse(t, emittest.Find(t, name)), opts)
	require.NoError(t, err, "Emit(%s)", name)
	return spv
}

// writeTemp writes b to a file in a test's temporary directory.
func writeTemp(t *testing.T, name string, b []byte) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), strings.ReplaceAll(name, "/", "_"))
	require.NoError(t, os.WriteFile(path, b, 0o644))
	return path
}

// tool returns the path of an external tool, skipping the test without it.
func tool(t *testing.T, name string) string {
	t.Helper()
	path, err := exec.LookPath(name)
	if err != nil {
		t.Skipf("%s not installed (SPIRV-Tools / llvm-spirv packages): %v", name, err)
	}
	return path
}

// validate runs spirv-val on a module for the OpenCL 2.2 environment, or
// for plain SPIR-V 1.0 when the module uses 64-bit atomics: spirv-val's
// OpenCL environment does not know cl_khr_int64_base_atomics, which allows
// the Int64Atomics capability.
func validate(t *testing.T, val, name string, spv []byte) {
	t.Helper()
	path := writeTemp(t, name+".spv", spv)
	env := "opencl2.2"
	if hasCapability(spv, capInt64Atomics) {
		env = "spv1.0"
	}
	if v := binary.LittleEndian.Uint32(spv[4:]); v >= 0x00010400 {
		env = fmt.Sprintf("spv1.%d", v>>8&0xff)
	}
	out, err := exec.Command(val, "--target-env", env, path).CombinedOutput()
	assert.NoError(t, err, "spirv-val %s:\n%s", name, out)
}

// hasCapability reports whether a module declares capability c.
func hasCapability(spv []byte, c uint32) bool {
	w := func(i int) uint32 { return binary.LittleEndian.Uint32(spv[4*i:]) }
	for i := 5; 4*i+8 <= len(spv); {
		n := int(w(i) >> 16)
		if w(i) == 2<<16|opCapability && w(i+1) == c {
			return true
		}
		if n == 0 {
			return false
		}
		i += n
	}
	return false
}

// TestValidate checks every test module with spirv-val, in each mode of
// the options that changes the output.
func TestValidate(t *testing.T) {
	val := tool(t, "spirv-val")
	for _, name := range testModules(t) {
		t.Run(name, func(t *testing.T) {
			validate(t, val, name, emitFile(t, name, Options{}))
			validate(t, val, name+"-ext", emitFile(t, name, Options{
				FloatAtomicAdd: true, LocalSize: [3]uint32{64, 1, 1}, ContractionOff: true,
			}))
			// From 1.4 the interface lists the workgroup variables too.
			validate(t, val, name+"-1.4", emitFile(t, name, Options{Version: 0x00010400, LocalSizeHint: [3]uint32{8, 8, 1}}))
		})
	}
}

// TestValidateFrontEnd checks the SPIR-V of the front end's golden modules
// (codegen/testdata/golden) with spirv-val, the passes' output included:
// the stop checks of CancelSpin once put blocks before the block that
// dominates them, a use before its definition.
func TestValidateFrontEnd(t *testing.T) {
	val := tool(t, "spirv-val")
	paths, err := filepath.Glob("../testdata/golden/*.ll")
	require.NoError(t, err)
	require.NotEmpty(t, paths)
	for _, path := range paths {
		name := strings.TrimSuffix(filepath.Base(path), ".ll")
		t.Run(name, func(t *testing.T) {
			spv, err := Emit(emittest.Parse(t, path), Options{})
			require.NoError(t, err)
			validate(t, val, name, spv)
		})
	}
}

// TestComplete emits every form of every instruction and intrinsic that
// ircheck accepts (emittest.Dialect) and validates it with spirv-val.
func TestComplete(t *testing.T) {
	val := tool(t, "spirv-val")
	emittest.Complete(t, func(m *ir.Module) ([]byte, error) { return Emit(m, Options{}) }, func(t *testing.T, name string, spv []byte) {
		validate(t, val, name, spv)
	})
}

// TestGolden compares the disassembly of every test module with its
// .spvasm file; go test -update rewrites them.
func TestGolden(t *testing.T) {
	dis := tool(t, "spirv-dis")
	emittest.Golden(t, "spvasm", func(t *testing.T, m *ir.Module) []byte {
		spv, err := Emit(m, Options{})
		require.NoError(t, err)
		got, err := exec.Command(dis, "--raw-id", writeTemp(t, "m.spv", spv)).Output()
		require.NoError(t, err, "spirv-dis")
		return got
	})
}

// TestFrontEndGolden feeds the front end's own golden modules to the
// emitter: every one must translate without error.
func TestFrontEndGolden(t *testing.T) {
	emittest.FrontEnd(t, func(m *ir.Module) ([]byte, error) { return Emit(m, Options{}) })
}

// TestRoundTrip converts every module back to LLVM bitcode with
// llvm-spirv-15 -r, the form PoCL loads, and checks that the kernel keeps
// its name and gets all five kernel_arg_* metadata entries.
func TestRoundTrip(t *testing.T) {
	rev := tool(t, "llvm-spirv-15")
	dis := tool(t, "llvm-dis-15")
	for _, name := range testModules(t) {
		t.Run(name, func(t *testing.T) {
			in := writeTemp(t, name+".spv", emitFile(t, name, Options{}))
			bc := strings.TrimSuffix(in, ".spv") + ".bc"
			out, err := exec.Command(rev, "-r", in, "-o", bc).CombinedOutput()
			require.NoError(t, err, "llvm-spirv-15 -r:\n%s", out)
			ll, err := exec.Command(dis, bc, "-o", "-").Output()
			require.NoError(t, err, "llvm-dis-15")
			text := string(ll)
			assert.Contains(t, text, "spir_kernel void @", "no spir_kernel in the bitcode")
			for _, md := range []string{"kernel_arg_addr_space", "kernel_arg_access_qual", "kernel_arg_type", "kernel_arg_base_type", "kernel_arg_type_qual"} {
				assert.Contains(t, text, "!"+md, "bitcode lacks !%s", md)
			}
		})
	}
}

// TestExecutionModes checks that Options reach the module.
func TestExecutionModes(t *testing.T) {
	dis := tool(t, "spirv-dis")
	for _, tt := range []struct {
		opts Options
		want string
	}{
		{Options{LocalSize: [3]uint32{64, 2, 1}}, "OpExecutionMode %Saxpy LocalSize 64 2 1"},
		{Options{LocalSizeHint: [3]uint32{32, 1, 1}}, "OpExecutionMode %Saxpy LocalSizeHint 32 1 1"},
		{Options{ContractionOff: true}, "OpExecutionMode %Saxpy ContractionOff"},
		{Options{Version: 0x00010300}, "; Version: 1.3"},
	} {
		path := writeTemp(t, "saxpy.spv", emitFile(t, "saxpy", tt.opts))
		out, err := exec.Command(dis, path).Output()
		require.NoError(t, err)
		assert.Contains(t, string(out), tt.want, "%+v: disassembly lacks %q", tt.opts, tt.want)
	}
	path := writeTemp(t, "zero.spv", emitFile(t, "saxpy", Options{}))
	out, err := exec.Command(dis, path).Output()
	require.NoError(t, err)
	assert.NotContains(t, string(out), "OpExecutionMode", "zero Options: want SPIR-V 1.0 without execution modes")
	assert.Contains(t, string(out), "; Version: 1.0", "zero Options: want SPIR-V 1.0 without execution modes")
}
