package ka

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/kago-dev/kago/ka/driver"
)

// probeOnly is a backend with fixed devices that cannot be opened; Open
// reports which one openDefault picked.
type probeOnly struct {
	name  string
	infos []driver.DeviceInfo
	err   error
}

type pickedError struct {
	name string
	i    int
}

func (e *pickedError) Error() string { return e.name }

func (b *probeOnly) Probe() ([]driver.DeviceInfo, error) { return b.infos, b.err }
func (b *probeOnly) Open(i int) (driver.Device, error)   { return nil, &pickedError{b.name, i} }

func TestOpenDefaultPrefersGPUsThenPoCLThenNative(t *testing.T) {
	saved := backends.m
	defer func() { backends.m = saved }()
	cpu := []driver.DeviceInfo{{Kind: CPU}}
	gpu := []driver.DeviceInfo{{Kind: CPU}, {Kind: GPU}}
	cases := []struct {
		backends map[string]*probeOnly
		want     string
		wantIdx  int
	}{
		{map[string]*probeOnly{"native": {infos: cpu}, "pocl": {infos: cpu}, "opencl": {infos: cpu}}, "pocl", 0},
		{map[string]*probeOnly{"native": {infos: cpu}, "opencl": {infos: gpu}, "pocl": {infos: cpu}}, "opencl", 1},
		{map[string]*probeOnly{"native": {infos: cpu}, "opencl": {infos: gpu}, "cuda": {infos: gpu[1:]}}, "cuda", 0},
		{map[string]*probeOnly{"native": {infos: cpu}, "cuda": {err: ErrNoDevice}, "opencl": {infos: cpu}}, "native", 0},
		{map[string]*probeOnly{"opencl": {infos: cpu}, "pocl": {err: ErrNoDevice}}, "opencl", 0},
	}
	for _, c := range cases {
		backends.m = map[string]driver.Backend{}
		for n, b := range c.backends {
			b.name = n
			backends.m[n] = b
		}
		_, err := Open("")
		var p *pickedError
		if assert.ErrorAs(t, err, &p, "backends %v: Open(\"\")", keys(c.backends)) {
			assert.Equal(t, c.want, p.name, "backends %v: Open(\"\") picked backend", keys(c.backends))
			assert.Equal(t, c.wantIdx, p.i, "backends %v: Open(\"\") picked device", keys(c.backends))
		}
	}
}

func keys(m map[string]*probeOnly) []string {
	var k []string
	for n := range m {
		k = append(k, n)
	}
	return k
}
