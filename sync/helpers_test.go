package sync_test

import (
	"bufio"
	"context"
	"os"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	kasync "github.com/kago-dev/kago/sync"
	"github.com/kago-dev/kago/sync/internal/cthreads"
)

// hangGuard bounds how long a test waits for something that must happen.
// It is not a performance assertion: reaching it means a deadlock or a lost
// wake-up.
const hangGuard = 60 * time.Second

// eventually waits until cond holds, failing the test after hangGuard.
func eventually(t testing.TB, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(hangGuard)
	for !cond() {
		require.False(t, time.Now().After(deadline), "gave up waiting for %s (deadlock or lost wake-up?)", what)
		time.Sleep(200 * time.Microsecond)
	}
}

// outcome is what a Wait returned.
type outcome struct {
	ran bool
	err error
}

// goWait runs kasync.Wait on a new goroutine and returns its outcome later.
func goWait(ctx context.Context, op kasync.Op, opts kasync.Options) <-chan outcome {
	ch := make(chan outcome, 1)
	go func() {
		ran, err := kasync.Wait(ctx, op, opts)
		ch <- outcome{ran, err}
	}()
	return ch
}

// receive waits for a Wait's outcome, failing after hangGuard.
func receive(t testing.TB, ch <-chan outcome, what string) outcome {
	t.Helper()
	select {
	case o := <-ch:
		return o
	case <-time.After(hangGuard):
		require.FailNowf(t, "gave up waiting", "for %s (deadlock or lost wake-up?)", what)
		return outcome{}
	}
}

// notYet gives a wrongly finished wait a moment to show, then checks that
// it has not finished. Slowness can only hide a bug here, never fail a
// correct implementation.
func notYet(t testing.TB, ch <-chan outcome, what string) {
	t.Helper()
	time.Sleep(5 * time.Millisecond)
	select {
	case o := <-ch:
		require.FailNowf(t, "returned early", "%s: ran=%v err=%v", what, o.ran, o.err)
	default:
	}
}

// threads reads the process's OS thread count from /proc/self/status.
func threads(t testing.TB) int {
	t.Helper()
	f, err := os.Open("/proc/self/status")
	if err != nil {
		t.Skipf("no /proc/self/status: %v", err)
	}
	defer f.Close()
	s := bufio.NewScanner(f)
	for s.Scan() {
		if v, ok := strings.CutPrefix(s.Text(), "Threads:"); ok {
			n, err := strconv.Atoi(strings.TrimSpace(v))
			require.NoError(t, err)
			return n
		}
	}
	require.FailNow(t, "no Threads line in /proc/self/status")
	return 0
}

// idleWorkers waits until no worker is busy, so that a test starts from a
// known pool state, and returns the overflow count.
func idleWorkers(t testing.TB) int64 {
	t.Helper()
	eventually(t, "idle workers", func() bool { _, busy, _ := kasync.WorkerStats(); return busy == 0 })
	_, _, overflow := kasync.WorkerStats()
	return overflow
}

// withProcs runs f with GOMAXPROCS set to n.
func withProcs(n int, f func()) {
	old := runtime.GOMAXPROCS(n)
	defer runtime.GOMAXPROCS(old)
	f()
}

// streams starts n simulated device queues, closed at the end of the test.
func streams(t testing.TB, n int) []*cthreads.Stream {
	ss := make([]*cthreads.Stream, n)
	for i := range ss {
		ss[i] = cthreads.NewStream()
	}
	t.Cleanup(func() {
		for _, s := range ss {
			s.Close()
		}
	})
	return ss
}

// gate returns a closed gate that is opened at the end of the test at the
// latest, so that streams can be closed.
func gate(t testing.TB) *cthreads.Gate {
	g := cthreads.NewGate()
	t.Cleanup(g.Open)
	return g
}

// completed submits an operation and waits until it has completed, without
// going through package sync.
func completed(t testing.TB, s *cthreads.Stream, spec cthreads.Spec) *cthreads.Op {
	op := s.Submit(spec)
	eventually(t, "simulated op to complete", op.Done)
	return op
}
