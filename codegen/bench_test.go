package codegen_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kago-dev/kago/codegen"
	"github.com/kago-dev/kago/codegen/internal/ircheck"
	"github.com/kago-dev/kago/ka/driver"
)

// BenchmarkCompile measures compile time per kernel over the corpus
// (internal/corpus, 19 kernels): the front end from go/ssa to the portable
// IR (package loading excluded: it is done once, outside the timer), the
// verifier on that IR (which the front end runs after it and after each
// pass, and each emitter before it), and each emitter from that IR.
// ns/kernel is the figure to read.
//
//	go test -run '^$' -bench Compile ./codegen
func BenchmarkCompile(b *testing.B) {
	p, err := codegen.Load(codegen.Config{Dir: ".."}, "./internal/corpus")
	require.NoError(b, err)
	kernels, err := p.Compile()
	require.NoError(b, err)
	perKernel := func(b *testing.B) {
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(kernels)), "ns/kernel")
	}
	b.Run("frontend", func(b *testing.B) {
		for b.Loop() {
			_, err := p.Compile()
			require.NoError(b, err)
		}
		perKernel(b)
	})
	b.Run("verify", func(b *testing.B) {
		for b.Loop() {
			for _, k := range kernels {
				_, err := ircheck.Check("bench", k.Module)
				require.NoError(b, err)
			}
		}
		perKernel(b)
	})
	for _, target := range []driver.Target{driver.OpenCLC, driver.SPIRV, driver.PTX} {
		b.Run(target.String(), func(b *testing.B) {
			for b.Loop() {
				for _, k := range kernels {
					_, err := codegen.Emit(k, target)
					require.NoError(b, err)
				}
			}
			perKernel(b)
		})
	}
}
