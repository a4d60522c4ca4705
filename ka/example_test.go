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
	k, err := ka.NewKernel(dev, AddOne, ka.WithGroupSize(2))
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

// Reverse64 reverses each group's block of 64 elements of x through local
// memory.
//
//ka:kernel
func Reverse64(it ka.Item, x []float32) {
	tmp := ka.LocalArray[float32](it, 64)
	l := it.Local()
	i := it.Global()
	if i < len(x) {
		tmp[l] = x[i]
	}
	it.Barrier() // every work-item of the group has written tmp
	if i < len(x) {
		x[i] = tmp[63-l]
	}
}

func ExampleLocalArray() {
	ctx := context.Background()
	dev, _ := ka.Open("native")
	defer dev.Close()
	h := make([]float32, 128)
	for i := range h {
		h[i] = float32(i)
	}
	x, _ := ka.FromSlice(ctx, dev, h)
	defer x.Free()
	k, _ := ka.NewKernel(dev, Reverse64, ka.WithGroupSize(64))
	_ = k.Launch(dev.Stream(), ka.Range(128), x)
	_ = x.Read(ctx, h)
	fmt.Println(h[0], h[63], h[64], h[127])
	// Output: 63 0 127 64
}

// Count counts the even elements of x in count[0].
//
//ka:kernel
func Count(it ka.Item, x []int32, count []int32) {
	if i := it.Global(); i < len(x) && x[i]%2 == 0 {
		ka.AtomicAdd(&count[0], 1) // work-items add concurrently
	}
}

func ExampleAtomicAdd() {
	ctx := context.Background()
	dev, _ := ka.Open("native")
	defer dev.Close()
	h := make([]int32, 1000)
	for i := range h {
		h[i] = int32(i)
	}
	x, _ := ka.FromSlice(ctx, dev, h)
	defer x.Free()
	count, _ := ka.Alloc[int32](dev, 1)
	defer count.Free()
	_ = count.Write(ctx, []int32{0})
	k, _ := ka.NewKernel(dev, Count)
	_ = k.Launch(dev.Stream(), ka.Range(len(h)), x, count)
	got := make([]int32, 1)
	_ = count.Read(ctx, got)
	fmt.Println(got[0])
	// Output: 500
}

// Fill writes row*100+col at each element of a row-major rows×cols matrix,
// on ka.Range2(rows, cols): the column is dimension 0, the fastest-varying
// one, so it.Global() is the element's row-major index row*cols+col.
//
//ka:kernel
func Fill(it ka.Item, m []int32) {
	row, col := it.Global2()
	m[it.Global()] = int32(row*100 + col)
}

func ExampleRange2() {
	ctx := context.Background()
	dev, _ := ka.Open("native")
	defer dev.Close()
	const rows, cols = 3, 4
	m, _ := ka.Alloc[int32](dev, rows*cols)
	defer m.Free()
	k, _ := ka.NewKernel(dev, Fill)
	_ = k.Launch(dev.Stream(), ka.Range2(rows, cols), m)
	out := make([]int32, rows*cols)
	_ = m.Read(ctx, out)
	fmt.Println(out)
	// Output: [0 1 2 3 100 101 102 103 200 201 202 203]
}

func ExampleStream_WithPriority() {
	ctx := context.Background()
	dev, _ := ka.Open("native")
	defer dev.Close()
	k, _ := ka.NewKernel(dev, AddOne)
	x, _ := ka.FromSlice(ctx, dev, []int32{0})
	defer x.Free()
	task := ka.Spawn(dev, func(s *ka.Stream) error {
		if err := k.Launch(s, ka.Range(1), x); err != nil {
			return err
		}
		// This block's work runs at high priority, after the launch above.
		err := s.WithPriority(ka.High, func(s *ka.Stream) error {
			return k.Launch(s, ka.Range(1), x)
		})
		fmt.Println("priority after the block:", s.Priority())
		return err
	})
	if err := task.Wait(ctx); err != nil {
		fmt.Println(err)
	}
	out := make([]int32, 1)
	_ = x.Read(ctx, out)
	fmt.Println(out[0], dev.Capabilities().Priorities)
	// Output:
	// priority after the block: normal
	// 2 false
}

func ExampleDevice_Synchronize() {
	dev, _ := ka.Open("native")
	defer dev.Close()
	k, _ := ka.NewKernel(dev, AddOne)
	x, _ := ka.Alloc[int32](dev, 1<<16)
	defer x.Free()
	_ = k.Launch(dev.Stream(), ka.Range(x.Len()), x)

	// A cancelled context does not abandon the wait: the device may still
	// be using x. The error comes once the work has completed.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	err := dev.Synchronize(ctx)
	fmt.Println(errors.Is(err, context.Canceled))
	// Output: true
}

func ExampleProbe() {
	for _, name := range ka.Backends() {
		if name != "native" {
			continue // the output of other backends depends on the machine
		}
		infos, err := ka.Probe(name)
		if err != nil {
			fmt.Println(name, "unavailable:", err)
			continue
		}
		fmt.Println(name, len(infos), infos[0].Kind, infos[0].Capabilities.Features.Has(ka.FP64))
	}
	// Output: native 1 CPU true
}
