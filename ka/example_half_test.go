package ka_test

import (
	"context"
	"fmt"

	"github.com/kago-dev/kago/ka"
)

// Scale16 writes a times x into y, reading bfloat16 and writing float16,
// computing in float32.
//
//ka:kernel
func Scale16(it ka.Item, a float32, x []ka.BFloat16, y []ka.Float16) {
	if i := it.Global(); i < len(y) {
		y[i] = ka.ToFloat16(a * x[i].Float32())
	}
}

func ExampleToFloat16() {
	h := ka.ToFloat16(0.1) // the nearest binary16: 0.0999755859375
	fmt.Printf("%#04x %v\n", uint16(h), h.Float32())
	fmt.Println(ka.ToFloat16(65504).Float32(), ka.ToFloat16(65520).Float32()) // the largest finite, then a tie that rounds to Inf
	b := ka.ToBFloat16(1.0 / 3)
	fmt.Printf("%#04x %v\n", uint16(b), b.Float32())
	// Output:
	// 0x2e66 0.099975586
	// 65504 +Inf
	// 0x3eab 0.33398438
}

func ExampleFloat32s() {
	ctx := context.Background()
	dev, _ := ka.Open("native")
	defer dev.Close()

	x, _ := ka.FromSlice(ctx, dev, ka.ToBFloat16s([]float32{1, 2.5, -3, 1e-3}))
	defer x.Free()
	y, _ := ka.Alloc[ka.Float16](dev, x.Len())
	defer y.Free()
	k, err := ka.NewKernel(dev, Scale16)
	if err != nil {
		fmt.Println(err)
		return
	}
	if err := k.Launch(dev.Stream(), ka.Range(x.Len()), float32(2), x, y); err != nil {
		fmt.Println(err)
		return
	}
	out := make([]ka.Float16, y.Len())
	_ = y.Read(ctx, out)
	fmt.Println(ka.Float32s(out))
	// Output:
	// [2 5 -6 0.0019989014]
}
