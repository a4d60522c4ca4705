package ka

import (
	"fmt"
	"io"
	"runtime/trace"
	"testing"

	"github.com/stretchr/testify/require"
)

// BenchmarkLaunchTracing measures what the runtime/trace hooks cost a
// launch on the fake driver (which does nothing): "off" is the cost with
// tracing off, to compare with a build without the hooks; "on" adds a
// region and a log per launch.
func BenchmarkLaunchTracing(b *testing.B) {
	for _, on := range []bool{false, true} {
		b.Run(map[bool]string{false: "off", true: "on"}[on], func(b *testing.B) {
			fakeSeq++
			fd := newFakeDevice(false)
			fd.quiet = true
			name := fmt.Sprintf("fakebench%d", fakeSeq)
			Register(name, &fakeBackend{dev: fd})
			dev, err := Open(name)
			require.NoError(b, err)
			defer dev.Close()
			k, err := NewKernel(dev, fakeKernel)
			require.NoError(b, err)
			x, _ := Alloc[float32](dev, 4)
			s := dev.Stream()
			if on {
				require.NoError(b, trace.Start(io.Discard))
				defer trace.Stop()
			}
			b.ReportAllocs()
			for b.Loop() {
				// Checked after the loop: require calls b.Helper, which would be timed.
				if err = k.Launch(s, Range(4), x); err != nil {
					break
				}
			}
			require.NoError(b, err)
		})
	}
}
