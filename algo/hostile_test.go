package algo

import (
	"context"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
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
							if !assert.LessOrEqual(t, got[i-1], got[i], "goroutine %d: not sorted at %d", g, i) {
								return nil
							}
						}
						return nil
					}).Wait(ctx)
					assert.NoError(t, err) // off the test goroutine: assert, never require
				}()
			}
			wg.Wait()

			require.NoError(t, y.Free())
			require.ErrorIs(t, Fill(s, y, 1), ka.ErrBadLaunch, "a freed array, as any launch")
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

// TestInvalidArgs: a nil stream or array, an array of another device and
// arrays whose lengths differ are errors wrapping ka.ErrInvalid, as they
// are for package ka's own calls, before anything is enqueued; they used
// to panic (x.Len(), s.Device() dereferenced) or wrap no sentinel.
func TestInvalidArgs(t *testing.T) {
	ctx := context.Background()
	for _, b := range testBackends {
		t.Run(b, func(t *testing.T) {
			dev := katest.Open(t, b)
			other := katest.Open(t, b)
			s := dev.Stream()
			x, err := ka.FromSlice(ctx, dev, []float32{3, 1, 2})
			require.NoError(t, err)
			short, err := ka.FromSlice(ctx, dev, []float32{1, 2})
			require.NoError(t, err)
			v, err := ka.FromSlice(ctx, dev, []uint32{0, 1})
			require.NoError(t, err)
			theirs, err := ka.FromSlice(ctx, other, []float32{1, 2, 3})
			require.NoError(t, err)
			var nilx *ka.Array[float32]
			var zero ka.Array[float32]
			var nils *ka.Stream
			calls := map[string]func() error{
				"Fill, nil stream":       func() error { return Fill(nils, x, 1) },
				"Fill, nil array":        func() error { return Fill(s, nilx, 1) },
				"Fill, zero array":       func() error { return Fill(s, &zero, 1) },
				"Iota, nil array":        func() error { return Iota(s, nilx) },
				"Fill, other device":     func() error { return Fill(s, theirs, 1) },
				"Sum, nil array":         func() error { _, err := Sum(ctx, s, nilx); return err },
				"Sum, nil stream":        func() error { _, err := Sum(ctx, nils, x); return err },
				"Min, other device":      func() error { _, err := Min(ctx, s, theirs); return err },
				"Reduce, nil array":      func() error { _, err := Reduce(ctx, s, nilx, OpMax); return err },
				"MapReduce, nil stream":  func() error { _, err := MapReduce(ctx, nils, x, MapAbs, OpSum); return err },
				"InclusiveScan, nil":     func() error { return InclusiveScan(s, nilx, x) },
				"ExclusiveScan, lengths": func() error { return ExclusiveScan(s, short, x) },
				"Sort, nil array":        func() error { return Sort(s, nilx) },
				"Sort, nil stream":       func() error { return Sort(nils, x) },
				"Sort[uint32], nil":      func() error { return Sort[uint32](s, nil) },
				"SortPairs, nil vals":    func() error { return SortPairs[float32, uint32](s, x, nil) },
				"SortPairs, lengths":     func() error { return SortPairs(s, x, v) },
				"SortPairs, other dev":   func() error { return SortPairs(s, theirs, v) },
			}
			for name, call := range calls {
				require.ErrorIs(t, call(), ka.ErrInvalid, name)
			}
			got := make([]float32, 3)
			require.NoError(t, x.Read(ctx, got))
			require.Equal(t, []float32{3, 1, 2}, got, "a refused call changed its array")
		})
	}
}
