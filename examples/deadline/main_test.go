package main

import (
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kago-dev/kago/ka"
)

// TestRun runs the example with a kernel of about 2 s under a 50 ms
// deadline: on a device that can stop work, the device is free again long
// before the kernel would have completed.
func TestRun(t *testing.T) {
	for _, backend := range []string{"native", "pocl"} {
		t.Run(backend, func(t *testing.T) {
			if !slices.Contains(ka.Backends(), backend) {
				t.Skipf("%s is not in this build (it needs cgo)", backend)
			}
			r, err := run(backend, 50*time.Millisecond, 2*time.Second)
			if errors.Is(err, ka.ErrNoDevice) {
				t.Skipf("%s: %v", backend, err)
			}
			require.NoError(t, err)
			t.Log(r)
			if r.cancel {
				assert.Less(t, r.free, time.Second, "the device was freed well before the kernel's end")
			}
		})
	}
}
