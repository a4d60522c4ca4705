package ka_test

import (
	"math"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/kago-dev/kago/ka"
)

// TestAtomicsOnTheHost checks the atomics as native kernels call them:
// each returns the old value, integers wrap, floats keep their bits
// (NaN, -0), and concurrent adds lose nothing.
func TestAtomicsOnTheHost(t *testing.T) {
	i32 := int32(math.MaxInt32)
	assert.Equal(t, int32(math.MaxInt32), ka.AtomicAdd(&i32, 1))
	assert.Equal(t, int32(math.MinInt32), i32, "int32 wraps")
	assert.Equal(t, int32(math.MinInt32), ka.AtomicSub(&i32, 1))
	assert.Equal(t, int32(math.MaxInt32), i32)
	u64 := uint64(0)
	assert.Equal(t, uint64(0), ka.AtomicSub(&u64, 1))
	assert.Equal(t, uint64(math.MaxUint64), u64, "uint64 wraps")
	i64 := int64(-5)
	assert.Equal(t, int64(-5), ka.AtomicAdd(&i64, -7))
	assert.Equal(t, int64(-12), i64)

	f32 := float32(1.5)
	assert.Equal(t, float32(1.5), ka.AtomicAdd(&f32, 2.25))
	assert.Equal(t, float32(3.75), f32)
	assert.Equal(t, float32(3.75), ka.AtomicSub(&f32, 0.75))
	assert.Equal(t, float32(3), f32)
	f64 := math.Copysign(0, -1)
	assert.Equal(t, math.Float64bits(math.Copysign(0, -1)), math.Float64bits(ka.AtomicExchange(&f64, math.NaN())), "-0 returned bit for bit")
	assert.True(t, math.IsNaN(f64))
	assert.True(t, math.IsNaN(ka.AtomicAdd(&f64, 1)))
	u32 := uint32(7)
	assert.Equal(t, uint32(7), ka.AtomicExchange(&u32, 9))
	assert.Equal(t, uint32(9), u32)

	var sum float64
	var n int32
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			for range 1000 {
				ka.AtomicAdd(&sum, 0.5)
				ka.AtomicAdd(&n, 1)
			}
		})
	}
	wg.Wait()
	assert.Equal(t, 2000.0, sum, "concurrent float adds (exact: halves up to 2000)")
	assert.Equal(t, int32(4000), n)
}
