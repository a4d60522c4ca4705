package ka_test

import (
	"math"
	"sync/atomic"
	"testing"
	"unsafe"

	"github.com/kago-dev/kago/ka"
)

// addFloat32CAS is the float atomic add a Go programmer writes by hand with
// sync/atomic: the baseline of BenchmarkAtomicAddFloat.
func addFloat32CAS(p *float32, v float32) {
	q := (*uint32)(unsafe.Pointer(p))
	for {
		cur := atomic.LoadUint32(q)
		if atomic.CompareAndSwapUint32(q, cur, math.Float32bits(math.Float32frombits(cur)+v)) {
			return
		}
	}
}

// BenchmarkAtomicAddFloat compares ka.AtomicAdd on float32 and float64,
// as native kernels call it, with the hand-written CAS loop and with
// sync/atomic's integer add, over 16 bins shared by every goroutine (the
// shape of k-means' centroid sums).
func BenchmarkAtomicAddFloat(b *testing.B) {
	const bins = 16
	b.Run("ka.AtomicAdd-float32", func(b *testing.B) {
		var s [bins]float32
		b.RunParallel(func(pb *testing.PB) {
			for i := 0; pb.Next(); i++ {
				ka.AtomicAdd(&s[i%bins], 1.5)
			}
		})
	})
	b.Run("ka.AtomicAdd-float64", func(b *testing.B) {
		var s [bins]float64
		b.RunParallel(func(pb *testing.PB) {
			for i := 0; pb.Next(); i++ {
				ka.AtomicAdd(&s[i%bins], 1.5)
			}
		})
	})
	b.Run("hand-CAS-float32", func(b *testing.B) {
		var s [bins]float32
		b.RunParallel(func(pb *testing.PB) {
			for i := 0; pb.Next(); i++ {
				addFloat32CAS(&s[i%bins], 1.5)
			}
		})
	})
	b.Run("sync-atomic-int32", func(b *testing.B) {
		var s [bins]int32
		b.RunParallel(func(pb *testing.PB) {
			for i := 0; pb.Next(); i++ {
				atomic.AddInt32(&s[i%bins], 1)
			}
		})
	})
}

// BenchmarkAtomicAddFloatSerial is BenchmarkAtomicAddFloat on one
// goroutine: the cost of the call itself, without contention.
func BenchmarkAtomicAddFloatSerial(b *testing.B) {
	const bins = 16
	b.Run("ka.AtomicAdd-float32", func(b *testing.B) {
		var s [bins]float32
		for i := 0; i < b.N; i++ {
			ka.AtomicAdd(&s[i%bins], 1.5)
		}
	})
	b.Run("hand-CAS-float32", func(b *testing.B) {
		var s [bins]float32
		for i := 0; i < b.N; i++ {
			addFloat32CAS(&s[i%bins], 1.5)
		}
	})
	b.Run("sync-atomic-int32", func(b *testing.B) {
		var s [bins]int32
		for i := 0; i < b.N; i++ {
			atomic.AddInt32(&s[i%bins], 1)
		}
	})
	b.Run("plain-float32", func(b *testing.B) {
		var s [bins]float32
		for i := 0; i < b.N; i++ {
			s[i%bins] += 1.5
		}
	})
}
