package main

// The -robust mode: wait strategies compared on PoCL with samples
// interleaved strategy by strategy inside one process, many samples per
// cell, the whole run repeated, and ratios to blocking with bootstrap
// confidence intervals. On a shared machine whose absolute times swing
// several-fold within minutes, only such same-process ratios are
// comparable; the load during each run is reported beside them.

import (
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/kago-dev/kago/backends/opencl"
	"github.com/kago-dev/kago/backends/pocl"
	"github.com/kago-dev/kago/ka/driver"
	kasync "github.com/kago-dev/kago/sync"
)

// robustConfig sizes the -robust run.
type robustConfig struct {
	samples    int      // per strategy and cell, per run
	runs       int      // repetitions of the whole run
	strategies []string // the first is the baseline of the ratios
	durations  []int    // µs, one-work-item launch + synchronize cells
	boot       int      // bootstrap resamples
	skip       map[string]bool
}

// strategies by name: "blocking" is KAGO_SYNC=blocking (clFinish through
// the process-wide switch); "device" is what Synchronize does by default;
// the others are opencl.WaitStrategy's.
var robustStrategies = map[string]opencl.WaitStrategy{
	"blocking": opencl.DeviceStrategy, "device": opencl.DeviceStrategy,
	"worker": opencl.WorkerStrategy, "callback": opencl.CallbackStrategy,
	"adaptive": opencl.AdaptiveStrategy, "direct": opencl.DirectStrategy,
	"adaptive-direct": opencl.AdaptiveDirectStrategy, "spin-direct": opencl.SpinDirectStrategy,
	"clfinish": opencl.BlockingStrategy,
}

// concurrentStrategy is the strategy used where goroutines wait at once
// (head-of-line): the process-wide blocking switch cannot differ between
// them, so "blocking" is clFinish through opencl.BlockingStrategy there.
func concurrentStrategy(name string) opencl.WaitStrategy {
	if name == "blocking" {
		return opencl.BlockingStrategy
	}
	return robustStrategies[name]
}

// cellData holds one cell's samples: data[strategy][run][cycle] in µs. A
// cycle is one round of every strategy (one sample each for launch cells;
// one round per strategy, with all the samples taken in it, for
// head-of-line): the bootstrap resamples cycles, keeping each cycle's
// strategies together.
type cellData struct {
	name string
	data map[string][][][]float64
}

func newCell(name string, strategies []string) *cellData {
	c := &cellData{name: name, data: map[string][][][]float64{}}
	for _, s := range strategies {
		c.data[s] = nil
	}
	return c
}

// runLoad is the machine's load during one run.
type runLoad struct {
	wall             time.Duration
	load0, load1     float64 // /proc/loadavg, 1 minute, at start and end
	machineBusy      float64 // fraction of all CPUs busy (/proc/stat)
	processCPU       float64 // this process's CPU time / wall time (cores)
	loadErr, statErr bool
}

func loadavg1() (float64, bool) {
	f := strings.Fields(readFile("/proc/loadavg"))
	if len(f) == 0 {
		return math.NaN(), false
	}
	v, err := strconv.ParseFloat(f[0], 64)
	return v, err == nil
}

// cpuStat returns the busy and total jiffies of all CPUs from /proc/stat.
func cpuStat() (busy, total float64, ok bool) {
	for _, l := range strings.Split(readFile("/proc/stat"), "\n") {
		f := strings.Fields(l)
		if len(f) < 5 || f[0] != "cpu" {
			continue
		}
		var v []float64
		for _, s := range f[1:] {
			x, err := strconv.ParseFloat(s, 64)
			if err != nil {
				return 0, 0, false
			}
			v = append(v, x)
		}
		for i, x := range v {
			if i < 8 { // user nice system idle iowait irq softirq steal
				total += x
			}
		}
		idle := v[3]
		if len(v) > 4 {
			idle += v[4]
		}
		return total - idle, total, true
	}
	return 0, 0, false
}

// measureLoad runs f and reports the load while it ran.
func measureLoad(f func()) runLoad {
	var r runLoad
	var ok bool
	r.load0, ok = loadavg1()
	r.loadErr = !ok
	b0, t0, ok0 := cpuStat()
	c0, w0 := cpuTime(), time.Now()
	f()
	r.wall = time.Since(w0)
	r.processCPU = float64(cpuTime()-c0) / float64(r.wall)
	b1, t1, ok1 := cpuStat()
	r.statErr = !ok0 || !ok1 || t1 <= t0
	if !r.statErr {
		r.machineBusy = (b1 - b0) / (t1 - t0)
	}
	r.load1, _ = loadavg1()
	return r
}

// robust runs the -robust mode and returns its Markdown.
func robust(rc robustConfig) (string, error) {
	var b strings.Builder
	d, err := pocl.Backend.Open(0)
	if err != nil {
		return "", err
	}
	defer d.Close()
	f, err := d.Load(spinSpec)
	if err != nil {
		return "", err
	}
	q, err := d.NewQueue(driver.Normal)
	if err != nil {
		return "", err
	}
	defer q.Release()
	cu := max(1, d.Info().Capabilities.ComputeUnits)
	buf, err := d.Alloc(4 * 4 * cu)
	if err != nil {
		return "", err
	}
	defer buf.Free(nil)
	grp := driver.NDRange{Dims: 1, Size: [3]int{1, 1, 1}}
	ndr := func(n int) driver.NDRange { return driver.NDRange{Dims: 1, Size: [3]int{n, 1, 1}} }

	// One launch + synchronize with strategy s (by name) on q, and the
	// kernel's own time from its profiling events (0 when not available).
	launchTimed := func(q driver.Queue, n int64, r int, s string) (time.Duration, time.Duration, error) {
		prev := kasync.SetBlocking(s == "blocking")
		defer kasync.SetBlocking(prev)
		return timedRun(q, f, ndr(r), grp, []driver.Arg{{Value: n}, {Buffer: buf, Len: r}}, robustStrategies[s])
	}
	launch := func(q driver.Queue, n int64, r int, s string) (time.Duration, error) {
		d, _, err := launchTimed(q, n, r, s)
		return d, err
	}
	// Calibration, blocking: the fastest of 5 at growing loop counts.
	best := func(n int64, r int) (time.Duration, error) {
		bst := time.Duration(math.MaxInt64)
		for range 5 {
			dd, err := launch(q, n, r, "blocking")
			if err != nil {
				return 0, err
			}
			bst = min(bst, dd)
		}
		return bst, nil
	}
	calib := func(r int) (empty time.Duration, nsPerIt float64, err error) {
		if empty, err = best(0, r); err != nil {
			return
		}
		for n := int64(4000); ; n *= 4 {
			dd, err := best(n, r)
			if err != nil {
				return 0, 0, err
			}
			if dd > 20*time.Millisecond {
				return empty, float64((dd - empty).Nanoseconds()) / float64(n), nil
			}
		}
	}
	_, ns1, err := calib(1)
	if err != nil {
		return "", err
	}
	rAll := 4 * cu
	_, nsAll, err := calib(rAll)
	if err != nil {
		return "", err
	}
	iters := func(us int, ns float64) int64 { return int64(float64(us) * 1e3 / ns) }

	var cells []*cellData
	var hol, holSlow *cellData
	var loads []runLoad
	var threadRuns []waitersResult
	S := rc.strategies
	if rc.skip["launch"] {
		rc.durations = nil
	}
	for _, dur := range rc.durations {
		cells = append(cells, newCell(fmt.Sprintf("~%d µs, 1 work-item", dur), S))
	}
	infl := newCell(fmt.Sprintf("~1000 µs, %d work-items (all cores)", rAll), S)
	// The same launches' kernel times from profiling events: the inflation
	// of the kernel itself by the way it is waited for.
	inflK := newCell(fmt.Sprintf("kernel alone (profiling), ~1000 µs, %d work-items", rAll), S)
	if !rc.skip["inflation"] {
		cells = append(cells, infl)
	}
	if !rc.skip["hol"] {
		hol = newCell("head-of-line, 1 ms tasks", S)
		holSlow = newCell("head-of-line, 20 ms task", S)
	}
	start := time.Now()
	orng := rand.New(rand.NewPCG(uint64(start.UnixNano()), 7))
	for run := range rc.runs {
		var runErr error
		l := measureLoad(func() {
			// Launch cells, then inflation, samples interleaved.
			for ci, c := range cells {
				n, r := iters(0, ns1), 1
				if c == infl {
					n, r = iters(1000, nsAll), rAll
				} else {
					n = iters(rc.durations[ci], ns1)
				}
				per := map[string][][]float64{}
				kper := map[string][][]float64{}
				order := slices.Clone(S)
				for i := -min(50, rc.samples); i < rc.samples; i++ { // 50 warm-up rounds
					// A new random order every round, so that no strategy
					// always follows the same one (what a wait leaves
					// behind, awake or asleep threads, carries over).
					orng.Shuffle(len(order), func(a, b int) { order[a], order[b] = order[b], order[a] })
					kround := map[string]float64{}
					for _, s := range order {
						dd, kd, err := launchTimed(q, n, r, s)
						if err != nil {
							runErr = err
							return
						}
						if i >= 0 {
							per[s] = append(per[s], []float64{us(dd)})
							if c == infl && kd > 0 {
								kround[s] = us(kd)
							}
						}
					}
					if len(kround) == len(S) { // a cycle only when every strategy's kernel was timed
						for s, v := range kround {
							kper[s] = append(kper[s], []float64{v})
						}
					}
				}
				for _, s := range S {
					c.data[s] = append(c.data[s], per[s])
				}
				if c == infl && len(kper[S[0]]) > 0 {
					for _, s := range S {
						inflK.data[s] = append(inflK.data[s], kper[s])
					}
				}
			}
			if hol != nil {
				fast, slow, err := robustHOL(d, f, ns1, rc, orng)
				if err != nil {
					runErr = err
					return
				}
				for _, s := range S {
					hol.data[s] = append(hol.data[s], fast[s])
					holSlow.data[s] = append(holSlow.data[s], slow[s])
				}
			}
		})
		if runErr != nil {
			return "", runErr
		}
		loads = append(loads, l)
		if !rc.skip["threads"] {
			threadRuns = append(threadRuns, waitMany(10000, false))
		}
		fmt.Fprintf(os.Stderr, "kagobench -robust: run %d/%d done (%.0f s)\n", run+1, rc.runs, time.Since(start).Seconds())
	}
	if len(inflK.data[S[0]]) > 0 {
		cells = append(cells, inflK)
	}
	if hol != nil {
		cells = append(cells, hol, holSlow)
	}

	fmt.Fprintf(&b, "### Robust comparison of wait strategies on PoCL, %s\n\n", time.Now().UTC().Format("2006-01-02 15:04 UTC"))
	fmt.Fprintf(&b, "%d runs × %d samples per strategy and cell (head-of-line: the 1 ms tasks' samples; see below); strategies %s; ratios are to %s. Total %.0f s.\n\n",
		rc.runs, rc.samples, strings.Join(S, ", "), S[0], time.Since(start).Seconds())
	b.WriteString("| cell | strategy | p50 (µs) | p90 (µs) | p50 ratio [95% CI] | p90 ratio [95% CI] | per-run p50 ratio (min–max) |\n|---|---|---|---|---|---|---|\n")
	rng := rand.New(rand.NewPCG(1, 2))
	for _, c := range cells {
		base := c.data[S[0]]
		for _, s := range S {
			x := c.data[s]
			all := flatten(x)
			row := []string{c.name, s, fmtNum(quantile(all, 0.5)), fmtNum(quantile(all, 0.9))}
			if s == S[0] {
				row = append(row, "1", "1", "—")
			} else {
				m, lo, hi := ratioCI(x, base, []float64{0.5, 0.9}, rc.boot, rng)
				var perRun []float64
				for r := range x {
					perRun = append(perRun, median(slices.Concat(x[r]...))/median(slices.Concat(base[r]...)))
				}
				row = append(row, fmtRatio(m[0], lo[0], hi[0]), fmtRatio(m[1], lo[1], hi[1]),
					fmt.Sprintf("%.3f–%.3f", slices.Min(perRun), slices.Max(perRun)))
			}
			fmt.Fprintf(&b, "| %s |\n", strings.Join(row, " | "))
		}
	}
	b.WriteString("\nCells: Spin on one work-item calibrated to the duration (launch + synchronize, µs); the same on 4 work-items per compute unit at ~1 ms (every core busy), as launch + synchronize and as the kernel's own time from its profiling events (CL_PROFILING_COMMAND_START to END: the kernel-time inflation a wait strategy causes, when the queue is profiled); head-of-line: nine goroutines on their own queues, one with 20 ms kernels and eight with 1 ms kernels followed by 9 ms of sleep, all switching strategy together every round of one 20 ms kernel (wait = launch + synchronize). Strategies take turns in a new random order every round (launch cells) or cycle (head-of-line), so that none always follows the same one.\n\n")
	b.WriteString("| run | wall (s) | loadavg 1 min, start → end | machine CPU busy | this process's CPU (cores) |\n|---|---|---|---|---|\n")
	for i, l := range loads {
		busy := "—"
		if !l.statErr {
			busy = fmt.Sprintf("%.0f%%", 100*l.machineBusy)
		}
		fmt.Fprintf(&b, "| %d | %.1f | %.2f → %.2f | %s | %.2f |\n", i+1, l.wall.Seconds(), l.load0, l.load1, busy, l.processCPU)
	}
	if len(threadRuns) > 0 {
		b.WriteString("\nThreads with 10,000 goroutines waiting on one PoCL user event (opencl.WaitEvents, the device's default strategy), after each run: ")
		var parts []string
		for _, r := range threadRuns {
			if r.Error != "" {
				parts = append(parts, "error: "+r.Error)
				continue
			}
			parts = append(parts, fmt.Sprintf("+%d (%d → %d)", r.ThreadsPeak-r.ThreadsIdle, r.ThreadsIdle, r.ThreadsPeak))
		}
		b.WriteString(strings.Join(parts, ", ") + ".\n")
	}
	fmt.Fprintf(&b, "\nRatio = the strategy's quantile / %s's, within each run, combined over the runs by the geometric mean (the per-run p50 ratios are in the last column). 95%% CI: percentile bootstrap (%d resamples) that resamples cycles (one round of every strategy: one sample each, or for head-of-line one 20 ms round each with all its samples) within each run, the same cycles for both strategies, so that a cycle's shared noise cancels and samples taken together do not count as independent; it covers the sampling noise within runs, and the last column shows how far runs differ. Machine CPU busy is over all CPUs from /proc/stat during the run (this process included).\n\n", S[0], rc.boot)
	return b.String(), nil
}

func fmtRatio(m, lo, hi float64) string {
	return fmt.Sprintf("%.3f [%.3f, %.3f]", m, lo, hi)
}

// ratioCI is, for each quantile in qs, the ratio of x's to y's quantile
// within each run, combined over runs by the geometric mean (so that a run
// whose absolute level differs, as loads come and go, counts as much as any
// other and does not shift the quantiles of the others), and its 95%
// percentile-bootstrap interval. The bootstrap resamples cycles with
// replacement within each run, the same cycles for x and y, so that the
// noise a cycle's strategies shared cancels and samples taken together are
// not counted as independent.
func ratioCI(x, y [][][]float64, qs []float64, boot int, rng *rand.Rand) (est, lo, hi []float64) {
	runs := min(len(x), len(y))
	// stat is the combined ratio for each q, cycles chosen by pick.
	var bx, by []float64
	stat := func(pick func(n int) int) []float64 {
		logs := make([]float64, len(qs))
		used := 0
		for r := range runs {
			n := min(len(x[r]), len(y[r]))
			bx, by = bx[:0], by[:0]
			for i := range n {
				c := pick(n)
				if c < 0 {
					c = i
				}
				bx = append(bx, x[r][c]...)
				by = append(by, y[r][c]...)
			}
			if len(bx) == 0 || len(by) == 0 {
				continue
			}
			slices.Sort(bx)
			slices.Sort(by)
			for k, q := range qs {
				logs[k] += math.Log(sortedQuantile(bx, q) / sortedQuantile(by, q))
			}
			used++
		}
		out := make([]float64, len(qs))
		for k := range qs {
			out[k] = math.Exp(logs[k] / float64(max(used, 1)))
			if used == 0 {
				out[k] = math.NaN()
			}
		}
		return out
	}
	est = stat(func(int) int { return -1 })
	rs := make([][]float64, len(qs))
	for range boot {
		for k, v := range stat(rng.IntN) {
			rs[k] = append(rs[k], v)
		}
	}
	for k := range qs {
		slices.Sort(rs[k])
		n := len(rs[k])
		lo = append(lo, rs[k][int(0.025*float64(n))])
		hi = append(hi, rs[k][min(n-1, int(0.975*float64(n)))])
	}
	return est, lo, hi
}

// flatten pools a cell's samples over runs and cycles.
func flatten(x [][][]float64) []float64 {
	var all []float64
	for _, run := range x {
		for _, c := range run {
			all = append(all, c...)
		}
	}
	return all
}

// appendCycle appends v to cycle c of xs, growing xs as needed.
func appendCycle(xs [][]float64, c int, v float64) [][]float64 {
	for len(xs) <= c {
		xs = append(xs, nil)
	}
	xs[c] = append(xs[c], v)
	return xs
}

// sortedQuantile returns the q-quantile (nearest rank) of sorted xs.
func sortedQuantile(xs []float64, q float64) float64 {
	i := int(math.Ceil(q*float64(len(xs)))) - 1
	return xs[max(0, min(i, len(xs)-1))]
}

// robustHOL runs the head-of-line experiment once, switching strategy
// every round: it returns the 1 ms tasks' and the 20 ms task's wait times
// (launch + synchronize, µs) per strategy.
func robustHOL(d driver.Device, f driver.Function, nsPerIt float64, rc robustConfig, orng *rand.Rand) (fast, slow map[string][][]float64, err error) {
	S := rc.strategies
	nSlow, nFast := int64(20e6/nsPerIt), int64(1e6/nsPerIt)
	fast, slow = map[string][][]float64{}, map[string][][]float64{}
	var cur atomic.Int32 // index into S of this round's strategy
	var cyc atomic.Int32 // this round's cycle: round / len(S)
	var stop atomic.Bool
	var mu sync.Mutex
	var firstErr error
	fail := func(e error) {
		mu.Lock()
		if firstErr == nil {
			firstErr = e
		}
		mu.Unlock()
		stop.Store(true)
	}
	grp := driver.NDRange{Dims: 1, Size: [3]int{1, 1, 1}}
	one := driver.NDRange{Dims: 1, Size: [3]int{1, 1, 1}}
	type lane struct {
		q   driver.Queue
		buf driver.Buffer
	}
	lanes := make([]lane, 9)
	for i := range lanes {
		q, err := d.NewQueue(driver.Normal)
		if err != nil {
			return nil, nil, err
		}
		defer q.Release()
		b, err := d.Alloc(4)
		if err != nil {
			return nil, nil, err
		}
		defer b.Free(nil)
		lanes[i] = lane{q, b}
	}
	wait := func(l lane, n int64, s string) (float64, error) {
		t0 := time.Now()
		if err := l.q.Launch(f, one, grp, []driver.Arg{{Value: n}, {Buffer: l.buf, Len: 1}}); err != nil {
			return 0, err
		}
		err := opencl.SynchronizeWith(bg, l.q, concurrentStrategy(s))
		return us(time.Since(t0)), err
	}
	// Rounds: enough for rc.samples of the fast tasks per strategy (8 tasks,
	// one wait per ~10 ms, rounds of ~40 ms: ~32 samples a round).
	rounds := len(S) * max(2, (rc.samples+31)/32)
	var wg sync.WaitGroup
	for i := 1; i < 9; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for !stop.Load() {
				k, c := cur.Load(), cyc.Load()
				s := S[k]
				w, err := wait(lanes[i], nFast, s)
				if err != nil {
					fail(err)
					return
				}
				mu.Lock()
				fast[s] = appendCycle(fast[s], int(c), w)
				mu.Unlock()
				time.Sleep(9 * time.Millisecond)
			}
		}()
	}
	var perm []int
	for r := 0; r < rounds && !stop.Load(); r++ {
		if r%len(S) == 0 { // each cycle runs every strategy once, in a random order
			perm = orng.Perm(len(S))
		}
		k := perm[r%len(S)]
		cyc.Store(int32(r / len(S)))
		cur.Store(int32(k))
		w, err := wait(lanes[0], nSlow, S[k])
		if err != nil {
			fail(err)
			break
		}
		slow[S[k]] = appendCycle(slow[S[k]], r/len(S), w)
		time.Sleep(20 * time.Millisecond)
	}
	stop.Store(true)
	wg.Wait()
	return fast, slow, firstErr
}

// runRobust is the -robust mode's main: it writes
// <out>/<date>_<machine>_robust.md and, with readme, the tables between the
// robust markers of that file.
func runRobust(samples, runs int, strategies, skip, out, readme string) int {
	rc := robustConfig{samples: samples, runs: runs, durations: []int{0, 20, 50, 200, 1000}, boot: 1000, skip: map[string]bool{}}
	for _, s := range strings.Split(strategies, ",") {
		s = strings.TrimSpace(s)
		if _, ok := robustStrategies[s]; !ok {
			fmt.Fprintf(os.Stderr, "kagobench: unknown strategy %q\n", s)
			return 2
		}
		rc.strategies = append(rc.strategies, s)
	}
	for _, s := range strings.Split(skip, ",") {
		if s = strings.TrimSpace(s); s != "" {
			rc.skip[s] = true
		}
	}
	if len(rc.strategies) < 2 || samples < 1 || runs < 1 {
		fmt.Fprintln(os.Stderr, "kagobench: -robust needs two strategies or more, -samples ≥ 1 and -runs ≥ 1")
		return 2
	}
	hdr, avail := header([]string{"pocl"}, config{reps: runs})
	if len(avail) == 0 {
		fmt.Fprint(os.Stderr, hdr)
		fmt.Fprintln(os.Stderr, "kagobench: -robust needs PoCL")
		return 1
	}
	// The header's line about repetitions is the tables'; -robust says its own.
	var keep []string
	for _, l := range strings.Split(hdr, "\n") {
		if !strings.HasPrefix(l, "- Run:") && !strings.HasPrefix(l, "## ") {
			keep = append(keep, l)
		}
	}
	fmt.Fprintf(os.Stderr, "kagobench -robust: %d runs × %d samples, strategies %s\n", runs, samples, strategies)
	md, err := robust(rc)
	if err != nil {
		fatal(err)
	}
	md = md + strings.TrimLeft(strings.Join(keep, "\n"), "\n")
	fmt.Print(md)
	stamp := time.Now().UTC().Format("2006-01-02T1504Z")
	base := stamp + "_" + machineSlug() + "_robust"
	if err := os.MkdirAll(out, 0o755); err != nil {
		fatal(err)
	}
	if err := os.WriteFile(out+"/"+base+".md", []byte(md), 0o644); err != nil {
		fatal(err)
	}
	fmt.Fprintf(os.Stderr, "kagobench: wrote %s/%s.md\n", out, base)
	if readme != "" {
		if err := replaceBetween(readme, md, base, out, robustBegin, robustEnd); err != nil {
			fatal(err)
		}
	}
	return 0
}
