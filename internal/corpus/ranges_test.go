package corpus

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kago-dev/kago/ka"
	"github.com/kago-dev/kago/ka/katest"
)

// maskedRanges are ragged ranges, none a multiple of its group size.
var maskedRanges = []struct {
	r     ka.NDRange
	group []int
}{
	{ka.Range2(3, 100), []int{16, 16}}, // 24 of 300 elements were wrong before masking
	{ka.Range2(5, 37), []int{4, 8}},
	{ka.Range3(3, 5, 7), []int{2, 4, 4}},
}

func init() {
	for _, k := range []struct {
		name string
		fn   any
	}{{"Masked", Masked}, {"MaskedBarrier", MaskedBarrier}} {
		cases = append(cases, corpusCase{k.name, 0, func(h *harness) {
			for _, m := range maskedRanges {
				n := m.r.Size[0] * m.r.Size[1] * m.r.Size[2]
				x := in(h, seq(n, func(i int) float32 { return float32(i) }))
				y := out(h, seq(n, func(i int) float32 { return 0.5 }))
				h.launch(k.fn, m.r, m.group, x, y)
			}
		}})
	}
}

// TestMaskedRanges checks the masked kernels against the expected result,
// not only native against the devices: each element added once.
func TestMaskedRanges(t *testing.T) {
	for _, backend := range []string{"native", "pocl", "pocl-spirv"} {
		t.Run(backend, func(t *testing.T) {
			dev := katest.Open(t, backend)
			for _, c := range cases {
				if c.name != "Masked" && c.name != "MaskedBarrier" {
					continue
				}
				h := &harness{t: t, ctx: context.Background(), dev: dev}
				c.run(h)
				for j, o := range h.outs {
					got := o().([]float32)
					wrong := 0
					for i, v := range got {
						if v != float32(i)+0.5 {
							wrong++
						}
					}
					require.Zero(t, wrong, "%s over %v on %s: %d of %d elements wrong", c.name, maskedRanges[j].r.Size, backend, wrong, len(got))
				}
			}
		})
	}
}
