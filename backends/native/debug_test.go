package native

import (
	"context"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kago-dev/kago/backends/native/internal/gftest"
	"github.com/kago-dev/kago/ka"
)

// debugChild names the mode a child process of TestDebugModeRace runs
// the racy kernel in.
const debugChild = "KAGO_TEST_DEBUG_CHILD"

// TestDebugModeRace checks the debug mode under the race detector: a
// kernel whose work-items race on one element (gftest.Racy), launched as
// one group, is reported by -race in every one of 10 runs with KAGO_NATIVE
// unset (a -race build's default) and 10 with KAGO_NATIVE=debug, since
// each work-item runs on a goroutine of its own; with KAGO_NATIVE=groups
// its group function runs the work-items in order on one goroutine, where
// the detector can see no race. Each run is a child process, which the
// detector fails.
func TestDebugModeRace(t *testing.T) {
	if os.Getenv(debugChild) != "" {
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
		for _, kv := range os.Environ() {
			if !strings.HasPrefix(kv, "KAGO_NATIVE=") {
				cmd.Env = append(cmd.Env, kv)
			}
		}
		cmd.Env = append(cmd.Env, debugChild+"=1")
		if mode != "" {
			cmd.Env = append(cmd.Env, "KAGO_NATIVE="+mode)
		}
		out, _ := cmd.CombinedOutput()
		return string(out)
	}
	for _, mode := range []string{"", "debug"} {
		for i := range 10 {
			out := run(mode)
			require.Contains(t, out, "WARNING: DATA RACE", "run %d with KAGO_NATIVE=%q: the race between work-items is reported:\n%s", i+1, mode, out)
			assert.Contains(t, out, "gftest.Racy", "the report names the kernel")
		}
	}
	out := run("groups")
	assert.NotContains(t, out, "WARNING: DATA RACE", "the group function runs the group on one goroutine:\n%s", out)
	assert.Contains(t, out, "PASS")
}

// TestModeDefault checks what an unset KAGO_NATIVE means: debug in a
// -race build, groups otherwise; and that an explicit mode wins.
func TestModeDefault(t *testing.T) {
	for _, c := range []struct {
		env            string
		perItem, debug bool
	}{{"", raceEnabled, raceEnabled}, {"groups", false, false}, {"items", true, false}, {"debug", true, true}} {
		t.Setenv("KAGO_NATIVE", c.env)
		perItem, debug, err := perItemMode()
		require.NoError(t, err)
		assert.Equal(t, [2]bool{c.perItem, c.debug}, [2]bool{perItem, debug}, "KAGO_NATIVE=%q, race detector %v", c.env, raceEnabled)
		dev, err := ka.Open("native")
		require.NoError(t, err)
		notes := strings.Join(dev.Capabilities().Notes, "; ")
		assert.Equal(t, c.debug, strings.Contains(notes, "debug mode"), "the device says it is in debug mode: %s", notes)
		require.NoError(t, dev.Close())
	}
}
