package cu

import (
	"errors"
	"fmt"
	"testing"
)

func TestErrorNames(t *testing.T) {
	err := check("cuModuleLoadDataEx", InvalidPTX)
	if err.Error() != "cuModuleLoadDataEx: CUDA_ERROR_INVALID_PTX (218)" {
		t.Errorf("got %q", err)
	}
	if check("cuInit", Success) != nil {
		t.Error("CUDA_SUCCESS is an error")
	}
	wrapped := fmt.Errorf("context: %w", &JITError{Err: err, ErrLog: "ptxas fatal"})
	if CodeOf(wrapped) != InvalidPTX {
		t.Errorf("CodeOf does not see through JITError: %d", CodeOf(wrapped))
	}
	if CodeOf(errors.New("other")) != Success {
		t.Error("CodeOf of a non-CUDA error")
	}
	for code, want := range map[int32]string{
		NotReady: "CUDA_ERROR_NOT_READY", NoDevice: "CUDA_ERROR_NO_DEVICE",
		StubLibrary: "CUDA_ERROR_STUB_LIBRARY", IllegalAddress: "CUDA_ERROR_ILLEGAL_ADDRESS",
		LaunchFailed: "CUDA_ERROR_LAUNCH_FAILED", 999: "CUDA_ERROR_UNKNOWN",
	} {
		if got := Name(code); got != want {
			t.Errorf("Name(%d) = %s, want %s", code, got, want)
		}
	}
	// A code no table has: the loaded driver's name if it knows one, else
	// the number.
	if got := Name(-7); got != "CUDA_ERROR(-7)" {
		t.Errorf("Name(-7) = %s", got)
	}
}

func TestJITErrorText(t *testing.T) {
	e := &JITError{Err: check("cuModuleLoadDataEx", InvalidPTX), ErrLog: "line 3: syntax error", InfoLog: "0 bytes"}
	want := "cuModuleLoadDataEx: CUDA_ERROR_INVALID_PTX (218); JIT error log:\nline 3: syntax error\nJIT info log:\n0 bytes"
	if e.Error() != want {
		t.Errorf("got %q", e.Error())
	}
}

func TestDeviceFaults(t *testing.T) {
	for _, c := range []int32{IllegalAddress, LaunchOutOfRes, Assert, IllegalInstruction, LaunchFailed, 214} {
		if !IsDeviceFault(c) {
			t.Errorf("%s is a device fault", Name(c))
		}
	}
	for _, c := range []int32{Success, InvalidValue, NotReady, InvalidPTX, 709} {
		if IsDeviceFault(c) {
			t.Errorf("%s is not a device fault", Name(c))
		}
	}
}

func TestLogText(t *testing.T) {
	buf := []byte("abc\x00junk")
	if got := logText(buf, 8); got != "abc" {
		t.Errorf("got %q", got)
	}
	if got := logText(buf, 2); got != "ab" {
		t.Errorf("got %q", got)
	}
	if got := logText(buf, 100); got != "abc" {
		t.Errorf("got %q", got)
	}
}
