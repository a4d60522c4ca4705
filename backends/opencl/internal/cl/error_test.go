package cl

import (
	"errors"
	"strings"
	"testing"
)

func TestErrorNames(t *testing.T) {
	err := check("clBuildProgram", BuildProgramFailure)
	if err.Error() != "clBuildProgram: CL_BUILD_PROGRAM_FAILURE (-11)" {
		t.Errorf("got %q", err)
	}
	if CodeOf(&BuildError{Err: err, Log: "x"}) != BuildProgramFailure {
		t.Error("CodeOf does not see through BuildError")
	}
	if check("clFinish", 0) != nil {
		t.Error("CL_SUCCESS is an error")
	}
	if Name(-9999) != "CL_ERROR(-9999)" || Name(OutOfResources) != "CL_OUT_OF_RESOURCES" {
		t.Errorf("names: %s, %s", Name(-9999), Name(OutOfResources))
	}
}

func TestLoadAndPlatforms(t *testing.T) {
	if err := Load(); err != nil {
		if !errors.Is(err, ErrNoLibrary) || !strings.Contains(err.Error(), "ocl-icd-libopencl1") {
			t.Fatalf("Load: %v; want ErrNoLibrary naming the Debian package", err)
		}
		t.Skip(err)
	}
	ps, err := Platforms()
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range ps {
		if name, err := p.Info(PlatformName); err != nil || name == "" {
			t.Errorf("platform name %q, %v", name, err)
		}
	}
}
