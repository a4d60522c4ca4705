package cuda

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

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
		if !errors.Is(err, driver.ErrNoDevice) {
			t.Errorf("%s: Probe: %v; want ErrNoDevice", name, err)
			continue
		}
		for _, s := range tc.want {
			if !strings.Contains(err.Error(), s) {
				t.Errorf("%s: %q does not mention %q", name, err, s)
			}
		}
		if _, err := b.Open(0); !errors.Is(err, driver.ErrNoDevice) {
			t.Errorf("%s: Open: %v; want ErrNoDevice", name, err)
		}
	}
}

// On a machine without the driver (CI), ka.Open("cuda") says so.
func TestOpenWithoutDriver(t *testing.T) {
	if cu.Load() == nil {
		t.Skip("a CUDA driver is installed here")
	}
	if !slices.Contains(ka.Backends(), "cuda") {
		t.Fatal("the cuda backend is not registered")
	}
	_, err := ka.Open("cuda")
	if !errors.Is(err, ka.ErrNoDevice) {
		t.Fatalf("ka.Open(cuda): %v; want ErrNoDevice", err)
	}
	t.Logf("as expected: %v", err)
}
