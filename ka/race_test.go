package ka

import (
	"context"
	"os"
	"os/exec"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Touching the host memory of an asynchronous copy before the stream has
// been synchronized is a data race that the race detector reports, on a
// backend whose copies it cannot see (the fake driver stands for one). The
// misuse runs in a child process, whose test fails with the report.
func TestAsyncCopyMisuseIsReportedAsARace(t *testing.T) {
	if !raceEnabled {
		t.Skip("needs -race")
	}
	if mode := os.Getenv("KAGO_TEST_ASYNC_MISUSE"); mode != "" {
		asyncCopyUse(t, mode)
		return
	}
	for _, c := range []struct {
		mode string
		race bool
	}{{"write-early", true}, {"read-early", true}, {"after-sync", false}, {"after-event", false}, {"round-trip", false}} {
		t.Run(c.mode, func(t *testing.T) {
			cmd := exec.Command(os.Args[0], "-test.run=^TestAsyncCopyMisuseIsReportedAsARace$", "-test.count=1")
			cmd.Env = append(os.Environ(), "KAGO_TEST_ASYNC_MISUSE="+c.mode, "GORACE=atexit_sleep_ms=0")
			out, err := cmd.CombinedOutput()
			if c.race {
				assert.Error(t, err)
				assert.Contains(t, string(out), "DATA RACE", "no race reported for %s", c.mode)
			} else {
				assert.NoError(t, err, "%s", out)
				assert.NotContains(t, string(out), "DATA RACE")
			}
		})
	}
}

func asyncCopyUse(t *testing.T, mode string) {
	dev, _ := openFake(t, false)
	a, err := Alloc[int32](dev, 4)
	require.NoError(t, err)
	s := dev.Stream()
	host := make([]int32, 4)
	switch mode {
	case "write-early":
		require.NoError(t, a.WriteAsync(s, host))
		host[0] = 1 // the device may still be reading host
	case "read-early":
		require.NoError(t, a.ReadAsync(s, host))
		_ = host[0] // the device may still be writing host
		t.Log(host[0])
	case "after-sync":
		require.NoError(t, a.ReadAsync(s, host))
		require.NoError(t, s.Synchronize(context.Background()))
		host[0] = 1
	case "round-trip": // the stream orders the device's two accesses
		require.NoError(t, a.WriteAsync(s, host))
		require.NoError(t, a.ReadAsync(s, host))
		require.NoError(t, s.Synchronize(context.Background()))
		host[0] = 1
	case "after-event":
		require.NoError(t, a.WriteAsync(s, host))
		ev, err := s.Record()
		require.NoError(t, err)
		require.NoError(t, ev.Wait(context.Background()))
		host[0] = 1
	}
	require.NoError(t, dev.Close())
}
