package driver_test

import (
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kago-dev/kago/ka/driver"
)

var markSpec = &driver.KernelSpec{Name: "Poke", Faults: driver.FaultSites{
	{Kind: driver.FaultIndex, File: "poke.go", Line: 7, Format: "index out of range [%d] with length %d", Args: []driver.ScalarType{driver.Int, driver.Int}},
}}

var group8 = driver.NDRange{Dims: 1, Size: [3]int{8, 1, 1}}

// reader returns a read function for FaultMark.Fault that copies *rec and
// counts its calls.
func reader(rec *[]byte, calls *int) func([]byte) error {
	return func(dst []byte) error {
		*calls++
		copy(dst, *rec)
		return nil
	}
}

// A mark reports the fault of a launch before it, from the live record or,
// once the queue has read the record, from what that read found; never the
// fault of a launch after it, nor one the queue read before the mark.
func TestFaultMarks(t *testing.T) {
	var log driver.FaultLog
	none := log.Mark()
	assert.False(t, none.Pending(), "no launch with fault sites yet")
	e, err := none.Fault(func([]byte) error { require.FailNow(t, "a mark with nothing pending read the record"); return nil })
	require.NoError(t, err)
	assert.Nil(t, e)

	a := log.Launch(markSpec, group8)
	m1 := log.Mark()
	b := log.Launch(markSpec, group8)
	m2 := log.Mark()
	require.True(t, m1.Pending())

	calls := 0
	rec := record(b, 0, [3]uint32{9, 0, 0}, 9, 4) // b failed: after m1
	e, err = m1.Fault(reader(&rec, &calls))
	require.NoError(t, err)
	assert.Nil(t, e, "m1 reported a launch after it")
	e, err = m2.Fault(reader(&rec, &calls))
	require.NoError(t, err)
	require.NotNil(t, e)
	assert.Equal(t, "kernel Poke: work-item [9 0 0] of group [1 0 0]: poke.go:7: index out of range [9] with length 4", e.Error())

	rec = record(a, 0, [3]uint32{2, 0, 0}, 5, 4) // a failed (first fault wins)
	for _, m := range []driver.FaultMark{m1, m2} {
		e, err = m.Fault(reader(&rec, &calls))
		require.NoError(t, err)
		require.NotNil(t, e)
		assert.Equal(t, "index out of range [5] with length 4", e.Message)
	}
	assert.Equal(t, 4, calls)

	// The state word set, the launch id not yet written: a launch running
	// after the marks is writing the record.
	torn := record(0, 0, [3]uint32{})
	e, err = m2.Fault(reader(&torn, &calls))
	require.NoError(t, err)
	assert.Nil(t, e)

	// The queue reads the record: the marks keep what it found, without
	// reading the record again, which the queue clears and reuses.
	got := log.Read(rec)
	require.NotNil(t, got)
	calls = 0
	rec = record(log.Launch(markSpec, group8), 0, [3]uint32{1, 0, 0}, 8, 4)
	for _, m := range []driver.FaultMark{m1, m2} {
		e, err = m.Fault(reader(&rec, &calls))
		require.NoError(t, err)
		assert.Same(t, got, e)
	}
	assert.Zero(t, calls)
	m3 := log.Mark()
	e, err = m3.Fault(reader(&rec, &calls))
	require.NoError(t, err)
	require.NotNil(t, e, "a mark after the read reports the later launch's fault")
	assert.Equal(t, "index out of range [8] with length 4", e.Message)

	// An epoch read without a fault reports none to its marks.
	require.NotNil(t, log.Read(rec))
	log.Launch(markSpec, group8)
	m4 := log.Mark()
	assert.Nil(t, log.Read(make([]byte, driver.FaultRecordSize)))
	e, err = m4.Fault(reader(&rec, &calls))
	require.NoError(t, err)
	assert.Nil(t, e)

	// Close: the record is going away; the marks stop reading it.
	log.Launch(markSpec, group8)
	m5 := log.Mark()
	log.Close()
	assert.False(t, log.Pending())
	calls = 0
	e, err = m5.Fault(reader(&rec, &calls))
	require.NoError(t, err)
	assert.Nil(t, e)
	assert.Zero(t, calls)
}

// A mark made before the log forgets old launches keeps its own.
func TestFaultMarkOutlivesCompaction(t *testing.T) {
	var log driver.FaultLog
	first := log.Launch(markSpec, group8)
	m := log.Mark()
	for range 5000 {
		log.Launch(markSpec, group8)
	}
	rec := record(first, 0, [3]uint32{3, 0, 0}, 3, 1)
	calls := 0
	e, err := m.Fault(reader(&rec, &calls))
	require.NoError(t, err)
	require.NotNil(t, e)
	assert.Equal(t, "Poke", e.Kernel)
}

// Marks read while the queue's goroutine launches, reads and closes: the
// race detector checks the sharing.
func TestFaultMarksConcurrent(t *testing.T) {
	var log driver.FaultLog
	var (
		mu   sync.Mutex
		live = make([]byte, driver.FaultRecordSize) // the record, as a device would hold it
	)
	read := func(dst []byte) error {
		mu.Lock()
		defer mu.Unlock()
		copy(dst, live)
		return nil
	}
	var wg sync.WaitGroup
	marks := make(chan driver.FaultMark, 64)
	for range 4 {
		wg.Go(func() {
			for m := range marks {
				e, err := m.Fault(read)
				assert.NoError(t, err)
				if e != nil {
					assert.Equal(t, "Poke", e.Kernel)
				}
			}
		})
	}
	for round := range 200 {
		id := log.Launch(markSpec, group8)
		marks <- log.Mark()
		if round%3 == 0 {
			mu.Lock()
			copy(live, record(id, 0, [3]uint32{1, 0, 0}, 1, 1))
			mu.Unlock()
		}
		marks <- log.Mark()
		mu.Lock()
		snapshot := append([]byte(nil), live...)
		mu.Unlock()
		if log.Read(snapshot) != nil {
			mu.Lock()
			clear(live)
			mu.Unlock()
		}
		if round%50 == 49 {
			log.Launch(markSpec, group8)
			marks <- log.Mark()
			log.Close()
		}
	}
	close(marks)
	wg.Wait()
}
