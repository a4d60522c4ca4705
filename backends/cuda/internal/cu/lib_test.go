package cu

import (
	"errors"
	"strings"
	"testing"
)

// A library that is not there is ErrNoLibrary with what to install, and
// leaves nothing behind.
func TestOpenMissingLibrary(t *testing.T) {
	err := open("libkago-no-such-cuda.so.1")
	if !errors.Is(err, ErrNoLibrary) {
		t.Fatalf("open: %v; want ErrNoLibrary", err)
	}
	for _, s := range []string{"libkago-no-such-cuda.so.1", "NVIDIA driver", "libcuda1"} {
		if !strings.Contains(err.Error(), s) {
			t.Errorf("error %q does not mention %q", err, s)
		}
	}
}

// Load either works (a machine with the driver) or says why not.
func TestLoad(t *testing.T) {
	err := Load()
	if err == nil {
		n, err := DeviceCount()
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("CUDA driver loaded, %d device(s)", n)
		return
	}
	if !errors.Is(err, ErrNoLibrary) && CodeOf(err) == Success {
		t.Fatalf("Load: %v; want ErrNoLibrary or a CUDA error", err)
	}
	if err2 := Load(); err2 != err {
		t.Errorf("second Load returned %v, first %v", err2, err)
	}
	t.Skipf("no CUDA driver here: %v", err)
}

// kernelParams is an array of pointers, pointer i to slot i, in C memory,
// and the slots hold what was written.
func TestParamsLayout(t *testing.T) {
	for _, n := range []int{0, 1, 7} {
		p, err := NewParams(n)
		if err != nil {
			t.Fatal(err)
		}
		if p.Len() != n {
			t.Errorf("Len = %d, want %d", p.Len(), n)
		}
		s := p.Slots()
		for i := range s {
			s[i] = uint64(i)*0x0101010101010101 + 1
		}
		for i := 0; i < n; i++ {
			if p.Pointer(i) != p.SlotAddr(i) {
				t.Errorf("n=%d: kernelParams[%d] = %#x, slot at %#x", n, i, p.Pointer(i), p.SlotAddr(i))
			}
			if i > 0 && p.SlotAddr(i)-p.SlotAddr(i-1) != 8 {
				t.Errorf("slots are not 8 bytes apart")
			}
			if s[i] != uint64(i)*0x0101010101010101+1 {
				t.Errorf("slot %d = %#x", i, s[i])
			}
		}
		p.Free()
		p.Free() // twice is harmless
	}
	if _, err := NewParams(-1); err == nil {
		t.Error("NewParams(-1) succeeded")
	}
}
