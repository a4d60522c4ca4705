package spirv

import (
	"errors"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/kago-dev/kago/codegen/spirv/internal/clrun"
)

// This file runs emitted kernels on PoCL: SPIR-V → llvm-spirv-15 -r →
// SPIR bitcode → clCreateProgramWithBinary on the CPU device, and checks
// the results against Go. It skips where llvm-spirv-15 or an OpenCL CPU
// device is missing.

// bitcode emits testdata/<name>.ll and converts it to SPIR bitcode.
func bitcode(t *testing.T, name string, opts Options) []byte {
	t.Helper()
	rev := tool(t, "llvm-spirv-15")
	in := writeTemp(t, name+".spv", emitFile(t, name, opts))
	bc := strings.TrimSuffix(in, ".spv") + ".bc"
	if out, err := exec.Command(rev, "-r", in, "-o", bc).CombinedOutput(); err != nil {
		t.Fatalf("llvm-spirv-15 -r: %v\n%s", err, out)
	}
	b, err := os.ReadFile(bc)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// openDevice opens the OpenCL CPU device, skipping the test without one.
func openDevice(t *testing.T) *clrun.Device {
	t.Helper()
	d, err := clrun.Open()
	if errors.Is(err, clrun.ErrNoDevice) {
		t.Skipf("no OpenCL CPU device (install pocl-opencl-icd): %v", err)
	}
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(d.Close)
	return d
}

// launch1D is a range of n work-items rounded up to groups of size local,
// as a driver that wants whole groups gets it.
func launch1D(n, local int) clrun.Range {
	return clrun.Range{Global: [3]int{(n + local - 1) / local * local, 1, 1}, Local: [3]int{local, 1, 1}}
}

func TestRunSaxpy(t *testing.T) {
	bc := bitcode(t, "saxpy", Options{})
	d := openDevice(t)
	const n = 1000 // not a multiple of the group size: the guard matters
	x, y, want := make([]float32, n), make([]float32, n+24), make([]float32, n+24)
	for i := range x {
		x[i] = float32(i%17) * 0.5
	}
	for i := range y {
		y[i] = float32(i % 5)
		want[i] = y[i]
		if i < n {
			want[i] = 3*x[i] + y[i]
		}
	}
	ys := y[:n]
	err := d.Run(bc, "", "Saxpy", launch1D(n, 64),
		float32(3), x, int64(n), ys, int64(n), int64(n), int64(1), int64(1))
	if err != nil {
		t.Fatal(err)
	}
	for i := range ys {
		if ys[i] != want[i] {
			t.Fatalf("y[%d] = %v, want %v", i, ys[i], want[i])
		}
	}
}

func TestRunReduce(t *testing.T) {
	bc := bitcode(t, "reduce", Options{})
	d := openDevice(t)
	const n, group = 1000, 64
	groups := (n + group - 1) / group
	x := make([]float32, n)
	want := make([]float32, groups)
	for i := range x {
		x[i] = float32(i % 7)
		want[i/group] += x[i]
	}
	out := make([]float32, groups)
	err := d.Run(bc, "", "Reduce", launch1D(n, group),
		x, int64(n), out, int64(groups), int64(n), int64(1), int64(1))
	if err != nil {
		t.Fatal(err)
	}
	for g := range out {
		if out[g] != want[g] {
			t.Errorf("group %d: sum %v, want %v", g, out[g], want[g])
		}
	}
}
