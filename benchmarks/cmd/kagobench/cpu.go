package main

import (
	"fmt"
	"math/bits"
	"runtime"

	"github.com/kago-dev/kago/algo"
	"github.com/kago-dev/kago/benchmarks/kernels"
	"github.com/kago-dev/kago/ka"
	"github.com/kago-dev/kago/ka/katest"
)

// Table 10: the programs a new user writes, on the CPU backends against
// the same program in plain Go, in one process. Each row runs four
// variants, interleaved, each repetition in a rotated order: the kernel on
// native and on PoCL (launch + Synchronize, in the device's default group
// shape unless the kernel needs its own), and benchmarks/kernels'
// programs_go.go forms on one goroutine and split over GOMAXPROCS
// goroutines (kernels.ParallelFor, started per call). The speeds are Go's
// time over the kernel's: above 1, kago is faster.

// cpuRow is one program of table 10: what the kernel needs on a device,
// and its plain-Go forms.
type cpuRow struct {
	name, size string
	kago       func(dev *ka.Device) (op func() error, free func(), err error)
	goOne      func()
	goPar      func()
}

// cpuPrograms is table 10. It opens PoCL itself; without it the PoCL
// columns are empty.
func cpuPrograms(k *kit, cfg config) *table {
	t := &table{id: "10", title: "Programs on the CPU backends against the same program in plain Go, ms per call", backend: k.name + " and pocl",
		cols: []string{"program", "size", "native", "PoCL", "Go", "Go × GOMAXPROCS", "native speed / Go × P", "PoCL speed / Go × P", "native speed / Go", "PoCL speed / Go"}}
	pocl, perr := ka.Open("pocl")
	if perr == nil {
		defer pocl.Close()
	} else {
		t.notes = append(t.notes, "PoCL: "+perr.Error())
	}
	ms := func(s float64) float64 { return s * 1e3 }
	for _, r := range cpuRows(cfg.quick) {
		vs := []variant{{name: r.name + " on native"}, {name: r.name + " on PoCL"},
			{r.name + " in Go", func() error { r.goOne(); return nil }},
			{r.name + " in parallel Go", func() error { r.goPar(); return nil }}}
		var frees []func()
		for i, dev := range []*ka.Device{k.dev, pocl} {
			if dev == nil {
				continue
			}
			op, free, err := r.kago(dev)
			if err != nil {
				t.notes = append(t.notes, fmt.Sprintf("%s on %s: %v", r.name, []string{"native", "PoCL"}[i], err))
				continue
			}
			vs[i].op, frees = op, append(frees, free)
		}
		res := interleave(cfg.reps, 3, vs)
		for _, f := range frees {
			f()
		}
		t.add(r.name, r.size, mapSpread(res[0], ms).String(), mapSpread(res[1], ms).String(), mapSpread(res[2], ms).String(), mapSpread(res[3], ms).String(),
			ratioStr(ratioSpread(res[3], res[0])), ratioStr(ratioSpread(res[3], res[1])), ratioStr(ratioSpread(res[2], res[0])), ratioStr(ratioSpread(res[2], res[1])))
	}
	t.notes = append(t.notes, fmt.Sprintf("Kernels: benchmarks/kernels (Sobel, NBodyAccel, KMeansStep in programs.go; Stencil5Matrix and Stencil5Slice in stencils.go; MatMul, examples/matmul's, in groups of 16×16), katest.Saxpy, algo.ExclusiveScan; launch + Synchronize, default group shapes (the Auto row: after the tuner's trials). Go: programs_go.go, the same arithmetic over flat slices, on one goroutine and on %d (GOMAXPROCS) started per call; the parallel k-means sums per goroutine and merges, the parallel scan makes two passes. Each repetition runs every column once (warm-up, then 3 timed calls, median), columns interleaved; speeds are per repetition (Go's time / kago's), median (min–max).", runtime.GOMAXPROCS(0)))
	return t
}

// cpuRows are table 10's programs at their full or quick sizes.
func cpuRows(quick bool) []cpuRow {
	vec, grid, mm, bodies, points, scan := 1<<22, 2048, 512, 4096, 1<<20, 1<<24
	if quick {
		vec, grid, mm, bodies, points, scan = 1<<20, 1024, 256, 1024, 1<<18, 1<<20
	}
	var rows []cpuRow

	x, y := ramp(vec, 1), ramp(vec, 2)
	rows = append(rows, cpuRow{"saxpy", pow2(vec),
		func(dev *ka.Device) (func() error, func(), error) {
			return kagoOp(dev, katest.Saxpy, ka.Range(vec), nil, float32(2), x, y)
		},
		func() { kernels.SaxpyGo(2, x, y, 0, vec) },
		func() { kernels.ParallelFor(vec, func(lo, hi int) { kernels.SaxpyGo(2, x, y, lo, hi) }) }})

	in, out := ramp(grid*grid, 3), ramp(grid*grid, 4)
	sq := fmt.Sprintf("%d²", grid)
	stencilGo := func() { kernels.Stencil5Go(grid, in, out, 0, grid) }
	stencilPar := func() { kernels.ParallelFor(grid, func(lo, hi int) { kernels.Stencil5Go(grid, in, out, lo, hi) }) }
	rows = append(rows,
		cpuRow{"5-point stencil, ka.Matrix", sq, func(dev *ka.Device) (func() error, func(), error) {
			return kagoOp(dev, kernels.Stencil5Matrix, ka.Range2(grid, grid), nil, matrix(grid, in), matrix(grid, out))
		}, stencilGo, stencilPar},
		cpuRow{"5-point stencil, flat []float32", sq, func(dev *ka.Device) (func() error, func(), error) {
			return kagoOp(dev, kernels.Stencil5Slice, ka.Range2(grid, grid), nil, grid, grid, in, out)
		}, stencilGo, stencilPar},
		cpuRow{"5-point stencil, ka.Matrix, WithAutoGroupSize", sq, func(dev *ka.Device) (func() error, func(), error) {
			return kagoOp(dev, kernels.Stencil5Matrix, ka.Range2(grid, grid), autoGroups, matrix(grid, in), matrix(grid, out))
		}, stencilGo, stencilPar},
		cpuRow{"Sobel, ka.Matrix", sq, func(dev *ka.Device) (func() error, func(), error) {
			return kagoOp(dev, kernels.Sobel, ka.Range2(grid, grid), nil, matrix(grid, in), matrix(grid, out))
		}, func() { kernels.SobelGo(grid, in, out, 0, grid) },
			func() { kernels.ParallelFor(grid, func(lo, hi int) { kernels.SobelGo(grid, in, out, lo, hi) }) }})

	a, b, c := ramp(mm*mm, 5), ramp(mm*mm, 6), make([]float32, mm*mm)
	rows = append(rows, cpuRow{"tiled matmul, ka.Matrix", fmt.Sprintf("%d²", mm),
		func(dev *ka.Device) (func() error, func(), error) {
			return kagoOp(dev, kernels.MatMul, ka.Range2(mm, mm), []int{kernels.Tile, kernels.Tile}, matrix(mm, a), matrix(mm, b), matrix(mm, c))
		},
		func() { kernels.MatMulGo(mm, a, b, c, 0, mm) },
		func() { kernels.ParallelFor(mm, func(lo, hi int) { kernels.MatMulGo(mm, a, b, c, lo, hi) }) }})

	ps := make([]kernels.Particle, bodies)
	for i := range ps {
		ps[i] = kernels.Particle{X: float32(i % 61), Y: float32(i % 47), Z: float32(i % 31), Mass: 1 + float32(i%5)}
	}
	acc := make([]kernels.Accel, bodies)
	rows = append(rows, cpuRow{"n-body accelerations, []struct", fmt.Sprint(bodies, " bodies"),
		func(dev *ka.Device) (func() error, func(), error) {
			return kagoOp(dev, kernels.NBodyAccel, ka.Range(bodies), nil, float32(0.01), ps, acc)
		},
		func() { kernels.NBodyGo(0.01, ps, acc, 0, bodies) },
		func() { kernels.ParallelFor(bodies, func(lo, hi int) { kernels.NBodyGo(0.01, ps, acc, lo, hi) }) }})

	const k = 16
	px, py := ramp(points, 7), ramp(points, 8)
	cx, cy := ramp(k, 9), ramp(k, 10)
	sx, sy, count := make([]float32, k), make([]float32, k), make([]int32, k)
	rows = append(rows, cpuRow{"k-means step, float atomics", fmt.Sprintf("%s points, %d centroids", pow2(points), k),
		func(dev *ka.Device) (func() error, func(), error) {
			return kagoOp(dev, kernels.KMeansStep, ka.Range(points), nil, px, py, cx, cy, sx, sy, count)
		},
		func() { kernels.KMeansGo(px, py, cx, cy, sx, sy, count, 0, points) },
		func() { kernels.KMeansParallelGo(px, py, cx, cy, sx, sy, count) }})

	src, dst := make([]uint32, scan), make([]uint32, scan)
	for i := range src {
		src[i] = uint32(i*2654435761) >> 20
	}
	rows = append(rows, cpuRow{"algo.ExclusiveScan, uint32", pow2(scan),
		func(dev *ka.Device) (func() error, func(), error) {
			s, err := ka.FromSlice(bg, dev, src)
			if err != nil {
				return nil, nil, err
			}
			d, err := ka.Alloc[uint32](dev, scan)
			if err != nil {
				_ = s.Free()
				return nil, nil, err
			}
			op := func() error {
				if err := algo.ExclusiveScan(dev.Stream(), d, s); err != nil {
					return err
				}
				return dev.Synchronize(bg)
			}
			return op, func() { _, _ = s.Free(), d.Free() }, nil
		},
		func() { kernels.ExclusiveScanGo(dst, src) },
		func() { kernels.ExclusiveScanParallelGo(dst, src) }})
	return rows
}

// matrix marks a flat n×n slice for kagoOp to upload as a ka.Matrix.
type matrixArg struct {
	n    int
	data []float32
}

func matrix(n int, data []float32) matrixArg { return matrixArg{n, data} }

// autoGroups, as kagoOp's group, loads the kernel WithAutoGroupSize.
var autoGroups = []int{}

// kagoOp uploads args (slices as arrays, matrixArgs as matrices, scalars
// as they are), loads fn on dev (in groups of group; nil: the default;
// autoGroups: tuned) and returns an op that launches it over r and
// synchronizes.
func kagoOp(dev *ka.Device, fn any, r ka.NDRange, group []int, args ...any) (func() error, func(), error) {
	var frees []func()
	free := func() {
		for _, f := range frees {
			f()
		}
	}
	dargs := make([]any, len(args))
	for i, a := range args {
		var err error
		switch a := a.(type) {
		case matrixArg:
			var m *ka.Matrix[float32]
			m, err = ka.MatrixFromSlice(bg, dev, a.n, a.n, a.data)
			if err == nil {
				dargs[i], frees = m, append(frees, func() { _ = m.Free() })
			}
		case []float32:
			dargs[i], err = upload(dev, a, &frees)
		case []int32:
			dargs[i], err = upload(dev, a, &frees)
		case []kernels.Particle:
			dargs[i], err = upload(dev, a, &frees)
		case []kernels.Accel:
			dargs[i], err = upload(dev, a, &frees)
		default:
			dargs[i] = a
		}
		if err != nil {
			free()
			return nil, nil, err
		}
	}
	tune := group != nil && len(group) == 0
	var opts []ka.KernelOption
	switch {
	case tune:
		opts = append(opts, ka.WithAutoGroupSize())
	case group != nil:
		opts = append(opts, ka.WithGroupSize(group...))
	}
	kn, err := ka.NewKernel(dev, fn, opts...)
	if err != nil {
		free()
		return nil, nil, err
	}
	op := launchOp(dev, kn, r, dargs...)
	if tune {
		// The tuner's trials are launches: run them before the timing.
		for range 64 {
			if _, tuned, err := kn.GroupSizeFor(r); err != nil || tuned {
				break
			}
			if err := op(); err != nil {
				free()
				return nil, nil, err
			}
		}
	}
	return op, free, nil
}

func upload[T any](dev *ka.Device, s []T, frees *[]func()) (*ka.Array[T], error) {
	a, err := ka.FromSlice(bg, dev, s)
	if err == nil {
		*frees = append(*frees, func() { _ = a.Free() })
	}
	return a, err
}

// ramp is n deterministic small float32 values, different per seed.
func ramp(n, seed int) []float32 {
	v := make([]float32, n)
	for i := range v {
		v[i] = float32((i*7+seed*11)%29)/8 - 1.5
	}
	return v
}

// pow2 names a power of two n as "2^k", another n as its digits.
func pow2(n int) string {
	if n > 0 && n&(n-1) == 0 {
		return fmt.Sprintf("2^%d", bits.TrailingZeros(uint(n)))
	}
	return fmt.Sprint(n)
}
