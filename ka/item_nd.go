package ka

// Global2 returns the work-item's global indices in dimensions 1 and 0,
// (GlobalID(1), GlobalID(0)): for a launch over ka.Range2(rows, cols),
// the row and the column of the element it works on, i, j :=
// it.Global2(), as Matrix.At(i, j) takes them (docs/kernel-language.md,
// "Matrices and volumes").
func (it Item) Global2() (i, j int) {
	w := it.w()
	return w.GlobalID[1], w.GlobalID[0]
}

// Global3 returns the work-item's global indices in dimensions 2, 1 and 0:
// for a launch over ka.Range3(depth, rows, cols), the layer, row and
// column of a Volume's element.
func (it Item) Global3() (i, j, k int) {
	w := it.w()
	return w.GlobalID[2], w.GlobalID[1], w.GlobalID[0]
}
