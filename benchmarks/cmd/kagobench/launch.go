package main

import (
	"bufio"
	_ "embed"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	kasync "github.com/kago-dev/kago/sync"
)

//go:embed csrc/launchsync.c
var launchSyncC []byte

// cBaseline builds csrc/launchsync.c with gcc into a temporary directory.
// It returns the binary's path, or a reason to skip the column.
func cBaseline() (path string, cleanup func(), why string) {
	gcc, err := exec.LookPath("gcc")
	if err != nil {
		return "", func() {}, "gcc not found"
	}
	dir, err := os.MkdirTemp("", "kagobench")
	if err != nil {
		return "", func() {}, err.Error()
	}
	cleanup = func() { os.RemoveAll(dir) }
	src := filepath.Join(dir, "launchsync.c")
	bin := filepath.Join(dir, "launchsync")
	if err := os.WriteFile(src, launchSyncC, 0o644); err != nil {
		return "", cleanup, err.Error()
	}
	if out, err := exec.Command(gcc, "-O2", "-o", bin, src, "-ldl").CombinedOutput(); err != nil {
		return "", cleanup, fmt.Sprintf("gcc failed: %v: %s", err, strings.TrimSpace(string(out)))
	}
	return bin, cleanup, ""
}

// runC runs the C baseline: samples launch + clFinish pairs per loop count.
// It returns the times in µs per loop count.
func runC(bin string, samples int, iters []int64) (map[int64][]float64, error) {
	args := []string{strconv.Itoa(samples)}
	for _, n := range iters {
		args = append(args, strconv.FormatInt(n, 10))
	}
	cmd := exec.Command(bin, args...)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("%v: %s", err, strings.TrimSpace(stderr.String()))
	}
	res := make(map[int64][]float64)
	sc := bufio.NewScanner(strings.NewReader(string(out)))
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) < 2 {
			continue
		}
		n, _ := strconv.ParseInt(f[0], 10, 64)
		for _, v := range f[1:] {
			ns, _ := strconv.ParseFloat(v, 64)
			res[n] = append(res[n], ns/1e3)
		}
	}
	return res, nil
}

// launchSync is table 1: launch + synchronize of a one-work-item kernel of
// calibrated duration, blocking vs cooperative vs (PoCL) the raw driver
// from C, samples interleaved.
func launchSync(k *kit, cfg config) (*table, func(string) error) {
	t := &table{id: "1", title: "Launch + synchronize vs kernel duration (µs; overhead = launch+sync − kernel)", backend: k.name}
	var bin, why string
	if k.name == "pocl" {
		var cleanup func()
		bin, cleanup, why = cBaseline()
		defer cleanup()
	} else {
		why = "no raw driver under the native backend"
	}
	iters := make([]int64, len(cfg.durations))
	ktime := make([]float64, len(cfg.durations))
	mins := make([]float64, len(cfg.durations)) // fastest sample of any mode
	for i, d := range cfg.durations {
		iters[i] = k.iters(time.Duration(d) * time.Microsecond)
		mins[i] = math.Inf(1)
	}
	modes := []string{"C", "blocking", "cooperative"}
	// per[mode][duration] = per-repetition medians of the total time.
	per := map[string][][]float64{}
	p90 := map[string][][]float64{}
	for _, m := range modes {
		per[m] = make([][]float64, len(iters))
		p90[m] = make([][]float64, len(iters))
	}
	for range cfg.reps {
		if bin != "" {
			res, err := runC(bin, cfg.samples, iters)
			if err != nil {
				why, bin = "C baseline failed: "+err.Error(), ""
			}
			for i, n := range iters {
				if v := res[n]; len(v) > 0 {
					mins[i] = math.Min(mins[i], quantile(v, 0))
					per["C"][i] = append(per["C"][i], median(v))
					p90["C"][i] = append(p90["C"][i], quantile(v, 0.9))
				}
			}
		}
		for i, n := range iters {
			times := map[string][]float64{}
			for s := range cfg.samples {
				for j := range 2 {
					m := modes[1+(s+j)%2]
					prev := kasync.SetBlocking(m == "blocking")
					d, err := k.run(k.dev.Stream(), n, 1)
					kasync.SetBlocking(prev)
					if err != nil {
						t.notes = append(t.notes, "error: "+err.Error())
						return t, nil
					}
					times[m] = append(times[m], us(d))
					mins[i] = math.Min(mins[i], us(d))
				}
			}
			for _, m := range modes[1:] {
				per[m][i] = append(per[m][i], median(times[m]))
				p90[m][i] = append(p90[m][i], quantile(times[m], 0.9))
			}
		}
	}
	t.cols = []string{"kernel target", "kernel measured", "C enqueue+clFinish", "blocking", "cooperative", "overhead C", "overhead blocking", "overhead cooperative", "coop p90", "coop / C", "coop / blocking"}
	for i := range cfg.durations {
		if iters[i] > 0 {
			ktime[i] = max(0, mins[i]-mins[0])
		}
	}
	ov := map[string][]float64{}
	for i, d := range cfg.durations {
		s := map[string]spread{}
		for _, m := range modes {
			s[m] = spreadOf(per[m][i])
			ov[m] = append(ov[m], s[m].med-ktime[i])
		}
		t.add(fmt.Sprintf("~%d", d), fmtNum(ktime[i]), s["C"].String(), s["blocking"].String(), s["cooperative"].String(),
			fmtNum(ov["C"][i]), fmtNum(ov["blocking"][i]), fmtNum(ov["cooperative"][i]),
			fmtNum(median(p90["cooperative"][i])),
			ratio(s["cooperative"].med, s["C"].med), ratio(s["cooperative"].med, s["blocking"].med))
	}
	t.notes = append(t.notes, fmt.Sprintf("%d repetitions × %d samples per mode and duration; blocking and cooperative samples alternate, the C program (same OpenCL C kernel, enqueue + clFinish, built with gcc at run time) runs once per repetition. Kernel measured = the fastest launch+sync at that duration minus the fastest with the empty kernel, over every mode and sample of this run (so the overheads are relative to the fastest path seen).", cfg.reps, cfg.samples))
	if why != "" {
		t.notes = append(t.notes, "C column skipped: "+why+".")
	}
	xs := make([]string, len(cfg.durations))
	for i, d := range cfg.durations {
		xs[i] = fmt.Sprintf("~%d µs", d)
	}
	plot := func(path string) error {
		var ss []series
		colors := map[string]string{"C": "#555555", "blocking": "#1f77b4", "cooperative": "#d62728"}
		for _, m := range modes {
			ys := ov[m]
			if allNaN(ys) {
				continue
			}
			name := m
			if m == "C" {
				name = "C clFinish"
			}
			ss = append(ss, series{name: name, color: colors[m], ys: ys})
		}
		return writeSVG(path, "Launch + synchronize overhead, "+k.name, "kernel duration", "overhead, µs (median)", xs, ss)
	}
	return t, plot
}

func allNaN(xs []float64) bool {
	for _, x := range xs {
		if !math.IsNaN(x) {
			return false
		}
	}
	return true
}
