package groupfn_test

import "testing"

// TestViews checks that a kernel's matrix and volume parameters are taken
// apart once at the top of its group function and their methods become
// ka/kernel's accessors (views.go), with the arguments' own edits kept,
// unused parts left out, and that a parameter the kernel assigns keeps
// its method calls. Each generated function must compile.
func TestViews(t *testing.T) {
	imp := newImporter(t)
	for _, c := range []struct {
		name        string
		src         string
		has, hasNot []string
	}{
		{"matrix", `func K(it ka.Item, in, out ka.Matrix[float32]) {
	i, j := it.Global2()
	if i < in.Rows() && j < in.Cols() {
		out.Set(i, j, in.At(i, j)*float32(in.Stride()))
	}
}`, []string{
			"inData, inRows, inCols, inStride := in.View()",
			"outData, outRows, outCols, outStride := out.View()",
			"i < len(inRows) && j < len(inCols)",
			"kernel.Set2(outData, outRows, outCols, outStride, i, j, kernel.At2(inData, inRows, inCols, inStride, i, j)*float32(inStride))",
		}, []string{"in.At", "out.Set"}},
		{"an item query inside an accessor's arguments", `func K(it ka.Item, m ka.Matrix[int32]) {
	m.Set(it.GlobalID(1), it.GlobalID(0), 1)
}`, []string{"mData, mRows, mCols, mStride := m.View()", "kernel.Set2(mData, mRows, mCols, mStride, gy, gx, 1)"}, nil},
		{"only an extent", `func K(it ka.Item, m ka.Matrix[int32], x []int32) {
	if i := it.Global(); i < len(x) {
		x[i] = int32(m.Rows())
	}
}`, []string{"_, mRows, _, _ := m.View()", "int32(len(mRows))"}, nil},
		{"volume", `func K(it ka.Item, v ka.Volume[float32]) {
	i, j, k := it.Global3()
	if i < v.Depth() && j < v.Rows() && k < v.Cols() {
		ka.AtomicAdd(v.Ptr(i, j, k), float32(v.PlaneStride()))
	}
}`, []string{"vData, vDepth, vRows, vCols, vPlaneStride, vStride := v.View()",
			"kernel.Ptr3(vData, vDepth, vRows, vCols, vPlaneStride, vStride, i, j, k)"}, nil},
		{"an assigned parameter keeps its methods", `func K(it ka.Item, a, b ka.Matrix[float32]) {
	a = b
	i, j := it.Global2()
	if i < a.Rows() && j < a.Cols() {
		a.Set(i, j, b.At(i, j))
	}
}`, []string{"a.Set(i, j, kernel.At2(bData, bRows, bCols, bStride, i, j))", "i < a.Rows() && j < a.Cols()"}, []string{"a.View()", "aData"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			generated(t, imp, c.src, c.has, c.hasNot)
		})
	}
}
