package native

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kago-dev/kago/ka/driver"
)

// An allocation above the host's available memory is an ErrOutOfMemory,
// not the runtime's fatal out-of-memory; so is one whose length the Go
// runtime cannot represent.
func TestAllocBeyondMemory(t *testing.T) {
	avail, ok := memInfo("MemAvailable")
	if !ok {
		t.Skip("no /proc/meminfo on this system")
	}
	total, ok := memInfo("MemTotal")
	require.True(t, ok)
	assert.Equal(t, total, maxAlloc(), "the device's largest allocation is the host's memory")
	d := &device{info: info()}
	_, err := d.Alloc(int(avail) + 1<<30)
	assert.ErrorIs(t, err, driver.ErrOutOfMemory)
	b, err := d.Alloc(1 << 20)
	require.NoError(t, err)
	assert.Len(t, b.(*buffer).Bytes(), 1<<20)
}

func TestMakeWordsRecoversTheRuntimesPanic(t *testing.T) {
	_, err := makeWords(1 << 62) // above what makeslice accepts
	assert.ErrorIs(t, err, driver.ErrOutOfMemory)
}
