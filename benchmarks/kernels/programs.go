package kernels

// This file holds the kernels of kagobench's table 10 that no other table
// measures: the programs a new user wrote from the docs when kago was
// measured against plain Go on CPUs — a Sobel filter over ka.Matrix, an
// n-body step over an array of structs, and a k-means step that sums with
// float atomics. programs_go.go holds the same computations as plain Go,
// the table's baselines and the tests' references; the arithmetic that
// both sides do lives in shared helpers, so that the two compute the same
// bits.

import "github.com/kago-dev/kago/ka"

// Sobel writes the gradient magnitude of in's 3×3 Sobel operator at each
// interior point to out, on ka.Range2(in.Rows(), in.Cols()); the border
// of out is left as it is. out has in's shape.
//
//ka:kernel
func Sobel(it ka.Item, in, out ka.Matrix[float32]) {
	i, j := it.Global2()
	if i > 0 && i < in.Rows()-1 && j > 0 && j < in.Cols()-1 {
		out.Set(i, j, sobelMagnitude(
			in.At(i-1, j-1), in.At(i-1, j), in.At(i-1, j+1),
			in.At(i, j-1), in.At(i, j+1),
			in.At(i+1, j-1), in.At(i+1, j), in.At(i+1, j+1)))
	}
}

// sobelMagnitude is the gradient magnitude from the eight neighbours of a
// point, row by row (n for north, w for west, ...).
func sobelMagnitude(nw, n, ne, w, e, sw, s, se float32) float32 {
	gx := (ne + 2*e + se) - (nw + 2*w + sw)
	gy := (sw + 2*s + se) - (nw + 2*n + ne)
	return ka.Sqrt(gx*gx + gy*gy)
}

// Particle is an n-body body in global memory: position and mass.
type Particle struct {
	X, Y, Z, Mass float32
}

// Accel is a body's acceleration.
type Accel struct {
	X, Y, Z float32
}

// NBodyAccel writes to acc[i] the acceleration of body i from every body
// of ps (direct summation, softened by eps2, the body itself contributing
// nothing), on ka.Range(len(ps)).
//
//ka:kernel
func NBodyAccel(it ka.Item, eps2 float32, ps []Particle, acc []Accel) {
	if i := it.Global(); i < len(ps) {
		acc[i] = nbodyAccel(eps2, ps, ps[i])
	}
}

// nbodyAccel is the acceleration of p from every body of ps.
func nbodyAccel(eps2 float32, ps []Particle, p Particle) Accel {
	var a Accel
	for j := range ps {
		dx, dy, dz := ps[j].X-p.X, ps[j].Y-p.Y, ps[j].Z-p.Z
		r2 := dx*dx + dy*dy + dz*dz + eps2
		inv := 1 / ka.Sqrt(r2)
		s := ps[j].Mass * inv * inv * inv
		a.X += dx * s
		a.Y += dy * s
		a.Z += dz * s
	}
	return a
}

// KMeansStep assigns each point (px[i], py[i]) to its nearest centroid of
// (cx, cy) and adds it to that centroid's sums sx, sy and count with
// atomics, on ka.Range(len(px)): the accumulation half of a k-means
// iteration.
//
//ka:kernel
func KMeansStep(it ka.Item, px, py, cx, cy, sx, sy []float32, count []int32) {
	if i := it.Global(); i < len(px) {
		x, y := px[i], py[i]
		c := nearest(x, y, cx, cy)
		ka.AtomicAdd(&sx[c], x)
		ka.AtomicAdd(&sy[c], y)
		ka.AtomicAdd(&count[c], 1)
	}
}

// nearest is the index of the centroid of (cx, cy) nearest to (x, y), the
// first of equals.
func nearest(x, y float32, cx, cy []float32) int {
	best, bd := 0, float32(0)
	for c := range cx {
		dx, dy := x-cx[c], y-cy[c]
		if d := dx*dx + dy*dy; c == 0 || d < bd {
			best, bd = c, d
		}
	}
	return best
}
