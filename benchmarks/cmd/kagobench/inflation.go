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
		t0 := time.Now()
		if err := q.Launch(f, rng, grp, []driver.Arg{{Value: n}, {Buffer: buf, Len: r}}); err != nil {
			return 0, err
		}
		err := opencl.SynchronizeWith(bg, q, s)
		return time.Since(t0), err
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
	for range cfg.reps {
		times := map[string][]float64{}
		cpus := map[string]time.Duration{}
		for s := range cfg.samples {
			for j := range modes {
				m := modes[(s+j)%len(modes)]
				p := kasync.SetBlocking(m == "blocking")
				c0 := cpuTime()
				dd, err := run(n, strat[m])
				cpus[m] += cpuTime() - c0
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
		}
	}
	t.cols = []string{"wait", "launch+sync p50 (µs)", "vs blocking", "process CPU per launch (µs)"}
	base := spreadOf(wall["blocking"]).med
	for _, m := range modes {
		s := spreadOf(wall[m])
		t.add(m, s.String(), ratio(s.med, base), spreadOf(cpu[m]).String())
	}
	t.notes = append(t.notes,
		fmt.Sprintf("Spin over %d work-items in groups of 1 (PoCL reports %d compute units), %d loop iterations: %.0f µs alone when calibrated (fastest blocking run minus an empty launch; the load on the shared machine changes between calibration and measurement, so compare the rows, which ran interleaved). %d repetitions × %d samples per mode, modes interleaved. Blocking = KAGO_SYNC=blocking (clFinish); worker = 256 polls then clWaitForEvents on a sync worker (the GPU strategy); callback = ≤10 µs of polling then clSetEventCallback (PoCL's default). Process CPU includes PoCL's threads running the kernel.",
			r, d.Info().Capabilities.ComputeUnits, n, us(kt), cfg.reps, cfg.samples))
	return t
}
