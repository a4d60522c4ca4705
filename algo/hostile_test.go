package algo

import (
	"context"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kago-dev/kago/ka"
	"github.com/kago-dev/kago/ka/katest"
)

// A call of the package with a freed array is a bad launch, as any launch
// is, and every call on a closed device an error wrapping ka.ErrClosed,
// never a crash; calls from many goroutines on streams of their own sort
// correctly at once.
func TestHostile(t *testing.T) {
	ctx := context.Background()
	for _, b := range testBackends {
		t.Run(b, func(t *testing.T) {
			dev := katest.Open(t, b)
			x, err := ka.FromSlice(ctx, dev, []float32{3, 1, 2})
			require.NoError(t, err)
			v, err := ka.FromSlice(ctx, dev, []uint32{0, 1, 2})
			require.NoError(t, err)
			y, err := ka.Alloc[float32](dev, 3)
			require.NoError(t, err)
			s := dev.Stream()

			// Many goroutines at once, each on its own stream.
			var wg sync.WaitGroup
			for g := range 8 {
				wg.Add(1)
				go func() {
					defer wg.Done()
					xs := make([]float32, 1000+g)
					for i := range xs {
						xs[i] = float32((i * 7919) % 1000)
					}
					err := ka.Spawn(dev, func(s *ka.Stream) error {
						a, err := ka.FromSlice(ctx, dev, xs)
						if err != nil {
							return err
						}
						defer a.Free()
						if err := Sort(s, a); err != nil {
							return err
						}
						got := make([]float32, len(xs))
						if err := a.Read(ctx, got); err != nil {
							return err
						}
						for i := 1; i < len(got); i++ {
							if got[i-1] > got[i] {
								t.Errorf("goroutine %d: not sorted at %d", g, i)
								return nil
							}
						}
						return nil
					}).Wait(ctx)
					require.NoError(t, err)
				}()
			}
			wg.Wait()

			require.NoError(t, y.Free())
			require.ErrorIs(t, Copy(s, y, x), ka.ErrBadLaunch, "into a freed array, as any launch")
			require.NoError(t, dev.Close())
			_, err = Sum(ctx, s, x)
			require.ErrorIs(t, err, ka.ErrClosed)
			_, err = Reduce(ctx, s, x, OpMax)
			require.ErrorIs(t, err, ka.ErrClosed)
			require.ErrorIs(t, Sort(s, x), ka.ErrClosed)
			require.ErrorIs(t, SortPairs(s, x, v), ka.ErrClosed)
			require.ErrorIs(t, ExclusiveScan(s, x, x), ka.ErrClosed)
			require.ErrorIs(t, Fill(s, x, 1), ka.ErrClosed)
		})
	}
}
