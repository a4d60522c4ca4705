package main

import (
	"fmt"
	"time"

	"github.com/kago-dev/kago/backends/opencl"
	"github.com/kago-dev/kago/backends/pocl"
	"github.com/kago-dev/kago/ka/driver"
	kasync "github.com/kago-dev/kago/sync"
)

// inflation is table 2: a ~1 ms kernel over every PoCL core, waited for
// with clFinish (blocking), with the worker strategy (polling, then a
// worker goroutine in clWaitForEvents: what GPUs get) and with the callback
// strategy (what CPU devices get), samples interleaved. It works on PoCL's
// device directly, through opencl.SynchronizeWith, since ka always uses the
// device's own strategy.
func inflation(k *kit, cfg config) *table {
	t := &table{id: "2", title: "Kernel time inflation on a CPU device: wait strategies for a ~1 ms kernel on all cores", backend: k.name}
	fail := func(err error) *table {
		t.cols = []string{"error"}
		t.add(err.Error())
		return t
	}
	d, err := pocl.Backend.Open(0)
	if err != nil {
		return fail(err)
	}
	defer d.Close()
	f, err := d.Load(spinSpec)
	if err != nil {
		return fail(err)
	}
	q, err := d.NewQueue(driver.Normal)
	if err != nil {
		return fail(err)
	}
	defer q.Release()
	r := 4 * max(1, d.Info().Capabilities.ComputeUnits)
	buf, err := d.Alloc(4 * r)
	if err != nil {
		return fail(err)
	}
	defer buf.Free(nil)
	rng := driver.NDRange{Dims: 1, Size: [3]int{r, 1, 1}}
	grp := driver.NDRange{Dims: 1, Size: [3]int{1, 1, 1}}
	run := func(n int64, s opencl.WaitStrategy) (time.Duration, error) {
		d, _, err := timedRun(q, f, rng, grp, []driver.Arg{{Value: n}, {Buffer: buf, Len: r}}, s)
		return d, err
	}
	// Calibrate in blocking mode: fastest of 3 at growing n until ≥ 30 ms.
	prev := kasync.SetBlocking(true)
	best := func(n int64) time.Duration {
		b := time.Duration(1 << 62)
		for range 3 {
			d, err := run(n, opencl.DeviceStrategy)
			if err != nil {
				return -1
			}
			b = min(b, d)
		}
		return b
	}
	e := best(0)
	n := int64(1000)
	for {
		dd := best(n)
		if dd < 0 {
			kasync.SetBlocking(prev)
			return fail(fmt.Errorf("calibration failed"))
		}
		if dd > 30*time.Millisecond {
			n = int64(float64(n) * float64(time.Millisecond) / float64(dd-e))
			break
		}
		n *= 4
	}
	kt := best(n) - e
	kasync.SetBlocking(prev)

	modes := []string{"blocking", "worker", "callback"}
	strat := map[string]opencl.WaitStrategy{"blocking": opencl.DeviceStrategy, "worker": opencl.WorkerStrategy, "callback": opencl.CallbackStrategy}
	wall := map[string][]float64{}
	cpu := map[string][]float64{}
	kern := map[string][]float64{} // the kernel's time from profiling events
	for range cfg.reps {
		times := map[string][]float64{}
		cpus := map[string]time.Duration{}
		kernels := map[string][]float64{}
		for s := range cfg.samples {
			for j := range modes {
				m := modes[(s+j)%len(modes)]
				p := kasync.SetBlocking(m == "blocking")
				c0 := cpuTime()
				dd, kd, err := timedRun(q, f, rng, grp, []driver.Arg{{Value: n}, {Buffer: buf, Len: r}}, strat[m])
				cpus[m] += cpuTime() - c0
				if kd > 0 {
					kernels[m] = append(kernels[m], us(kd))
				}
				kasync.SetBlocking(p)
				if err != nil {
					return fail(err)
				}
				times[m] = append(times[m], us(dd))
			}
		}
		for _, m := range modes {
			wall[m] = append(wall[m], median(times[m]))
			cpu[m] = append(cpu[m], us(cpus[m])/float64(cfg.samples))
			if len(kernels[m]) > 0 {
				kern[m] = append(kern[m], median(kernels[m]))
			}
		}
	}
	t.cols = []string{"wait", "launch+sync p50 (µs)", "vs blocking", "kernel p50 (µs, profiling)", "launch+sync / kernel", "process CPU per launch (µs)"}
	base := spreadOf(wall["blocking"]).med
	for _, m := range modes {
		s := spreadOf(wall[m])
		k, infl := "n/a", "n/a"
		if len(kern[m]) > 0 {
			ks := spreadOf(kern[m])
			k, infl = ks.String(), ratio(s.med, ks.med)
		}
		t.add(m, s.String(), ratio(s.med, base), k, infl, spreadOf(cpu[m]).String())
	}
	t.notes = append(t.notes,
		fmt.Sprintf("Spin over %d work-items in groups of 1 (PoCL reports %d compute units), %d loop iterations: %.0f µs alone when calibrated (fastest blocking run minus an empty launch; the load on the shared machine changes between calibration and measurement, so compare the rows, which ran interleaved). %d repetitions × %d samples per mode, modes interleaved. Blocking = KAGO_SYNC=blocking (clFinish); worker = 256 polls then clWaitForEvents on a sync worker (the GPU strategy); callback = ≤10 µs of polling then clSetEventCallback (PoCL's default). Process CPU includes PoCL's threads running the kernel. Kernel = the kernel command's CL_PROFILING_COMMAND_START to END on a queue with CL_QUEUE_PROFILING_ENABLE (driver.KernelTimer), so launch+sync / kernel is the inflation each wait strategy adds to the kernel itself (the kernel slows too when waiting takes a core).",
			r, d.Info().Capabilities.ComputeUnits, n, us(kt), cfg.reps, cfg.samples))
	return t
}

// timedRun launches f and waits with strategy s, and returns the wall time
// of launch and wait and the kernel's own time from the queue's profiling
// events (0 where the queue cannot time kernels).
func timedRun(q driver.Queue, f driver.Function, rng, grp driver.NDRange, args []driver.Arg, s opencl.WaitStrategy) (wall, kernel time.Duration, err error) {
	kt, timed := q.(driver.KernelTimer)
	t0 := time.Now()
	var sp driver.Span
	if timed {
		sp, err = kt.LaunchTimed(f, rng, grp, args)
	} else {
		err = q.Launch(f, rng, grp, args)
	}
	if err != nil {
		return 0, 0, err
	}
	err = opencl.SynchronizeWith(bg, q, s)
	wall = time.Since(t0)
	if sp != nil {
		if a, b, ierr := sp.Interval(); ierr == nil && err == nil {
			kernel = time.Duration(b - a)
		}
		sp.Release()
	}
	return wall, kernel, err
}
