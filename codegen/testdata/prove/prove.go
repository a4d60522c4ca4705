// Package prove holds kernels whose index checks codegen's TestProve
// expects the front end to prove redundant, or to keep: a line marked
// "// checks: N" must have N index checks (fault sites) left, and no
// unmarked line may have one.
package prove

import "github.com/kago-dev/kago/ka"

//ka:kernel
func Guarded(it ka.Item, x, y []float32) {
	if i := it.Global(); i < len(y) {
		y[i] = x[i] + y[i] // checks: 1 (y's two are proven by the guard; x's length is not y's)
	}
}

//ka:kernel
func GuardedBothWays(it ka.Item, x []int32) {
	i := it.Global()
	if len(x) <= i {
		return
	}
	x[i] = 1 // checks: 0 (the false edge of len(x) <= i)
}

//ka:kernel
func TwoGuards(it ka.Item, m []float32, w int) {
	i, j := it.GlobalID(0), it.GlobalID(1)
	if i < len(m) && j < len(m) {
		m[i] += m[j] // checks: 0
	}
}

//ka:kernel
func Loops(it ka.Item, x []int64, out []int64) {
	var s int64
	for j := 0; j < len(x); j++ {
		s += x[j] // checks: 0 (the loop's induction variable)
	}
	for j := range x {
		s += x[j] // checks: 0 (the range loop's)
	}
	for j, v := range x {
		s += v + x[j] // checks: 0
	}
	if i := it.Global(); i < len(out) {
		out[i] = s // checks: 0
	}
}

//ka:kernel
func Repeated(it ka.Item, x []int32) {
	i := it.Global()
	x[i] = 1  // checks: 1 (no guard)
	x[i] += 2 // checks: 0 (the check above dominates)
}

//ka:kernel
func WrongVariable(it ka.Item, x []int32, n int) {
	i, j := it.Global(), it.Local()
	if i < len(x) {
		x[j] = 1 // checks: 1 (the guard is on i)
	}
}

//ka:kernel
func WrongLength(it ka.Item, x, y []int32, n int) {
	i := it.Global()
	if i < n {
		x[i] = 1 // checks: 1 (n is not len(x))
	}
	for j := 0; j < len(y); j++ {
		x[j] = 2 // checks: 1 (the loop is bounded by y's length)
	}
}

//ka:kernel
func FromMemory(it ka.Item, idx []int, x []int32) {
	if i := it.Global(); i < len(idx) {
		k := idx[i] // checks: 0
		if k < len(x) {
			x[k] = 1 // checks: 1 (k may be negative)
		}
	}
}

//ka:kernel
func Wraparound(it ka.Item, x []int32, a int) {
	if i := it.Global(); i < len(x) {
		if j := i + 1; j < len(x) {
			x[j] = 1 // checks: 0 (i < len(x), so i+1 does not wrap, and j < len(x))
		}
		if k := a + 1; k < len(x) {
			x[k] = 2 // checks: 1 (a+1 may wrap to a negative number)
		}
		if k := i - 1; k < len(x) {
			x[k] = 3 // checks: 1 (i-1 is -1 for the first work-item)
		}
	}
}

//ka:kernel
func Down(it ka.Item, x []int32) {
	for j := len(x) - 1; j >= 0; j-- {
		x[j] = 1 // checks: 1 (no guard says j < len(x))
	}
}

//ka:kernel
func Barriers(it ka.Item, x []int32) {
	i := it.Global()
	x[i] = 1 // checks: 1
	it.Barrier()
	x[i] = 2 // checks: 1 (in a kernel with barriers a failed check goes on)
}

//ka:kernel
func MatrixGuarded(it ka.Item, m ka.Matrix[float32], v ka.Volume[float32]) {
	i, j := it.Global2()
	if i < m.Rows() && j < m.Cols() {
		m.Set(i, j, m.At(i, j)+1) // checks: 0 (both extents guarded, the At dominates the Set)
	}
	if i < m.Cols() && j < m.Rows() {
		m.Set(i, j, 2) // checks: 2 (rows and columns swapped)
	}
	if j < m.Stride() && i < m.Rows() {
		m.Set(i, j, 3) // checks: 1 (the stride is not the width)
	}
	for k := 0; k < v.Depth(); k++ {
		if i < v.Rows() && j < v.Cols() {
			v.Set(k, i, j, 4) // checks: 0 (all three extents)
		}
	}
}

//ka:kernel
func Neighbours(it ka.Item, x []float32, m ka.Matrix[float32], a int) {
	i, j := it.Global2()
	if i > 0 && i < len(x)-1 {
		x[i] = x[i-1] + x[i+1] // checks: 0 (i-1 ≥ 0 from i > 0, i+1 < len(x) from i < len(x)-1)
	}
	if i < len(x)-1 {
		x[i] = x[i+2] // checks: 1 (x[i] is proven; i+2 may be len(x))
	}
	if a >= 0 && a < len(x) {
		x[a] = x[a-1] // checks: 1 (a ≥ 0 does not make a-1 ≥ 0)
	}
	if i > 0 && i < m.Rows()-1 && j < m.Cols() {
		m.Set(i, j, m.At(i-1, j)+m.At(i+1, j)) // checks: 0
	}
}

//ka:kernel
func PrivateArrays(it ka.Item, x []float32, k int) {
	var acc [4][3]float32
	var last [5]float32
	for q := 0; q < 4; q++ {
		for p := range 3 {
			row := &acc[q]           // checks: 0 (q < 4, from 0)
			row[p] += float32(q * p) // checks: 0 (p < 3, from 0)
		}
		last[q+1] = acc[q][0] // checks: 0 (q+1 < 5: q < 4)
	}
	for q := 0; q < 5; q++ {
		last[q] += acc[q][0] // checks: 1 (q < 5 does not make q < 4 for acc)
	}
	for q := range 5 {
		last[q] += acc[q][1] // checks: 1 (last[q] is proven: q < 5; acc[q] is not)
	}
	if k >= 0 && k < 3 {
		last[k] = acc[0][k] // checks: 0 (0 ≤ k < 3 ≤ 4 and 5)
	}
	last[k%5] = 1 // checks: 1 (k may be negative)
	if i := it.Global(); i < len(x) {
		x[i] = last[4] // checks: 0
	}
}

// Rows16 indexes y+k for a loop counter k under a guard on y: the row loop
// of algo's kMatMulRows.
//
//ka:kernel
func Rows16(it ka.Item, s []float32, k int) {
	j0 := it.GlobalID(0) * 16
	if j0 <= len(s)-16 {
		for jj := range 16 {
			s[j0+jj] += 1 // checks: 0 (0 ≤ j0, j0+jj ≤ j0+15 < len(s))
		}
		for jj := range 17 {
			s[j0+jj] += 2 // checks: 1 (jj may be 16)
		}
	}
	if j0 < len(s)-15 {
		for jj := range 16 {
			s[j0+jj] += 3 // checks: 0 (the same bound, written with <)
		}
	}
	if k <= len(s)-16 {
		for jj := range 16 {
			s[k+jj] += 4 // checks: 1 (k may be negative)
		}
	}
	j1 := it.GlobalID(0) * (1 << 15)
	if j1 <= len(s)-16 {
		for jj := range 16 {
			s[j1+jj] += 5 // checks: 1 (a query times 2^15 may wrap)
		}
	}
	j2 := it.GlobalID(0) << 4
	if j2 <= len(s)-16 {
		for jj := range 16 {
			s[jj+j2] += 6 // checks: 0 (a query shifted by 4, the counter first)
		}
	}
}

// MatrixRow is the same on a matrix's columns.
//
//ka:kernel
func MatrixRow(it ka.Item, m ka.Matrix[float32], out []float32) {
	i, j0 := it.GlobalID(1), it.GlobalID(0)*16
	if i < m.Rows() && j0 <= m.Cols()-16 {
		var acc float32
		for jj := range 16 {
			acc += m.At(i, j0+jj) // checks: 0 (row: i < Rows; column: j0+jj < Cols)
		}
		if i < len(out) {
			out[i] = acc // checks: 0
		}
	}
}
