package main

// The -contract mode: generated saxpy with and without //ka:contract
// against the hand-written HandSaxpy, which PoCL fuses, on PoCL,
// interleaved in one process. A cycle runs the three kernels once
// each, in random order, and gives two ratios (hand's time / generated
// time: above 1 the generated kernel is faster); a repetition is the median
// of its cycles' ratios; the table shows the median of the repetitions
// with their min–max. Goal: the contracted kernel ≥ 0.95× hand.

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"github.com/kago-dev/kago/benchmarks/kernels"
	"github.com/kago-dev/kago/ka"
	kasync "github.com/kago-dev/kago/sync"
)

var (
	contractMode   = flag.Bool("contract", false, "instead of the tables, generated saxpy with and without //ka:contract against the hand-written HandSaxpy on PoCL, interleaved (benchmarks/README.md)")
	contractCycles = flag.Int("contract-cycles", 31, "-contract: cycles (one run of each kernel) per repetition and size")
)

// The -contract table's markers in the README.
const contractBegin, contractEnd = "<!-- kagobench-contract:begin -->", "<!-- kagobench-contract:end -->"

// runContract runs the -contract mode and writes its Markdown like -twins.
func runContract(runs int, out, readme string) int {
	md, err := contractTable(runs, *contractCycles)
	if err != nil {
		fatal(err)
	}
	fmt.Print(md)
	stamp := time.Now().UTC().Format("2006-01-02T1504Z")
	base := filepath.Join(out, stamp+"_"+machineSlug()+"_contract")
	if err := os.MkdirAll(out, 0o755); err != nil {
		fatal(err)
	}
	if err := os.WriteFile(base+".md", []byte(md), 0o644); err != nil {
		fatal(err)
	}
	fmt.Fprintf(os.Stderr, "kagobench: wrote %s.md\n", base)
	if readme != "" {
		if err := replaceBetween(readme, md, filepath.Base(base), out, contractBegin, contractEnd); err != nil {
			fatal(err)
		}
	}
	return 0
}

func contractTable(runs, cycles int) (string, error) {
	dev, err := ka.Open("pocl")
	if err != nil {
		return "", err
	}
	defer dev.Close()
	prev := kasync.SetBlocking(true)
	defer kasync.SetBlocking(prev)
	s := dev.Stream()
	const group = 256
	var ks []*ka.Kernel
	for _, f := range []any{HandSaxpy, kernels.SaxpyNoCheck, kernels.SaxpyContract} {
		k, err := ka.NewKernel(dev, f, ka.WithGroupSize(group))
		if err != nil {
			return "", err
		}
		ks = append(ks, k)
	}
	sizes := []int{1 << 20, 1 << 22}
	type sizeCase struct {
		x, y *ka.Array[float32]
		hy   []float32
	}
	cases := make([]sizeCase, len(sizes))
	for i, n := range sizes {
		x, _, err := f32Array(dev, n, 1)
		if err != nil {
			return "", err
		}
		defer x.Free()
		y, hy, err := f32Array(dev, n, 2)
		if err != nil {
			return "", err
		}
		defer y.Free()
		cases[i] = sizeCase{x: x, y: y, hy: hy}
	}
	// One run of each kernel from the same inputs: which bits they give.
	outs := make([][]byte, len(ks))
	for j, k := range ks {
		c := cases[0]
		if err := c.y.Write(bg, c.hy); err != nil {
			return "", err
		}
		if err := k.Launch(s, ka.Range(sizes[0]), float32(1.5), c.x, c.y); err != nil {
			return "", err
		}
		if err := s.Synchronize(bg); err != nil {
			return "", err
		}
		if outs[j], err = bytesOf(c.y); err != nil {
			return "", err
		}
	}
	run := func(k *ka.Kernel, n int, c sizeCase) (time.Duration, error) {
		t0 := time.Now()
		if err := k.Launch(s, ka.Range(n), float32(1.5), c.x, c.y); err != nil {
			return 0, err
		}
		err := s.Synchronize(context.Background())
		return time.Since(t0), err
	}
	// perRep[size][kernel][rep]: the repetition's median ratio hand/kernel
	// (kernel 0, hand itself, is unused); ms: median times.
	perRep := make([][3][]float64, len(sizes))
	ms := make([][3][]float64, len(sizes))
	rng := rand.New(rand.NewPCG(18, 5))
	var loads []runLoad
	for range runs {
		var runErr error
		loads = append(loads, measureLoad(func() {
			for si, n := range sizes {
				var rs, ts [3][]float64
				for cyc := -1; cyc < cycles; cyc++ { // cycle -1 warms up
					var t [3]time.Duration
					for _, j := range rng.Perm(3) {
						if t[j], runErr = run(ks[j], n, cases[si]); runErr != nil {
							return
						}
					}
					if cyc < 0 {
						continue
					}
					for j := range 3 {
						rs[j] = append(rs[j], float64(t[0])/float64(t[j]))
						ts[j] = append(ts[j], us(t[j])/1e3)
					}
				}
				for j := range 3 {
					perRep[si][j] = append(perRep[si][j], median(rs[j]))
					ms[si][j] = append(ms[si][j], median(ts[j]))
				}
			}
		}))
		if runErr != nil {
			return "", runErr
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "### FMA contraction: generated saxpy against the hand-written one, %s\n\n", time.Now().UTC().Format("2006-01-02 15:04 UTC"))
	fmt.Fprintf(&b, "- Machine: %s, %d CPUs; PoCL; %d repetitions of %d interleaved cycles per size (each cycle runs the three kernels once, in random order), groups of %d; generated kernels `//ka:nocheck` (benchmarks/kernels)\n", cpuModel(), runtime.NumCPU(), runs, cycles, group)
	fmt.Fprintf(&b, "- Speed ratio = hand-written kernel's time / generated kernel's time (launch + synchronize) per cycle; median of the repetitions' medians, min–max of the repetitions in parentheses; goal for `//ka:contract` ≥ 0.95×\n")
	var ld []string
	for _, l := range loads {
		ld = append(ld, fmt.Sprintf("%.1f", l.load0))
	}
	fmt.Fprintf(&b, "- Load average at the start of each repetition: %s\n", strings.Join(ld, ", "))
	fmt.Fprintf(&b, "- Bits of y after one run (2²⁰): generated = hand-written: %s; `//ka:contract` = hand-written: %s\n\n",
		yesNo(bytes.Equal(outs[1], outs[0])), yesNo(bytes.Equal(outs[2], outs[0])))
	b.WriteString("| n | hand-written, ms | generated, ms | `//ka:contract`, ms | generated / hand | `//ka:contract` / hand | goal |\n|---|---|---|---|---|---|---|\n")
	for si, n := range sizes {
		g, c := spreadOf(perRep[si][1]), spreadOf(perRep[si][2])
		goal := "met"
		if c.med < 0.95 {
			goal = "**missed**"
		}
		fmt.Fprintf(&b, "| 2^%d | %s | %s | %s | %s | %s | %s |\n", bits.TrailingZeros(uint(n)),
			fmtNum(median(ms[si][0])), fmtNum(median(ms[si][1])), fmtNum(median(ms[si][2])),
			g.times(), c.times(), goal)
	}
	b.WriteString("\n")
	return b.String(), nil
}
