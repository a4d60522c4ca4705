package cu

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A library that is not there is ErrNoLibrary with what to install, and
// leaves nothing behind.
func TestOpenMissingLibrary(t *testing.T) {
	err := open("libkago-no-such-cuda.so.1")
	require.ErrorIs(t, err, ErrNoLibrary, "open")
	for _, s := range []string{"libkago-no-such-cuda.so.1", "NVIDIA driver", "libcuda1"} {
		assert.ErrorContains(t, err, s)
	}
}

// Load either works (a machine with the driver) or says why not.
func TestLoad(t *testing.T) {
	err := Load()
	if err == nil {
		n, err := DeviceCount()
		require.NoError(t, err)
		t.Logf("CUDA driver loaded, %d device(s)", n)
		return
	}
	require.Truef(t, errors.Is(err, ErrNoLibrary) || CodeOf(err) != Success, "Load: %v; want ErrNoLibrary or a CUDA error", err)
	assert.Same(t, err, Load(), "second Load; want the first's error")
	t.Skipf("no CUDA driver here: %v", err)
}

// kernelParams is an array of pointers, pointer i to slot i, in C memory,
// and the slots hold what was written.
func TestParamsLayout(t *testing.T) {
	for _, n := range []int{0, 1, 7} {
		p, err := NewParams(n)
		require.NoError(t, err)
		assert.Equal(t, n, p.Len(), "Len")
		s := p.Slots()
		for i := range s {
			s[i] = uint64(i)*0x0101010101010101 + 1
		}
		for i := 0; i < n; i++ {
			assert.Equal(t, p.SlotAddr(i), p.Pointer(i), "n=%d: kernelParams[%d] = %#x, slot at %#x", n, i, p.Pointer(i), p.SlotAddr(i))
			if i > 0 {
				assert.Equal(t, uintptr(8), p.SlotAddr(i)-p.SlotAddr(i-1), "slots are not 8 bytes apart")
			}
			assert.Equal(t, uint64(i)*0x0101010101010101+1, s[i], "slot %d = %#x", i, s[i])
		}
		p.Free()
		p.Free() // twice is harmless
	}
	_, err := NewParams(-1)
	assert.Error(t, err, "NewParams(-1) succeeded")
}
