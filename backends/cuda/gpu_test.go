package cuda_test

// GPU tests. Each skips, with the reason, where ka.Open("cuda") fails with
// ka.ErrNoDevice (no driver or no GPU), unless KAGO_CUDA_REQUIRED=1 (which
// scripts/gpu-check.sh sets on the GPU machine, so that a broken driver
// setup fails instead of skipping).

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kago-dev/kago/backends/cuda"
	"github.com/kago-dev/kago/ka"
	"github.com/kago-dev/kago/ka/katest"
)

func kernel(t testing.TB, dev *ka.Device, fn any, group ...int) *ka.Kernel {
	t.Helper()
	var opts []ka.KernelOption
	if len(group) > 0 {
		opts = append(opts, ka.WithGroupSize(group...))
	}
	k, err := ka.NewKernel(dev, fn, opts...)
	require.NoError(t, err)
	return k
}

// The conformance suite: every kernel of the corpus agrees with values
// computed on the host, as the native backend's do.
func TestConformance(t *testing.T) { katest.Run(t, "cuda") }

func TestInfo(t *testing.T) {
	dev := katest.Open(t, gpuBackend)
	c := dev.Capabilities()
	assert.Equal(t, ka.GPU, dev.Kind(), "implausible: %s %+v", dev, c)
	assert.Positive(t, c.MaxGroupSize, "implausible: %s %+v", dev, c)
	assert.Positive(t, c.ComputeUnits, "implausible: %s %+v", dev, c)
	assert.Positive(t, c.GlobalMemBytes, "implausible: %s %+v", dev, c)
	assert.NotEmpty(t, c.Targets, "implausible: %s %+v", dev, c)
	t.Logf("%s: %+v", dev.Name(), c)
}

// saxpy runs y = a*x + y on s and checks the result.
func saxpy(ctx context.Context, dev *ka.Device, k *ka.Kernel, s *ka.Stream, n int) error {
	x, y := make([]float32, n), make([]float32, n)
	for i := range x {
		x[i], y[i] = float32(i), float32(2*i)
	}
	ax, err := ka.FromSlice(ctx, dev, x)
	if err != nil {
		return err
	}
	defer ax.Free()
	ay, err := ka.FromSlice(ctx, dev, y)
	if err != nil {
		return err
	}
	defer ay.Free()
	if err := k.Launch(s, ka.Range(n), float32(3), ax, ay); err != nil {
		return err
	}
	if err := ay.Read(ctx, y); err != nil {
		return err
	}
	for i, v := range y {
		if want := float32(3*i + 2*i); v != want {
			return fmt.Errorf("y[%d] = %v, want %v", i, v, want)
		}
	}
	return nil
}

func TestSaxpy(t *testing.T) {
	dev := katest.Open(t, gpuBackend)
	k := kernel(t, dev, Saxpy, 256)
	for _, n := range []int{1, 255, 256, 1000, 1 << 20} {
		assert.NoError(t, saxpy(context.Background(), dev, k, dev.Stream(), n), "n=%d", n)
	}
}

// Bad PTX is an error that carries the JIT's log, and the context stays
// usable.
func TestBadPTX(t *testing.T) {
	dev := katest.Open(t, gpuBackend)
	_, err := ka.NewKernel(dev, BadPTX)
	const why = "NewKernel of bad PTX; want CUDA_ERROR_INVALID_PTX with the JIT log"
	require.ErrorContains(t, err, "CUDA_ERROR_INVALID_PTX", why)
	require.ErrorContains(t, err, "JIT error log", why)
	t.Logf("as expected: %v", err)
	require.NoError(t, saxpy(context.Background(), dev, kernel(t, dev, Saxpy), dev.Stream(), 100))
}

// Concurrent tasks get distinct streams: eight tasks that all hold their
// stream at once (each waits for the others before returning) need eight
// streams besides the default one.
func TestConcurrentTasksDistinctStreams(t *testing.T) {
	dev := katest.Open(t, gpuBackend)
	k := kernel(t, dev, Saxpy, 64)
	before := cuda.LiveStreams()
	const n = 8
	var all sync.WaitGroup
	all.Add(n)
	var peak int
	var mu sync.Mutex
	tasks := make([]*ka.Task, n)
	for i := range tasks {
		tasks[i] = ka.Spawn(dev, func(s *ka.Stream) error {
			if err := saxpy(context.Background(), dev, k, s, 1000); err != nil {
				return err
			}
			all.Done()
			all.Wait()
			mu.Lock()
			peak = max(peak, cuda.LiveStreams()-before)
			mu.Unlock()
			return nil
		})
	}
	for _, tk := range tasks {
		require.NoError(t, tk.Wait(context.Background()))
	}
	assert.GreaterOrEqual(t, peak, n, "streams %d concurrent tasks held", n)
}

// The stream count stays bounded across 1,024 tasks (32 at a time): idle
// streams are reused, at most 32 kept.
func TestStreamCountBounded(t *testing.T) {
	dev := katest.Open(t, gpuBackend)
	k := kernel(t, dev, Empty)
	before := cuda.LiveStreams()
	sem := make(chan struct{}, 32)
	var wg sync.WaitGroup
	errs := make(chan error, 1024)
	for i := 0; i < 1024; i++ {
		sem <- struct{}{}
		wg.Add(1)
		tk := ka.Spawn(dev, func(s *ka.Stream) error {
			if err := k.Launch(s, ka.Range(1)); err != nil {
				return err
			}
			return s.Synchronize(context.Background())
		})
		go func() {
			defer wg.Done()
			errs <- tk.Wait(context.Background())
			<-sem
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		require.NoError(t, err)
	}
	assert.LessOrEqual(t, cuda.LiveStreams()-before, 32, "more streams left by 1,024 tasks; at most 32 idle are kept")
	live, idle := dev.Queues()
	t.Logf("after 1,024 tasks: %d streams live in the pool, %d idle", live, idle)
}

// Memory last used on a stream that has since been recycled can be read
// and freed while the stream's new owner is still running: neither waits
// for the new owner's work. Task B spins until task C sets a flag; the read
// and the free of A's memory happen before C starts, so if either waited
// for B, B would time out (and report 2) instead of seeing the flag (1).
func TestRecycledStreamMemory(t *testing.T) {
	dev := katest.Open(t, gpuBackend)
	ctx := context.Background()
	sax, wait, set := kernel(t, dev, Saxpy, 64), kernel(t, dev, WaitFlag, 1), kernel(t, dev, SetFlag, 1)
	m, err := ka.FromSlice(ctx, dev, []float32{1, 2, 3})
	require.NoError(t, err)
	x, err := ka.FromSlice(ctx, dev, []float32{1, 1, 1})
	require.NoError(t, err)
	defer x.Free()
	flag, err := ka.FromSlice(ctx, dev, []int32{0})
	require.NoError(t, err)
	defer flag.Free()
	out, err := ka.FromSlice(ctx, dev, []int32{0})
	require.NoError(t, err)
	defer out.Free()

	a := ka.Spawn(dev, func(s *ka.Stream) error { return sax.Launch(s, ka.Range(3), float32(2), x, m) })
	require.NoError(t, a.Wait(ctx))
	streams := cuda.LiveStreams()
	launched := make(chan struct{})
	b := ka.Spawn(dev, func(s *ka.Stream) error {
		err := wait.Launch(s, ka.Range(1), flag, out, int64(20e9))
		close(launched)
		return err
	})
	<-launched
	if cuda.LiveStreams() != streams {
		t.Logf("note: task B did not reuse task A's stream (%d streams, then %d)", streams, cuda.LiveStreams())
	}
	got := make([]float32, 3)
	require.NoError(t, m.Read(ctx, got))
	assert.Equal(t, []float32{3, 4, 5}, got, "m")
	require.NoError(t, m.Free())
	c := ka.Spawn(dev, func(s *ka.Stream) error { return set.Launch(s, ka.Range(1), flag) })
	require.NoError(t, errors.Join(c.Wait(ctx), b.Wait(ctx)))
	res := []int32{0}
	require.NoError(t, out.Read(ctx, res))
	require.Equal(t, int32(1), res[0], "task B's report: the read or free of memory from a recycled stream waited for the new owner's work")
}

// Priorities: work moved between priorities stays in order.
func TestPriorities(t *testing.T) {
	dev := katest.Open(t, gpuBackend)
	if !dev.Capabilities().Priorities {
		t.Logf("%s has a single stream priority", dev.Name())
	}
	k := kernel(t, dev, Saxpy, 128)
	ctx := context.Background()
	tk := ka.Spawn(dev, func(s *ka.Stream) error {
		y := make([]float32, 4096)
		ay, err := ka.FromSlice(ctx, dev, y)
		if err != nil {
			return err
		}
		defer ay.Free()
		ax, err := ka.FromSlice(ctx, dev, make([]float32, 4096))
		if err != nil {
			return err
		}
		defer ax.Free()
		if err := ax.Write(ctx, ones(4096)); err != nil {
			return err
		}
		for _, p := range []ka.Priority{ka.High, ka.Low, ka.Normal, ka.High} {
			if err := s.SetPriority(p); err != nil {
				return err
			}
			if err := k.Launch(s, ka.Range(4096), float32(1), ax, ay); err != nil {
				return err
			}
		}
		if err := s.WithPriority(ka.Low, func(s *ka.Stream) error { return k.Launch(s, ka.Range(4096), float32(1), ax, ay) }); err != nil {
			return err
		}
		if err := ay.Read(ctx, y); err != nil {
			return err
		}
		for i, v := range y {
			if v != 5 {
				return fmt.Errorf("y[%d] = %v after 5 ordered launches, want 5", i, v)
			}
		}
		return nil
	})
	require.NoError(t, tk.Wait(ctx))
}

func ones(n int) []float32 {
	s := make([]float32, n)
	for i := range s {
		s[i] = 1
	}
	return s
}

// A kernel that fails on the device makes Synchronize return an error
// wrapping ka.ErrDevice with the CUDA error name. CUDA's device errors are
// sticky (the context is unusable afterwards), so the failing launch runs
// in a child process: this test binary, re-run with -test.run=TestTrapChild.
func TestFailedLaunch(t *testing.T) {
	dev := katest.Open(t, gpuBackend)
	// A launch CUDA refuses up front is ErrBadLaunch and enqueues nothing.
	assert.ErrorIs(t, kernel(t, dev, Empty, dev.Capabilities().MaxGroupSize+1).Launch(dev.Stream(), ka.Range(1)), ka.ErrBadLaunch, "oversized group")
	if testing.Short() {
		t.Skip("-short: no child process")
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestTrapChild$", "-test.v")
	cmd.Env = append(os.Environ(), "KAGO_CUDA_TRAP_CHILD=1")
	outb, _ := cmd.CombinedOutput()
	out := string(outb)
	const why = "child did not report a device failure with a CUDA error name"
	require.Contains(t, out, "TRAP-RESULT: device command failed", why)
	require.Contains(t, out, "CUDA_ERROR_", why)
	for _, line := range strings.Split(out, "\n") {
		if strings.Contains(line, "TRAP-RESULT") {
			t.Log(strings.TrimSpace(line))
		}
	}
}

// TestTrapChild is TestFailedLaunch's child process.
func TestTrapChild(t *testing.T) {
	if os.Getenv("KAGO_CUDA_TRAP_CHILD") != "1" {
		t.Skip("runs only as TestFailedLaunch's child process")
	}
	dev, err := ka.Open("cuda")
	require.NoError(t, err)
	k := kernel(t, dev, Trap)
	if err := k.Launch(dev.Stream(), ka.Range(1)); err != nil {
		fmt.Printf("TRAP-RESULT: launch error: %v\n", err)
		return
	}
	err = dev.Synchronize(context.Background())
	if errors.Is(err, ka.ErrDevice) {
		fmt.Printf("TRAP-RESULT: device command failed: %v\n", err)
		return
	}
	fmt.Printf("TRAP-RESULT: unexpected: %v\n", err)
}
