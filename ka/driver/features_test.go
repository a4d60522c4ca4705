package driver_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/kago-dev/kago/ka/driver"
)

func TestFeatures(t *testing.T) {
	all := driver.FP64 | driver.Int64Atomics
	assert.Equal(t, "none", driver.Features(0).String())
	assert.Equal(t, "fp64", driver.FP64.String())
	assert.Equal(t, "int64 atomics", driver.Int64Atomics.String())
	assert.Equal(t, "fp64, int64 atomics", all.String())
	assert.Equal(t, "fp64, Features(0x80)", (driver.FP64 | 0x80).String())

	assert.True(t, all.Has(driver.FP64))
	assert.True(t, all.Has(all))
	assert.True(t, driver.FP64.Has(0), "every set has the empty set")
	assert.False(t, driver.FP64.Has(all))
	assert.Equal(t, driver.Int64Atomics, all&^driver.FP64, "what a device lacks is needs &^ features")
}
