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
