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

func TestRunAtomics(t *testing.T) {
	for _, opts := range []Options{{}, {FloatAtomicAdd: true}} {
		bc := bitcode(t, "atomics", opts)
		if opts.FloatAtomicAdd {
			// llvm-spirv-15 -r turns OpAtomicFAddEXT into a call PoCL 3.1
			// may lack; the bitcode converting is what is checked here.
			continue
		}
		d := openDevice(t)
		const n = 256
		x := make([]float32, n)
		var sum, maxX float32
		for i := range x {
			x[i] = float32((i * 7) % 13)
			sum += 2 * x[i]
			maxX = max(maxX, x[i])
		}
		count, sums, maxs, wide := []int32{0}, []float32{0}, []float32{0}, []int64{0}
		err := d.Run(bc, "", "Atomics", launch1D(n, 64),
			count, int64(1), sums, int64(1), maxs, int64(1), wide, int64(1), x, int64(n),
			int64(n), int64(1), int64(1))
		if err != nil {
			t.Fatal(err)
		}
		if count[0] != n {
			t.Errorf("count = %d, want %d", count[0], n)
		}
		if sums[0] != sum {
			t.Errorf("float atomic add: sum = %v, want %v", sums[0], sum)
		}
		if maxs[0] != maxX {
			t.Errorf("cmpxchg max = %v, want %v", maxs[0], maxX)
		}
	}
}

func TestRunGrid2D(t *testing.T) {
	bc := bitcode(t, "grid2d", Options{})
	d := openDevice(t)
	const w, h, lw, lh = 20, 12, 8, 4 // 20 is not a multiple of 8
	out := make([]int64, w*h)
	r := clrun.Range{Global: [3]int{24, 12, 1}, Local: [3]int{lw, lh, 1}}
	err := d.Run(bc, "", "Grid2D", r, out, int64(len(out)), int64(w), int64(h), int64(1))
	if err != nil {
		t.Fatal(err)
	}
	const nx, ny = (w + lw - 1) / lw, h / lh
	for y := range h {
		for x := range w {
			want := int64(x%lw)*1000 + int64(y%lh)*100000 + int64(x/lw)*10000000 +
				int64(y/lh)*1000000000 + lw*lh + nx*ny*1
			if got := out[y*w+x]; got != want {
				t.Fatalf("(%d,%d) = %d, want %d", x, y, got, want)
			}
		}
	}
}

func TestRunBools(t *testing.T) {
	bc := bitcode(t, "bools", Options{})
	d := openDevice(t)
	for _, c := range []struct{ neg, twice uint8 }{{0, 0}, {0, 1}, {1, 0}, {1, 1}} {
		x := []float32{1, -2.5, 3}
		want := make([]float32, len(x))
		for i, v := range x {
			if c.neg == 1 {
				v = -v
			}
			if c.twice == 1 {
				v *= 2
			}
			if c.neg == 1 && c.twice == 1 {
				v++
			}
			want[i] = v
		}
		err := d.Run(bc, "", "Bools", launch1D(len(x), 4), c.neg, c.twice, x, int64(len(x)), int64(len(x)), int64(1), int64(1))
		if err != nil {
			t.Fatal(err)
		}
		for i := range x {
			if x[i] != want[i] {
				t.Errorf("neg=%d twice=%d: x[%d] = %v, want %v", c.neg, c.twice, i, x[i], want[i])
			}
		}
	}
}
