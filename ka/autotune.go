package ka

import (
	"context"
	"fmt"
	"math/bits"
	"runtime"
	"sync"
	"time"

	"github.com/kago-dev/kago/ka/driver"
)

// This file is the group-shape autotuner of WithAutoGroupSize, after
// CubeCL's autotune: for each size class of a kernel's ranges (their
// dimensions, and each dimension's size to the power of two), the first
// launches each run one candidate shape, timed on the device's clock
// (LaunchTimed's span), tuneRounds rounds of them; once all their times
// are in, the class keeps its fastest candidate. Tuning never waits: a
// launch enqueues as it always does, and the tuner reads the spans that
// have completed at a later launch (meanwhile the launches use the
// default shape). Results are the same whatever the tuner picks, because
// WithAutoGroupSize takes only kernels whose results do not depend on
// their group shape (KernelSpec.GroupBlocks: no barriers, local memory,
// collectives, or ids within the group).

// WithAutoGroupSize lets the launches of a kernel choose its group shape
// by timing candidates on the device, instead of WithGroupSize's fixed
// shape or the device's default (Kernel.GroupSizeFor says what a launch
// uses). It takes only kernels whose results cannot depend on the shape:
// those kago gen found free of barriers, local memory, collectives and
// group-relative ids (it.Local(), it.LocalID, it.GroupID, it.GroupSize,
// ...); NewKernel refuses others with an error wrapping ErrUnsupported.
// The last of WithGroupSize and WithAutoGroupSize given wins.
func WithAutoGroupSize() KernelOption {
	return func(k *Kernel) error {
		k.group, k.tuner = NDRange{}, &tuner{}
		return nil
	}
}

// tuneRounds is how many times each candidate is timed; the fastest of its
// times counts, against the noise of a shared machine.
const tuneRounds = 2

// tuner is a kernel's autotuner.
type tuner struct {
	mu      sync.Mutex
	classes map[sizeClass]*tuning
	untimed bool // the backend cannot time kernels: the defaults stay
}

// sizeClass is a range's dimensions and the bit length of each size.
type sizeClass struct {
	dims int
	logs [3]int
}

func classOf(r NDRange) sizeClass {
	c := sizeClass{dims: r.Dims}
	for d := range 3 {
		c.logs[d] = bits.Len(uint(r.Size[d]))
	}
	return c
}

// tuning is one size class's state.
type tuning struct {
	cands   []NDRange
	times   [][]*KernelTime // per candidate, its trials' times
	next    int             // the next trial: candidate next%len(cands)
	pending int             // trials handed out and not yet recorded
	best    NDRange         // Dims 0 until decided
}

// trial is one timed launch of a candidate.
type trial struct {
	t    *tuning
	cand int
}

// shape returns the group shape for a launch over r whose default (or
// validated shape) is def, and the trial the launch is, if any.
func (tu *tuner) shape(r, def NDRange, valid func(g NDRange) bool) (NDRange, *trial) {
	tu.mu.Lock()
	defer tu.mu.Unlock()
	if tu.untimed || r.Total() == 0 {
		return def, nil // an empty launch runs nothing to time
	}
	if tu.classes == nil {
		tu.classes = map[sizeClass]*tuning{}
	}
	c := classOf(r)
	t := tu.classes[c]
	if t == nil {
		t = &tuning{cands: candidates(r, def, valid)}
		t.times = make([][]*KernelTime, len(t.cands))
		if len(t.cands) == 1 {
			t.best = t.cands[0] // nothing to choose from
		}
		tu.classes[c] = t
	}
	switch {
	case t.best.Dims != 0:
		return fit(t.best, r), nil
	case t.next < tuneRounds*len(t.cands):
		i := t.next % len(t.cands)
		t.next++
		t.pending++
		return fit(t.cands[i], r), &trial{t, i}
	}
	if best, ok := t.decide(); ok {
		t.best = best
		return fit(best, r), nil
	}
	return def, nil
}

// record keeps a trial's time (nil when its launch was not timed or
// failed). Every trial shape hands out is recorded once, whatever becomes
// of its launch, so that decide waits for all of them.
func (tu *tuner) record(tr *trial, kt *KernelTime) {
	tu.mu.Lock()
	defer tu.mu.Unlock()
	tr.t.pending--
	if kt != nil && tr.t.times != nil {
		tr.t.times[tr.cand] = append(tr.t.times[tr.cand], kt)
	}
}

// decide picks the candidate with the shortest time once every trial has
// been recorded and has completed; a candidate whose trials all failed
// does not count, and ties go to the earlier candidate.
func (t *tuning) decide() (NDRange, bool) {
	if t.pending > 0 {
		return NDRange{}, false // a launch between shape and record
	}
	for _, ts := range t.times {
		for _, kt := range ts {
			if kt.ev != nil && !kt.ev.Done() {
				return NDRange{}, false
			}
		}
	}
	times := make([][]time.Duration, len(t.times))
	for i, ts := range t.times {
		for _, kt := range ts {
			if d, err := kt.Wait(context.Background()); err == nil && kt.ev != nil {
				times[i] = append(times[i], d)
			}
		}
	}
	t.times = nil // the spans go back to the device
	return t.cands[fastest(times)], true
}

// fastest is the index of the candidate with the shortest of all times,
// the earlier on a tie, 0 (the default) when none has a time.
func fastest(times [][]time.Duration) int {
	best, bestTime := 0, time.Duration(-1)
	for i, ts := range times {
		for _, d := range ts {
			if bestTime < 0 || d < bestTime {
				best, bestTime = i, d
			}
		}
	}
	return best
}

// candidates are the shapes tried for launches like r: def first, then a
// few totals and aspect ratios along dimension 0, no wider than the range
// needs, each once, and only those valid takes (the launch's checks:
// Kernel.groupErr).
func candidates(r, def NDRange, valid func(g NDRange) bool) []NDRange {
	var shapes [][3]int
	switch r.Dims {
	case 1:
		shapes = [][3]int{{64, 1, 1}, {128, 1, 1}, {256, 1, 1}, {512, 1, 1}, {1024, 1, 1}}
	case 2:
		shapes = [][3]int{{256, 1, 1}, {128, 2, 1}, {64, 4, 1}, {32, 8, 1}, {16, 16, 1}, {64, 1, 1}, {1024, 1, 1}}
	default:
		shapes = [][3]int{{256, 1, 1}, {64, 4, 1}, {32, 8, 1}, {32, 4, 2}, {16, 4, 4}, {8, 8, 4}}
	}
	out := []NDRange{def}
	for _, s := range shapes {
		g := fit(NDRange{Dims: r.Dims, Size: s}, r)
		if !valid(g) {
			continue
		}
		dup := false
		for _, o := range out {
			dup = dup || o.Size == g.Size
		}
		if !dup {
			out = append(out, g)
		}
	}
	return out
}

// fit caps each dimension of g at r's size (at least 1).
func fit(g, r NDRange) NDRange {
	for d := range 3 {
		g.Size[d] = max(1, min(g.Size[d], r.Size[d]))
	}
	g.Dims = r.Dims
	return g
}

// kernelTime wraps a trial's span as a KernelTime, released with it when
// the tuner owns it; when the caller asked for the timing too
// (LaunchTimed), its KernelTime releases the span, and the tuner's view
// of a released span times nothing.
func kernelTime(name string, st *eventState, owned bool) *KernelTime {
	if st == nil {
		return nil
	}
	kt := &KernelTime{name: name, ev: &Event{st: st}}
	if owned {
		runtime.AddCleanup(kt.ev, (*eventState).collected, st)
	}
	return kt
}

// GroupSizeFor returns the group shape the kernel's launches over r use
// now: for a kernel loaded WithAutoGroupSize, the tuner's pick for r's
// size class once it has made one (tuned is true), else, as for every
// other kernel, WithGroupSize's shape or the device's default. The error
// is a Launch's for a bad range.
func (k *Kernel) GroupSizeFor(r NDRange) (g NDRange, tuned bool, err error) {
	g, err = k.checkRange(r)
	if err != nil || k.tuner == nil {
		return g, false, err
	}
	k.tuner.mu.Lock()
	defer k.tuner.mu.Unlock()
	if t := k.tuner.classes[classOf(r)]; t != nil && t.best.Dims != 0 {
		return fit(t.best, r), true, nil
	}
	return g, false, nil
}

// autoRefusal is NewKernel's error for WithAutoGroupSize on a kernel
// whose results may depend on its group shape.
func autoRefusal(spec *driver.KernelSpec) error {
	return fmt.Errorf("ka: WithAutoGroupSize for %s: its results may depend on its group shape (barriers, local memory, collectives or ids within the group, or no code from kago gen to tell); give it a size: %w", spec.Name, ErrUnsupported)
}
