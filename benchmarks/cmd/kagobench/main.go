// Command kagobench prints kago's performance tables: the experiments of
// the Julia write-ups behind kago's design (launch + synchronize overhead,
// kernel-time inflation by the wait strategy, responsiveness, head-of-line
// blocking, many waiters, stream recycling, saxpy throughput), each
// against its baseline in the same run.
//
//	go run ./benchmarks/cmd/kagobench [-backends pocl,native] [-quick] [-out benchmarks/results] [-readme benchmarks/README.md]
//
// It writes Markdown, CSV and an SVG plot into -out, with the date and the
// machine in the file names, and prints the Markdown. benchmarks/README.md
// explains each table.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"runtime/pprof"
	"strings"
	"time"

	_ "github.com/kago-dev/kago/backends/native"
	"github.com/kago-dev/kago/backends/pocl"
	"github.com/kago-dev/kago/ka"
)

// config holds the sizes of the experiments; -quick shrinks them.
type config struct {
	quick      bool
	reps       int   // repetitions of each timed series
	samples    int   // samples per repetition (tables 1 and 2)
	durations  []int // table 1 kernel durations, µs
	tickerRuns int   // table 3 runs per variant
	holIters   int   // table 4: 20 ms kernels of the slow task per repetition
	holReps    int
	waiters    int // table 5
	tasks      int // table 6
	inFlight   int // table 6: tasks running at once
	saxpyLog2  []int
}

func main() {
	var (
		backends = flag.String("backends", "pocl,native,cuda", "comma-separated backends to measure (those not available are reported and skipped)")
		quick    = flag.Bool("quick", false, "smaller experiments (under a minute)")
		out      = flag.String("out", "benchmarks/results", "directory for the Markdown, CSV and SVG results")
		readme   = flag.String("readme", "", "if set, replace the tables between the kagobench markers in this Markdown file")
		child    = flag.String("child", "", "internal: run a table 5 child (blocking waiters) and print its result")
		rob      = flag.Bool("robust", false, "instead of the tables, compare wait strategies on PoCL robustly: samples interleaved, many runs, ratios with bootstrap intervals (benchmarks/README.md)")
		rSamples = flag.Int("samples", 2000, "-robust: samples per strategy and cell, per run")
		rRuns    = flag.Int("runs", 5, "-robust: repetitions of the whole run")
		rStrats  = flag.String("strategies", "blocking,device", "-robust: strategies to compare, the first is the baseline (blocking, device, callback, direct, adaptive, adaptive-direct, spin-direct, worker, clfinish)")
		rSkip    = flag.String("skip", "", "-robust: comma-separated parts to leave out (launch, inflation, hol, threads)")
		cpuProf  = flag.String("cpuprofile", "", "-robust: write a CPU profile of the run to this file (go tool pprof)")
		only8    = flag.Bool("native-vs-go", false, "only table 8, the native backend against Go loops, its per-work-item path and PoCL")
		only9    = flag.Bool("algo", false, "only table 9, package algo against Go baselines")
		only10   = flag.Bool("cpu", false, "only table 10, programs (stencils, Sobel, matmul, n-body, k-means, scan) on native and PoCL against the same programs in plain Go")
	)
	flag.Parse()
	if *child != "" {
		os.Exit(runChild(*child))
	}
	if *twinsMode {
		os.Exit(runTwins(*rRuns, *out, *readme))
	}
	if *contractMode {
		os.Exit(runContract(*rRuns, *out, *readme))
	}
	if *ptxcountMode {
		os.Exit(runPTXCount(*readme))
	}
	if *rob {
		if *cpuProf != "" {
			f, err := os.Create(*cpuProf)
			if err != nil {
				fatal(err)
			}
			if err := pprof.StartCPUProfile(f); err != nil {
				fatal(err)
			}
		}
		code := runRobust(*rSamples, *rRuns, *rStrats, *rSkip, *out, *readme)
		pprof.StopCPUProfile()
		os.Exit(code)
	}
	cfg := config{
		quick: *quick, reps: 5, samples: 100, durations: []int{0, 20, 50, 200, 1000},
		tickerRuns: 2, holIters: 25, holReps: 2, waiters: 10000, tasks: 20000, inFlight: 64,
		saxpyLog2: []int{10, 12, 14, 16, 18, 20, 22, 24, 26},
	}
	if *quick {
		cfg.reps, cfg.samples, cfg.tickerRuns, cfg.holIters, cfg.holReps = 3, 25, 1, 6, 1
		cfg.tasks = 2000
		cfg.saxpyLog2 = []int{10, 14, 18, 20}
	}
	start := time.Now()
	var md bytes.Buffer
	hdr, avail := header(strings.Split(*backends, ","), cfg)
	md.WriteString(hdr)
	w := io.MultiWriter(os.Stdout, &md)
	fmt.Fprint(os.Stdout, hdr)

	stamp := time.Now().UTC().Format("2006-01-02T1504Z")
	base := filepath.Join(*out, stamp+"_"+machineSlug())
	var tables []*table
	emit := func(ts ...*table) {
		for _, t := range ts {
			if t != nil {
				t.markdown(w)
				tables = append(tables, t)
			}
		}
	}
	for _, b := range avail {
		dev, err := ka.Open(b)
		if err != nil {
			fmt.Fprintf(w, "%s: %v\n\n", b, err)
			continue
		}
		ks, err := newKit(dev, b)
		if err != nil {
			fmt.Fprintf(w, "%s: %v\n\n", b, err)
			dev.Close()
			continue
		}
		if *only9 {
			emit(algoTable(ks, cfg))
			ks.close()
			dev.Close()
			continue
		}
		if *only10 {
			if b == "native" {
				emit(cpuPrograms(ks, cfg))
			}
			ks.close()
			dev.Close()
			continue
		}
		if *only8 {
			if b == "native" {
				emit(nativeVsGo(ks, cfg)...)
			}
			ks.close()
			dev.Close()
			continue
		}
		t1, plot := launchSync(ks, cfg)
		emit(t1)
		if plot != nil {
			if err := plot(base + "_table1_" + b + ".svg"); err != nil {
				fmt.Fprintf(os.Stderr, "kagobench: %v\n", err)
			} else {
				fmt.Fprintf(w, "![table 1, %s](%s)\n\n", b, filepath.Base(base+"_table1_"+b+".svg"))
			}
		}
		if b == "pocl" {
			emit(inflation(ks, cfg))
		}
		emit(responsiveness(ks, cfg))
		emit(headOfLine(ks, cfg))
		if b == "pocl" {
			emit(manyWaiters(cfg))
		}
		emit(recycling(ks, cfg))
		emit(throughput(ks, cfg))
		if b == "native" {
			emit(nativeVsGo(ks, cfg)...)
		}
		emit(algoTable(ks, cfg))
		ks.close()
		if err := dev.Close(); err != nil {
			fmt.Fprintf(os.Stderr, "kagobench: closing %s: %v\n", b, err)
		}
	}
	fmt.Fprintf(w, "Total time: %.0f s.\n", time.Since(start).Seconds())

	if err := os.MkdirAll(*out, 0o755); err != nil {
		fatal(err)
	}
	if err := os.WriteFile(base+".md", md.Bytes(), 0o644); err != nil {
		fatal(err)
	}
	if err := writeCSV(base+".csv", tables); err != nil {
		fatal(err)
	}
	fmt.Fprintf(os.Stderr, "kagobench: wrote %s.md, %s.csv\n", base, base)
	if *readme != "" {
		if err := updateReadme(*readme, md.String(), filepath.Base(base), *out); err != nil {
			fatal(err)
		}
	}
}

func fatal(err error) {
	fmt.Fprintln(os.Stderr, "kagobench:", err)
	os.Exit(1)
}

// header describes the machine and which backends are measured, and
// returns the backends that opened.
func header(want []string, cfg config) (string, []string) {
	var b strings.Builder
	fmt.Fprintf(&b, "## kagobench results, %s\n\n", time.Now().UTC().Format("2006-01-02 15:04 UTC"))
	mode := "full"
	if cfg.quick {
		mode = "-quick"
	}
	fmt.Fprintf(&b, "- Machine: %s, %d CPUs (nproc), Linux %s, %s, GOMAXPROCS=%d\n",
		cpuModel(), runtime.NumCPU(), strings.TrimSpace(readFile("/proc/sys/kernel/osrelease")), runtime.Version(), runtime.GOMAXPROCS(0))
	fmt.Fprintf(&b, "- Run: %s; repetitions per series: %d; statistics are medians over repetitions with the min–max of the per-repetition values in parentheses\n", mode, cfg.reps)
	var avail []string
	for _, name := range want {
		name = strings.TrimSpace(name)
		if name == "" {
			continue
		}
		infos, err := ka.Probe(name)
		switch {
		case err == nil && len(infos) > 0:
			desc := infos[0].Name
			if name == "pocl" {
				desc += ", " + poclVersion(infos[0].Capabilities.Notes)
			}
			fmt.Fprintf(&b, "- Backend %s: %s\n", name, desc)
			avail = append(avail, name)
		case name == "cuda":
			// kagobench's spin and hand-written kernels exist as OpenCL C
			// only; the CUDA figures come from backends/cuda's benchmarks,
			// which scripts/gpu-check.sh runs on a GPU machine.
			fmt.Fprintf(&b, "- Backend cuda: no cuda rows here: CUDA figures come from `scripts/gpu-check.sh` (backends/cuda benchmarks) on a GPU machine\n")
		default:
			fmt.Fprintf(&b, "- Backend %s: not available: %v\n", name, err)
		}
	}
	b.WriteString("- Shared machine: other builds and tests ran at the same time; compare rows within a table (same run), not with other machines.\n\n")
	return b.String(), avail
}

func poclVersion(notes []string) string {
	for _, n := range notes {
		if strings.Contains(n, "PoCL") || strings.Contains(n, "driver") {
			return n
		}
	}
	return "PoCL (version unknown)"
}

func readFile(p string) string {
	b, _ := os.ReadFile(p)
	return string(b)
}

func cpuModel() string {
	for _, l := range strings.Split(readFile("/proc/cpuinfo"), "\n") {
		if v, ok := strings.CutPrefix(l, "model name"); ok {
			return strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(v), ":"))
		}
	}
	return runtime.GOARCH
}

// machineSlug names the machine in file names: "amd-epyc-2cpu".
func machineSlug() string {
	s := strings.ToLower(cpuModel())
	s = regexp.MustCompile(`[^a-z0-9]+`).ReplaceAllString(s, "-")
	s = strings.Trim(s, "-")
	if len(s) > 32 {
		s = s[:32]
	}
	return fmt.Sprintf("%s-%dcpu", s, runtime.NumCPU())
}

const beginMark, endMark = "<!-- kagobench:begin -->", "<!-- kagobench:end -->"

// The -robust results have their own markers.
const robustBegin, robustEnd = "<!-- kagobench-robust:begin -->", "<!-- kagobench-robust:end -->"

// updateReadme replaces the text between the markers with the results.
func updateReadme(path, results, base, out string) error {
	return replaceBetween(path, results, base, out, beginMark, endMark)
}

// stampedHeading matches a heading of the results that ends in the date
// and time of the run.
var stampedHeading = regexp.MustCompile(`(?m)^(#+ .*), \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC$`)

// undated drops the date and time from the results' headings: the copy in
// a README links the results file, whose name and headings keep them.
func undated(results string) string {
	return stampedHeading.ReplaceAllString(results, "$1")
}

// replaceBetween replaces the text between the markers begin and end in
// the Markdown file at path with the results, undated, linking the result
// files.
func replaceBetween(path, results, base, out, beginMark, endMark string) error {
	b, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	s := string(b)
	i, j := strings.Index(s, beginMark), strings.Index(s, endMark)
	if i < 0 || j < i {
		return fmt.Errorf("%s has no %s ... %s markers", path, beginMark, endMark)
	}
	rel, err := filepath.Rel(filepath.Dir(path), out)
	if err != nil {
		rel = out
	}
	// Image links in the results are relative to -out.
	results = regexp.MustCompile(`\]\(([^)/]+\.svg)\)`).ReplaceAllString(results, "]("+filepath.ToSlash(rel)+"/$1)")
	files := fmt.Sprintf("[%s.md](%s/%s.md), [%s.csv](%s/%s.csv)", base, rel, base, base, rel, base)
	if beginMark == robustBegin || beginMark == contractBegin {
		files = fmt.Sprintf("[%s.md](%s/%s.md)", base, rel, base)
	}
	body := fmt.Sprintf("%s\n\nFiles: %s.\n\n%s\n", beginMark, files, undated(results))
	s = s[:i] + body + s[j:]
	return os.WriteFile(path, []byte(s), 0o644)
}

// pocl is referenced so that the import is not only for its side effect:
// table 2 and 5 open PoCL's device directly through its driver.
var _ = pocl.Backend
