package main

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/kago-dev/kago/ka"
	"github.com/stretchr/testify/require"
)

func TestRun(t *testing.T) {
	for _, backend := range []string{"native", "pocl"} {
		t.Run(backend, func(t *testing.T) {
			if !slices.Contains(ka.Backends(), backend) {
				t.Skipf("%s is not in this build (it needs cgo)", backend)
			}
			err := run(backend, 70001)
			if errors.Is(err, ka.ErrNoDevice) {
				t.Skipf("%s: %v", backend, err)
			}
			require.NoError(t, err)
		})
	}
}

// TestStable checks the order against slices.SortStableFunc.
func TestStable(t *testing.T) {
	dev, err := ka.Open("native")
	require.NoError(t, err)
	defer dev.Close()
	rng := rand.New(rand.NewPCG(3, 4))
	recs := make([]Record, 5000)
	for i := range recs {
		recs[i] = Record{Key: rng.Uint32N(50), Name: string(rune('a' + i%26))}
	}
	got, err := sortRecords(context.Background(), dev, recs)
	require.NoError(t, err)
	want := slices.Clone(recs)
	slices.SortStableFunc(want, func(a, b Record) int { return int(a.Key) - int(b.Key) })
	require.Equal(t, want, got)
}
