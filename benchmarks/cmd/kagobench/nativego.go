package main

import (
	"fmt"
	"os"
	"runtime"
	"strconv"
	"sync"
	"time"

	"github.com/kago-dev/kago/benchmarks/kernels"
	"github.com/kago-dev/kago/ka"
	"github.com/kago-dev/kago/ka/katest"
	kasync "github.com/kago-dev/kago/sync"
)

// Table 8: the native backend against Go and against its own per-work-item
// path, in one process. Group functions (kago gen's, the default) are
// compared with plain Go loops, with the same device opened with
// KAGO_NATIVE=items (a work-item at a time: the native path before group
// functions, and still the path of kernels without them), and with PoCL
// for the tiled matmul. Variants are interleaved: each repetition runs
// every variant once (its own warm-up, then timed runs) in an order that
// rotates from one repetition to the next.

// variant is one way of doing the work of a row; op does it once.
type variant struct {
	name string
	op   func() error
}

// interleave runs reps repetitions of every variant, inner timed ops each
// after one untimed, and returns per variant the per-repetition medians, in
// seconds. A variant that fails gets no values.
func interleave(reps, inner int, vs []variant) [][]float64 {
	res := make([][]float64, len(vs))
	failed := make([]bool, len(vs))
	for r := range reps {
		for j := range vs {
			i := (j + r) % len(vs)
			if vs[i].op == nil || failed[i] {
				continue
			}
			if err := vs[i].op(); err != nil {
				fmt.Fprintf(os.Stderr, "kagobench: %s: %v\n", vs[i].name, err)
				failed[i] = true
				continue
			}
			ts := make([]float64, 0, inner)
			for range inner {
				t0 := time.Now()
				if err := vs[i].op(); err != nil {
					failed[i] = true
					break
				}
				ts = append(ts, time.Since(t0).Seconds())
			}
			if !failed[i] {
				res[i] = append(res[i], median(ts))
			}
		}
	}
	for i := range res {
		if failed[i] {
			res[i] = nil
		}
	}
	return res
}

// mapSpread applies f to each value (seconds to GB/s, to ms...) and
// returns the spread.
func mapSpread(xs []float64, f func(float64) float64) spread {
	ys := make([]float64, len(xs))
	for i, x := range xs {
		ys[i] = f(x)
	}
	return spreadOf(ys)
}

// ratioSpread is the spread of a/b over repetitions (same repetition in
// both), for throughputs or times as given.
func ratioSpread(a, b []float64) spread {
	n := min(len(a), len(b))
	if n == 0 {
		return spreadOf(nil)
	}
	rs := make([]float64, n)
	for i := range n {
		rs[i] = a[i] / b[i]
	}
	return spreadOf(rs)
}

func ratioStr(s spread) string {
	if s.med != s.med {
		return "—"
	}
	return s.String() + "×"
}

// openItems opens the native device again with KAGO_NATIVE=items.
func openItems() (*ka.Device, error) {
	prev, had := os.LookupEnv("KAGO_NATIVE")
	os.Setenv("KAGO_NATIVE", "items")
	defer func() {
		if had {
			os.Setenv("KAGO_NATIVE", prev)
		} else {
			os.Unsetenv("KAGO_NATIVE")
		}
	}()
	return ka.Open("native")
}

// nativeVsGo is table 8, three parts.
func nativeVsGo(k *kit, cfg config) []*table {
	items, err := openItems()
	if err != nil {
		t := &table{id: "8", title: "Native backend vs Go", backend: k.name}
		t.notes = append(t.notes, "error: "+err.Error())
		return []*table{t}
	}
	defer items.Close()
	return []*table{nativeSaxpy(k, items, cfg), nativeKernels(k, items, cfg), nativeLaunch(k, cfg)}
}

// launchOp returns an op that launches kn on dev's default stream and
// synchronizes.
func launchOp(dev *ka.Device, kn *ka.Kernel, r ka.NDRange, args ...any) func() error {
	return func() error {
		if err := kn.Launch(dev.Stream(), r, args...); err != nil {
			return err
		}
		return dev.Synchronize(bg)
	}
}

// saxpyParallel is saxpyLoop split over GOMAXPROCS goroutines, started
// per call as a Go program would.
func saxpyParallel(a float32, x, y []float32) {
	procs := runtime.GOMAXPROCS(0)
	var wg sync.WaitGroup
	n := len(y)
	for p := range procs {
		lo, hi := p*n/procs, (p+1)*n/procs
		wg.Go(func() { saxpyLoop(a, x[lo:hi], y[lo:hi]) })
	}
	wg.Wait()
}

func nativeSaxpy(k *kit, items *ka.Device, cfg config) *table {
	t := &table{id: "8a", title: "Native saxpy vs Go loops, GB/s (12 bytes per element)", backend: k.name,
		cols: []string{"n", "native", "Go loop", "Go loop × GOMAXPROCS", "native a work-item at a time", "native / parallel loop", "native / loop", "speed-up vs a work-item at a time"}}
	logs := []int{16, 18, 20, 22, 24, 26}
	if cfg.quick {
		logs = []int{16, 20, 22}
	}
	for _, lg := range logs {
		n := 1 << lg
		hx, hy := make([]float32, n), make([]float32, n)
		for i := range hx {
			hx[i], hy[i] = float32(i), 1
		}
		row := func() error {
			x, err := ka.FromSlice(bg, k.dev, hx)
			if err != nil {
				return err
			}
			defer x.Free()
			y, err := ka.FromSlice(bg, k.dev, hy)
			if err != nil {
				return err
			}
			defer y.Free()
			xi, err := ka.FromSlice(bg, items, hx)
			if err != nil {
				return err
			}
			defer xi.Free()
			yi, err := ka.FromSlice(bg, items, hy)
			if err != nil {
				return err
			}
			defer yi.Free()
			g, err := ka.NewKernel(k.dev, katest.Saxpy, ka.WithGroupSize(256))
			if err != nil {
				return err
			}
			it, err := ka.NewKernel(items, katest.Saxpy, ka.WithGroupSize(256))
			if err != nil {
				return err
			}
			inner := max(3, min(50, (1<<24)/n))
			res := interleave(cfg.reps, inner, []variant{
				{"native saxpy", launchOp(k.dev, g, ka.Range(n), float32(2), x, y)},
				{"Go loop", func() error { saxpyLoop(2, hx, hy); return nil }},
				{"parallel Go loop", func() error { saxpyParallel(2, hx, hy); return nil }},
				{"native saxpy, items", launchOp(items, it, ka.Range(n), float32(2), xi, yi)},
			})
			gbs := func(s float64) float64 { return 12 * float64(n) / s / 1e9 }
			t.add("2^"+strconv.Itoa(lg), mapSpread(res[0], gbs).String(), mapSpread(res[1], gbs).String(), mapSpread(res[2], gbs).String(), mapSpread(res[3], gbs).String(),
				ratioStr(ratioSpread(res[2], res[0])), ratioStr(ratioSpread(res[1], res[0])), ratioStr(ratioSpread(res[3], res[0])))
			return nil
		}
		if err := row(); err != nil {
			t.notes = append(t.notes, fmt.Sprintf("2^%d: error: %v", lg, err))
		}
	}
	t.notes = append(t.notes, fmt.Sprintf("Native: katest.Saxpy through its group function, launch + Synchronize, groups of 256. Go loop: one goroutine over host slices; × GOMAXPROCS: the same loop split over %d goroutines started per call. A work-item at a time: the same device opened with KAGO_NATIVE=items. Each repetition runs every column once (warm-up, then up to 50 timed runs, median), columns interleaved; ratios are per repetition (time of the other column / native's), median (min–max). Goal at ≥ 2^20: native / parallel loop ≥ 0.9×.", runtime.GOMAXPROCS(0)))
	return t
}

func nativeKernels(k *kit, items *ka.Device, cfg config) *table {
	t := &table{id: "8b", title: "Native kernels with barriers and atomics: group functions vs a work-item at a time vs PoCL, ms per launch + Synchronize", backend: k.name,
		cols: []string{"kernel", "native", "native a work-item at a time", "PoCL", "speed-up vs a work-item at a time", "native / PoCL"}}
	pocl, perr := ka.Open("pocl")
	if perr == nil {
		defer pocl.Close()
	}
	type devs struct {
		dev  *ka.Device
		name string
	}
	all := []devs{{k.dev, "native"}, {items, "items"}, {pocl, "pocl"}}
	ms := func(s float64) float64 { return s * 1e3 }
	// row measures fn on each device with args made per device by mk.
	row := func(label string, fn any, group []int, r ka.NDRange, itemsReps, inner int, mk func(dev *ka.Device) ([]any, func(), error)) {
		var vs []variant
		var cleanups []func()
		for _, d := range all {
			v := variant{name: label + " on " + d.name}
			if d.dev == nil || d.name == "items" && itemsReps == 0 {
				vs = append(vs, v)
				continue
			}
			kn, err := ka.NewKernel(d.dev, fn, ka.WithGroupSize(group...))
			if err != nil {
				t.notes = append(t.notes, fmt.Sprintf("%s on %s: %v", label, d.name, err))
				vs = append(vs, v)
				continue
			}
			args, free, err := mk(d.dev)
			if err != nil {
				t.notes = append(t.notes, fmt.Sprintf("%s on %s: %v", label, d.name, err))
				vs = append(vs, v)
				continue
			}
			cleanups = append(cleanups, free)
			v.op = launchOp(d.dev, kn, r, args...)
			vs = append(vs, v)
		}
		defer func() {
			for _, f := range cleanups {
				f()
			}
		}()
		// The per-work-item path is slow: fewer repetitions, measured on
		// their own after the interleaved ones.
		fast := interleave(cfg.reps, inner, []variant{vs[0], vs[2]})
		var slow [][]float64
		if vs[1].op != nil {
			slow = interleave(itemsReps, 1, []variant{vs[1]})
		} else {
			slow = [][]float64{nil}
		}
		nat, it, pc := fast[0], slow[0], fast[1]
		speed := spreadOf(nil)
		if len(it) > 0 && len(nat) > 0 {
			var rs []float64
			for _, a := range it {
				rs = append(rs, a/median(nat))
			}
			speed = spreadOf(rs)
		}
		t.add(label, mapSpread(nat, ms).String(), mapSpread(it, ms).String(), mapSpread(pc, ms).String(), ratioStr(speed), ratioStr(ratioSpread(nat, pc)))
	}
	matmul := func(n int) func(dev *ka.Device) ([]any, func(), error) {
		return func(dev *ka.Device) ([]any, func(), error) {
			ha := make([]float32, n*n)
			for i := range ha {
				ha[i] = float32(i%13) - 6
			}
			a, err := ka.MatrixFromSlice(bg, dev, n, n, ha)
			if err != nil {
				return nil, nil, err
			}
			b, err := ka.MatrixFromSlice(bg, dev, n, n, ha)
			if err != nil {
				return nil, nil, err
			}
			c, err := ka.AllocMatrix[float32](dev, n, n)
			if err != nil {
				return nil, nil, err
			}
			return []any{a, b, c}, func() { a.Free(); b.Free(); c.Free() }, nil
		}
	}
	sizes := []int{512, 1024}
	if cfg.quick {
		sizes = []int{256, 512}
	}
	for i, n := range sizes {
		itemsReps := 2
		if i > 0 {
			itemsReps = 1 // tens of seconds a run
		}
		if cfg.quick {
			itemsReps = 1 - i
		}
		row(fmt.Sprintf("tiled matmul %d² (examples/matmul)", n), kernels.MatMul, []int{kernels.Tile, kernels.Tile}, ka.Range2(n, n), itemsReps, 2, matmul(n))
	}
	const rn = 1 << 22
	reduceArgs := func(dev *ka.Device) ([]any, func(), error) {
		hx := make([]int64, rn)
		for i := range hx {
			hx[i] = int64(i % 1000)
		}
		x, err := ka.FromSlice(bg, dev, hx)
		if err != nil {
			return nil, nil, err
		}
		out, err := ka.Alloc[int64](dev, rn/kernels.Group)
		if err != nil {
			return nil, nil, err
		}
		return []any{x, out}, func() { x.Free(); out.Free() }, nil
	}
	row("reduce 2^22 int64, LocalArray tree (examples/reduce before ka.GroupSum)", kernels.Sum, []int{kernels.Group}, ka.Range(rn), 1, 5, reduceArgs)
	row("reduce 2^22 int64, ka.GroupSum (examples/reduce)", kernels.BlockSum, []int{kernels.Group}, ka.Range(rn), 1, 5, reduceArgs)
	const hn = 1 << 20
	row("histogram 2^20 bytes (examples/histogram)", kernels.Histogram, []int{256}, ka.Range(hn), 3, 5, func(dev *ka.Device) ([]any, func(), error) {
		hx := make([]uint8, hn)
		v := uint32(1)
		for i := range hx {
			v = v*1664525 + 1013904223
			hx[i] = uint8(v >> 24)
		}
		x, err := ka.FromSlice(bg, dev, hx)
		if err != nil {
			return nil, nil, err
		}
		bins, err := ka.Alloc[uint32](dev, 256)
		if err != nil {
			return nil, nil, err
		}
		return []any{x, bins}, func() { x.Free(); bins.Free() }, nil
	})
	if perr != nil {
		t.notes = append(t.notes, "PoCL: "+perr.Error())
	}
	t.notes = append(t.notes, "The examples' kernels (benchmarks/kernels, kept identical by a test; the LocalArray tree is the one examples/reduce had before ka.GroupSum), launch + Synchronize. Native and PoCL interleaved, median of 2 or 5 runs per repetition, repetitions as in the header. A work-item at a time (KAGO_NATIVE=items; for kernels with barriers, a goroutine per work-item) takes seconds per run, so it runs after the others, 1 to 3 runs, unrepeated when one run is tens of seconds; its speed-up is each of its runs over native's median. PoCL's first launch (compilation) is its untimed warm-up. Goal: matmul within 2× of PoCL.")
	return t
}

func nativeLaunch(k *kit, cfg config) *table {
	t := &table{id: "8c", title: "Native launch + Synchronize of a one-work-item kernel, µs", backend: k.name,
		cols: []string{"kernel", "cooperative (default)", "KAGO_SYNC=blocking", "cooperative / blocking"}}
	x, err := ka.FromSlice(bg, k.dev, []float32{1})
	if err != nil {
		t.notes = append(t.notes, "error: "+err.Error())
		return t
	}
	defer x.Free()
	y, err := ka.FromSlice(bg, k.dev, []float32{2})
	if err != nil {
		t.notes = append(t.notes, "error: "+err.Error())
		return t
	}
	defer y.Free()
	saxpy, err := ka.NewKernel(k.dev, katest.Saxpy, ka.WithGroupSize(1))
	if err != nil {
		t.notes = append(t.notes, "error: "+err.Error())
		return t
	}
	for _, c := range []struct {
		label string
		op    func() error
	}{
		{"katest.Saxpy (group function)", launchOp(k.dev, saxpy, ka.Range(1), float32(2), x, y)},
		{"Spin(0) (a work-item at a time)", func() error { _, err := k.run(k.dev.Stream(), 0, 1); return err }},
	} {
		op := c.op
		const inner = 2000
		mode := func(blocking bool) func() error {
			return func() error {
				prev := kasync.SetBlocking(blocking)
				defer kasync.SetBlocking(prev)
				for range 100 {
					if err := op(); err != nil {
						return err
					}
				}
				return nil
			}
		}
		res := interleave(cfg.reps, inner/100, []variant{{"cooperative", mode(false)}, {"blocking", mode(true)}})
		per := func(s float64) float64 { return s / 100 * 1e6 }
		t.add(c.label, mapSpread(res[0], per).String(), mapSpread(res[1], per).String(), ratioStr(ratioSpread(res[0], res[1])))
	}
	t.notes = append(t.notes, "Per repetition, 20 batches of 100 launch + Synchronize pairs per mode, modes interleaved, median batch. Goal: cooperative / blocking ≤ 1.2×.")
	return t
}
