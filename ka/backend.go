package ka

import (
	"fmt"
	"os"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/kago-dev/kago/ka/driver"
	kasync "github.com/kago-dev/kago/sync"
)

var backends struct {
	mu sync.RWMutex
	m  map[string]driver.Backend
}

// Register makes a backend available under name. Backends call it from
// init, so that a blank import selects them. It panics if b is nil or name
// is registered twice.
func Register(name string, b driver.Backend) {
	if b == nil {
		panic("ka: Register backend is nil")
	}
	backends.mu.Lock()
	defer backends.mu.Unlock()
	if backends.m == nil {
		backends.m = make(map[string]driver.Backend)
	}
	if _, dup := backends.m[name]; dup {
		panic("ka: Register called twice for backend " + name)
	}
	backends.m[name] = b
}

// Backends returns the names of the registered backends, sorted.
func Backends() []string {
	backends.mu.RLock()
	defer backends.mu.RUnlock()
	names := make([]string, 0, len(backends.m))
	for n := range backends.m {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

func backend(name string) (driver.Backend, error) {
	backends.mu.RLock()
	b := backends.m[name]
	backends.mu.RUnlock()
	if b == nil {
		return nil, fmt.Errorf("ka: unknown backend %q (registered: %s; forgotten import of github.com/kago-dev/kago/backends/%s?): %w", name, registered(), name, ErrNoDevice)
	}
	return b, nil
}

// Probe lists the devices of a registered backend without opening them. An
// error wrapping ErrNoDevice says why the backend is unavailable.
func Probe(name string) ([]DeviceInfo, error) {
	b, err := backend(name)
	if err != nil {
		return nil, err
	}
	return b.Probe()
}

// defaultOrder is the preference of Open("") among registered backends:
// GPUs first (CUDA, then OpenCL GPUs), then CPU devices.
var defaultOrder = []string{"cuda", "opencl", "pocl", "native"}

// Open opens a device. name is a backend name ("cuda", "opencl", "pocl",
// "native"), optionally with a device index ("opencl:1"); the empty name
// means the KAGO_BACKEND environment variable if set, else the best
// available device: a CUDA GPU, an OpenCL GPU, PoCL's CPU device, the
// native backend, in that order, among the backends the program imports.
//
// An unknown backend name, in name or in KAGO_BACKEND, is an error that
// lists the registered backends; so is an unknown KAGO_SYNC value (the
// accepted ones are "cooperative", the default, and "blocking").
func Open(name string) (*Device, error) {
	if err := kasync.EnvError(); err != nil {
		return nil, fmt.Errorf("ka: %w", err)
	}
	from := ""
	if name == "" {
		name = os.Getenv("KAGO_BACKEND")
		from = " (from KAGO_BACKEND)"
	}
	if name != "" {
		bname, idx, err := parseName(name)
		if err != nil {
			return nil, fmt.Errorf("%w%s", err, from)
		}
		b, err := backend(bname)
		if err != nil {
			return nil, fmt.Errorf("%w%s", err, from)
		}
		infos, err := b.Probe()
		if err != nil {
			return nil, fmt.Errorf("ka: backend %s: %w", bname, err)
		}
		if idx >= len(infos) {
			return nil, fmt.Errorf("ka: backend %s has %d device(s), no device %d: %w", bname, len(infos), idx, ErrNoDevice)
		}
		return openDevice(b, bname, idx)
	}
	return openDefault()
}

// registered lists the registered backends for an error message.
func registered() string {
	if names := Backends(); len(names) > 0 {
		return strings.Join(names, ", ")
	}
	return "none"
}

func parseName(name string) (string, int, error) {
	bname, idx, found := strings.Cut(name, ":")
	if !found {
		return name, 0, nil
	}
	i, err := strconv.Atoi(idx)
	if err != nil || i < 0 || bname == "" {
		return "", 0, fmt.Errorf("ka: bad device name %q (want backend or backend:index): %w", name, ErrNoDevice)
	}
	return bname, i, nil
}

func openDefault() (*Device, error) {
	names := Backends()
	var reasons []string
	// GPUs first, in defaultOrder; then the CPU backends pocl and native;
	// then any other device (an OpenCL CPU runtime that is not PoCL).
	passes := []struct {
		order []string
		ok    func(DeviceInfo) bool
	}{
		{defaultOrder, func(i DeviceInfo) bool { return i.Kind == GPU }},
		{[]string{"pocl", "native"}, func(DeviceInfo) bool { return true }},
		{names, func(DeviceInfo) bool { return true }},
	}
	for pass, p := range passes {
		for _, n := range p.order {
			b, err := backend(n)
			if err != nil {
				continue
			}
			infos, err := b.Probe()
			if err != nil {
				if pass == 0 {
					reasons = append(reasons, fmt.Sprintf("%s: %v", n, err))
				}
				continue
			}
			for i, info := range infos {
				if p.ok(info) {
					return openDevice(b, n, i)
				}
			}
		}
	}
	if len(names) == 0 {
		return nil, fmt.Errorf("ka: no backend registered (import _ \"github.com/kago-dev/kago/backends/native\" or another backend): %w", ErrNoDevice)
	}
	return nil, fmt.Errorf("ka: no usable device among backends %v (%s): %w", names, strings.Join(reasons, "; "), ErrNoDevice)
}
