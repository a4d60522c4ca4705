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
	base uint64
	data []byte
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
	r := &region{base: m.next, data: make([]byte, size)}
	// A gap of allocAlign after each allocation, so that an access just
	// past the end is an illegal address rather than the next allocation.
	m.next += (uint64(size) + 2*allocAlign - 1) / allocAlign * allocAlign
	m.regions = append(m.regions, r)
	m.used += int64(size)
	return r.base, nil
}

// Free releases the allocation at addr.
func (m *Memory) Free(addr uint64) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	i := sort.Search(len(m.regions), func(i int) bool { return m.regions[i].base >= addr })
	if i == len(m.regions) || m.regions[i].base != addr {
		return fmt.Errorf("ptxsim: free of %#x, which is not an allocation", addr)
	}
	m.used -= int64(len(m.regions[i].data))
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
