package main

import (
	"errors"
	"testing"

	"github.com/kago-dev/kago/ka"
)

func TestRun(t *testing.T) {
	for _, backend := range []string{"native", "pocl"} {
		t.Run(backend, func(t *testing.T) {
			err := run(backend, 100003)
			if errors.Is(err, ka.ErrNoDevice) {
				t.Skipf("%s: %v", backend, err)
			}
			if err != nil {
				t.Fatal(err)
			}
		})
	}
}
