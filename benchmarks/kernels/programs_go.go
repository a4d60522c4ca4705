package kernels

import (
	"runtime"
	"sync"

	"github.com/kago-dev/kago/ka"
)

// This file holds the plain-Go forms of table 10's programs, as a Go
// programmer writes them without kago: loops over flat row-major slices,
// each over a range of rows or elements [lo, hi), so that one call is the
// single-goroutine version and ParallelFor's the version over GOMAXPROCS
// goroutines. They are kagobench's baselines and programs_test.go's
// references.

// ParallelFor splits [0, n) into GOMAXPROCS contiguous ranges and calls f
// on each in a goroutine of its own, started per call, and waits for them.
func ParallelFor(n int, f func(lo, hi int)) {
	procs := runtime.GOMAXPROCS(0)
	var wg sync.WaitGroup
	for p := range procs {
		if lo, hi := p*n/procs, (p+1)*n/procs; lo < hi {
			wg.Go(func() { f(lo, hi) })
		}
	}
	wg.Wait()
}

// SaxpyGo is y = a*x + y over [lo, hi).
func SaxpyGo(a float32, x, y []float32, lo, hi int) {
	x, y = x[lo:hi], y[lo:hi]
	for i := range y {
		y[i] = a*x[i] + y[i]
	}
}

// Stencil5Go is Stencil5Matrix on a flat rows×cols grid, rows [lo, hi).
func Stencil5Go(cols int, in, out []float32, lo, hi int) {
	rows := len(in) / cols
	for i := max(lo, 1); i < min(hi, rows-1); i++ {
		for j := 1; j < cols-1; j++ {
			p := i*cols + j
			out[p] = 0.2 * (in[p] + in[p-cols] + in[p+cols] + in[p-1] + in[p+1])
		}
	}
}

// SobelGo is Sobel on a flat rows×cols image, rows [lo, hi).
func SobelGo(cols int, in, out []float32, lo, hi int) {
	rows := len(in) / cols
	for i := max(lo, 1); i < min(hi, rows-1); i++ {
		up, mid, down := in[(i-1)*cols:i*cols], in[i*cols:(i+1)*cols], in[(i+1)*cols:(i+2)*cols]
		for j := 1; j < cols-1; j++ {
			out[i*cols+j] = sobelMagnitude(up[j-1], up[j], up[j+1], mid[j-1], mid[j+1], down[j-1], down[j], down[j+1])
		}
	}
}

// MatMulGo is c = a×b for n×n row-major matrices, rows [lo, hi) of c, in
// the i-k-j order that walks b and c by rows (each c[i][j] sums its
// products in k's order, as MatMul's tiles do).
func MatMulGo(n int, a, b, c []float32, lo, hi int) {
	for i := lo; i < hi; i++ {
		ci := c[i*n : (i+1)*n]
		clear(ci)
		for k := range n {
			aik, bk := a[i*n+k], b[k*n:(k+1)*n]
			for j := range ci {
				ci[j] += aik * bk[j]
			}
		}
	}
}

// NBodyGo is NBodyAccel over the bodies [lo, hi).
func NBodyGo(eps2 float32, ps []Particle, acc []Accel, lo, hi int) {
	for i := lo; i < hi; i++ {
		acc[i] = nbodyAccel(eps2, ps, ps[i])
	}
}

// KMeansGo is KMeansStep over the points [lo, hi), adding to the sums
// without atomics: the parallel form gives each goroutine sums of its own
// and adds them up after (KMeansParallelGo).
func KMeansGo(px, py, cx, cy, sx, sy []float32, count []int32, lo, hi int) {
	for i := lo; i < hi; i++ {
		x, y := px[i], py[i]
		c := nearest(x, y, cx, cy)
		sx[c] += x
		sy[c] += y
		count[c]++
	}
}

// KMeansParallelGo is KMeansGo over all points on GOMAXPROCS goroutines,
// each with sums of its own, merged into sx, sy and count at the end.
func KMeansParallelGo(px, py, cx, cy, sx, sy []float32, count []int32) {
	k := len(cx)
	var mu sync.Mutex
	ParallelFor(len(px), func(lo, hi int) {
		psx, psy, pc := make([]float32, k), make([]float32, k), make([]int32, k)
		KMeansGo(px, py, cx, cy, psx, psy, pc, lo, hi)
		mu.Lock()
		defer mu.Unlock()
		for c := range k {
			sx[c] += psx[c]
			sy[c] += psy[c]
			count[c] += pc[c]
		}
	})
}

// ExclusiveScanGo writes the exclusive prefix sums of src to dst.
func ExclusiveScanGo[T ka.Number](dst, src []T) {
	var s T
	for i, v := range src {
		dst[i] = s
		s += v
	}
}

// ExclusiveScanParallelGo is ExclusiveScanGo on GOMAXPROCS goroutines in
// two passes, as a Go programmer parallelizes a scan: each goroutine sums
// its chunk, the chunk sums are scanned, and each goroutine scans its
// chunk from its offset.
func ExclusiveScanParallelGo[T ka.Number](dst, src []T) {
	procs := runtime.GOMAXPROCS(0)
	sums := make([]T, procs+1)
	n := len(src)
	chunk := func(p int) (int, int) { return p * n / procs, (p + 1) * n / procs }
	var wg sync.WaitGroup
	for p := range procs {
		wg.Go(func() {
			lo, hi := chunk(p)
			var s T
			for _, v := range src[lo:hi] {
				s += v
			}
			sums[p+1] = s
		})
	}
	wg.Wait()
	for p := range procs {
		sums[p+1] += sums[p]
	}
	for p := range procs {
		wg.Go(func() {
			lo, hi := chunk(p)
			s := sums[p]
			for i, v := range src[lo:hi] {
				dst[lo+i] = s
				s += v
			}
		})
	}
	wg.Wait()
}
