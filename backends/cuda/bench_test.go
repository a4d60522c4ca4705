package cuda_test

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kago-dev/kago/backends/cuda"
	"github.com/kago-dev/kago/ka"
	"github.com/kago-dev/kago/ka/katest"
	kasync "github.com/kago-dev/kago/sync"
)

// BenchmarkSyncOverhead measures a launch plus a synchronize of a kernel
// that spins for 0, 50 or 100 µs, cooperative (package sync: poll, then a
// worker) against blocking (KAGO_SYNC=blocking: cuStreamSynchronize on the
// caller). It reports the median of (launch + synchronize − kernel
// duration) as overhead-µs, as the seed's table does (RTX 5080: 6.6–7.8 µs).
func BenchmarkSyncOverhead(b *testing.B) {
	dev := katest.Open(b, "cuda")
	k := kernel(b, dev, Spin, 1)
	s := dev.Stream()
	ctx := context.Background()
	for _, us := range []int{0, 50, 100} {
		for _, mode := range []string{"cooperative", "blocking"} {
			b.Run(fmt.Sprintf("kernel=%dus/%s", us, mode), func(b *testing.B) {
				prev := kasync.SetBlocking(mode == "blocking")
				defer kasync.SetBlocking(prev)
				ns := int64(us) * 1000
				for i := 0; i < 10; i++ { // warm up: module, stream, workers
					k.Launch(s, ka.Range(1), ns)
					s.Synchronize(ctx)
				}
				d := make([]time.Duration, 0, b.N)
				var err error
				b.ResetTimer()
				for i := 0; i < b.N; i++ {
					// Checked after the loop: require calls b.Helper, which would be timed.
					t0 := time.Now()
					if err = k.Launch(s, ka.Range(1), ns); err != nil {
						break
					}
					if err = s.Synchronize(ctx); err != nil {
						break
					}
					d = append(d, time.Since(t0))
				}
				b.StopTimer()
				require.NoError(b, err)
				slices.Sort(d)
				med := d[len(d)/2] - time.Duration(ns)
				b.ReportMetric(float64(med)/1e3, "overhead-µs")
			})
		}
	}
}

// BenchmarkLaunch measures enqueueing an empty kernel, and its allocations
// (ka's argument slice; the backend's packing allocates nothing).
func BenchmarkLaunch(b *testing.B) {
	dev := katest.Open(b, "cuda")
	k := kernel(b, dev, Saxpy, 256)
	ctx := context.Background()
	x, err := ka.Alloc[float32](dev, 1024)
	require.NoError(b, err)
	defer x.Free()
	s := dev.Stream()
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		// Checked after the loop: require calls b.Helper, which would be timed.
		if err = k.Launch(s, ka.Range(1024), float32(1), x, x); err != nil {
			break
		}
		if i%1024 == 1023 {
			s.Synchronize(ctx)
		}
	}
	b.StopTimer()
	require.NoError(b, err)
	require.NoError(b, s.Synchronize(ctx))
}

// Test20000Tasks runs 20,000 short tasks (the seed's workload: 17–35 s and
// 11,700 streams in CUDA.jl before stream recycling, 0.95 s and 2 streams
// after), 64 at a time, each with its own small arrays and a kernel. It
// checks that every task's result is right and that the streams stay
// bounded; the time and the stream peak go to the log.
func Test20000Tasks(t *testing.T) {
	if testing.Short() {
		t.Skip("-short")
	}
	dev := katest.Open(t, gpuBackend)
	k := kernel(t, dev, Saxpy, 64)
	ctx := context.Background()
	before := cuda.LiveStreams()
	var (
		mu   sync.Mutex
		peak int
	)
	sem := make(chan struct{}, 64)
	var wg sync.WaitGroup
	errc := make(chan error, 1)
	t0 := time.Now()
	for i := 0; i < 20000; i++ {
		sem <- struct{}{}
		wg.Add(1)
		tk := ka.Spawn(dev, func(s *ka.Stream) error {
			err := saxpy(ctx, dev, k, s, 64)
			mu.Lock()
			peak = max(peak, cuda.LiveStreams()-before)
			mu.Unlock()
			return err
		})
		go func() {
			defer wg.Done()
			if err := tk.Wait(ctx); err != nil {
				select {
				case errc <- err:
				default:
				}
			}
			<-sem
		}()
	}
	wg.Wait()
	elapsed := time.Since(t0)
	select {
	case err := <-errc:
		require.NoError(t, err)
	default:
	}
	grew := cuda.LiveStreams() - before
	t.Logf("20,000 tasks (64 at a time) in %v; peak %d streams, %d left after", elapsed, peak, grew)
	assert.LessOrEqual(t, grew, 32, "streams left after the tasks; at most 32 idle are kept")
	assert.LessOrEqual(t, peak, 64+32, "peak of streams for 64 concurrent tasks")
}
