package corpus

import "github.com/kago-dev/kago/ka"

// This file holds the kernel on ka.Local: local memory
// whose length the launch chooses.

// LocalHistogram counts the values of in modulo len(bins) into bins
// through one histogram per group in local memory, of the length the
// launch gives local (len(bins)): zeroed, counted into with local atomics,
// and added to bins, each bin by one work-item.
//
//ka:kernel
func LocalHistogram(it ka.Item, local ka.Local[uint32], in, bins []uint32) {
	h := local.Slice(it)
	l, n := it.LocalID(0), it.GroupSize(0)
	for b := l; b < len(h); b += n {
		h[b] = 0
	}
	it.Barrier()
	if i := it.Global(); i < len(in) {
		ka.AtomicAdd(&h[int(in[i]%uint32(len(h)))], 1)
	}
	it.Barrier()
	for b := l; b < len(h) && b < len(bins); b += n {
		if h[b] != 0 {
			ka.AtomicAdd(&bins[b], h[b])
		}
	}
}
