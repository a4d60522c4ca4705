package ka_test

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime/trace"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kago-dev/kago/ka"
)

// With runtime/trace on, a launch, a copy and a wait are regions of the
// goroutine that issued them, the kernel is a task from its enqueue to the
// wait that saw it complete, and the kernel's device interval is a log of
// that task whose category is the kernel's name. The trace is parsed by the Go
// toolchain's own reader (go tool trace -d=parsed), which needs no module
// beyond the standard distribution.
func TestTraceShowsLaunchesCopiesAndWaits(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go tool trace")
	}
	gotool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command to parse the trace")
	}
	ctx := context.Background()
	dev := openNative(t)
	k := kernel(t, dev, CopyInts)
	x, err := ka.FromSlice(ctx, dev, []int32{1, 2, 3})
	require.NoError(t, err)
	y, err := ka.Alloc[int32](dev, 3)
	require.NoError(t, err)

	path := filepath.Join(t.TempDir(), "trace.out")
	f, err := os.Create(path)
	require.NoError(t, err)
	require.NoError(t, trace.Start(f))
	s := dev.Stream()
	require.NoError(t, k.Launch(s, ka.Range(3), x, y))
	require.NoError(t, s.Synchronize(ctx))
	got := make([]int32, 3)
	require.NoError(t, y.Read(ctx, got))
	trace.Stop()
	require.NoError(t, f.Close())
	assert.Equal(t, []int32{1, 2, 3}, got)

	out, err := exec.Command(gotool, "tool", "trace", "-d=parsed", path).CombinedOutput()
	require.NoError(t, err, "%s", out)
	events := string(out)
	name := "github.com/kago-dev/kago/ka_test.CopyInts"
	for _, want := range []string{
		`RegionBegin`, `Type="kago.launch"`, `Type="kago.wait"`, `Type="kago.read"`,
		`Category="kago.kernel" Message="` + name + `"`,
		`Category="kago.wait" Message="Stream.Synchronize"`,
		`Category="` + name + `" Message="device `,
		`TaskBegin`, `Type="kago.kernel ` + name + `"`, `TaskEnd`,
	} {
		assert.Contains(t, events, want)
	}
	// The device log belongs to the kernel's task, which ends after it.
	begin := regexp.MustCompile(`TaskBegin Time=\d+ ID=(\d+) Parent=\d+ Type="kago.kernel ` + regexp.QuoteMeta(name) + `"`).FindStringSubmatch(events)
	require.NotNil(t, begin, "the kernel's task")
	logAt := strings.Index(events, `Task=`+begin[1]+` Category="`+name+`" Message="device `)
	end := regexp.MustCompile(`TaskEnd Time=\d+ ID=` + begin[1] + ` `).FindStringIndex(events)
	require.NotNil(t, end, "the kernel's task ends")
	assert.Positive(t, logAt, "the device log is the task's")
	assert.Greater(t, end[0], logAt, "the task ends after its device log")
	if t.Failed() || testing.Verbose() {
		for _, l := range strings.Split(events, "\n") {
			if strings.Contains(l, "kago") || strings.Contains(l, "CopyInts") {
				t.Log(l)
			}
		}
	}
}
