package cuda

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kago-dev/kago/backends/cuda/internal/cu"
	"github.com/kago-dev/kago/ka"
	"github.com/kago-dev/kago/ka/driver"
)

// Each way the driver can be missing is ErrNoDevice, saying why.
func TestProbeWithoutDriver(t *testing.T) {
	for name, tc := range map[string]struct {
		err  error
		want []string
	}{
		"no library": {fmt.Errorf("%w: libcuda.so.1: cannot open shared object file; %s", cu.ErrNoLibrary, cu.Install),
			[]string{"libcuda.so.1", "NVIDIA driver"}},
		"no device":    {&cu.Error{Call: "cuInit", Code: cu.NoDevice}, []string{"no GPU", "CUDA_ERROR_NO_DEVICE"}},
		"stub library": {&cu.Error{Call: "cuInit", Code: cu.StubLibrary}, []string{"stub", "NVIDIA driver"}},
		"other":        {&cu.Error{Call: "cuInit", Code: 999}, []string{"CUDA_ERROR_UNKNOWN"}},
	} {
		b := &Backend{load: func() error { return tc.err }}
		_, err := b.Probe()
		if !assert.ErrorIs(t, err, driver.ErrNoDevice, "%s: Probe", name) {
			continue
		}
		for _, s := range tc.want {
			assert.ErrorContains(t, err, s, name)
		}
		_, err = b.Open(0)
		assert.ErrorIs(t, err, driver.ErrNoDevice, "%s: Open", name)
	}
}

// On a machine without the driver (CI), ka.Open("cuda") says so.
func TestOpenWithoutDriver(t *testing.T) {
	if cu.Load() == nil {
		t.Skip("a CUDA driver is installed here")
	}
	require.Contains(t, ka.Backends(), "cuda", "the cuda backend is not registered")
	_, err := ka.Open("cuda")
	require.ErrorIs(t, err, ka.ErrNoDevice, "ka.Open(cuda)")
	t.Logf("as expected: %v", err)
}
