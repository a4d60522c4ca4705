package cl

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestErrorNames(t *testing.T) {
	err := check("clBuildProgram", BuildProgramFailure)
	assert.EqualError(t, err, "clBuildProgram: CL_BUILD_PROGRAM_FAILURE (-11)")
	assert.Equal(t, int32(BuildProgramFailure), CodeOf(&BuildError{Err: err, Log: "x"}), "CodeOf does not see through BuildError")
	assert.NoError(t, check("clFinish", 0), "CL_SUCCESS is an error")
	assert.Equal(t, "CL_ERROR(-9999)", Name(-9999), "name of an unknown code")
	assert.Equal(t, "CL_OUT_OF_RESOURCES", Name(OutOfResources), "name of a known code")
}

func TestLoadAndPlatforms(t *testing.T) {
	if err := Load(); err != nil {
		require.ErrorIs(t, err, ErrNoLibrary, "Load")
		require.ErrorContains(t, err, "ocl-icd-libopencl1", "Load; want ErrNoLibrary naming the Debian package")
		t.Skip(err)
	}
	ps, err := Platforms()
	require.NoError(t, err)
	for _, p := range ps {
		name, err := p.Info(PlatformName)
		assert.NoError(t, err, "platform name")
		assert.NotEmpty(t, name, "platform name")
	}
}
