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
// runs it on a GPU machine), and the table also gives each kernel's
// device time, from ka events. Before timing, each pair runs once from
// the same inputs and the outputs are compared bit for bit.

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"flag"
	"fmt"
	"math"
	"math/bits"
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
// reset its inputs and output (to bits no kernel writes) and read its
// output for the comparison.
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

// twinSizes are the problem sizes of the pairs: vec elements for saxpy,
// memcopy, the reduction and the histogram; n×n matrices for the
// transposes, the naive and the tiled matmul; stencil³ for the 3-D stencil.
type twinSizes struct{ vec, transpose, matmul, tiledMatmul, stencil int }

// twinsSizes are the -twins mode's sizes.
var twinsSizes = twinSizes{vec: 1 << 22, transpose: 1024, matmul: 256, tiledMatmul: 512, stencil: 128}

// superscript writes n with superscript digits ("22" → "²²").
func superscript(n int) string {
	const sup = "⁰¹²³⁴⁵⁶⁷⁸⁹"
	digits := []rune(sup)
	var b strings.Builder
	for _, c := range fmt.Sprint(n) {
		b.WriteRune(digits[c-'0'])
	}
	return b.String()
}

// vecLabel is n as the table writes a vector's length: "2²²" for a power
// of two.
func vecLabel(n int) string {
	if n > 0 && n&(n-1) == 0 {
		return "2" + superscript(bits.TrailingZeros(uint(n)))
	}
	return fmt.Sprint(n)
}

// twinCases allocates the pairs' buffers on dev, at sizes sz; free
// releases them.
func twinCases(dev *ka.Device, sz twinSizes) (cs []twinCase, free func(), err error) {
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
	// poison resets an output to bits no kernel writes (a NaN), so that
	// a launch that leaves it alone does not pass for one that agrees.
	poison := func(a *ka.Array[float32]) func() error {
		if a == nil {
			return nil
		}
		h := make([]float32, a.Len())
		for i := range h {
			h[i] = math.Float32frombits(0x7fc0dead)
		}
		return write(a, h)
	}
	vec := sz.vec
	vl := vecLabel(vec)
	{ // saxpy
		x, _ := f32(vec, 1)
		y, hy := f32(vec, 2)
		cs = append(cs, twinCase{"saxpy", vl + " float32", kernels.SaxpyNoCheck, twins.HandSaxpy, ka.Range(vec), []int{kernels.Group},
			[]any{float32(1.5), x, y}, write(y, hy), func() ([]byte, error) { return bytesOf(y) }})
	}
	{ // memcopy
		src, _ := f32(vec, 3)
		dst, _ := f32(vec, 4)
		cs = append(cs, twinCase{"memcopy", vl + " float32", kernels.MemCopyNoCheck, twins.HandMemCopy, ka.Range(vec), []int{kernels.Group},
			[]any{dst, src}, poison(dst), func() ([]byte, error) { return bytesOf(dst) }})
	}
	tn := sz.transpose
	for _, tiled := range []bool{false, true} {
		in, _ := f32(tn*tn, 5)
		out, _ := f32(tn*tn, 6)
		c := twinCase{"transpose", fmt.Sprintf("%d²", tn), kernels.TransposeNoCheck, twins.HandTranspose, ka.Range2(tn, tn), []int{kernels.Tile, kernels.Tile},
			[]any{tn, in, out}, poison(out), func() ([]byte, error) { return bytesOf(out) }}
		if tiled {
			c.name, c.gen, c.hand = "tiled transpose", kernels.TransposeTiledNoCheck, twins.HandTransposeTiled
		}
		cs = append(cs, c)
	}
	for _, tiled := range []bool{false, true} {
		n := sz.matmul
		if tiled {
			n = sz.tiledMatmul
		}
		a, _ := f32(n*n, 7)
		b, _ := f32(n*n, 8)
		c, _ := f32(n*n, 9)
		tc := twinCase{"matmul", fmt.Sprintf("%d²", n), kernels.MatMulNaiveNoCheck, twins.HandMatMul, ka.Range2(n, n), []int{kernels.Tile, kernels.Tile},
			[]any{n, a, b, c}, poison(c), func() ([]byte, error) { return bytesOf(c) }}
		if tiled {
			tc.name, tc.gen, tc.hand = "tiled matmul", kernels.MatMulTiledNoCheck, twins.HandMatMulTiled
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
		poisoned := make([]int64, out.Len())
		for i := range poisoned {
			poisoned[i] = -1 // no sum of these non-negative inputs
		}
		cs = append(cs, twinCase{"work-group reduction", vl + " int64, groups of 256", kernels.SumNoCheck, twins.HandSum, ka.Range(vec), []int{kernels.Group},
			[]any{x, out}, func() error { return out.Write(bg, poisoned) }, func() ([]byte, error) { return bytesOf(out) }})
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
		cs = append(cs, twinCase{"histogram", vl + " uint8, 256 bins", kernels.HistogramNoCheck, twins.HandHistogram, ka.Range(vec), []int{kernels.Group},
			[]any{data, bins}, func() error { return bins.Write(bg, zero) }, func() ([]byte, error) { return bytesOf(bins) }})
	}
	{ // 3-D stencil
		sn := sz.stencil
		in, _ := f32(sn*sn*sn, 12)
		out, _ := f32(sn*sn*sn, 13)
		cs = append(cs, twinCase{"3-D stencil", fmt.Sprintf("%d³, 7 points", sn), kernels.StencilNoCheck, twins.HandStencil, ka.Range3(sn, sn, sn), []int{2, 4, 32}, // 2×4×32: 32 along dimension 0
			[]any{sn, in, out}, poison(out), func() ([]byte, error) { return bytesOf(out) }})
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
	cs, free, err := twinCases(dev, twinsSizes)
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
	ks := make([]struct{ gen, hand *ka.Kernel }, len(cs))
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
		ks[i].gen, ks[i].hand = g, h
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
	// On CUDA, after the timed repetitions (so as not to change them): each
	// kernel's device time, from ka events recorded around the launch
	// alone, the median of cycles interleaved runs of the pair.
	devMS, timed, err := twinsDeviceTimes(s, cs, ks, cycles, rng)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	fmt.Fprintf(&b, "### Generated kernels against hand-written twins, %s\n\n", time.Now().UTC().Format("2006-01-02 15:04 UTC"))
	fmt.Fprintf(&b, "- Machine: %s, %d CPUs; %s; %d repetitions of %d interleaved cycles per kernel; generated kernels `//ka:nocheck`, kago's default contraction (none), twins without contraction (FP_CONTRACT OFF, nvcc -fmad=false)\n", cpuModel(), runtime.NumCPU(), dev.Info().Name, runs, cycles)
	fmt.Fprintf(&b, "- Speed ratio = twin's time / generated kernel's time (launch + synchronize) per cycle; median of the repetitions' medians, min–max of the repetitions in parentheses; goal ≥ 0.97×\n")
	var ld []string
	for _, l := range loads {
		ld = append(ld, fmt.Sprintf("%.1f", l.load0))
	}
	if timed {
		fmt.Fprintf(&b, "- Device ms: the kernel's time on the device, from ka events recorded just before and after its launch (Event.Elapsed), generated / twin, median of %d more interleaved runs of each after the repetitions\n", cycles)
	}
	fmt.Fprintf(&b, "- Load average at the start of each repetition: %s\n\n", strings.Join(ld, ", "))
	if timed {
		b.WriteString("| kernel | size | generated, ms | twin, ms | device ms | speed ratio | same bits | goal |\n|---|---|---|---|---|---|---|---|\n")
	} else {
		b.WriteString("| kernel | size | generated, ms | twin, ms | speed ratio | same bits | goal |\n|---|---|---|---|---|---|---|\n")
	}
	for i, c := range cs {
		sp := spreadOf(perRep[i])
		goal := "met"
		if sp.med < 0.97 {
			goal = "**missed**"
		}
		dev := ""
		if timed {
			dev = fmt.Sprintf(" %s / %s |", fmtMS(devMS[i][0]), fmtMS(devMS[i][1]))
		}
		fmt.Fprintf(&b, "| %s | %s | %s | %s |%s %s | %v | %s |\n", c.name, c.size,
			fmtNum(median(genMS[i])), fmtNum(median(handMS[i])), dev, sp.times(), yesNo(same[i]), goal)
	}
	b.WriteString("\n")
	return b.String(), nil
}

// twinsDeviceTimes returns, on a CUDA backend, the median device time
// in ms of each pair's generated kernel and twin over cycles runs of
// each, in random order, from ka events recorded on s around each launch
// alone; timed is false, and nothing runs, on other backends and where
// the backend does not time events.
func twinsDeviceTimes(s *ka.Stream, cs []twinCase, ks []struct{ gen, hand *ka.Kernel }, cycles int, rng *rand.Rand) (ms [][2]float64, timed bool, err error) {
	if !strings.HasPrefix(s.Device().Backend(), "cuda") {
		return nil, false, nil
	}
	run := func(k *ka.Kernel, c twinCase) (float64, error) {
		e0, err := s.Record()
		if err != nil {
			return 0, err
		}
		defer e0.Release()
		if err := k.Launch(s, c.r, c.args...); err != nil {
			return 0, err
		}
		e1, err := s.Record()
		if err != nil {
			return 0, err
		}
		defer e1.Release()
		if err := e1.Wait(bg); err != nil {
			return 0, err
		}
		d, err := e1.Elapsed(e0)
		return us(d) / 1e3, err
	}
	ms = make([][2]float64, len(cs))
	for i, c := range cs {
		var gs, hs []float64
		for cyc := -1; cyc < cycles; cyc++ { // cycle -1 warms up
			order := [2]int{0, 1}
			if rng.IntN(2) == 1 {
				order = [2]int{1, 0}
			}
			var t [2]float64
			for _, j := range order {
				k := ks[i].gen
				if j == 1 {
					k = ks[i].hand
				}
				if t[j], err = run(k, c); errors.Is(err, ka.ErrUnsupported) {
					return nil, false, nil
				} else if err != nil {
					return nil, false, fmt.Errorf("%s, device time: %w", c.name, err)
				}
			}
			if cyc >= 0 {
				gs, hs = append(gs, t[0]), append(hs, t[1])
			}
		}
		ms[i] = [2]float64{median(gs), median(hs)}
	}
	return ms, true, nil
}

// fmtMS writes a device time in ms with three significant digits at
// least: GPU kernels of these sizes run for tens of microseconds.
func fmtMS(v float64) string {
	if v < 1 {
		return fmt.Sprintf("%.4f", v)
	}
	return fmtNum(v)
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
