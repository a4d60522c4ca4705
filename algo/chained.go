package algo

import (
	"math"

	"github.com/kago-dev/kago/ka"
)

// This file is the single-pass scan of CPU devices: a chained scan, in
// which each chunk of SumChunk elements is summed, waits for the running
// sum of the chunks before it, publishes its own, and scans itself from
// it — one read of src from memory (the chunk is summed and scanned while
// it is in the cache) and one write of dst, in one launch, where the
// three-phase scan reads src twice and launches three kernels or more.
//
// Chunks are taken in the order the work-items start (an atomic counter),
// not by work-item index, so a chunk only ever waits for chunks that have
// started: on a CPU device, whose work-groups are threads that run to
// completion (native's goroutines, PoCL's pthreads), the wait always
// ends. Each group is one work-item, so that no two chunks that wait on
// each other run in one group's lockstep. GPUs get the three-phase scan:
// the chain would make their thousands of chunks wait one by one.
//
// A chunk's running sum is published with its status in one 64-bit atomic
// word (kago's atomics are relaxed: a flag and a value in two words could
// be seen out of order): bit 32 set means published, the low 32 bits hold
// the value's bits. Hence the chained scan's types are those of 32 bits
// or fewer, on devices with 64-bit atomics. The order of the sums is the
// three-phase scan's (scan.go), so float results are the same bits on
// every device.

// chained32 are the integer types the chained scan takes, whose uint32
// conversion keeps their bits (sign-extended, and truncated back).
type chained32 interface {
	int8 | int16 | int32 | uint8 | uint16 | uint32
}

// published is the status bit of a chunk's state.
const published = 1 << 32

// kChainedScan scans x into out in one pass for the integer types: state
// holds a word per chunk, zero, then the counter that hands chunks out.
//
//ka:kernel
func kChainedScan[T chained32](it ka.Item, x, out []T, state []uint64, inclusive bool) {
	w := nextChunk(state)
	a := sumChunk(x, w)
	p := T(uint32(waitChunk(state, w)))
	publishChunk(state, w, uint32(p+a))
	scanChunk(x, out, w, p, inclusive)
}

// kChainedScanFloat32 is kChainedScan for float32, with the bits of the
// float.
//
//ka:kernel
func kChainedScanFloat32(it ka.Item, x, out []float32, state []uint64, inclusive bool) {
	w := nextChunk(state)
	a := sumChunk(x, w)
	p := math.Float32frombits(waitChunk(state, w))
	publishChunk(state, w, math.Float32bits(p+a))
	scanChunk(x, out, w, p, inclusive)
}

// nextChunk takes the next chunk from the counter at the end of state.
func nextChunk(state []uint64) int {
	return int(ka.AtomicAdd(&state[len(state)-1], 1))
}

// waitChunk returns the bits of the running sum before chunk w, once
// chunk w-1 has published it (0 for the first chunk).
func waitChunk(state []uint64, w int) uint32 {
	if w == 0 {
		return 0
	}
	for {
		if s := ka.AtomicAdd(&state[w-1], 0); s&published != 0 {
			return uint32(s)
		}
	}
}

// publishChunk publishes the running sum through chunk w.
func publishChunk(state []uint64, w int, bits uint32) {
	ka.AtomicExchange(&state[w], published|uint64(bits))
}

// chainedInstances are the instances of the chained scan.
var chainedInstances = []any{
	kChainedScan[int8], kChainedScan[int16], kChainedScan[int32], kChainedScan[uint8], kChainedScan[uint16], kChainedScan[uint32],
}

// chainedScan runs the chained scan of src into dst when the device and
// the element type allow it (see above), and reports whether it did.
func chainedScan[T ka.Number](s *ka.Stream, dst, src *ka.Array[T], inclusive bool) (bool, error) {
	dev := s.Device()
	if dev.Info().Kind != ka.CPU || !dev.Capabilities().Features.Has(ka.Int64Atomics) {
		return false, nil
	}
	var launch func(state *ka.Array[uint64]) error
	switch d := any(dst).(type) {
	case *ka.Array[int8]:
		launch = chainedLaunch(s, d, any(src).(*ka.Array[int8]), inclusive)
	case *ka.Array[int16]:
		launch = chainedLaunch(s, d, any(src).(*ka.Array[int16]), inclusive)
	case *ka.Array[int32]:
		launch = chainedLaunch(s, d, any(src).(*ka.Array[int32]), inclusive)
	case *ka.Array[uint8]:
		launch = chainedLaunch(s, d, any(src).(*ka.Array[uint8]), inclusive)
	case *ka.Array[uint16]:
		launch = chainedLaunch(s, d, any(src).(*ka.Array[uint16]), inclusive)
	case *ka.Array[uint32]:
		launch = chainedLaunch(s, d, any(src).(*ka.Array[uint32]), inclusive)
	case *ka.Array[float32]:
		launch = func(state *ka.Array[uint64]) error {
			k, err := newKChainedScanFloat32Kernel(dev, ka.WithGroupSize(1))
			if err != nil {
				return err
			}
			return k.Launch(s, chunks(src.Len()), any(src).(*ka.Array[float32]), d, state, inclusive)
		}
	default:
		return false, nil
	}
	m := src.Len()/SumChunk + 1 // chunks, and a little more, then the counter
	state, err := ka.Alloc[uint64](dev, m+1)
	if err != nil {
		return true, err
	}
	defer state.Free()
	if err := Fill(s, state, 0); err != nil {
		return true, err
	}
	return true, launch(state)
}

func chainedLaunch[T chained32](s *ka.Stream, dst, src *ka.Array[T], inclusive bool) func(*ka.Array[uint64]) error {
	return func(state *ka.Array[uint64]) error {
		k, err := newKChainedScanKernel[T](s.Device(), ka.WithGroupSize(1))
		if err != nil {
			return err
		}
		return k.Launch(s, chunks(src.Len()), src, dst, state, inclusive)
	}
}

// chunks is the range of one work-item per chunk of n elements.
func chunks(n int) ka.NDRange { return ka.Range((n + SumChunk - 1) / SumChunk) }
