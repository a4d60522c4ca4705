package native

import (
	"context"
	"os"
	"os/exec"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kago-dev/kago/backends/native/internal/gftest"
	"github.com/kago-dev/kago/ka"
)

// debugChild names the mode a child process of TestDebugModeRace runs
// the racy kernel in.
const debugChild = "KAGO_TEST_DEBUG_CHILD"

// TestDebugModeRace checks KAGO_NATIVE=debug under the race detector: a
// kernel whose work-items race on one element (gftest.Racy), launched as
// one group, is reported by -race in every one of 10 runs, since each
// work-item runs on a goroutine of its own; by default its group function
// runs the work-items in order on one goroutine, where the detector can
// see no race. Each run is a child process, which the detector fails.
func TestDebugModeRace(t *testing.T) {
	if mode := os.Getenv(debugChild); mode != "" {
		dev, err := ka.Open("native")
		require.NoError(t, err)
		defer dev.Close()
		x, err := ka.Alloc[int32](dev, 1)
		require.NoError(t, err)
		k, err := gftest.NewRacyKernel(dev, ka.WithGroupSize(64))
		require.NoError(t, err)
		require.NoError(t, k.Launch(dev.Stream(), ka.Range(64), x))
		require.NoError(t, dev.Synchronize(context.Background()))
		return
	}
	if !raceEnabled {
		t.Skip("needs the race detector (go test -race)")
	}
	run := func(mode string) string {
		cmd := exec.Command(os.Args[0], "-test.run=^TestDebugModeRace$", "-test.count=1")
		cmd.Env = append(os.Environ(), debugChild+"="+mode, "KAGO_NATIVE="+mode)
		out, _ := cmd.CombinedOutput()
		return string(out)
	}
	for i := range 10 {
		out := run("debug")
		require.Contains(t, out, "WARNING: DATA RACE", "run %d of KAGO_NATIVE=debug: the race between work-items is reported:\n%s", i+1, out)
		assert.Contains(t, out, "gftest.Racy", "the report names the kernel")
	}
	out := run("groups")
	assert.NotContains(t, out, "WARNING: DATA RACE", "the group function runs the group on one goroutine:\n%s", out)
	assert.Contains(t, out, "PASS")
}
