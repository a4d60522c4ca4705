package ka_test

import (
	"context"
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	_ "github.com/kago-dev/kago/backends/native"
	"github.com/kago-dev/kago/ka"
)

func TestWithContextArguments(t *testing.T) {
	dev, err := ka.Open("native")
	require.NoError(t, err)
	defer dev.Close()
	s := dev.Stream()
	assert.ErrorIs(t, s.WithContext(context.Background(), nil), ka.ErrInvalid)
	mine := errors.New("mine")
	assert.Equal(t, mine, s.WithContext(context.Background(), func(*ka.Stream) error { return mine }), "fn's error")

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	ran := false
	err = s.WithContext(ctx, func(*ka.Stream) error { ran = true; return nil })
	assert.True(t, ran, "fn runs even when ctx is already done")
	assert.ErrorIs(t, err, context.Canceled)
	err = s.WithContext(ctx, func(*ka.Stream) error { return mine })
	assert.ErrorIs(t, err, mine)
	assert.ErrorIs(t, err, context.Canceled)

	assert.ErrorIs(t, ka.SpawnContext(ctx, dev, nil).Wait(context.Background()), ka.ErrInvalid)
	assert.ErrorIs(t, ka.SpawnContext(ctx, dev, func(*ka.Stream) error { return nil }).Wait(context.Background()), context.Canceled)
	assert.NoError(t, ka.SpawnContext(context.Background(), dev, func(*ka.Stream) error { return nil }).Wait(context.Background()))
}

// Hostile calls: a nil context, and SpawnContext or WithContext on a
// closed device.
func TestWithContextNilContextAndClosedDevice(t *testing.T) {
	dev, err := ka.Open("native")
	require.NoError(t, err)
	s := dev.Stream()
	ran := false
	fn := func(*ka.Stream) error { ran = true; return nil }
	var nilCtx context.Context
	assert.ErrorIs(t, s.WithContext(nilCtx, fn), ka.ErrInvalid)
	assert.ErrorIs(t, ka.SpawnContext(nilCtx, dev, fn).Wait(context.Background()), ka.ErrInvalid)
	assert.False(t, ran, "fn does not run with a nil context")

	require.NoError(t, dev.Close())
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	assert.ErrorIs(t, ka.SpawnContext(ctx, dev, fn).Wait(context.Background()), ka.ErrClosed)
	assert.False(t, ran, "no task on a closed device")
	x := 0
	err = s.WithContext(ctx, func(s *ka.Stream) error { x++; return s.Synchronize(context.Background()) })
	assert.Equal(t, 1, x)
	assert.ErrorIs(t, err, ka.ErrClosed)
	assert.ErrorIs(t, err, context.Canceled)
}
