package opencl

import (
	"context"
	"fmt"
	"sort"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/kago-dev/kago/ka/driver"
	kasync "github.com/kago-dev/kago/sync"
)

// BenchmarkLaunchSync measures launch + Synchronize of a one-work-item
// kernel that loops n times (n = 0 is an empty kernel), with cooperative
// waits and with KAGO_SYNC=blocking (clFinish), side by side. It reports the
// median and p90 in µs. benchmarks/opencl.md has the command and results.
func BenchmarkLaunchSync(b *testing.B) {
	d := openTestDevice(b)
	q := newQueue(b, d)
	f := load(b, d, spinSpec)
	out := alloc(b, d, 4)
	ctx := context.Background()
	for _, n := range []int64{0, 5000, 12000, 50000, 250000} {
		for _, mode := range []string{"blocking", "cooperative"} {
			b.Run(fmt.Sprintf("iters=%d/%s", n, mode), func(b *testing.B) {
				prev := kasync.SetBlocking(mode == "blocking")
				defer kasync.SetBlocking(prev)
				args := []driver.Arg{{Value: n}, {Buffer: out, Len: 1}}
				times := make([]time.Duration, 0, b.N)
				var err error
				for b.Loop() {
					// Checked after the loop: require calls b.Helper, which would be timed.
					t0 := time.Now()
					if err = q.Launch(f, range1(1), range1(1), args); err != nil {
						break
					}
					if err = q.Synchronize(ctx); err != nil {
						break
					}
					times = append(times, time.Since(t0))
				}
				require.NoError(b, err)
				sort.Slice(times, func(i, j int) bool { return times[i] < times[j] })
				b.ReportMetric(float64(times[len(times)/2].Nanoseconds())/1e3, "median-µs")
				b.ReportMetric(float64(times[len(times)*9/10].Nanoseconds())/1e3, "p90-µs")
			})
		}
	}
}
