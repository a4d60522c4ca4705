package ka_test

import (
	"context"
	"fmt"

	"github.com/kago-dev/kago/ka"
)

// SubgroupSums writes, for each subgroup, the sum of its x at its first
// work-item's index, and the lane of every work-item in lanes.
//
//ka:kernel
func SubgroupSums(it ka.Item, x []int32, sums, lanes []int32) {
	i := it.Global()
	var v int32
	if i < len(x) {
		v = x[i]
	}
	s := ka.SubgroupSum(it, v) // every work-item of the group calls it
	if i < len(x) {
		lanes[i] = int32(it.SubgroupLocalID())
		if it.SubgroupLocalID() == 0 {
			sums[i] = s
		}
	}
}

func ExampleSubgroupSum() {
	ctx := context.Background()
	dev, _ := ka.Open("native") // subgroups of 8 emulated lanes
	defer dev.Close()
	fmt.Println("subgroup size", dev.Capabilities().SubgroupSize)

	in := make([]int32, 20)
	for i := range in {
		in[i] = int32(i)
	}
	x, _ := ka.FromSlice(ctx, dev, in)
	sums, _ := ka.Alloc[int32](dev, len(in))
	lanes, _ := ka.Alloc[int32](dev, len(in))
	// Groups of 10: subgroups of 8 and 2 work-items in each.
	k, err := ka.NewKernel(dev, SubgroupSums, ka.WithGroupSize(10))
	if err != nil {
		fmt.Println(err)
		return
	}
	if err := k.Launch(dev.Stream(), ka.Range(len(in)), x, sums, lanes); err != nil {
		fmt.Println(err)
		return
	}
	s, l := make([]int32, len(in)), make([]int32, len(in))
	_ = sums.Read(ctx, s)
	_ = lanes.Read(ctx, l)
	fmt.Println(s)
	fmt.Println(l)
	// Output:
	// subgroup size 8
	// [28 0 0 0 0 0 0 0 17 0 108 0 0 0 0 0 0 0 37 0]
	// [0 1 2 3 4 5 6 7 0 1 0 1 2 3 4 5 6 7 0 1]
}
