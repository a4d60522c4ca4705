package main

import (
	"fmt"
	"math"
	"os"
	"slices"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// quantile returns the q-quantile (0..1) of xs, nearest rank; NaN if empty.
func quantile(xs []float64, q float64) float64 {
	if len(xs) == 0 {
		return math.NaN()
	}
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	return sortedQuantile(s, q)
}

func median(xs []float64) float64 { return quantile(xs, 0.5) }

// spread is a statistic over repetitions: the median of the per-repetition
// values, and their minimum and maximum.
type spread struct{ med, lo, hi float64 }

func spreadOf(perRep []float64) spread {
	if len(perRep) == 0 {
		return spread{math.NaN(), math.NaN(), math.NaN()}
	}
	return spread{median(perRep), slices.Min(perRep), slices.Max(perRep)}
}

// fmtNum prints a number with about three significant digits.
func fmtNum(v float64) string {
	switch {
	case math.IsNaN(v):
		return "—"
	case v == math.Trunc(v) && math.Abs(v) < 1e15:
		return strconv.FormatFloat(v, 'f', 0, 64)
	case math.Abs(v) >= 100:
		return strconv.FormatFloat(v, 'f', 0, 64)
	case math.Abs(v) >= 10:
		return strconv.FormatFloat(v, 'f', 1, 64)
	default:
		return strconv.FormatFloat(v, 'f', 2, 64)
	}
}

func (s spread) String() string {
	if math.IsNaN(s.med) || s.lo == s.hi {
		return fmtNum(s.med)
	}
	return fmt.Sprintf("%s (%s–%s)", fmtNum(s.med), fmtNum(s.lo), fmtNum(s.hi))
}

// times prints s as ratios: "1.49× (1.45–1.54)".
func (s spread) times() string {
	return fmt.Sprintf("%s× (%s–%s)", fmt2(s.med), fmt2(s.lo), fmt2(s.hi))
}

func fmt2(v float64) string { return fmt.Sprintf("%.2f", v) }

func ratio(a, b float64) string {
	if b == 0 || math.IsNaN(a) || math.IsNaN(b) {
		return "—"
	}
	return fmt.Sprintf("%.2f×", a/b)
}

func us(d time.Duration) float64 { return float64(d.Nanoseconds()) / 1e3 }

// cpuTime is the process's user + system CPU time, all threads.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// osThreads reads the process's thread count from /proc/self/status.
func osThreads() int {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return -1
	}
	for _, l := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(l, "Threads:"); ok {
			n, _ := strconv.Atoi(strings.TrimSpace(v))
			return n
		}
	}
	return -1
}
