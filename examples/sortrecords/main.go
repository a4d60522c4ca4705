// Command sortrecords sorts a million records by a uint32 key on a
// device with algo.SortPairs: the keys and the records' indices go
// to the device, come back sorted (stably: records with equal keys keep
// their order), and the records are permuted on the host.
package main

import (
	"context"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"time"

	"github.com/kago-dev/kago/algo"
	_ "github.com/kago-dev/kago/backends/native"
	"github.com/kago-dev/kago/ka"
)

// Record is what is sorted: a key and a payload.
type Record struct {
	Key  uint32
	Name string
}

func main() {
	backend := flag.String("backend", "", "backend (default: KAGO_BACKEND, else the best available)")
	n := flag.Int("n", 1_000_000, "number of records")
	flag.Parse()
	if err := run(*backend, *n); err != nil {
		fmt.Fprintln(os.Stderr, "sortrecords:", err)
		os.Exit(1)
	}
}

// sortRecords sorts recs by Key on dev, stably.
func sortRecords(ctx context.Context, dev *ka.Device, recs []Record) ([]Record, error) {
	keys := make([]uint32, len(recs))
	idx := make([]uint32, len(recs))
	for i, r := range recs {
		keys[i], idx[i] = r.Key, uint32(i)
	}
	k, err := ka.FromSlice(ctx, dev, keys)
	if err != nil {
		return nil, err
	}
	defer k.Free()
	v, err := ka.FromSlice(ctx, dev, idx)
	if err != nil {
		return nil, err
	}
	defer v.Free()
	s := dev.Stream()
	if err := algo.SortPairs(s, k, v); err != nil {
		return nil, err
	}
	if err := v.ReadAsync(s, idx); err != nil {
		return nil, err
	}
	if err := s.Synchronize(ctx); err != nil {
		return nil, err
	}
	out := make([]Record, len(recs))
	for i, j := range idx {
		out[i] = recs[j]
	}
	return out, nil
}

func run(backend string, n int) error {
	ctx := context.Background()
	dev, err := ka.Open(backend)
	if err != nil {
		return err
	}
	defer dev.Close()
	rng := rand.New(rand.NewPCG(1, 2))
	recs := make([]Record, n)
	for i := range recs {
		recs[i] = Record{Key: rng.Uint32N(1 << 20), Name: fmt.Sprint("record ", i)}
	}
	t0 := time.Now()
	sorted, err := sortRecords(ctx, dev, recs)
	if err != nil {
		return err
	}
	took := time.Since(t0)
	for i := 1; i < len(sorted); i++ {
		a, b := sorted[i-1], sorted[i]
		if a.Key > b.Key {
			return fmt.Errorf("not sorted at %d: key %d before %d", i, a.Key, b.Key)
		}
	}
	fmt.Printf("sorted %d records by key on %s in %v\n", n, dev.Name(), took)
	if n > 0 {
		fmt.Printf("first: %+v, last: %+v\n", sorted[0], sorted[n-1])
	}
	return nil
}
