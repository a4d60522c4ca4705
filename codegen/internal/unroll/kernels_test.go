package unroll

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kago-dev/kago/codegen/internal/ircheck"
	"github.com/kago-dev/kago/codegen/internal/narrow"
	"github.com/kago-dev/kago/codegen/ptx"
	"github.com/stretchr/testify/require"
)

// The benchmarks' kernels and two of testdata/src, as kago ir prints
// them (testdata/<Kernel>.ll, written from the repository's root by
//
//	go run ./cmd/kago ir github.com/kago-dev/kago/benchmarks/kernels.<Kernel>
//	go run ./cmd/kago ir ./codegen/internal/unroll/testdata/src.<Kernel>
//
// ): the unchecked tiled matmul and reduction lose every loop with a
// constant trip count; the checked ones and the cancellable matmul are
// unrolled as far as the caps allow; all pass ircheck, the three
// emitters translate them, and they run as before (sameTrace), on inputs
// that take the loops and, for the checked kernels, on inputs that fault.
func TestKernels(t *testing.T) {
	for _, k := range []struct {
		name      string
		unrolled  int
		constLeft int  // loops with a constant trip count left
		barriers  bool // whether the kernel has barriers
		faulting  int  // how many of the runs record a fault
		params    []map[string]uint64
	}{
		{"MatMulTiledNoCheck", 1, 0, true, 0, []map[string]uint64{{"n": 40}, {"n": 20}}},
		{"SumNoCheck", 1, 0, true, 0, []map[string]uint64{{"x.len": 1000}, {"x.len": 5}}},
		// The bounds checks' fault paths make the tiled product 16 × 80
		// instructions: over MaxSize.
		{"MatMulTiled", 0, 1, true, 1, []map[string]uint64{
			{"n": 40, "a.len": 1600, "b.len": 1600, "c.len": 1600},
			{"n": 40, "a.len": 3, "b.len": 1600},
		}},
		{"Sum", 1, 0, true, 0, []map[string]uint64{{"x.len": 1000, "out.len": 10}, {"x.len": 5, "out.len": 0}}},
		{"MatMulTiledCancel", 1, 0, true, 0, []map[string]uint64{{"n": 40}}},
		// Without barriers, the checks branch to the one fault block,
		// also from outside the loop (y[i]).
		{"Fir", 1, 0, false, 3, []map[string]uint64{
			{"x.len": 2000, "taps.len": 8, "y.len": 2000},
			{"x.len": 2000, "taps.len": 5, "y.len": 2000},
			{"x.len": 1655, "taps.len": 8, "y.len": 2000},
			{"x.len": 2000, "taps.len": 8, "y.len": 20},
		}},
		// Stop checks have strip-mined the loop: its bound is the strip's
		// end, a phi of the strip loop, and the pass leaves both loops.
		{"FirCancel", 0, 0, false, 0, []map[string]uint64{{"x.len": 2000, "taps.len": 8, "y.len": 2000}}},
	} {
		t.Run(k.name, func(t *testing.T) {
			src, err := os.ReadFile(filepath.Join("testdata", k.name+".ll"))
			require.NoError(t, err)
			r := unrollModule(t, string(src))
			require.Equal(t, k.unrolled, r.n)
			narrowed(t, r)
			require.Equal(t, k.constLeft, constantLoops(r.f))
			faulting := 0
			for _, p := range k.params {
				trace := strings.Join(sameTraceWith(t, r, p), "\n")
				require.Contains(t, trace, "load ")
				require.Contains(t, trace, "store ")
				if k.barriers {
					require.Contains(t, trace, "barrier")
				}
				if strings.Contains(trace, "cmpxchg") {
					faulting++
				}
			}
			require.Equal(t, k.faulting, faulting)
		})
	}
}

// narrowed requires the unrolled kernel to narrow as the PTX emitter's
// copy does (codegen/narrowed.go) and the result to pass ircheck and the
// PTX emitter.
func narrowed(t *testing.T, r result) {
	t.Helper()
	m, f := parse(t, r.m.String())
	narrow.Func(f)
	ircheck.Renumber(f)
	require.NoError(t, f.AssignIDs())
	_, err := ircheck.Check("IR after narrowing", m)
	require.NoError(t, err)
	_, err = ptx.Emit(m, ptx.Options{})
	require.NoError(t, err)
}
