package ka_test

import (
	"context"
	"fmt"
	"time"

	"github.com/kago-dev/kago/ka"
)

// Double doubles every element of x.
//
//ka:kernel
func Double(it ka.Item, x []int32) {
	if i := it.Global(); i < len(x) {
		x[i] *= 2
	}
}

// One stream produces, another consumes: the consumer's stream waits for
// the producer's event on the device, and the host waits for neither.
func ExampleStream_WaitFor() {
	ctx := context.Background()
	dev, _ := ka.Open("native")
	defer dev.Close()
	x, _ := ka.FromSlice(ctx, dev, []int32{1, 2, 3})
	inc, _ := ka.NewKernel(dev, AddOne)
	dbl, _ := ka.NewKernel(dev, Double)

	producer := dev.Stream()
	inc.Launch(producer, ka.Range(3), x)
	ready, _ := producer.Record() // after AddOne

	consumer := ka.Spawn(dev, func(s *ka.Stream) error {
		if err := s.WaitFor(ready); err != nil { // Double runs after AddOne
			return err
		}
		return dbl.Launch(s, ka.Range(3), x)
	})
	if err := consumer.Wait(ctx); err != nil {
		fmt.Println(err)
		return
	}
	out := make([]int32, 3)
	x.Read(ctx, out)
	fmt.Println(out)
	// Output: [4 6 8]
}

// Two events bracket work on a stream; Elapsed is the device's time
// between them.
func ExampleEvent_Elapsed() {
	ctx := context.Background()
	dev, _ := ka.Open("native")
	defer dev.Close()
	x, _ := ka.Alloc[int32](dev, 1<<16)
	k, _ := ka.NewKernel(dev, AddOne)
	s := dev.Stream()

	start, _ := s.Record()
	for range 10 {
		k.Launch(s, ka.Range(x.Len()), x)
	}
	end, _ := s.Record()
	if err := end.Wait(ctx); err != nil {
		fmt.Println(err)
		return
	}
	d, err := end.Elapsed(start)
	fmt.Println(err == nil && d > 0, end.Done())
	// Output: true true
}

// LaunchTimed times one kernel without any event to manage.
func ExampleKernel_LaunchTimed() {
	ctx := context.Background()
	dev, _ := ka.Open("native")
	defer dev.Close()
	x, _ := ka.Alloc[int32](dev, 1<<16)
	k, _ := ka.NewKernel(dev, AddOne)

	kt, err := k.LaunchTimed(dev.Stream(), ka.Range(x.Len()), x)
	if err != nil {
		fmt.Println(err)
		return
	}
	d, err := kt.Wait(ctx) // waits for the kernel, then reads the device's clock
	fmt.Println(err == nil, d > 0 && d < time.Minute)
	// Output: true true
}

// Asynchronous copies return at once; the host slices are the device's
// until the stream is synchronized.
func ExampleArray_WriteAsync() {
	ctx := context.Background()
	dev, _ := ka.Open("native")
	defer dev.Close()
	x, _ := ka.Alloc[int32](dev, 4)
	k, _ := ka.NewKernel(dev, AddOne)

	in, out := []int32{1, 2, 3, 4}, make([]int32, 4)
	task := ka.Spawn(dev, func(s *ka.Stream) error {
		x.WriteAsync(s, in) // in must stay untouched ...
		k.Launch(s, ka.Range(4), x)
		x.ReadAsync(s, out)       // ... and out unread ...
		return s.Synchronize(ctx) // ... until here
	})
	if err := task.Wait(ctx); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(out)
	// Output: [2 3 4 5]
}

// Copy copies on the device when both arrays are on the stream's device,
// and through the host between devices.
func ExampleCopy() {
	ctx := context.Background()
	a, _ := ka.Open("native")
	defer a.Close()
	b, _ := ka.Open("native") // a second, independent device
	defer b.Close()
	x, _ := ka.FromSlice(ctx, a, []int32{1, 2, 3})
	y, _ := ka.Alloc[int32](a, 3)
	z, _ := ka.Alloc[int32](b, 3)

	ka.Copy(a.Stream(), y, x) // on device a, in the stream's order
	ka.Copy(b.Stream(), z, y) // a to b, through the host
	out := make([]int32, 3)
	z.Read(ctx, out)
	fmt.Println(out)
	// Output: [1 2 3]
}

// An event marks a point in a stream; the host can wait for it, or ask
// whether it has passed.
func ExampleStream_Record() {
	ctx := context.Background()
	dev, _ := ka.Open("native")
	defer dev.Close()
	x, _ := ka.FromSlice(ctx, dev, []int32{1, 2, 3})
	k, _ := ka.NewKernel(dev, AddOne)
	s := dev.Stream()

	k.Launch(s, ka.Range(3), x)
	ev, err := s.Record()
	if err != nil {
		fmt.Println(err)
		return
	}
	defer ev.Release() // else released when collected, or by Close
	if err := ev.Wait(ctx); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(ev.Done())
	// Output: true
}

// ReadAsync copies out while the host goes on; an event recorded after
// the copy says when the slice is the host's again.
func ExampleArray_ReadAsync() {
	ctx := context.Background()
	dev, _ := ka.Open("native")
	defer dev.Close()
	x, _ := ka.FromSlice(ctx, dev, []int32{10, 20, 30})
	s := dev.Stream()

	out := make([]int32, 3)
	x.ReadAsync(s, out) // returns at once
	copied, _ := s.Record()
	// ... other host work, not touching out ...
	if err := copied.Wait(ctx); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(out)
	// Output: [10 20 30]
}
