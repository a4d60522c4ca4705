package native

// This file bounds allocations by the host's memory, so that an absurd size
// is an error wrapping ErrOutOfMemory instead of the Go runtime's fatal,
// unrecoverable "out of memory".

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"strconv"

	"github.com/kago-dev/kago/ka/driver"
)

// memInfo reads a field of /proc/meminfo in bytes; ok is false where there
// is no such file (not Linux) or field.
func memInfo(field string) (n int64, ok bool) {
	data, err := os.ReadFile("/proc/meminfo")
	if err != nil {
		return 0, false
	}
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		name, rest, found := bytes.Cut(sc.Bytes(), []byte(":"))
		if !found || string(name) != field {
			continue
		}
		f := bytes.Fields(rest)
		if len(f) == 0 {
			return 0, false
		}
		kb, err := strconv.ParseInt(string(f[0]), 10, 64)
		if err != nil {
			return 0, false
		}
		return kb << 10, true
	}
	return 0, false
}

// maxAlloc is the device's largest allocation: the host's physical memory
// where it is known, else no stated limit.
func maxAlloc() int64 {
	n, _ := memInfo("MemTotal")
	return n
}

// allocWords allocates size bytes as 8-byte words, refusing a size above
// the memory available now (where the host says). What remains possible is
// a real shortage between the check and the allocation.
func allocWords(size int) ([]uint64, error) {
	if avail, ok := memInfo("MemAvailable"); ok && int64(size) > avail {
		return nil, fmt.Errorf("native: alloc of %d bytes: only %d bytes of host memory are available: %w", size, avail, driver.ErrOutOfMemory)
	}
	return makeWords(size)
}

// makeWords makes the words, turning the runtime's panic for a length it
// cannot represent into an error (where the host did not say how much
// memory it has).
func makeWords(size int) (words []uint64, err error) {
	defer func() {
		if p := recover(); p != nil {
			words, err = nil, fmt.Errorf("native: alloc of %d bytes: %v: %w", size, p, driver.ErrOutOfMemory)
		}
	}()
	return make([]uint64, (size+7)/8), nil
}
