package ka_test

import (
	"context"
	"errors"
	"fmt"

	"github.com/kago-dev/kago/ka"

	_ "github.com/kago-dev/kago/backends/native"
)

// AddOne adds 1 to every element of x.
//
//ka:kernel
func AddOne(it ka.Item, x []int32) {
	if i := it.Global(); i < len(x) {
		x[i]++
	}
}

func ExampleOpen() {
	dev, err := ka.Open("native") // "" picks KAGO_BACKEND, else the best device
	if err != nil {
		fmt.Println(err)
		return
	}
	defer dev.Close()
	fmt.Println(dev.Backend(), dev.Kind())

	_, err = ka.Open("nosuch")
	fmt.Println(errors.Is(err, ka.ErrNoDevice))
	// Output:
	// native CPU
	// true
}

func ExampleKernel_Launch() {
	ctx := context.Background()
	dev, _ := ka.Open("native")
	defer dev.Close()

	x, _ := ka.FromSlice(ctx, dev, []int32{1, 2, 3, 4, 5})
	defer x.Free()
	k, err := ka.NewKernel(dev, AddOne, ka.GroupSize(2))
	if err != nil {
		fmt.Println(err)
		return
	}
	// Asynchronous; the range need not be a multiple of the group size.
	if err := k.Launch(dev.Stream(), ka.Range(x.Len()), x); err != nil {
		fmt.Println(err)
		return
	}
	out := make([]int32, x.Len())
	_ = x.Read(ctx, out) // ordered after the launch
	fmt.Println(out)

	// A wrong argument is an error before anything runs.
	err = k.Launch(dev.Stream(), ka.Range(5), []int32{1})
	fmt.Println(errors.Is(err, ka.ErrBadLaunch))
	// Output:
	// [2 3 4 5 6]
	// true
}

func ExampleSpawn() {
	ctx := context.Background()
	dev, _ := ka.Open("native")
	defer dev.Close()
	k, _ := ka.NewKernel(dev, AddOne)

	// Each task has a stream of its own; their work runs independently.
	var tasks []*ka.Task
	results := make([][]int32, 3)
	for i := range results {
		tasks = append(tasks, ka.Spawn(dev, func(s *ka.Stream) error {
			if i == 2 {
				if err := s.SetPriority(ka.High); err != nil {
					return err
				}
			}
			x, err := ka.FromSlice(ctx, dev, []int32{int32(10 * i)})
			if err != nil {
				return err
			}
			defer x.Free()
			if err := k.Launch(s, ka.Range(1), x); err != nil {
				return err
			}
			results[i] = make([]int32, 1)
			return x.Read(ctx, results[i])
		}))
	}
	for _, t := range tasks {
		if err := t.Wait(ctx); err != nil {
			fmt.Println(err)
		}
	}
	fmt.Println(results)
	// Output:
	// [[1] [11] [21]]
}
