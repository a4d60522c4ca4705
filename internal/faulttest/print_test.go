package faulttest_test

import (
	"context"
	"os"
	"os/exec"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kago-dev/kago/internal/faulttest"
	"github.com/kago-dev/kago/ka"
	"github.com/kago-dev/kago/ka/driver"
	"github.com/kago-dev/kago/ka/katest"
	"github.com/kago-dev/kago/ka/kgen"
)

// printChild is the environment variable that makes TestPrint's child
// process print from a kernel on the target it names.
const printChild = "KAGO_FAULTTEST_PRINT"

// hello launches Hello over 3 work-items on the target and waits.
func hello(t *testing.T, target string) {
	ctx := context.Background()
	x := []int32{1, 2, 3}
	if target == "spirv" {
		run := spirvRunner(t)
		require.NoError(t, run(t, fault{kernel: faulttest.Hello, n: 3, args: []any{x}}, 0))
		return
	}
	dev := katest.Open(t, target)
	k, err := faulttest.NewHelloKernel(dev)
	require.NoError(t, err)
	ax, err := ka.FromSlice(ctx, dev, x)
	require.NoError(t, err)
	require.NoError(t, k.Launch(dev.Stream(), ka.Range(3), ax))
	require.NoError(t, dev.Stream().Synchronize(ctx))
}

// TestPrint runs Hello in a child process, which is how the output of
// PoCL's printf (the process's standard output, written by the driver) can
// be read honestly, and checks every work-item's lines, in any order.
func TestPrint(t *testing.T) {
	if target := os.Getenv(printChild); target != "" {
		hello(t, target)
		return
	}
	// cuda-sim: the PTX's vprintf on the simulated CUDA driver (sim_test.go).
	for _, target := range []string{"native", "pocl", "spirv", "cuda-sim"} {
		t.Run(target, func(t *testing.T) {
			cmd := exec.Command(os.Args[0], "-test.run=^TestPrint$", "-test.v")
			cmd.Env = append(os.Environ(), printChild+"="+target)
			out, err := cmd.CombinedOutput()
			if strings.Contains(string(out), "--- SKIP") {
				t.Skipf("%s", out)
			}
			require.NoError(t, err, "%s", out)
			var got []string
			for _, l := range strings.Split(string(out), "\n") {
				if strings.HasPrefix(l, "hello") || strings.HasPrefix(l, "x[") || strings.HasPrefix(l, "fmt.") {
					got = append(got, l)
				}
			}
			sort.Strings(got)
			assert.Equal(t, []string{
				"fmt.Print0 1",
				"fmt.Print1 2",
				"fmt.Print2 3",
				"fmt.Printf 0 1",
				"fmt.Printf 1 2",
				"fmt.Printf 2 3",
				"fmt.Println 0 false 0.5",
				"fmt.Println 1 true 0.5",
				"fmt.Println 2 true 0.5",
				"hello from work-item 0 false",
				"hello from work-item 1 true",
				"hello from work-item 2 true",
				"x[0] = 1, false%",
				"x[1] = 2, false%",
				"x[2] = 3, true%",
			}, got, "output:\n%s", out)
		})
	}
}

// TestPrintCode: each target's code prints with its printf.
func TestPrintCode(t *testing.T) {
	spec, err := kgen.LookupKernel(faulttest.Hello)
	require.NoError(t, err)
	clc, err := driver.OpenCLCOf(spec)
	require.NoError(t, err)
	assert.Contains(t, string(clc), `printf("hello from work-item %ld %s\n"`[:30])
	ptx, err := driver.PTXOf(spec)
	require.NoError(t, err)
	assert.Contains(t, string(ptx), "call.uni (vprintf_ret), vprintf")
}
