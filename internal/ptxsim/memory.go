package ptxsim

import (
	"fmt"
	"sort"
	"sync"
)

// Global memory addresses start at globalBase; generic addresses of the
// shared and local windows are sharedWindow+offset and localWindow+offset
// (cvta), as a GPU maps them into the generic space.
const (
	globalBase   = 0x0000_7f00_0000_0000
	sharedWindow = 0x0001_0000_0000_0000
	localWindow  = 0x0002_0000_0000_0000
	windowSize   = 1 << 32
	// allocAlign is the alignment of every allocation, as cuMemAlloc's 256.
	allocAlign = 256
)

// Memory is a device's global memory: allocations at distinct addresses,
// each a byte slice. An access outside every allocation is an illegal
// address. Memory is safe for concurrent Alloc and Free; kernel accesses
// (Run) and copies must not run concurrently with each other on the same
// bytes, as on a device without the stream ordering that makes them safe.
type Memory struct {
	mu      sync.Mutex
	regions []*region // sorted by base
	next    uint64
	used    int64
	limit   int64
}

type region struct {
	base   uint64
	data   []byte
	mapped bool // host memory (Map), not counted in used
}

// NewMemory returns a memory of limit bytes (0: unlimited).
func NewMemory(limit int64) *Memory { return &Memory{next: globalBase, limit: limit} }

// ErrOutOfMemory is returned by Alloc beyond the memory's limit.
var ErrOutOfMemory = fmt.Errorf("ptxsim: out of device memory")

// Alloc allocates size bytes, zeroed, and returns their address.
func (m *Memory) Alloc(size int) (uint64, error) {
	if size < 0 {
		return 0, fmt.Errorf("ptxsim: alloc of %d bytes", size)
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.limit > 0 && m.used+int64(size) > m.limit {
		return 0, ErrOutOfMemory
	}
	return m.add(make([]byte, size), false), nil
}

// Map makes host memory reachable by kernels, as mapped pinned host
// memory is on a GPU, and returns its address. The host may keep using
// data while kernels run: kernels see its atomic stores through volatile
// loads (ld.volatile), which load a 4- or 8-byte word atomically. The
// mapping is not counted against the memory's limit; Unmap ends it.
func (m *Memory) Map(data []byte) (uint64, error) {
	if len(data) == 0 {
		return 0, fmt.Errorf("ptxsim: map of no bytes")
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.add(data, true), nil
}

// add places data at the next address. m.mu is held.
func (m *Memory) add(data []byte, mapped bool) uint64 {
	r := &region{base: m.next, data: data, mapped: mapped}
	// A gap of allocAlign after each allocation, so that an access just
	// past the end is an illegal address rather than the next allocation.
	m.next += (uint64(len(data)) + 2*allocAlign - 1) / allocAlign * allocAlign
	m.regions = append(m.regions, r)
	if !mapped {
		m.used += int64(len(data))
	}
	return r.base
}

// Free releases the allocation at addr.
func (m *Memory) Free(addr uint64) error { return m.remove(addr, false) }

// Unmap ends the mapping at addr that Map made.
func (m *Memory) Unmap(addr uint64) error { return m.remove(addr, true) }

func (m *Memory) remove(addr uint64, mapped bool) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	i := sort.Search(len(m.regions), func(i int) bool { return m.regions[i].base >= addr })
	if i == len(m.regions) || m.regions[i].base != addr || m.regions[i].mapped != mapped {
		what := "an allocation"
		if mapped {
			what = "a mapping"
		}
		return fmt.Errorf("ptxsim: %#x is not %s", addr, what)
	}
	if !mapped {
		m.used -= int64(len(m.regions[i].data))
	}
	m.regions = append(m.regions[:i], m.regions[i+1:]...)
	return nil
}

// Used is the number of bytes allocated.
func (m *Memory) Used() int64 {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.used
}

// find returns the region holding [addr, addr+n), or nil.
func (m *Memory) find(addr uint64, n int) *region {
	m.mu.Lock()
	defer m.mu.Unlock()
	i := sort.Search(len(m.regions), func(i int) bool { return m.regions[i].base > addr }) - 1
	if i < 0 {
		return nil
	}
	r := m.regions[i]
	if addr+uint64(n) > r.base+uint64(len(r.data)) || addr+uint64(n) < addr {
		return nil
	}
	return r
}

// Bytes returns the n bytes at addr, which must lie in one allocation: the
// slice aliases device memory (copies in and out of the device use it).
func (m *Memory) Bytes(addr uint64, n int) ([]byte, error) {
	r := m.find(addr, n)
	if r == nil {
		return nil, fmt.Errorf("ptxsim: %d bytes at %#x are outside every allocation", n, addr)
	}
	off := addr - r.base
	return r.data[off : off+uint64(n) : off+uint64(n)], nil
}
