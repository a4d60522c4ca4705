package pocl_test

import (
	"context"
	"errors"
	"runtime"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kago-dev/kago/backends/opencl"
	_ "github.com/kago-dev/kago/backends/pocl"
	"github.com/kago-dev/kago/ka"
	"github.com/kago-dev/kago/ka/driver"
	"github.com/kago-dev/kago/ka/katest"
	"github.com/kago-dev/kago/ka/kgen"
)

// Saxpy is the reference kernel; its OpenCL C twin below follows
// docs/ir.md's ABI (slices as pointer and length, the hidden ka.gsize0..2).
func Saxpy(it ka.Item, a float32, x, y []float32) {
	if i := it.Global(); i < len(y) {
		y[i] = a*x[i] + y[i]
	}
}

func init() {
	kgen.RegisterKernel(Saxpy, &driver.KernelSpec{
		Name: "Saxpy", Entry: "Saxpy",
		Params: []driver.Param{{Name: "a", Type: driver.Float32}, {Name: "x", Type: driver.Float32, Slice: true}, {Name: "y", Type: driver.Float32, Slice: true}},
		Code: driver.CodeMap{driver.OpenCLC: []byte(`
__kernel void Saxpy(float a, __global float *x, long x_len, __global float *y, long y_len,
                    long gsize0, long gsize1, long gsize2) {
	long i = get_global_id(0);
	if (i < y_len) y[i] = a * x[i] + y[i];
}`)},
	})
}

// saxpyTask returns a task body that runs saxpy over n elements on its own
// stream and checks the result.
func saxpyTask(dev *ka.Device, k *ka.Kernel, n int) func(*ka.Stream) error {
	return func(s *ka.Stream) error {
		ctx := context.Background()
		x, y := make([]float32, n), make([]float32, n)
		for i := range x {
			x[i], y[i] = float32(i), 1
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
		if err := k.Launch(s, ka.Range(n), float32(2), ax, ay); err != nil {
			return err
		}
		if err := s.Synchronize(ctx); err != nil {
			return err
		}
		if err := ay.Read(ctx, y); err != nil {
			return err
		}
		for i, v := range y {
			if v != 2*float32(i)+1 {
				return errors.New("wrong saxpy result")
			}
		}
		return nil
	}
}

func TestOpenReportsPoCL(t *testing.T) {
	dev := katest.Open(t, "pocl")
	assert.Equal(t, "pocl", dev.Backend(), "opened %v; want a pocl CPU device", dev)
	assert.Equal(t, ka.CPU, dev.Kind(), "opened %v; want a pocl CPU device", dev)
}

// TestSpawnSaxpy: 64 tasks each run saxpy on a queue of their own; all
// results are right and the number of OpenCL queues stays bounded.
func TestSpawnSaxpy(t *testing.T) {
	dev := katest.Open(t, "pocl")
	k, err := ka.NewKernel(dev, Saxpy, ka.WithGroupSize(64))
	require.NoError(t, err)
	tasks := make([]*ka.Task, 64)
	for i := range tasks {
		tasks[i] = ka.Spawn(dev, saxpyTask(dev, k, 4096))
	}
	for i, task := range tasks {
		assert.NoError(t, task.Wait(context.Background()), "task %d", i)
	}
	assert.LessOrEqual(t, opencl.LiveQueues(), 64+32+1, "OpenCL queues alive after 64 tasks")
}

// TestManyShortTasks: 20,000 short tasks complete, with at most 32 idle
// plus the concurrently running tasks' queues alive.
func TestManyShortTasks(t *testing.T) {
	dev := katest.Open(t, "pocl")
	k, err := ka.NewKernel(dev, Saxpy, ka.WithGroupSize(64))
	require.NoError(t, err)
	const total, concurrent = 20000, 16
	maxLive := 0
	for done := 0; done < total; done += concurrent {
		batch := make([]*ka.Task, concurrent)
		for i := range batch {
			batch[i] = ka.Spawn(dev, saxpyTask(dev, k, 16))
		}
		for _, task := range batch {
			require.NoError(t, task.Wait(context.Background()))
		}
		maxLive = max(maxLive, opencl.LiveQueues())
	}
	assert.LessOrEqual(t, maxLive, 32+concurrent+1, "OpenCL queues alive at most; want at most 32 idle + %d running + the default", concurrent)
	t.Logf("%d tasks, at most %d queues alive, %d goroutines", total, maxLive, runtime.NumGoroutine())
}

// TestConformance runs the whole suite on PoCL, from the OpenCL C that kago
// gen made of the suite's Go kernels. Not DriverOutOfMemory: PoCL takes
// the host's memory for a buffer only when a command first uses it, so
// creating buffers never fails (16 GiB of them here, on 23 GiB of
// memory), and filling them would take the host's memory for real.
// backends/opencl's TestOutOfMemoryErrors checks the mapping of the
// driver's errors instead.
func TestConformance(t *testing.T) {
	katest.Run(t, "pocl", katest.Skip("DriverOutOfMemory"))
}

// TestAllocsRetainNothing: rounds of many live allocations, each round on
// a device opened and closed again, leave nothing behind in Go's heap.
// (The process's RSS on PoCL does move between rounds, by up to ~20 MB for
// 100,000 live buffers, but in C memory: glibc keeps the freed cl_mem
// objects' pages, malloc_trim gives them back, and over ten rounds it
// plateaus; see docs/backends.md, "PoCL".)
func TestAllocsRetainNothing(t *testing.T) {
	const rounds, n = 4, 20000
	heap := func() uint64 {
		runtime.GC()
		runtime.GC()
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		return ms.HeapAlloc
	}
	var after []uint64
	for range rounds {
		dev := katest.Open(t, "pocl")
		as := make([]*ka.Array[float32], n)
		for i := range as {
			a, err := ka.Alloc[float32](dev, 16)
			require.NoError(t, err)
			as[i] = a
		}
		for _, a := range as {
			require.NoError(t, a.Free())
		}
		require.NoError(t, dev.Close())
		as = nil
		after = append(after, heap())
	}
	// The first round warms caches (sync.Maps, the driver's tables); from
	// then on the heap must not grow with the rounds: 64 bytes per
	// allocation would be 1.3 MB a round.
	grew := int64(after[rounds-1]) - int64(after[1])
	assert.LessOrEqual(t, grew, int64(256<<10), "bytes the Go heap grew by over %d rounds of %d allocations (after each: %v)", rounds-2, n, after)
}
