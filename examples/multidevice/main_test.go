package main

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kago-dev/kago/ka"
)

// Every available device together (PoCL and native here, GPUs where
// there are), then combinations that need no hardware: two native
// devices, PoCL with native.
func TestRun(t *testing.T) {
	for _, c := range []struct {
		name     string
		native   int
		backends string
		devices  int
	}{
		{"all", 1, "", 0},
		{"two-native", 2, "native", 2},
		{"pocl+native", 1, "pocl,native", 2},
	} {
		t.Run(c.name, func(t *testing.T) {
			out, err := run(context.Background(), 100_003, c.native, c.backends)
			if errors.Is(err, ka.ErrNoDevice) {
				t.Skip(err)
			}
			require.NoError(t, err)
			assert.Contains(t, out, "verified")
			if c.devices > 0 {
				lines := strings.Count(out, "\n") - 1
				if c.backends == "pocl,native" && lines < 2 {
					t.Skip("no PoCL device here")
				}
				assert.Equal(t, c.devices, lines, "%s", out)
			}
			t.Log(out)
		})
	}
}
