// Command multidevice splits one large saxpy (y = a*x + y) across every
// usable device of the imported backends, each device driven by its own
// ka.Spawn task, checks every element against the host, and prints each
// device's share and kernel time (from the device's own clock).
//
//	go run ./examples/multidevice                  # every device: GPUs, PoCL, native
//	go run ./examples/multidevice -native 2 -n 1e7 # plus a second native device
//
// Each device gets a contiguous slice of the range. Its task copies its
// slices of x and y in (asynchronously, on its own stream), launches the
// kernel timed, copies y back and synchronizes; the tasks run at once.
package main

//go:generate go run ../../cmd/kago gen

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/kago-dev/kago/ka"

	_ "github.com/kago-dev/kago/backends/native" // cuda and pocl: backends_cgo.go
)

// Saxpy computes y[i] = a*x[i] + y[i].
//
//ka:kernel
func Saxpy(it ka.Item, a float32, x, y []float32) {
	if i := it.Global(); i < len(y) {
		y[i] = a*x[i] + y[i]
	}
}

func main() {
	n := flag.Float64("n", 1<<24, "number of elements")
	native := flag.Int("native", 1, "how many times to open the native device (each is independent)")
	only := flag.String("backends", "", "comma-separated backends to use (default: all)")
	flag.Parse()
	res, err := run(context.Background(), int(*n), *native, *only)
	if err != nil {
		fmt.Fprintln(os.Stderr, "multidevice:", err)
		os.Exit(1)
	}
	fmt.Print(res)
}

// share is one device's part of the work.
type share struct {
	dev        *ka.Device
	lo, hi     int
	kernel     time.Duration // on the device's clock
	total      time.Duration // copies, kernel and waits, on the host
	timedError error         // a device that cannot time kernels
}

// run computes saxpy over n elements on every usable device (the native
// device opened native times) among the backends in only (all if empty),
// checks the result and describes what each device did.
func run(ctx context.Context, n, native int, only string) (string, error) {
	devs, err := open(native, only)
	if err != nil {
		return "", err
	}
	defer func() {
		for _, d := range devs {
			d.Close()
		}
	}()

	const a = 2
	x, y := make([]float32, n), make([]float32, n)
	for i := range x {
		x[i], y[i] = float32(i%1000)/10, float32(i%7)
	}
	want := make([]float32, n)
	for i := range want {
		want[i] = a*x[i] + y[i]
	}

	shares := make([]*share, len(devs))
	tasks := make([]*ka.Task, len(devs))
	start := time.Now()
	for i, d := range devs {
		sh := &share{dev: d, lo: n * i / len(devs), hi: n * (i + 1) / len(devs)}
		shares[i] = sh
		tasks[i] = ka.Spawn(d, func(s *ka.Stream) error { return sh.compute(ctx, s, a, x, y) })
	}
	var errs []error
	for i, t := range tasks {
		if err := t.Wait(ctx); err != nil {
			errs = append(errs, fmt.Errorf("%s: %w", devs[i], err))
		}
	}
	wall := time.Since(start)
	if err := errors.Join(errs...); err != nil {
		return "", err
	}
	for i := range y {
		if y[i] != want[i] {
			return "", fmt.Errorf("y[%d] = %v, want %v", i, y[i], want[i])
		}
	}

	var b strings.Builder
	fmt.Fprintf(&b, "saxpy over %d elements on %d devices: verified, %v in all\n", n, len(devs), wall.Round(time.Microsecond))
	for _, sh := range shares {
		kernel := sh.kernel.Round(time.Microsecond).String()
		if sh.timedError != nil {
			kernel = "not timed (" + sh.timedError.Error() + ")"
		}
		fmt.Fprintf(&b, "  %-45s [%d, %d): kernel %s, task %v\n", sh.dev.String(), sh.lo, sh.hi, kernel, sh.total.Round(time.Microsecond))
	}
	return b.String(), nil
}

// open opens every usable device among the backends in only (all if
// empty), the native one native times.
func open(native int, only string) ([]*ka.Device, error) {
	var devs []*ka.Device
	fail := func(err error) ([]*ka.Device, error) {
		for _, d := range devs {
			d.Close()
		}
		return nil, err
	}
	for _, r := range ka.Devices() {
		if only != "" && !contains(strings.Split(only, ","), r.Backend) {
			continue
		}
		times := 1
		if r.Backend == "native" {
			times = native
		}
		for range times {
			d, err := r.Open()
			if err != nil {
				return fail(err)
			}
			devs = append(devs, d)
		}
	}
	if len(devs) == 0 {
		return nil, fmt.Errorf("no usable device among backends %v (selected: %q): %w", ka.Backends(), only, ka.ErrNoDevice)
	}
	return devs, nil
}

func contains(list []string, s string) bool {
	for _, l := range list {
		if strings.TrimSpace(l) == s {
			return true
		}
	}
	return false
}

// compute runs the share's saxpy on s and copies its y back into y.
func (sh *share) compute(ctx context.Context, s *ka.Stream, a float32, x, y []float32) error {
	t0 := time.Now()
	defer func() { sh.total = time.Since(t0) }()
	dev, m := s.Device(), sh.hi-sh.lo
	if m == 0 {
		return nil
	}
	dx, err := ka.Alloc[float32](dev, m)
	if err != nil {
		return err
	}
	defer dx.Free()
	dy, err := ka.Alloc[float32](dev, m)
	if err != nil {
		return err
	}
	defer dy.Free()
	k, err := ka.NewKernel(dev, Saxpy, ka.WithGroupSize(256))
	if err != nil {
		return err
	}
	// The host slices belong to the device until the stream is
	// synchronized below.
	if err := dx.WriteAsync(s, x[sh.lo:sh.hi]); err != nil {
		return err
	}
	if err := dy.WriteAsync(s, y[sh.lo:sh.hi]); err != nil {
		return err
	}
	kt, err := k.LaunchTimed(s, ka.Range(m), a, dx, dy)
	if errors.Is(err, ka.ErrUnsupported) {
		sh.timedError, kt = err, nil
		err = k.Launch(s, ka.Range(m), a, dx, dy)
	}
	if err != nil {
		return err
	}
	if err := dy.ReadAsync(s, y[sh.lo:sh.hi]); err != nil {
		return err
	}
	if err := s.Synchronize(ctx); err != nil {
		return err
	}
	if kt != nil {
		sh.kernel, err = kt.Wait(ctx)
	}
	return err
}
