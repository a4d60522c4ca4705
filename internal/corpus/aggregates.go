package corpus

import "github.com/kago-dev/kago/ka"

// This file holds the kernels of structs and nested arrays:
// private [3][3]float32 matrices, struct values through helpers, phis and
// arrays of structs.

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

// StepParams is a struct parameter: scalars of every width, a nested
// struct, an array and bools, with Go's padding between them.
type StepParams struct {
	Dt    float32
	Steps int64
	Flags [3]bool
	Scale int16
	Box   struct{ Min, Max Vec3 }
	Gain  [2]float64
}

// StructParam advances a private particle per work-item under a struct
// parameter, clamping it to the parameter's box.
//
//ka:kernel
func StructParam(it ka.Item, p StepParams, x []float32, out []float32) {
	i := it.Global()
	if 4*i+3 >= len(out) {
		return
	}
	pt := Particle{Pos: Vec3{x[i%len(x)], float32(i), -float32(i)}, Mass: 1 + float32(i%3)}
	v := Vec3{1, -2, 0.5}
	for s := int64(0); s < p.Steps; s++ {
		pt.Pos = add3(pt.Pos, scale3(v, p.Dt*pt.Mass))
		if p.Flags[s%3] {
			pt.Pos.X = min(max(pt.Pos.X, p.Box.Min.X), p.Box.Max.X)
			pt.Pos.Y = min(max(pt.Pos.Y, p.Box.Min.Y), p.Box.Max.Y)
		}
	}
	out[4*i] = pt.Pos.X
	out[4*i+1] = pt.Pos.Y
	out[4*i+2] = pt.Pos.Z * float32(p.Scale)
	out[4*i+3] = float32(p.Gain[0]*float64(pt.Pos.X) + p.Gain[1])
}

// Body is an n-body record in global memory.
type Body struct {
	Pos, Vel Vec3
	Mass     float32
	Hits     int32
	Fixed    bool
}

// NBodyParams is NBody's struct parameter.
type NBodyParams struct {
	Dt, Soft float32
	Radius   float32
}

// Encounters counts a body's close encounters.
type Encounters struct {
	Near  int32
	Close float32
}

// NBody advances every body by one step of direct summation over all
// bodies of in (an array of structs), writes the new bodies to out, counts
// the close encounters of each body with an atomic on &enc[j].Near, and
// copies a whole record for fixed bodies.
//
//ka:kernel
func NBody(it ka.Item, p NBodyParams, in, out []Body, enc []Encounters) {
	i := it.Global()
	if i >= len(in) {
		return
	}
	b := in[i]
	if b.Fixed {
		out[i] = b
		return
	}
	var acc Vec3
	for j := range in {
		if j == i {
			continue
		}
		d := Vec3{in[j].Pos.X - b.Pos.X, in[j].Pos.Y - b.Pos.Y, in[j].Pos.Z - b.Pos.Z}
		r2 := d.X*d.X + d.Y*d.Y + d.Z*d.Z + p.Soft
		if r2 < p.Radius*p.Radius {
			ka.AtomicAdd(&enc[j].Near, 1)
			ka.AtomicAdd(&enc[j].Close, 1)
		}
		acc = add3(acc, scale3(d, in[j].Mass/(r2*r2)))
	}
	b.Vel = add3(b.Vel, scale3(acc, p.Dt))
	b.Pos = add3(b.Pos, scale3(b.Vel, p.Dt))
	out[i] = b
	out[i].Hits = int32(i)
}
