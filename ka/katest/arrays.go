package katest

import (
	"context"
	"errors"
	"testing"

	"github.com/kago-dev/kago/ka"
)

func testArrays(t *testing.T, dev *ka.Device) {
	ctx := context.Background()
	a, err := ka.FromSlice(ctx, dev, []uint8{1, 2, 3, 4, 5})
	must(t, err)
	if a.Len() != 5 {
		t.Errorf("Len = %d, want 5", a.Len())
	}
	must(t, a.Write(ctx, []uint8{9, 8}))
	got := make([]uint8, 5)
	must(t, a.Read(ctx, got))
	if want := []uint8{9, 8, 3, 4, 5}; string(got) != string(want) {
		t.Errorf("after a partial Write: %v, want %v", got, want)
	}
	three := make([]uint8, 3)
	must(t, a.Read(ctx, three))
	if string(three) != string([]uint8{9, 8, 3}) {
		t.Errorf("partial Read = %v", three)
	}
	if err := a.Read(ctx, make([]uint8, 6)); err == nil {
		t.Error("Read of more elements than the array has succeeded")
	}
	if err := a.Write(ctx, make([]uint8, 6)); err == nil {
		t.Error("Write of more elements than the array has succeeded")
	}
	must(t, a.Free())
	must(t, a.Free())
	if err := a.Read(ctx, got); !errors.Is(err, ka.ErrClosed) {
		t.Errorf("Read after Free = %v, want ErrClosed", err)
	}
	empty, err := ka.Alloc[int64](dev, 0)
	must(t, err)
	must(t, empty.Read(ctx, nil))
	must(t, empty.Free())
	b, err := ka.FromSlice(ctx, dev, []bool{true, false, true})
	must(t, err)
	gb := make([]bool, 3)
	must(t, b.Read(ctx, gb))
	if !gb[0] || gb[1] || !gb[2] {
		t.Errorf("bool array = %v", gb)
	}
	must(t, b.Free())
	if _, err := ka.Alloc[int32](dev, -1); err == nil {
		t.Error("Alloc of -1 elements succeeded")
	}
}
