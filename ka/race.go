//go:build race

package ka

import (
	"runtime"
	"unsafe"
)

// raceEnabled reports whether the race detector is on.
const raceEnabled = true

// raceAsync tells the race detector that the device reads (write false) or
// writes (write true) the host memory [p, p+n) of an asynchronous copy
// enqueued on s, concurrently with the caller until the stream's next
// completed wait. The access is made by a goroutine that the wait joins
// (waited, Event.Wait), so the detector reports a host access to the memory
// before that wait as a data race. It touches no memory. It is for
// backends whose copies the detector cannot see (a driver's DMA); the
// native backend's copies, made by Go code, it sees without help. s.mu is
// held.
func raceAsync(s *Stream, p unsafe.Pointer, n int, write bool) {
	done := make(chan struct{})
	// The device runs a stream's commands in order: the access comes
	// after those of the stream's earlier asynchronous copies (and of the
	// copies before the events it waits for).
	before := append([]chan struct{}(nil), s.races...)
	go func() {
		raceJoin(before)
		if write {
			runtime.RaceWriteRange(p, n)
		} else {
			runtime.RaceReadRange(p, n)
		}
		close(done)
	}()
	s.races = append(s.races, done)
}

// raceJoin orders the caller after the accesses of raceAsync's goroutines.
func raceJoin(marks []chan struct{}) {
	for _, m := range marks {
		<-m
	}
}
