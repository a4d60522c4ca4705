package corpus

import "github.com/kago-dev/kago/ka"

// This file holds the kernels of structs and nested arrays (issue 14,
// items 2 and 3): private [3][3]float32 matrices, struct values through
// helpers, phis and arrays of structs.

// Vec3 is a small vector, passed and returned by value.
type Vec3 struct{ X, Y, Z float32 }

// add3 and scale3 are helpers that take and return structs.
func add3(a, b Vec3) Vec3 { return Vec3{a.X + b.X, a.Y + b.Y, a.Z + b.Z} }

func scale3(a Vec3, s float32) Vec3 {
	if s == 0 {
		return Vec3{}
	}
	return Vec3{a.X * s, a.Y * s, a.Z * s}
}

// Private3x3 builds a private 3×3 matrix per work-item, multiplies it by
// its transpose and writes the trace and one row: KernelAbstractions'
// private-memory 3×3 form.
//
//ka:kernel
func Private3x3(it ka.Item, x []float32, out []float32) {
	i := it.Global()
	if 4*i+3 >= len(out) {
		return
	}
	var m [3][3]float32
	for r := range 3 {
		for c := range 3 {
			m[r][c] = x[(i+3*r+c)%len(x)]
		}
	}
	var p [3][3]float32
	for r := range 3 {
		for c := range 3 {
			var s float32
			for k := range 3 {
				s += m[r][k] * m[c][k]
			}
			p[r][c] = s
		}
	}
	row := p[i%3]
	out[4*i] = p[0][0] + p[1][1] + p[2][2]
	for k, v := range row[:] {
		out[4*i+1+k] = v
	}
}

// Particle is a record with a nested struct, a fixed-size array and a bool.
type Particle struct {
	Pos   Vec3
	Mass  float32
	Count [2]int32
	Live  bool
}

// PrivateStructs keeps an array of structs in private memory, carries a
// struct across loop iterations (phis, including a swap) and through
// helpers with several returns.
//
//ka:kernel
func PrivateStructs(it ka.Item, x []float32, out []float32) {
	i := it.Global()
	if i >= len(out) {
		return
	}
	var ps [4]Particle
	for k := range ps {
		ps[k].Pos = Vec3{x[(i+k)%len(x)], float32(k), 1}
		ps[k].Mass = float32(k + 1)
		ps[k].Count[1] = int32(k * i)
		ps[k].Live = (i+k)%3 != 0
	}
	var acc Vec3
	for _, p := range ps {
		if p.Live {
			acc = add3(acc, scale3(p.Pos, p.Mass))
		}
		acc.Z += float32(p.Count[1])
	}
	a, b := acc, Vec3{1, 2, 3}
	for k := 0; k < i%4; k++ {
		a, b = b, a
	}
	out[i] = a.X + 2*a.Y + 3*a.Z - b.X
}
