package main

import (
	"fmt"
	"slices"
	"time"

	"github.com/kago-dev/kago/algo"
	"github.com/kago-dev/kago/ka"
)

// algoTable is table 9: package algo against the Go a user would write
// instead, in the same process, each round running the kago call, the Go
// baseline and (for the bandwidth-bound ones) Go's copy of the same bytes
// in turn: Sum of float32 (bytes read: 4 an element), ExclusiveScan of
// uint32 (read + written: 8), and the radix sorts of uint32 and float32
// against slices.Sort (the input rewritten before each sort, outside the
// timing). Ratios are per round; the table gives their median and range.
// The goals, on PoCL: Sum's bandwidth ≥ 0.80× copy's (bytes read),
// ExclusiveScan's ≥ 0.50× copy's (read + written), each sort ≥ 2× as fast
// as slices.Sort.
func algoTable(ks *kit, cfg config) *table {
	sumLog2, scanLog2, sortLog2, rounds := 26, 24, 24, 5
	if cfg.quick {
		sumLog2, scanLog2, sortLog2, rounds = 22, 20, 20, 3
	}
	t := &table{id: "9", title: "Package algo against Go baselines: ms per call (a kago call waits for its result)", backend: ks.name,
		cols: []string{"operation", "kago, ms", "Go, ms", "Go / kago", "kago / Go copy bandwidth", "goal (PoCL)"}}
	s := ks.dev.Stream()
	must := func(err error) {
		if err != nil {
			fatal(fmt.Errorf("table 9 on %s: %w", ks.name, err))
		}
	}
	timeIt := func(f func()) float64 {
		t0 := time.Now()
		f()
		return float64(time.Since(t0).Nanoseconds()) / 1e6
	}
	// row runs kago, goBase and copyBase (nil for none) in turn, rounds
	// times after a warm-up, and adds a row.
	row := func(name string, kago, goBase, copyBase func() float64, goal string) {
		kago()
		var tk, tg, rg, rc []float64
		for range rounds {
			k, g := kago(), goBase()
			tk, tg, rg = append(tk, k), append(tg, g), append(rg, g/k)
			if copyBase != nil {
				rc = append(rc, copyBase()/k)
			}
		}
		bw := "—"
		if copyBase != nil {
			bw = spreadOf(rc).times()
		}
		t.add(name, fmtNum(median(tk)), fmtNum(median(tg)), spreadOf(rg).times(), bw, goal)
	}

	// Sum of float32.
	{
		n := 1 << sumLog2
		x := make([]float32, n)
		for i := range x {
			x[i] = float32(i%1000) * 0.25
		}
		dst := make([]float32, n)
		xa, err := ka.FromSlice(bg, ks.dev, x)
		must(err)
		var sink float32
		row(fmt.Sprintf("Sum, 2^%d float32", sumLog2),
			func() float64 { return timeIt(func() { v, err := algo.Sum(bg, s, xa); must(err); sink += v }) },
			func() float64 {
				return timeIt(func() {
					var acc float32
					for _, v := range x {
						acc += v
					}
					sink += acc
				})
			},
			func() float64 { return timeIt(func() { copy(dst, x) }) }, "bandwidth ≥ 0.80× copy's (read)")
		_ = sink
		must(xa.Free())
	}
	// ExclusiveScan of uint32.
	{
		n := 1 << scanLog2
		x := make([]uint32, n)
		for i := range x {
			x[i] = uint32(i % 7)
		}
		dst := make([]uint32, n)
		xa, err := ka.FromSlice(bg, ks.dev, x)
		must(err)
		ya, err := ka.Alloc[uint32](ks.dev, n)
		must(err)
		row(fmt.Sprintf("ExclusiveScan, 2^%d uint32", scanLog2),
			func() float64 {
				return timeIt(func() { must(algo.ExclusiveScan(s, ya, xa)); must(s.Synchronize(bg)) })
			},
			func() float64 {
				return timeIt(func() {
					var acc uint32
					for i, v := range x {
						dst[i] = acc
						acc += v
					}
				})
			},
			func() float64 { return timeIt(func() { copy(dst, x) }) }, "bandwidth ≥ 0.50× copy's (read + written)")
		must(xa.Free())
		must(ya.Free())
	}
	// Sorts of random keys.
	n := 1 << sortLog2
	var r uint64 = 88172645463325252
	next := func() uint64 {
		r ^= r << 13
		r ^= r >> 7
		r ^= r << 17
		return r
	}
	keys := make([]uint32, n)
	for i := range keys {
		keys[i] = uint32(next())
	}
	floats := make([]float32, n)
	for i := range floats {
		floats[i] = float32(int32(next())) / 1024
	}
	sortRow(ks, row, fmt.Sprintf("Sort, 2^%d random uint32", sortLog2), keys, must, timeIt)
	sortRow(ks, row, fmt.Sprintf("Sort, 2^%d random float32", sortLog2), floats, must, timeIt)
	t.notes = append(t.notes, fmt.Sprintf("%d rounds after a warm-up; each round runs the kago call, then the Go baseline (a loop; slices.Sort), then Go's copy() of the same slice; ratios per round, median (min–max). Bandwidth counts 4 bytes an element read for Sum and 8 read + written for the scan, for kago and for copy alike.", rounds))
	return t
}

// sortRow adds the row of algo.Sort of keys against slices.Sort.
func sortRow[T uint32 | float32](ks *kit, row func(string, func() float64, func() float64, func() float64, string), name string, keys []T, must func(error), timeIt func(func()) float64) {
	s := ks.dev.Stream()
	xa, err := ka.FromSlice(bg, ks.dev, keys)
	must(err)
	work := make([]T, len(keys))
	row(name,
		func() float64 {
			must(xa.WriteAsync(s, keys))
			must(s.Synchronize(bg))
			return timeIt(func() { must(algo.Sort(s, xa)); must(s.Synchronize(bg)) })
		},
		func() float64 {
			copy(work, keys)
			return timeIt(func() { slices.Sort(work) })
		}, nil, "Go / kago ≥ 2×")
	must(xa.Free())
}
