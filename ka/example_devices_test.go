package ka_test

import (
	"context"
	"fmt"

	"github.com/kago-dev/kago/ka"
)

// Devices lists every usable device of the imported backends.
func ExampleDevices() {
	for _, d := range ka.Devices() {
		if d.Backend == "native" { // the other backends depend on the machine
			fmt.Println(d, d.Info.Kind)
		}
	}
	// Output: native:0 CPU
}

// Open every device and give each a task of its own.
func ExampleDeviceRef_Open() {
	ctx := context.Background()
	var tasks []*ka.Task
	for _, r := range ka.Devices() {
		if r.Backend != "native" { // keep the example's output the same everywhere
			continue
		}
		dev, err := r.Open()
		if err != nil {
			fmt.Println(err)
			return
		}
		defer dev.Close()
		tasks = append(tasks, ka.Spawn(dev, func(s *ka.Stream) error {
			x, err := ka.FromSlice(ctx, dev, []int32{1, 2, 3})
			if err != nil {
				return err
			}
			defer x.Free()
			k, err := ka.NewKernel(dev, AddOne)
			if err != nil {
				return err
			}
			return k.Launch(s, ka.Range(3), x)
		}))
	}
	for _, t := range tasks {
		fmt.Println(t.Wait(ctx))
	}
	// Output: <nil>
}
