package ka

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"github.com/kago-dev/kago/ka/driver"
)

// launchChecks is the launch's group check (Kernel.groupErr) of a kernel
// on a device with capabilities caps, as the tuner gets it.
func launchChecks(caps driver.Capabilities, r NDRange) func(NDRange) bool {
	k := &Kernel{dev: &Device{info: driver.DeviceInfo{Capabilities: caps}}, spec: &driver.KernelSpec{Name: "K"}}
	return func(g NDRange) bool { return k.groupErr(r, g) == nil }
}

// TestTuneCandidates checks the shapes the tuner tries: the default first,
// each within the device's limits and no wider than the range, none twice.
func TestTuneCandidates(t *testing.T) {
	caps := driver.Capabilities{MaxGroupSize: 256, MaxGroupDims: [3]int{256, 256, 64}}
	r := Range2(1000, 1000)
	def := defaultGroup(r, driver.CPU, caps)
	cs := candidates(r, def, launchChecks(caps, r))
	assert.Equal(t, def, cs[0], "the default first")
	seen := map[[3]int]bool{}
	for _, c := range cs {
		assert.Equal(t, 2, c.Dims)
		assert.True(t, launchChecks(caps, r)(c), "%v fits the device", c)
		assert.False(t, seen[c.Size], "%v twice", c)
		seen[c.Size] = true
	}
	assert.False(t, seen[[3]int{1024, 1, 1}], "1024 work-items exceed the device's 256")
	assert.True(t, seen[[3]int{32, 8, 1}])

	narrow := candidates(Range(40), NDRange{Dims: 1, Size: [3]int{40, 1, 1}}, launchChecks(caps, Range(40)))
	assert.Equal(t, []NDRange{{Dims: 1, Size: [3]int{40, 1, 1}}}, narrow, "a 40-item range: every candidate capped to 40 is the default")
	var tu tuner
	g, tr := tu.shape(Range(40), narrow[0], launchChecks(caps, Range(40)))
	assert.Nil(t, tr, "one candidate: nothing to try")
	assert.Equal(t, narrow[0], g)
}

// TestTuneFastest checks the choice among timed candidates.
func TestTuneFastest(t *testing.T) {
	ms := time.Millisecond
	assert.Equal(t, 2, fastest([][]time.Duration{{5 * ms, 4 * ms}, nil, {3 * ms, 9 * ms}, {7 * ms}}))
	assert.Equal(t, 0, fastest([][]time.Duration{{3 * ms}, {3 * ms}}), "a tie goes to the earlier")
	assert.Equal(t, 0, fastest([][]time.Duration{nil, nil}), "nothing timed: the default")
}

// tuneMillion is a launch over Range(1<<20) on a CPU device with groups
// of up to 1024: the device's capabilities, the range, its default shape
// and how many candidates the tuner tries for it.
func tuneMillion() (caps driver.Capabilities, r, def NDRange, n int) {
	caps = driver.Capabilities{MaxGroupSize: 1024, MaxGroupDims: [3]int{1024, 1024, 64}}
	r = Range(1 << 20)
	def = defaultGroup(r, driver.CPU, caps)
	return caps, r, def, len(candidates(r, def, launchChecks(caps, r)))
}

// TestTuneSequence checks that a size class's first launches are its
// trials, tuneRounds rounds of every candidate, and later ones the
// default until the trials' times are in; ranges of another size class
// tune on their own.
func TestTuneSequence(t *testing.T) {
	caps, r, def, n := tuneMillion()
	var tu tuner
	for i := range tuneRounds * n {
		_, tr := tu.shape(r, def, launchChecks(caps, r))
		if assert.NotNil(t, tr, "launch %d is a trial", i) {
			assert.Equal(t, i%n, tr.cand)
			tu.record(tr, nil) // not timed
		}
	}
	g, tr := tu.shape(r, def, launchChecks(caps, r))
	assert.Nil(t, tr)
	assert.Equal(t, def, g, "no times: the default, decided")
	_, tr = tu.shape(Range(1<<10), def, launchChecks(caps, Range(1<<10)))
	assert.NotNil(t, tr, "another size class has trials of its own")
	g, tr = tu.shape(Range(0), def, launchChecks(caps, Range(0)))
	assert.Nil(t, tr, "an empty launch is no trial")
	assert.Equal(t, def, g)
}

// TestTuneWaitsForRecords checks the race CI found: a trial handed out
// but not yet recorded (its launch still between shape and record on
// another goroutine) keeps the class undecided, and recording it after
// the decision is harmless.
func TestTuneWaitsForRecords(t *testing.T) {
	caps, r, def, n := tuneMillion()
	var tu tuner
	var late *trial
	for i := range tuneRounds * n {
		_, tr := tu.shape(r, def, launchChecks(caps, r))
		if i == 0 {
			late = tr // its launch has not come back yet
			continue
		}
		tu.record(tr, nil)
	}
	_, tr := tu.shape(r, def, launchChecks(caps, r))
	assert.Nil(t, tr)
	assert.Zero(t, tu.classes[classOf(r)].best.Dims, "one trial unrecorded: not decided")
	tu.record(late, nil)
	tu.shape(r, def, launchChecks(caps, r))
	assert.NotZero(t, tu.classes[classOf(r)].best.Dims, "all recorded: decided")
	assert.NotPanics(t, func() {
		tu.record(&trial{t: tu.classes[classOf(r)], cand: 1}, &KernelTime{})
	}, "a record after the decision keeps nothing")
}
