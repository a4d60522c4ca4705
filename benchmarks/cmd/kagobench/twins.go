package main

// The -twins mode: each kernel of benchmarks/kernels' nocheck.go that
// has a hand-written twin (benchmarks/twins) against that twin, in OpenCL
// C on PoCL, interleaved in one process. A cycle runs the two once each,
// in random order, and gives one ratio (twin's time / generated time:
// above 1 the generated kernel is faster); a repetition is the median of
// its cycles' ratios; the table shows the median of the repetitions'
// ratios with their min–max, the statistic of the goal (≥ 0.97×). With
// -twins-backend cuda and -twins-ptx, the twins are
// benchmarks/twins/cuda/twins.cu compiled by nvcc (scripts/gpu-check.sh
// runs it on a GPU machine). Before timing, each pair runs once from the
// same inputs and the outputs are compared bit for bit.

import (
	"bytes"
	"context"
	"encoding/binary"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"time"

	_ "github.com/kago-dev/kago/backends/cuda"
	"github.com/kago-dev/kago/benchmarks/kernels"
	"github.com/kago-dev/kago/benchmarks/twins"
	"github.com/kago-dev/kago/ka"
	kasync "github.com/kago-dev/kago/sync"
)

var (
	twinsMode    = flag.Bool("twins", false, "instead of the tables, the per-kernel table: generated kernels against hand-written OpenCL C twins on PoCL, interleaved (benchmarks/README.md)")
	twinsCycles  = flag.Int("twins-cycles", 15, "-twins: cycles (one run of each kernel of a pair) per repetition")
	twinsKernels = flag.String("twins-kernels", "", "-twins: comma-separated kernels to measure (default all)")
	twinsBackend = flag.String("twins-backend", "pocl", "-twins: the backend (pocl, or cuda with -twins-ptx)")
	twinsPTX     = flag.String("twins-ptx", "", "-twins: the PTX of benchmarks/twins/cuda/twins.cu (nvcc -ptx -fmad=false), the twins' code on cuda")
)

// The twins' markers in the README.
const twinsBegin, twinsEnd = "<!-- kagobench-twins:begin -->", "<!-- kagobench-twins:end -->"

// twinCase is one pair: its launch range, group and arguments, and how to
// reset its inputs and read its output for the comparison.
type twinCase struct {
	name, size string
	gen, hand  any
	r          ka.NDRange
	group      []int
	args       []any
	reset      func() error
	output     func() ([]byte, error)
}

func f32Array(dev *ka.Device, n int, seed uint64) (*ka.Array[float32], []float32, error) {
	rng := rand.New(rand.NewPCG(seed, 1))
	h := make([]float32, n)
	for i := range h {
		h[i] = rng.Float32()*2 - 1
	}
	a, err := ka.FromSlice(bg, dev, h)
	return a, h, err
}

func bytesOf[T ka.Scalar](a *ka.Array[T]) ([]byte, error) {
	h := make([]T, a.Len())
	if err := a.Read(bg, h); err != nil {
		return nil, err
	}
	var b bytes.Buffer
	err := binary.Write(&b, binary.LittleEndian, h)
	return b.Bytes(), err
}

// twinCases allocates the pairs' buffers on dev; free releases them.
func twinCases(dev *ka.Device) (cs []twinCase, free func(), err error) {
	var frees []func() error
	free = func() {
		for _, f := range frees {
			f()
		}
	}
	f32 := func(n int, seed uint64) (*ka.Array[float32], []float32) {
		if err != nil {
			return nil, nil
		}
		var a *ka.Array[float32]
		var h []float32
		a, h, err = f32Array(dev, n, seed)
		if err == nil {
			frees = append(frees, a.Free)
		}
		return a, h
	}
	write := func(a *ka.Array[float32], h []float32) func() error {
		return func() error { return a.Write(bg, h) }
	}
	const vec = 1 << 22
	{ // saxpy
		x, _ := f32(vec, 1)
		y, hy := f32(vec, 2)
		cs = append(cs, twinCase{"saxpy", "2²² float32", kernels.SaxpyNoCheck, twins.HandSaxpy, ka.Range(vec), []int{kernels.Group},
			[]any{float32(1.5), x, y}, write(y, hy), func() ([]byte, error) { return bytesOf(y) }})
	}
	{ // memcopy
		src, _ := f32(vec, 3)
		dst, _ := f32(vec, 4)
		cs = append(cs, twinCase{"memcopy", "2²² float32", kernels.MemCopyNoCheck, twins.HandMemCopy, ka.Range(vec), []int{kernels.Group},
			[]any{dst, src}, func() error { return nil }, func() ([]byte, error) { return bytesOf(dst) }})
	}
	const tn = 1024
	for _, tiled := range []bool{false, true} {
		in, _ := f32(tn*tn, 5)
		out, _ := f32(tn*tn, 6)
		c := twinCase{"transpose", "1024²", kernels.TransposeNoCheck, twins.HandTranspose, ka.Range2(tn, tn), []int{kernels.Tile, kernels.Tile},
			[]any{tn, in, out}, func() error { return nil }, func() ([]byte, error) { return bytesOf(out) }}
		if tiled {
			c.name, c.gen, c.hand = "tiled transpose", kernels.TransposeTiledNoCheck, twins.HandTransposeTiled
		}
		cs = append(cs, c)
	}
	for _, n := range []int{256, 512} {
		a, _ := f32(n*n, 7)
		b, _ := f32(n*n, 8)
		c, _ := f32(n*n, 9)
		tc := twinCase{"matmul", "256²", kernels.MatMulNaiveNoCheck, twins.HandMatMul, ka.Range2(n, n), []int{kernels.Tile, kernels.Tile},
			[]any{n, a, b, c}, func() error { return nil }, func() ([]byte, error) { return bytesOf(c) }}
		if n == 512 {
			tc.name, tc.size, tc.gen, tc.hand = "tiled matmul", "512²", kernels.MatMulTiledNoCheck, twins.HandMatMulTiled
		}
		cs = append(cs, tc)
	}
	if err != nil {
		return nil, free, err
	}
	{ // reduction
		rng := rand.New(rand.NewPCG(10, 1))
		hx := make([]int64, vec)
		for i := range hx {
			hx[i] = rng.Int64N(1 << 40)
		}
		x, e1 := ka.FromSlice(bg, dev, hx)
		out, e2 := ka.Alloc[int64](dev, vec/kernels.Group)
		if err = cmpErr(e1, e2); err != nil {
			return nil, free, err
		}
		frees = append(frees, x.Free, out.Free)
		cs = append(cs, twinCase{"work-group reduction", "2²² int64, groups of 256", kernels.SumNoCheck, twins.HandSum, ka.Range(vec), []int{kernels.Group},
			[]any{x, out}, func() error { return nil }, func() ([]byte, error) { return bytesOf(out) }})
	}
	{ // histogram
		rng := rand.New(rand.NewPCG(11, 1))
		hd := make([]uint8, vec)
		for i := range hd {
			hd[i] = uint8(rng.IntN(kernels.Bins))
		}
		data, e1 := ka.FromSlice(bg, dev, hd)
		bins, e2 := ka.Alloc[uint32](dev, kernels.Bins)
		if err = cmpErr(e1, e2); err != nil {
			return nil, free, err
		}
		frees = append(frees, data.Free, bins.Free)
		zero := make([]uint32, kernels.Bins)
		cs = append(cs, twinCase{"histogram", "2²² uint8, 256 bins", kernels.HistogramNoCheck, twins.HandHistogram, ka.Range(vec), []int{kernels.Group},
			[]any{data, bins}, func() error { return bins.Write(bg, zero) }, func() ([]byte, error) { return bytesOf(bins) }})
	}
	{ // 3-D stencil
		const sn = 128
		in, _ := f32(sn*sn*sn, 12)
		out, _ := f32(sn*sn*sn, 13)
		cs = append(cs, twinCase{"3-D stencil", "128³, 7 points", kernels.StencilNoCheck, twins.HandStencil, ka.Range3(sn, sn, sn), []int{32, 4, 2},
			[]any{sn, in, out}, func() error { return nil }, func() ([]byte, error) { return bytesOf(out) }})
	}
	return cs, free, err
}

func cmpErr(errs ...error) error {
	for _, e := range errs {
		if e != nil {
			return e
		}
	}
	return nil
}

// runTwins runs the -twins mode and writes its Markdown like -robust.
func runTwins(runs int, out, readme string) int {
	md, err := twinsTable(runs, *twinsCycles, *twinsKernels)
	if err != nil {
		fatal(err)
	}
	fmt.Print(md)
	stamp := time.Now().UTC().Format("2006-01-02T1504Z")
	base := filepath.Join(out, stamp+"_"+machineSlug()+"_twins_"+*twinsBackend)
	if err := os.MkdirAll(out, 0o755); err != nil {
		fatal(err)
	}
	if err := os.WriteFile(base+".md", []byte(md), 0o644); err != nil {
		fatal(err)
	}
	fmt.Fprintf(os.Stderr, "kagobench: wrote %s.md\n", base)
	if readme != "" {
		if err := replaceTwins(readme, md, filepath.Base(base), out); err != nil {
			fatal(err)
		}
	}
	return 0
}

func twinsTable(runs, cycles int, only string) (string, error) {
	if *twinsPTX != "" {
		ptx, err := os.ReadFile(*twinsPTX)
		if err != nil {
			return "", err
		}
		twins.SetHandPTX(ptx)
	}
	dev, err := ka.Open(*twinsBackend)
	if err != nil {
		return "", err
	}
	defer dev.Close()
	cs, free, err := twinCases(dev)
	defer free()
	if err != nil {
		return "", err
	}
	if only != "" {
		want := strings.Split(only, ",")
		cs = slices.DeleteFunc(cs, func(c twinCase) bool { return !slices.Contains(want, c.name) })
	}
	prev := kasync.SetBlocking(true)
	defer kasync.SetBlocking(prev)
	s := dev.Stream()
	type loaded struct{ gen, hand *ka.Kernel }
	ks := make([]loaded, len(cs))
	same := make([]bool, len(cs))
	for i, c := range cs {
		g, err := ka.NewKernel(dev, c.gen, ka.WithGroupSize(c.group...))
		if err != nil {
			return "", fmt.Errorf("%s, generated: %w", c.name, err)
		}
		h, err := ka.NewKernel(dev, c.hand, ka.WithGroupSize(c.group...))
		if err != nil {
			return "", fmt.Errorf("%s, hand-written: %w", c.name, err)
		}
		ks[i] = loaded{g, h}
		var outs [2][]byte
		for j, k := range []*ka.Kernel{g, h} {
			if err := c.reset(); err != nil {
				return "", err
			}
			if err := k.Launch(s, c.r, c.args...); err != nil {
				return "", fmt.Errorf("%s: %w", c.name, err)
			}
			if err := s.Synchronize(bg); err != nil {
				return "", err
			}
			if outs[j], err = c.output(); err != nil {
				return "", err
			}
		}
		same[i] = bytes.Equal(outs[0], outs[1])
	}
	run := func(k *ka.Kernel, c twinCase) (time.Duration, error) {
		t0 := time.Now()
		if err := k.Launch(s, c.r, c.args...); err != nil {
			return 0, err
		}
		err := s.Synchronize(context.Background())
		return time.Since(t0), err
	}
	// perRep[i][rep]: the repetition's median ratio; genMS, handMS: its
	// median times.
	perRep := make([][]float64, len(cs))
	genMS := make([][]float64, len(cs))
	handMS := make([][]float64, len(cs))
	rng := rand.New(rand.NewPCG(21, 21))
	var loads []runLoad
	for range runs {
		var runErr error
		loads = append(loads, measureLoad(func() {
			for i, c := range cs {
				var rs, gs, hs []float64
				for cyc := -1; cyc < cycles; cyc++ { // cycle -1 warms up
					var tg, th time.Duration
					var e1, e2 error
					if rng.IntN(2) == 0 {
						tg, e1 = run(ks[i].gen, c)
						th, e2 = run(ks[i].hand, c)
					} else {
						th, e2 = run(ks[i].hand, c)
						tg, e1 = run(ks[i].gen, c)
					}
					if runErr = cmpErr(e1, e2); runErr != nil {
						return
					}
					if cyc >= 0 {
						rs = append(rs, float64(th)/float64(tg))
						gs, hs = append(gs, us(tg)/1e3), append(hs, us(th)/1e3)
					}
				}
				perRep[i] = append(perRep[i], median(rs))
				genMS[i] = append(genMS[i], median(gs))
				handMS[i] = append(handMS[i], median(hs))
			}
		}))
		if runErr != nil {
			return "", runErr
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "### Generated kernels against hand-written twins, %s\n\n", time.Now().UTC().Format("2006-01-02 15:04 UTC"))
	fmt.Fprintf(&b, "- Machine: %s, %d CPUs; %s; %d repetitions of %d interleaved cycles per kernel; generated kernels `//ka:nocheck`, kago's default contraction (none), twins without contraction (FP_CONTRACT OFF, nvcc -fmad=false)\n", cpuModel(), runtime.NumCPU(), dev.Info().Name, runs, cycles)
	fmt.Fprintf(&b, "- Speed ratio = twin's time / generated kernel's time (launch + synchronize) per cycle; median of the repetitions' medians, min–max of the repetitions in parentheses; goal ≥ 0.97×\n")
	var ld []string
	for _, l := range loads {
		ld = append(ld, fmt.Sprintf("%.1f", l.load0))
	}
	fmt.Fprintf(&b, "- Load average at the start of each repetition: %s\n\n", strings.Join(ld, ", "))
	b.WriteString("| kernel | size | generated, ms | twin, ms | speed ratio | same bits | goal |\n|---|---|---|---|---|---|---|\n")
	for i, c := range cs {
		sp := spreadOf(perRep[i])
		goal := "met"
		if sp.med < 0.97 {
			goal = "**missed**"
		}
		fmt.Fprintf(&b, "| %s | %s | %s | %s | %s | %v | %s |\n", c.name, c.size,
			fmtNum(median(genMS[i])), fmtNum(median(handMS[i])), sp.times(), yesNo(same[i]), goal)
	}
	b.WriteString("\n")
	return b.String(), nil
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

// replaceTwins replaces the text between the twins' markers in the
// Markdown file at path with the results, undated, and a link to their
// file.
func replaceTwins(path, results, base, out string) error {
	b, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	s := string(b)
	i, j := strings.Index(s, twinsBegin), strings.Index(s, twinsEnd)
	if i < 0 || j < i {
		return fmt.Errorf("%s has no %s ... %s markers", path, twinsBegin, twinsEnd)
	}
	rel, err := filepath.Rel(filepath.Dir(path), out)
	if err != nil {
		rel = out
	}
	body := fmt.Sprintf("%s\n\nFile: [%s.md](%s/%s.md).\n\n%s\n", twinsBegin, base, filepath.ToSlash(rel), base, undated(results))
	return os.WriteFile(path, []byte(s[:i]+body+s[j:]), 0o644)
}
