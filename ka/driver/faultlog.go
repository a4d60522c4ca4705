package driver

// This file is a queue's log of the launches that may write its fault
// record, and the marks its events keep of the log, so that the wait for
// an event reports the fault of a launch before it, as the queue's own
// waits do (docs/sync.md, "Which waits report a fault").

import (
	"encoding/binary"
	"sync"
)

// FaultLog is what a backend's queue keeps to report faults: the launches
// with fault sites since its record was last read, by launch id. A queue
// is used by one goroutine at a time, and so is its FaultLog; the
// FaultMarks it gives out may be used by any goroutine.
//
// The launches between two reads of the record are an epoch. Mark lets an
// event share the current one; Read ends it and, when it is shared,
// publishes what the record held, so that the event's waits report the
// same fault whether they run before the queue's Read or after it.
type FaultLog struct {
	next  uint32
	cur   *faultEpoch // the launches since the last read; nil if none
	spare *faultEpoch // an ended epoch that no mark shares, for reuse
}

type faultLaunch struct {
	id    uint32
	spec  *KernelSpec
	group NDRange
}

// faultEpoch is the launches between two reads of a queue's record.
type faultEpoch struct {
	// launches is appended to by the queue's goroutine. Once the epoch is
	// shared, no element is written again: marks hold slices of it.
	launches []faultLaunch
	shared   bool // a mark holds the epoch (the queue's goroutine only)

	// mu orders the marks' reads of the live record with the epoch's end,
	// after which the queue clears the record, or frees it.
	mu    sync.Mutex
	ended bool
	fault *KernelError          // what the read that ended a shared epoch found
	id    uint32                // the launch of that fault
	rec   [FaultRecordSize]byte // the marks' copy of the live record, under mu

	first [4]faultLaunch // launches' first backing array: one allocation a new epoch
}

// maxLogged bounds the launches a FaultLog remembers between reads of the
// record; a fault of an older one is reported without its kernel.
const maxLogged = 1 << 12

// Launch records a launch of spec in groups of group and returns the id to
// pass as its ParamLaunchID.
func (l *FaultLog) Launch(spec *KernelSpec, group NDRange) uint32 {
	l.next++
	ep := l.cur
	if ep == nil {
		ep, l.spare = l.spare, nil
		if ep == nil {
			ep = new(faultEpoch)
			ep.launches = ep.first[:0]
		}
		l.cur = ep
	}
	if n := len(ep.launches); n >= maxLogged {
		keep := ep.launches[n/2:]
		if ep.shared {
			ep.launches = append(make([]faultLaunch, 0, n), keep...)
		} else {
			ep.launches = ep.launches[:copy(ep.launches, keep)]
		}
	}
	ep.launches = append(ep.launches, faultLaunch{l.next, spec, group})
	return l.next
}

// Pending reports whether a launch with fault sites ran since the record
// was last read: only then must the backend read it.
func (l *FaultLog) Pending() bool { return l.cur != nil }

// Read decodes a record the backend read back after the queue drained and
// ends the epoch. A non-nil error means the backend must clear the record
// (zero it) before the queue's next launch.
func (l *FaultLog) Read(rec []byte) *KernelError {
	ep := l.cur
	if ep == nil {
		return DecodeFault(rec, lookup(nil))
	}
	e := DecodeFault(rec, lookup(ep.launches))
	l.cur = nil
	if !ep.shared {
		clear(ep.launches)
		ep.launches = ep.launches[:0]
		l.spare = ep
		return e
	}
	ep.mu.Lock()
	ep.ended, ep.fault = true, e
	if e != nil {
		ep.id = binary.LittleEndian.Uint32(rec[FaultLaunchOff:])
	}
	ep.mu.Unlock()
	return e
}

// Close ends the log of a queue that is released without its record being
// read again (after a wait that failed for another reason, which it
// reported): its marks report no fault from then on, and none is reading
// the record when Close returns, so that the backend may free it.
func (l *FaultLog) Close() {
	if ep := l.cur; ep != nil && ep.shared {
		ep.mu.Lock()
		ep.ended = true
		ep.mu.Unlock()
	}
	l.cur = nil
}

// Mark returns what an event recorded on the queue now keeps of the log:
// the launches with fault sites before it since the record was last read.
func (l *FaultLog) Mark() FaultMark {
	ep := l.cur
	if ep == nil {
		return FaultMark{}
	}
	ep.shared = true
	n := len(ep.launches)
	return FaultMark{ep: ep, launches: ep.launches[:n:n]}
}

// FaultMark is what an event keeps of its queue's FaultLog (Mark), to
// report the fault of a launch before it. Its methods may be called from
// any goroutine, by several at once, while the queue goes on working.
type FaultMark struct {
	ep       *faultEpoch
	launches []faultLaunch
}

// Pending reports whether launches with fault sites ran before the event
// since the queue's record was last read. Without, Fault returns nil at
// once: an event recorded then has no fault to report.
func (m FaultMark) Pending() bool { return m.ep != nil }

// Fault returns the fault of a launch before the event, once the event has
// completed: what the queue's Read found if it has read the record since
// the mark was made, else what read finds in the live record. read copies
// the queue's record into rec; it is called only while the record is still
// in use (the queue's Read has not ended the epoch, nor Close), and never
// by two goroutines at once. A fault of a launch after the event (which
// may be writing the record while read copies it) is none of the mark's,
// and its error is not returned.
func (m FaultMark) Fault(read func(rec []byte) error) (*KernelError, error) {
	ep := m.ep
	if ep == nil {
		return nil, nil
	}
	ep.mu.Lock()
	defer ep.mu.Unlock()
	if ep.ended {
		if ep.fault != nil && m.covers(ep.id) {
			return ep.fault, nil
		}
		return nil, nil
	}
	rec := ep.rec[:]
	if err := read(rec); err != nil {
		return nil, err
	}
	// A launch after the event sets the state word before it writes its
	// id, so a record whose id is not yet written (0, which no launch
	// has) is not the mark's either.
	if binary.LittleEndian.Uint32(rec[FaultStateOff:]) == 0 || !m.covers(binary.LittleEndian.Uint32(rec[FaultLaunchOff:])) {
		return nil, nil
	}
	return DecodeFault(rec, lookup(m.launches)), nil
}

// covers reports whether launch id is one of the mark's.
func (m FaultMark) covers(id uint32) bool {
	_, _, ok := lookup(m.launches)(id)
	return ok
}

// lookup finds a launch by id among launches.
func lookup(launches []faultLaunch) func(id uint32) (*KernelSpec, NDRange, bool) {
	return func(id uint32) (*KernelSpec, NDRange, bool) {
		for _, fl := range launches {
			if fl.id == id {
				return fl.spec, fl.group, true
			}
		}
		return nil, NDRange{}, false
	}
}
