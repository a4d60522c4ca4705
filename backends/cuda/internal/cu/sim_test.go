//go:build cgo

package cu

import (
	"reflect"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// nilSim is a Sim whose every method panics (its embedded Sim is nil): a
// call that panics with it reached the simulator, not libcuda.
type nilSim struct{ Sim }

// Every method of Context and Device, given a simulated handle, goes to
// the installed Sim: none reaches libcuda (which is not loaded here, so
// one that did would fail or crash). A new entry point without its
// simulated branch fails this test.
func TestEverySimulatedCallReachesTheSim(t *testing.T) {
	InstallSim(nilSim{})
	reached := func(name string, call func()) {
		t.Helper()
		defer func() {
			r := recover()
			assert.NotNil(t, r, "%s returned without reaching the simulated driver", name)
			if r != nil {
				assert.Contains(t, strings.ToLower(errString(r)), "nil pointer", "%s: %v", name, r)
			}
		}()
		call()
	}
	for _, recv := range []any{Context(SimHandle | 1), Device(SimDevice)} {
		v := reflect.ValueOf(recv)
		for i := 0; i < v.NumMethod(); i++ {
			m := v.Type().Method(i)
			if m.Name == "HasAsyncAlloc" {
				continue // reaches the Sim too, but returns a bool (below)
			}
			args := make([]reflect.Value, m.Type.NumIn()-1)
			for j := range args {
				at := m.Type.In(j + 1)
				args[j] = reflect.Zero(at)
				if at.Kind() == reflect.Slice {
					args[j] = reflect.MakeSlice(at, 1, 1) // copies of nothing return early
				}
				if at == reflect.TypeOf((*Params)(nil)) {
					p, err := NewParams(1)
					require.NoError(t, err)
					defer p.Free()
					args[j] = reflect.ValueOf(p)
				}
			}
			if m.Name == "LoadModule" {
				args[0] = reflect.ValueOf([]byte("x"))
			}
			reached(v.Type().Name()+"."+m.Name, func() { v.Method(i).Call(args) })
		}
	}
	reached("Device.HasAsyncAlloc", func() { Device(SimDevice).HasAsyncAlloc() })
	d := InstallSim(nilSim{})
	reached("Driver.Load", func() { d.Load() })
	reached("Driver.DeviceCount", func() { d.DeviceCount() })
	reached("Driver.GetDevice", func() { d.GetDevice(0) })
}

func errString(r any) string {
	if e, ok := r.(error); ok {
		return e.Error()
	}
	if s, ok := r.(string); ok {
		return s
	}
	return ""
}
