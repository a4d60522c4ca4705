package collectives

import (
	"fmt"
	"math"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kago-dev/kago/ka"
	"github.com/kago-dev/kago/ka/katest"
)

// TestBroadcastOutOfRange: ka.GroupBroadcast from outside the group, in
// 2-D groups of 4×3 over a range that leaves partial groups in both
// dimensions, is a *ka.KernelError with the same kind, file, line and
// message on every backend; the failing work-items go on to the barrier
// and the sum after the broadcast (nothing hangs), and the stream then
// broadcasts correctly, from the first and the last work-item.
func TestBroadcastOutOfRange(t *testing.T) {
	line := katest.LineOf(t, "kernels.go", "b := ka.GroupBroadcast(it, int32(it.Local()), from)")
	const gx, gy, nx, ny = 4, 3, 10, 7
	for _, b := range backends {
		t.Run(b, func(t *testing.T) {
			dev := open(t, b)
			ctx := t.Context()
			out, err := ka.Alloc[int32](dev, nx*ny)
			require.NoError(t, err)
			defer out.Free()
			k, err := NewBroadcast2Kernel(dev, ka.WithGroupSize(gy, gx))
			require.NoError(t, err)
			s := dev.Stream()
			for _, from := range []int{-1, gx * gy, gx*gy + 1, 1 << 32, 1 << 40, math.MinInt, math.MaxInt} {
				require.NoError(t, k.Launch(s, ka.Range2(ny, nx), from, out))
				err := s.Synchronize(ctx)
				var ke *ka.KernelError
				require.ErrorAs(t, err, &ke, "from %d", from)
				assert.Equal(t, ka.FaultIndex, ke.Kind, "from %d", from)
				assert.Equal(t, "kernels.go", filepath.Base(ke.File), "from %d", from)
				assert.Equal(t, line, ke.Line, "from %d", from)
				assert.Equal(t, fmt.Sprintf("GroupBroadcast from work-item %d of a group of %d", from, gx*gy), ke.Message)
				assert.Equal(t, [3]int{ke.GlobalID[0] / gx, ke.GlobalID[1] / gy, 0}, ke.GroupID, "the failing work-item's group")
				assert.Less(t, ke.GlobalID[0], 3*gx, "a work-item of the launch's groups")
				assert.Less(t, ke.GlobalID[1], 3*gy, "a work-item of the launch's groups")
			}
			for _, from := range []int{0, gx*gy - 1} {
				require.NoError(t, k.Launch(s, ka.Range2(ny, nx), from, out))
				got := make([]int32, nx*ny)
				require.NoError(t, out.Read(ctx, got))
				for i, v := range got {
					// b is from in every work-item, the sum gx*gy*from.
					require.Equal(t, int32(from*(1+gx*gy)), v, "from %d, work-item %d", from, i)
				}
			}
		})
	}
}
