// Command checkforms measures, on PoCL, the forms an index check can take
// in OpenCL C: kago's branch to a shared fault block (A), a select that
// clamps the index with the fault path taken once at the end (B), and
// the same with no branch at all, the fault flag or-ed into the record
// (D, stencil only), against no check (C). The kernels are hand-written
// OpenCL C registered with kgen.RegisterKernel (the Go functions are
// stubs that name them): a gather out[i] = in[idx[i]] over 2^22 elements
// and a 5-point stencil over a flat 2048×2048 grid, the kind of kernel
// whose checks PoCL's work-item loop vectorizer cannot see through. The
// variants take turns in a random order, 20 rounds after a warm-up,
// each sample 3 launches and a synchronize; it prints medians and the
// median, min and max of the per-round ratios to no check.
//
//	go run ./benchmarks/cmd/checkforms [-route pocl|pocl-spirv|cuda-sim]
//
// -route pocl-spirv runs the same OpenCL C as SPIR-V, as checkcost's
// route of that name does: clang-15 compiles it to LLVM IR without
// optimizing it and llvm-spirv-15 to SPIR-V, which internal/spirvpocl
// loads on PoCL. -route cuda-sim compiles it to PTX with clang-15 -O2
// (nvptx64-nvidia-nvcl, the work-item ids and the compare-and-swap
// spelled with NVPTX builtins) and counts the PTX instructions each form
// executes in the simulator, exactly, on smaller inputs.
package main

import (
	"context"
	"flag"
	"fmt"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"time"

	"github.com/kago-dev/kago/backends/cuda/cudasim"
	_ "github.com/kago-dev/kago/backends/pocl"
	"github.com/kago-dev/kago/internal/spirvpocl"
	"github.com/kago-dev/kago/ka"
	"github.com/kago-dev/kago/ka/driver"
	"github.com/kago-dev/kago/ka/kgen"
)

// The stubs that name the hand-written kernels (srcs): g* gather, s*
// stencil; A branch, B select, C no check, D no branch.
func gA(it ka.Item, idx []int32, in, out []float32) {}
func gB(it ka.Item, idx []int32, in, out []float32) {}
func gC(it ka.Item, idx []int32, in, out []float32) {}
func sA(it ka.Item, w int, in, out []float32)       {}
func sB(it ka.Item, w int, in, out []float32)       {}
func sC(it ka.Item, w int, in, out []float32)       {}
func sD(it ka.Item, w int, in, out []float32)       {}

const head = `__kernel void %s(__global int* idx_ptr, ulong idx_len, __global float* in_ptr, ulong in_len, __global float* out_ptr, ulong out_len, ulong g0, ulong g1, ulong g2, __global uint* rec, uint launch) {
	ulong i = get_global_id(0);
	long k = idx_ptr[i];
`
const fault = `fault:
	if (atomic_cmpxchg(rec, 0u, launch) == 0u) { rec[1] = 1u; ((__global ulong*)(rec + 2))[0] = (ulong)k; ((__global ulong*)(rec + 2))[1] = in_len; }
}
`

// srcs are the kernels' OpenCL C, in the device layout of kago's code
// (a slice as pointer and length, the range, the fault record).
var srcs = map[string]string{
	"gA": fmt.Sprintf(head, "gA") + `	if (!((ulong)k < in_len)) goto fault;
	out_ptr[i] = in_ptr[k];
	return;
` + fault,
	"gB": fmt.Sprintf(head, "gB") + `	bool bad = !((ulong)k < in_len);
	long kk = bad ? 0l : k;
	float v = in_ptr[kk];
	out_ptr[i] = v;
	if (bad) goto fault;
	return;
` + fault,
	"gC": fmt.Sprintf(head, "gC") + `	out_ptr[i] = in_ptr[k];
	return;
` + fault,
}

const shead = `__kernel void %s(ulong w, __global float* in_ptr, ulong in_len, __global float* out_ptr, ulong out_len, ulong g0, ulong g1, ulong g2, __global uint* rec, uint launch) {
	ulong x = get_global_id(0), y = get_global_id(1);
	long i = y * w + x; long k = 0;
	if (!(x > 0 && x < w - 1 && y > 0 && y < g1 - 1)) return;
`

// register registers the kernels, with code for the route.
func register() {
	srcs["sA"] = fmt.Sprintf(shead, "sA") + `	if (!((ulong)(i - w) < in_len)) { k = i - w; goto fault; }
	if (!((ulong)(i + w) < in_len)) { k = i + w; goto fault; }
	if (!((ulong)(i - 1) < in_len)) { k = i - 1; goto fault; }
	if (!((ulong)(i + 1) < in_len)) { k = i + 1; goto fault; }
	if (!((ulong)i < out_len)) { k = i; goto fault; }
	out_ptr[i] = 0.2f * (in_ptr[i] + in_ptr[i - 1] + in_ptr[i + 1] + in_ptr[i - w] + in_ptr[i + w]);
	return;
` + fault
	srcs["sB"] = fmt.Sprintf(shead, "sB") + `	bool b1 = !((ulong)(i - w) < in_len), b2 = !((ulong)(i + w) < in_len), b3 = !((ulong)(i - 1) < in_len), b4 = !((ulong)(i + 1) < in_len), b5 = !((ulong)i < out_len);
	bool bad = b1 | b2 | b3 | b4 | b5;
	k = b1 ? i - w : b2 ? i + w : b3 ? i - 1 : b4 ? i + 1 : i;
	long j = bad ? 0l : i;
	long ww = bad ? 0l : (long)w;
	float v = 0.2f * (in_ptr[j] + in_ptr[bad ? 0l : j - 1] + in_ptr[bad ? 0l : j + 1] + in_ptr[bad ? 0l : j - ww] + in_ptr[bad ? 0l : j + ww]);
	out_ptr[j] = bad ? out_ptr[0] : v;
	if (bad) goto fault;
	return;
` + fault
	srcs["sD"] = fmt.Sprintf(shead, "sD") + `	bool b1 = !((ulong)(i - w) < in_len), b2 = !((ulong)(i + w) < in_len), b3 = !((ulong)(i - 1) < in_len), b4 = !((ulong)(i + 1) < in_len), b5 = !((ulong)i < out_len);
	bool bad = b1 | b2 | b3 | b4 | b5;
	long j = bad ? 0l : i;
	long ww = bad ? 0l : (long)w;
	float v = 0.2f * (in_ptr[j] + in_ptr[bad ? 0l : j - 1] + in_ptr[bad ? 0l : j + 1] + in_ptr[bad ? 0l : j - ww] + in_ptr[bad ? 0l : j + ww]);
	out_ptr[j] = bad ? out_ptr[j] : v;
	rec[1] |= (uint)bad;
	return;
` + fault
	srcs["sC"] = fmt.Sprintf(shead, "sC") + `	out_ptr[i] = 0.2f * (in_ptr[i] + in_ptr[i - 1] + in_ptr[i + 1] + in_ptr[i - w] + in_ptr[i + w]);
	return;
` + fault
	site := driver.FaultSites{{Kind: driver.FaultIndex, File: "x.go", Line: 1, Format: "index out of range [%d] with length %d", Args: []driver.ScalarType{driver.Int, driver.Int}}}
	gp := []driver.Param{{Name: "idx", Type: driver.Int32, Slice: true}, {Name: "in", Type: driver.Float32, Slice: true}, {Name: "out", Type: driver.Float32, Slice: true}}
	sp := []driver.Param{{Name: "w", Type: driver.Int}, {Name: "in", Type: driver.Float32, Slice: true}, {Name: "out", Type: driver.Float32, Slice: true}}
	for name, fn := range map[string]any{"gA": gA, "gB": gB, "gC": gC, "sA": sA, "sB": sB, "sC": sC, "sD": sD} {
		ps := gp
		if name[0] == 's' {
			ps = sp
		}
		dp := driver.LayoutOf(ps)
		for _, f := range driver.FaultParams {
			dp = append(dp, f.Param)
		}
		code := driver.CodeMap{driver.OpenCLC: []byte(srcs[name])}
		switch *route {
		case "pocl-spirv":
			code = driver.CodeMap{driver.SPIRV: toSPIRV(name, srcs[name])}
		case "cuda-sim":
			code = driver.CodeMap{driver.PTX: toPTX(name, srcs[name])}
		}
		kgen.RegisterKernel(fn, &driver.KernelSpec{Name: name, Entry: name, Params: ps, DeviceParams: dp, Faults: site, Code: code})
	}
}

var route = flag.String("route", "pocl", "pocl (OpenCL C), pocl-spirv (the same as SPIR-V) or cuda-sim (as PTX, counted)")

// ptxPrelude spells what the kernels use of OpenCL C's library with NVPTX
// builtins, which clang compiles without libclc.
const ptxPrelude = `#define get_global_id(d) ((d) == 0 ? \
	(ulong)__nvvm_read_ptx_sreg_ctaid_x() * (ulong)__nvvm_read_ptx_sreg_ntid_x() + (ulong)__nvvm_read_ptx_sreg_tid_x() : \
	(ulong)__nvvm_read_ptx_sreg_ctaid_y() * (ulong)__nvvm_read_ptx_sreg_ntid_y() + (ulong)__nvvm_read_ptx_sreg_tid_y())
#define atomic_cmpxchg(p, a, b) __sync_val_compare_and_swap(p, a, b)
`

// toPTX compiles the OpenCL C src of kernel name to PTX.
func toPTX(name, src string) []byte {
	dir := must(os.MkdirTemp("", "checkforms"))
	defer os.RemoveAll(dir)
	cl, out := filepath.Join(dir, name+".cl"), filepath.Join(dir, name+".ptx")
	must(0, os.WriteFile(cl, []byte(ptxPrelude+src), 0o644))
	cmd := exec.Command("clang-15", "-target", "nvptx64-nvidia-nvcl", "-cl-std=CL1.2", "-O2", "-S", "-o", out, cl)
	if b, err := cmd.CombinedOutput(); err != nil {
		panic(fmt.Sprintf("%v: %v\n%s", cmd, err, b))
	}
	// The simulator takes the PTX that kago and llc write (.target sm_80,
	// no pointer attributes on parameters); these are hints only.
	ptx := string(must(os.ReadFile(out)))
	ptx = ptrAttrs.ReplaceAllString(ptx, "")
	ptx = strings.Replace(ptx, ".target sm_20, texmode_independent", ".target sm_80", 1)
	return []byte(ptx)
}

// ptrAttrs are the attributes clang puts on pointer parameters.
var ptrAttrs = regexp.MustCompile(`\.ptr \.global \.align \d+ `)

// toSPIRV compiles the OpenCL C src of kernel name to SPIR-V, unoptimized
// (as kago's own SPIR-V is; spirvpocl optimizes it).
func toSPIRV(name, src string) []byte {
	dir := must(os.MkdirTemp("", "checkforms"))
	defer os.RemoveAll(dir)
	cl, bc, spv := filepath.Join(dir, name+".cl"), filepath.Join(dir, name+".bc"), filepath.Join(dir, name+".spv")
	must(0, os.WriteFile(cl, []byte(src), 0o644))
	for _, cmd := range [][]string{
		{"clang-15", "-c", "-target", "spir64", "-cl-std=CL1.2", "-O1", "-Xclang", "-disable-llvm-passes", "-emit-llvm", "-o", bc, cl},
		{"llvm-spirv-15", bc, "-o", spv},
	} {
		if out, err := exec.Command(cmd[0], cmd[1:]...).CombinedOutput(); err != nil {
			panic(fmt.Sprintf("%v: %v\n%s", cmd, err, out))
		}
	}
	return must(os.ReadFile(spv))
}

// must is v, or a panic with err: a benchmark with no device has nothing
// to do.
func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

func main() {
	flag.Parse()
	ka.Register("pocl-spirv", spirvpocl.Backend{Optimize: true})
	register()
	dev := must(ka.Open(*route))
	s := dev.Stream()
	n, w, h := 1<<22, 2048, 2048
	if *route == "cuda-sim" {
		n, w, h = 1<<14, 128, 128
	}
	idx := make([]int32, n)
	for i := range idx {
		idx[i] = int32(rand.Intn(n))
	}
	di := must(ka.FromSlice(context.Background(), dev, idx))
	din := must(ka.Alloc[float32](dev, n))
	dout := must(ka.Alloc[float32](dev, n))
	sin := must(ka.Alloc[float32](dev, w*h))
	sout := must(ka.Alloc[float32](dev, w*h))
	type run struct {
		name string
		f    func() error
	}
	var runs []run
	for _, name := range []string{"gA", "gB", "gC"} {
		fn := map[string]any{"gA": gA, "gB": gB, "gC": gC}[name]
		k := must(ka.NewKernel(dev, fn))
		runs = append(runs, run{name, func() error { return k.Launch(s, ka.Range(n), di, din, dout) }})
	}
	for _, name := range []string{"sA", "sB", "sC", "sD"} {
		fn := map[string]any{"sA": sA, "sB": sB, "sC": sC, "sD": sD}[name]
		k := must(ka.NewKernel(dev, fn, ka.WithGroupSize(1, 256)))
		runs = append(runs, run{name, func() error { return k.Launch(s, ka.Range2(h, w), w, sin, sout) }})
	}
	if *route == "cuda-sim" {
		counts := map[string]uint64{}
		for _, r := range runs {
			must(0, s.Synchronize(context.Background()))
			_, t0 := cudasim.Default.Executed()
			must(0, r.f())
			must(0, s.Synchronize(context.Background()))
			_, t1 := cudasim.Default.Executed()
			counts[r.name] = t1 - t0
		}
		for _, g := range [][]string{{"gA", "gB", "gC"}, {"sA", "sB", "sD", "sC"}} {
			c := counts[g[len(g)-1]]
			for _, name := range g {
				fmt.Printf("%s: %d thread instructions, %.3f of no check\n", name, counts[name], float64(counts[name])/float64(c))
			}
		}
		return
	}
	times := map[string][]float64{}
	for round := 0; round < 21; round++ {
		for _, p := range rand.Perm(len(runs)) {
			r := runs[p]
			t0 := time.Now()
			for j := 0; j < 3; j++ {
				if err := r.f(); err != nil {
					panic(err)
				}
			}
			if err := s.Synchronize(context.Background()); err != nil {
				panic(err)
			}
			if round > 0 {
				times[r.name] = append(times[r.name], float64(time.Since(t0).Microseconds())/3)
			}
		}
	}
	med := func(x []float64) float64 { y := append([]float64(nil), x...); sort.Float64s(y); return y[len(y)/2] }
	ratio := func(a, b string) (float64, float64, float64) {
		var r []float64
		for i := range times[a] {
			r = append(r, times[a][i]/times[b][i])
		}
		sort.Float64s(r)
		return r[len(r)/2], r[0], r[len(r)-1]
	}
	m, lo, hi := ratio("sD", "sC")
	fmt.Printf("sD (selects, flag or-ed into the record, no branch) %.0fµs: /nocheck %.3f (%.3f–%.3f)\n", med(times["sD"]), m, lo, hi)
	for _, g := range [][3]string{{"gA", "gB", "gC"}, {"sA", "sB", "sC"}} { // A, B, C
		fmt.Printf("%s %.0fµs  %s %.0fµs  %s (nocheck) %.0fµs\n", g[0], med(times[g[0]]), g[1], med(times[g[1]]), g[2], med(times[g[2]]))
		m, lo, hi := ratio(g[0], g[2])
		fmt.Printf("  branch/nocheck %.3f (%.3f–%.3f)\n", m, lo, hi)
		m, lo, hi = ratio(g[1], g[2])
		fmt.Printf("  select/nocheck %.3f (%.3f–%.3f)\n", m, lo, hi)
	}
}
