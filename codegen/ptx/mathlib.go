package ptx

// mathRoutine is a transcendental function built as a straight-line f64
// program (mathprog.go).
type mathRoutine struct {
	nargs int
	build func(p *mprog, x []mv) mv
}

var mathRoutines = map[string]mathRoutine{}
