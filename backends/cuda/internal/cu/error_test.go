package cu

import (
	"errors"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestErrorNames(t *testing.T) {
	err := check("cuModuleLoadDataEx", InvalidPTX)
	assert.EqualError(t, err, "cuModuleLoadDataEx: CUDA_ERROR_INVALID_PTX (218)")
	assert.NoError(t, check("cuInit", Success), "CUDA_SUCCESS is an error")
	wrapped := fmt.Errorf("context: %w", &JITError{Err: err, ErrLog: "ptxas fatal"})
	assert.Equal(t, int32(InvalidPTX), CodeOf(wrapped), "CodeOf does not see through JITError")
	assert.Equal(t, int32(Success), CodeOf(errors.New("other")), "CodeOf of a non-CUDA error")
	for code, want := range map[int32]string{
		NotReady: "CUDA_ERROR_NOT_READY", NoDevice: "CUDA_ERROR_NO_DEVICE",
		StubLibrary: "CUDA_ERROR_STUB_LIBRARY", IllegalAddress: "CUDA_ERROR_ILLEGAL_ADDRESS",
		LaunchFailed: "CUDA_ERROR_LAUNCH_FAILED", 999: "CUDA_ERROR_UNKNOWN",
	} {
		assert.Equal(t, want, Name(code), "Name(%d)", code)
	}
	// A code no table has: the loaded driver's name if it knows one, else
	// the number.
	assert.Equal(t, "CUDA_ERROR(-7)", Name(-7), "Name(-7)")
}

func TestJITErrorText(t *testing.T) {
	e := &JITError{Err: check("cuModuleLoadDataEx", InvalidPTX), ErrLog: "line 3: syntax error", InfoLog: "0 bytes"}
	want := "cuModuleLoadDataEx: CUDA_ERROR_INVALID_PTX (218); JIT error log:\nline 3: syntax error\nJIT info log:\n0 bytes"
	assert.EqualError(t, e, want)
}

func TestDeviceFaults(t *testing.T) {
	for _, c := range []int32{IllegalAddress, LaunchOutOfRes, Assert, IllegalInstruction, LaunchFailed, 214} {
		assert.True(t, IsDeviceFault(c), "%s is a device fault", Name(c))
	}
	for _, c := range []int32{Success, InvalidValue, NotReady, InvalidPTX, 709} {
		assert.False(t, IsDeviceFault(c), "%s is not a device fault", Name(c))
	}
}

func TestLogText(t *testing.T) {
	buf := []byte("abc\x00junk")
	assert.Equal(t, "abc", logText(buf, 8))
	assert.Equal(t, "ab", logText(buf, 2))
	assert.Equal(t, "abc", logText(buf, 100))
}
