package sync_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	kasync "github.com/kago-dev/kago/sync"
	"github.com/kago-dev/kago/sync/internal/cthreads"
)

// kinds of operation, one per strategy a backend can choose.
var kinds = []struct {
	name string
	view func(*cthreads.Op) kasync.Op
}{
	{"worker", func(o *cthreads.Op) kasync.Op { return o }},
	{"pollable-worker", func(o *cthreads.Op) kasync.Op { return o.Poll() }},
	{"event-callback", func(o *cthreads.Op) kasync.Op { return o.Event() }},
	{"hostfunc-callback", func(o *cthreads.Op) kasync.Op { return o.HostFunc() }},
}

// The head-of-line test of the Julia write-up, made deterministic: short
// waits must all finish while a long one is pending, with more waits than
// workers. The long operation only completes after they have.
func TestShortWaitsPassLongWait(t *testing.T) {
	for _, k := range kinds[:2] {
		t.Run(k.name, func(t *testing.T) {
			idleWorkers(t)
			ss := streams(t, 10)
			g := gate(t)
			long := ss[0].Submit(cthreads.Spec{Gate: g})
			longRes := goWait(context.Background(), k.view(long), kasync.Options{})
			eventually(t, "the long wait to reach a worker", func() bool { return long.Counts().Waits == 1 })

			var results []<-chan outcome
			for _, s := range ss[1:] {
				for range 2 { // 18 short waits, two per stream
					results = append(results, goWait(context.Background(), k.view(s.After(time.Millisecond)), kasync.Options{}))
				}
			}
			for i, r := range results {
				o := receive(t, r, fmt.Sprintf("short wait %d behind the long one", i))
				require.NoError(t, o.err, "short wait %d", i)
			}
			g.Open()
			o := receive(t, longRes, "the long wait")
			require.NoError(t, o.err, "long wait")
			require.True(t, o.ran, "long wait did not run the op")
		})
	}
}

func TestNonPollableWaitWhileAllWorkersHeld(t *testing.T) {
	overflow := idleWorkers(t)
	ss := streams(t, kasync.MaxWorkers+1)
	g := gate(t)
	var held []<-chan outcome
	for _, s := range ss[:kasync.MaxWorkers] {
		held = append(held, goWait(context.Background(), s.Submit(cthreads.Spec{Gate: g}), kasync.Options{}))
	}
	eventually(t, "all workers busy", func() bool {
		alive, busy, _ := kasync.WorkerStats()
		return alive == kasync.MaxWorkers && busy == kasync.MaxWorkers
	})
	op := ss[kasync.MaxWorkers].After(time.Millisecond)
	o := receive(t, goWait(context.Background(), op, kasync.Options{}), "a wait while all workers are held")
	require.NoError(t, o.err, "Wait")
	require.True(t, o.ran, "Wait did not run the op")
	_, _, ov := kasync.WorkerStats()
	require.Equal(t, overflow+1, ov, "overflow; want one overflow worker")
	g.Open()
	for _, r := range held {
		receive(t, r, "held wait")
	}
}

func TestPollableWaitsUseAtMostFourWorkers(t *testing.T) {
	const n = 10
	overflow := idleWorkers(t)
	ss := streams(t, n)
	g := gate(t)
	var results []<-chan outcome
	for _, s := range ss {
		results = append(results, goWait(context.Background(), s.Submit(cthreads.Spec{Gate: g}).Poll(), kasync.Options{}))
	}
	eventually(t, "four busy workers and the rest polling", func() bool {
		_, busy, _ := kasync.WorkerStats()
		return busy == kasync.MaxWorkers && kasync.PollingForWorker() == n-kasync.MaxWorkers
	})
	g.Open()
	workers := 0
	for _, r := range results {
		o := receive(t, r, "pollable wait")
		require.NoError(t, o.err)
		if o.ran {
			workers++
		}
	}
	alive, _, ov := kasync.WorkerStats()
	require.Equal(t, overflow, ov, "overflow; pollable waits must stay within %d workers", kasync.MaxWorkers)
	require.LessOrEqual(t, alive, kasync.MaxWorkers, "alive workers; pollable waits must stay within %d workers", kasync.MaxWorkers)
	require.GreaterOrEqual(t, workers, kasync.MaxWorkers, "waits that ran on workers; want at least the %d that held them", kasync.MaxWorkers)
}

// Other goroutines keep running while waits of every kind are pending, with
// one P too: a goroutine must finish a ping-pong of 100 rounds before the
// operations can complete.
func TestOthersRunWhileWaiting(t *testing.T) {
	for _, procs := range []int{1, 2} {
		t.Run(fmt.Sprintf("GOMAXPROCS=%d", procs), func(t *testing.T) {
			withProcs(procs, func() {
				idleWorkers(t)
				ss := streams(t, len(kinds))
				g := gate(t)
				var results []<-chan outcome
				for i, k := range kinds {
					results = append(results, goWait(context.Background(), k.view(ss[i].Submit(cthreads.Spec{Gate: g})), kasync.Options{}))
				}
				ping, pong := make(chan int), make(chan int)
				go func() {
					for v := range ping {
						pong <- v + 1
					}
				}()
				for i := range 100 {
					ping <- i
					require.Equal(t, i+1, <-pong, "pong")
				}
				close(ping)
				for i, r := range results {
					notYet(t, r, kinds[i].name)
				}
				g.Open()
				for i, r := range results {
					require.NoError(t, receive(t, r, kinds[i].name).err, kinds[i].name)
				}
			})
		})
	}
}

// Many goroutines wait concurrently on operations of every kind, completed
// by several C threads: each operation is waited for exactly once by the
// driver or notified exactly once, and no wake-up is lost.
func TestExactlyOnceManyProducers(t *testing.T) {
	const goroutines, rounds = 32, 25
	ss := streams(t, 8)
	handles := kasync.LiveHandles()
	errs := make(chan error, goroutines)
	for i := range goroutines {
		go func() {
			for j := range rounds {
				k := kinds[(i+j)%len(kinds)]
				op := ss[(i*rounds+j)%len(ss)].After(time.Duration(j%3) * 20 * time.Microsecond)
				ran, err := kasync.Wait(context.Background(), k.view(op), kasync.Options{Spin: kasync.NoSpin})
				if err != nil {
					errs <- err
					return
				}
				c := op.Counts()
				if ran && c.Waits != 1 || !ran && c.Waits != 0 {
					errs <- fmt.Errorf("%s: ran=%v but %d blocking waits", k.name, ran, c.Waits)
					return
				}
				if c.Registered > 0 {
					op.AwaitCallback() // it may still be returning into C
					if c := op.Counts(); c.Callbacks != 1 {
						errs <- fmt.Errorf("%s: %d callbacks", k.name, c.Callbacks)
						return
					}
				}
			}
			errs <- nil
		}()
	}
	for range goroutines {
		select {
		case err := <-errs:
			require.NoError(t, err)
		case <-time.After(hangGuard):
			require.FailNow(t, "gave up waiting for the producers (lost wake-up?)")
		}
	}
	eventually(t, "handles to be deleted", func() bool { return kasync.LiveHandles() == handles })
	idleWorkers(t)
}
