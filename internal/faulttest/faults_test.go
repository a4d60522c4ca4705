package faulttest_test

import (
	"context"
	"errors"
	"fmt"
	"math"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kago-dev/kago/backends/pocl"
	"github.com/kago-dev/kago/internal/faulttest"
	"github.com/kago-dev/kago/internal/spirvpocl"
	"github.com/kago-dev/kago/ka"
	"github.com/kago-dev/kago/ka/driver"
	"github.com/kago-dev/kago/ka/katest"
	"github.com/kago-dev/kago/ka/kernel"
	"github.com/kago-dev/kago/ka/kgen"

	_ "github.com/kago-dev/kago/backends/native"
)

// fault is a launch that fails and what its error must say.
type fault struct {
	name   string
	kernel any
	n      int // the range (one dimension)
	group  int // 0: the backend's choice
	args   []any
	kind   driver.FaultKind
	line   string // a marker of the failing line in kernels.go
	msg    string // the message; a regexp when re is set
	re     bool
	gid    int // the failing work-item; -1 when any may fail first
}

func ints(n int) []int32 {
	s := make([]int32, n)
	for i := range s {
		s[i] = int32(i + 1)
	}
	return s
}

func faults() []fault {
	const idx = driver.FaultIndex
	const bcast = "b := ka.GroupBroadcast(it, int32(it.Local()), from)"
	fs := []fault{
		{"read/one-past", faulttest.Read, 64, 0, []any{ints(16), ints(1), 16}, idx, "out[0] = x[at]", "index out of range [16] with length 16", false, 0},
		{"read/far-past", faulttest.Read, 64, 0, []any{ints(16), ints(1), 1 << 30}, idx, "out[0] = x[at]", "index out of range [1073741824] with length 16", false, 0},
		{"read/negative", faulttest.Read, 64, 0, []any{ints(16), ints(1), -1}, idx, "out[0] = x[at]", "index out of range [-1]", false, 0},
		{"write/one-past", faulttest.Write, 64, 0, []any{ints(16), 16}, idx, "x[at] = 7", "index out of range [16] with length 16", false, 0},
		{"write/far-past", faulttest.Write, 64, 0, []any{ints(16), 1 << 22}, idx, "x[at] = 7", "index out of range [4194304] with length 16", false, 0},
		{"write/negative", faulttest.Write, 64, 0, []any{ints(16), -5}, idx, "x[at] = 7", "index out of range [-5]", false, 0},
		{"slice/high", faulttest.Slice, 8, 0, []any{ints(16), 2, 17}, driver.FaultSlice, "x[0] = int32(len(x[lo:hi]))", "slice bounds out of range [:17] with capacity 16", false, 0},
		{"slice/inverted", faulttest.Slice, 8, 0, []any{ints(16), 5, 3}, driver.FaultSlice, "x[0] = int32(len(x[lo:hi]))", "slice bounds out of range [5:3]", false, 0},
		{"slice/negative", faulttest.Slice, 8, 0, []any{ints(16), -1, 3}, driver.FaultSlice, "x[0] = int32(len(x[lo:hi]))", "slice bounds out of range [-1:]", false, 0},
		{"slice3/max", faulttest.Slice3, 8, 0, []any{ints(16), 1, 2, 17}, driver.FaultSlice, "x[0] = int32(len(x[lo:hi:max]))", "slice bounds out of range [::17] with capacity 16", false, 0},
		{"slice3/high", faulttest.Slice3, 8, 0, []any{ints(16), 1, 5, 3}, driver.FaultSlice, "x[0] = int32(len(x[lo:hi:max]))", "slice bounds out of range [:5:3]", false, 0},
		{"slice3/low", faulttest.Slice3, 8, 0, []any{ints(16), 4, 2, 3}, driver.FaultSlice, "x[0] = int32(len(x[lo:hi:max]))", "slice bounds out of range [4:2:]", false, 0},
		{"panic/string", faulttest.Panic, 16, 0, []any{ints(16), 3}, driver.FaultPanic, `panic("work-item failed on purpose")`, "work-item failed on purpose", false, 3},
		{"panic/sprintf", faulttest.PanicValue, 4, 0, []any{[]float32{1, 2, 3.5, 1}, float32(2.5)}, driver.FaultPanic, "panic(fmt.Sprintf", "x[2] = 3.5 is above 2.5", false, 2},
		{"panic/int", faulttest.PanicInt, 8, 0, []any{5}, driver.FaultPanic, "panic(i * 10)", "50", false, 5},
		{"panic/itoa", faulttest.PanicItoa, 8, 0, []any{6}, driver.FaultPanic, `panic("bad work-item "`, "bad work-item 6", false, 6},
		{"unguarded", faulttest.Unguarded, 64, 16, []any{make([]float32, 16)}, idx, "x[it.Global()] = 1", `^index out of range \[(1[6-9]|[2-5][0-9]|6[0-3])\] with length 16$`, true, -1},
		{"barrier", faulttest.Tile, 32, 16, []any{ints(32), ints(32), 8}, idx, "tile[it.Local()] = x[it.Global()+off]", `^index out of range \[(3[2-9])\] with length 32$`, true, -1},
		{"broadcast/negative", faulttest.Broadcast, 64, 16, []any{make([]int32, 64), -1}, idx, bcast, "GroupBroadcast from work-item -1 of a group of 16", false, -1},
		{"broadcast/group-size", faulttest.Broadcast, 64, 16, []any{make([]int32, 64), 16}, idx, bcast, "GroupBroadcast from work-item 16 of a group of 16", false, -1},
		{"broadcast/per-work-item", faulttest.BroadcastNext, 16, 16, []any{make([]int32, 16)}, idx, "it.Local()+1)", "GroupBroadcast from work-item 16 of a group of 16", false, 15},
		{"broadcast/huge", faulttest.Broadcast, 40, 16, []any{make([]int32, 40), 1 << 40}, idx, bcast, "GroupBroadcast from work-item 1099511627776 of a group of 16", false, -1},
	}
	// Guards that do not prove the index in range keep its check.
	neg := ints(16)
	neg[5] = -2
	fs = append(fs,
		fault{"kept/wrong-bound", faulttest.WrongBound, 32, 0, []any{ints(16), 32}, idx, "x[i] = 1 // bound n", `^index out of range \[(1[6-9]|2[0-9]|3[01])\] with length 16$`, true, -1},
		fault{"kept/wraps", faulttest.WrapAround, 4, 0, []any{ints(16), math.MaxInt}, idx, "x[k] = 2 // wraps", "index out of range [-9223372036854775808]", false, -1},
		fault{"kept/one-below", faulttest.OneBelow, 16, 0, []any{ints(16)}, idx, "x[k] = 3 // one below", "index out of range [-1]", false, 0},
		fault{"kept/negative-run", faulttest.NegativeRun, 4, 0, []any{ints(16), -2}, idx, "x[k+jj] = 6 // negative run", "index out of range [-2]", false, -1},
		fault{"kept/from-memory", faulttest.FromMemory, 16, 0, []any{neg, ints(16)}, idx, "x[k] = 4 // from memory", "index out of range [-2]", false, 5},
		// A launch whose facts hold runs the lean variant, which reports
		// the checks it keeps as the checked kernel does; one whose facts
		// fail runs the checked kernel.
		fault{"decided/lean-keeps", faulttest.Decided, 16, 0, []any{neg, ints(17)}, idx, "x[idx[i]] = 5 // kept", "index out of range [-2]", false, 5},
		fault{"decided/past-range", faulttest.Decided, 17, 0, []any{ints(16), ints(17)}, idx, "x[i] = idx[i] // decided", "index out of range [16] with length 16", false, 16},
	)
	div := func(name string, k any, x any, zero any) {
		fs = append(fs, fault{name, k, 4, 0, []any{x, zero}, driver.FaultDivideByZero, strings.Fields(name)[0], "integer divide by zero", false, -1})
	}
	div("x[i] / d int8", faulttest.Div[int8], []int8{1, 2, 3, 4}, int8(0))
	div("x[i] / d int16", faulttest.Div[int16], []int16{1, 2, 3, 4}, int16(0))
	div("x[i] / d int32", faulttest.Div[int32], []int32{1, 2, 3, 4}, int32(0))
	div("x[i] / d int64", faulttest.Div[int64], []int64{1, 2, 3, 4}, int64(0))
	div("x[i] / d uint8", faulttest.Div[uint8], []uint8{1, 2, 3, 4}, uint8(0))
	div("x[i] / d uint16", faulttest.Div[uint16], []uint16{1, 2, 3, 4}, uint16(0))
	div("x[i] / d uint32", faulttest.Div[uint32], []uint32{1, 2, 3, 4}, uint32(0))
	div("x[i] / d uint64", faulttest.Div[uint64], []uint64{1, 2, 3, 4}, uint64(0))
	div("x[i] % d int8", faulttest.Rem[int8], []int8{1, 2, 3, 4}, int8(0))
	div("x[i] % d int16", faulttest.Rem[int16], []int16{1, 2, 3, 4}, int16(0))
	div("x[i] % d int32", faulttest.Rem[int32], []int32{1, 2, 3, 4}, int32(0))
	div("x[i] % d int64", faulttest.Rem[int64], []int64{1, 2, 3, 4}, int64(0))
	div("x[i] % d uint8", faulttest.Rem[uint8], []uint8{1, 2, 3, 4}, uint8(0))
	div("x[i] % d uint16", faulttest.Rem[uint16], []uint16{1, 2, 3, 4}, uint16(0))
	div("x[i] % d uint32", faulttest.Rem[uint32], []uint32{1, 2, 3, 4}, uint32(0))
	div("x[i] % d uint64", faulttest.Rem[uint64], []uint64{1, 2, 3, 4}, uint64(0))
	for i := range fs {
		if fs[i].kind == driver.FaultDivideByZero {
			op := strings.Fields(fs[i].name)[1]
			fs[i].name = "divide/" + map[string]string{"/": "quo", "%": "rem"}[op] + "/" + strings.Fields(fs[i].name)[3]
			fs[i].line = "x[i] = x[i] " + op + " d"
		}
	}
	return fs
}

// runner launches a kernel on one target, with guard arrays allocated
// before and after its arrays, waits, and checks that the guards are
// untouched and that a normal launch on the same stream or queue then
// works. It returns the wait's error.
type runner func(t *testing.T, f fault, wait int) error

// sentinel fills the guard arrays.
const sentinel = -0x5a5a5a5b

func guard() []int32 {
	g := make([]int32, 256)
	for i := range g {
		g[i] = sentinel
	}
	return g
}

func checkGuard(t *testing.T, g []int32) {
	t.Helper()
	for i, v := range g {
		require.Equal(t, int32(sentinel), v, "a neighbouring array changed: element %d", i)
	}
}

// kaArg makes a ka array of a slice argument and a function reading it
// back; other arguments are returned as they are.
func kaArg(ctx context.Context, dev *ka.Device, a any) (any, func() error, error) {
	switch s := a.(type) {
	case []int8:
		return kaSlice(ctx, dev, s)
	case []int16:
		return kaSlice(ctx, dev, s)
	case []int32:
		return kaSlice(ctx, dev, s)
	case []int64:
		return kaSlice(ctx, dev, s)
	case []uint8:
		return kaSlice(ctx, dev, s)
	case []uint16:
		return kaSlice(ctx, dev, s)
	case []uint32:
		return kaSlice(ctx, dev, s)
	case []uint64:
		return kaSlice(ctx, dev, s)
	case []float32:
		return kaSlice(ctx, dev, s)
	}
	return a, nil, nil
}

func kaSlice[T ka.Scalar](ctx context.Context, dev *ka.Device, s []T) (any, func() error, error) {
	a, err := ka.FromSlice(ctx, dev, s)
	if err != nil {
		return nil, nil, err
	}
	return a, func() error { return a.Read(ctx, s) }, nil
}

// kaRunner runs through package ka on dev: wait 0 waits with
// Stream.Synchronize, 1 with Array.Read, 2 with Device.Synchronize, 3
// with Task.Wait (the launch on the task's stream).
func kaRunner(dev *ka.Device) runner {
	return func(t *testing.T, f fault, wait int) error {
		ctx := context.Background()
		g1, err := ka.FromSlice(ctx, dev, guard())
		require.NoError(t, err)
		defer g1.Free()
		var args []any
		var reads []func() error
		for _, a := range f.args {
			v, read, err := kaArg(ctx, dev, a)
			require.NoError(t, err)
			args = append(args, v)
			if read != nil {
				reads = append(reads, read)
			}
		}
		g2, err := ka.FromSlice(ctx, dev, guard())
		require.NoError(t, err)
		defer g2.Free()
		var opts []ka.KernelOption
		if f.group > 0 {
			opts = append(opts, ka.WithGroupSize(f.group))
		}
		k, err := ka.NewKernel(dev, f.kernel, opts...)
		require.NoError(t, err)
		launch := func(s *ka.Stream) error {
			if err := k.Launch(s, ka.Range(f.n), args...); err != nil {
				return err
			}
			switch {
			case wait == 1 && len(reads) > 0:
				return reads[0]()
			case wait == 2:
				return dev.Synchronize(ctx)
			}
			return s.Synchronize(ctx)
		}
		s := dev.Stream()
		var werr error
		if wait == 3 {
			werr = ka.Spawn(dev, launch).Wait(ctx)
		} else {
			werr = launch(s)
		}
		// The stream works on: a normal launch is correct.
		fill, err := ka.NewKernel(dev, faulttest.Fill)
		require.NoError(t, err)
		out, err := ka.FromSlice(ctx, dev, make([]int32, 100))
		require.NoError(t, err)
		defer out.Free()
		require.NoError(t, fill.Launch(s, ka.Range(100), out, int32(42)))
		require.NoError(t, s.Synchronize(ctx))
		got := make([]int32, 100)
		require.NoError(t, out.Read(ctx, got))
		for i, v := range got {
			require.Equal(t, int32(42), v, "element %d after the failed launch", i)
		}
		for _, g := range []*ka.Array[int32]{g1, g2} {
			b := make([]int32, g.Len())
			require.NoError(t, g.Read(ctx, b))
			checkGuard(t, b)
		}
		return werr
	}
}

func checkFault(t *testing.T, f fault, err error) {
	t.Helper()
	require.Error(t, err)
	assert.ErrorIs(t, err, ka.ErrDevice)
	var ke *ka.KernelError
	require.ErrorAs(t, err, &ke)
	assert.Equal(t, f.kind, ke.Kind, "kind")
	assert.Equal(t, "kernels.go", filepath.Base(ke.File), "file")
	assert.Equal(t, katest.LineOf(t, "kernels.go", f.line), ke.Line, "line")
	if f.re {
		assert.Regexp(t, regexp.MustCompile(f.msg), ke.Message)
	} else {
		assert.Equal(t, f.msg, ke.Message)
	}
	if f.gid >= 0 {
		assert.Equal(t, [3]int{f.gid, 0, 0}, ke.GlobalID, "work-item")
	}
	assert.Less(t, ke.GlobalID[0], max(f.n, f.group), "work-item")
	g := f.group
	if g > 0 {
		assert.Equal(t, ke.GlobalID[0]/g, ke.GroupID[0], "group")
	}
	assert.Contains(t, ke.Error(), fmt.Sprintf("kernels.go:%d: %s", ke.Line, ke.Message))
	assert.True(t, strings.HasPrefix(ke.Error(), "kernel "+ke.Kernel+": work-item "), ke.Error())
}

func testFaults(t *testing.T, run runner, waits int) {
	for i, f := range faults() {
		t.Run(f.name, func(t *testing.T) {
			checkFault(t, f, run(t, f, i%waits))
		})
	}
}

// TestFaultsNative: the native backend runs the kernels as Go code; its
// errors are the reference the devices must match.
func TestFaultsNative(t *testing.T) {
	testFaults(t, kaRunner(katest.Open(t, "native")), 4)
}

// TestFaultsPoCL runs the kernels' OpenCL C on PoCL through package ka.
func TestFaultsPoCL(t *testing.T) {
	testFaults(t, kaRunner(katest.Open(t, "pocl")), 4)
}

// TestUnguardedLoop: a kernel that writes past its array, launched 100
// times, fails cleanly every time, naming the line and the index.
func TestUnguardedLoop(t *testing.T) {
	dev := katest.Open(t, "pocl")
	ctx := context.Background()
	x, err := ka.FromSlice(ctx, dev, make([]float32, 16))
	require.NoError(t, err)
	defer x.Free()
	k, err := faulttest.NewUnguardedKernel(dev)
	require.NoError(t, err)
	s := dev.Stream()
	line := katest.LineOf(t, "kernels.go", "x[it.Global()] = 1")
	re := regexp.MustCompile(fmt.Sprintf(`^kernel Unguarded: work-item \[(\d+) 0 0\] of group \[\d+ 0 0\]: kernels.go:%d: index out of range \[(\d+)\] with length 16$`, line))
	for i := 0; i < 100; i++ {
		require.NoError(t, k.Launch(s, ka.Range(64), x))
		err := s.Synchronize(ctx)
		var ke *ka.KernelError
		require.ErrorAs(t, err, &ke, "launch %d", i)
		m := re.FindStringSubmatch(ke.Error())
		require.NotNil(t, m, "launch %d: %v", i, ke)
		require.Equal(t, m[1], m[2], "the failing work-item's index")
	}
}

// TestOptedOutHasNoChecks: a //ka:nocheck kernel's device code has no
// fault record and no checks: its only comparisons are the range mask at
// entry, one per dimension, behind the uniform test for a partial group
// in OpenCL C, one per dimension too (docs/kernel-language.md, "Ranges
// and groups"; docs/ir.md); PTX has only the mask (docs/ir.md, "The
// middle end").
func TestOptedOutHasNoChecks(t *testing.T) {
	spec, err := kgen.LookupKernel(faulttest.UnguardedNoCheck)
	require.NoError(t, err)
	assert.Nil(t, spec.Faults)
	for _, dp := range spec.DeviceParams {
		assert.NotEqual(t, driver.ParamFaultRecord, dp.Kind)
	}
	clc, err := driver.OpenCLCOf(spec)
	require.NoError(t, err)
	assert.NotContains(t, string(clc), "ka_fault")
	assert.Equal(t, 2, strings.Count(string(clc), "if ("), "two branches, the partial-group test and the range mask: no checks")
	ptx, err := driver.PTXOf(spec)
	require.NoError(t, err)
	assert.NotContains(t, string(ptx), "ka_fault")
	assert.Equal(t, 3, strings.Count(string(ptx), "setp"), "three comparisons, the range mask: no checks")
	checked, err := kgen.LookupKernel(faulttest.Unguarded)
	require.NoError(t, err)
	clc, err = driver.OpenCLCOf(checked)
	require.NoError(t, err)
	assert.Contains(t, string(clc), "ka_fault")
}

// broadcastNoCheck is BroadcastNoCheck from outside the group: a fault on
// native, where kernels are Go code, and no error on devices.
var broadcastNoCheck = fault{"broadcast/nocheck", faulttest.BroadcastNoCheck, 64, 16, []any{make([]int32, 64), 16}, driver.FaultIndex, "unchecked on devices", "GroupBroadcast from work-item 16 of a group of 16", false, -1}

// TestBroadcastNoCheck: //ka:nocheck removes ka.GroupBroadcast's check
// from device code as it removes index checks (no fault site, no fault
// record), so from outside the group completes without an error on PoCL,
// from OpenCL C and SPIR-V, and the stream goes on; the native backend,
// whose kernels are Go code, checks anyway.
func TestBroadcastNoCheck(t *testing.T) {
	spec, err := kgen.LookupKernel(faulttest.BroadcastNoCheck)
	require.NoError(t, err)
	assert.Nil(t, spec.Faults)
	clc, err := driver.OpenCLCOf(spec)
	require.NoError(t, err)
	assert.NotContains(t, string(clc), "ka_fault")
	ptx, err := driver.PTXOf(spec)
	require.NoError(t, err)
	assert.NotContains(t, string(ptx), "ka_fault")
	checked, err := kgen.LookupKernel(faulttest.Broadcast)
	require.NoError(t, err)
	require.NotEmpty(t, checked.Faults)
	assert.Equal(t, driver.FaultSite{Kind: driver.FaultIndex, File: "kernels.go", Line: katest.LineOf(t, "kernels.go", "b := ka.GroupBroadcast(it, int32(it.Local()), from)"), Format: kernel.BroadcastFault, Args: []driver.ScalarType{driver.Int, driver.Int}}, checked.Faults[0], "the checked kernel's broadcast site")
	t.Run("native", func(t *testing.T) {
		checkFault(t, broadcastNoCheck, kaRunner(katest.Open(t, "native"))(t, broadcastNoCheck, 0))
	})
	t.Run("pocl", func(t *testing.T) {
		require.NoError(t, kaRunner(katest.Open(t, "pocl"))(t, broadcastNoCheck, 0))
	})
	t.Run("spirv", func(t *testing.T) {
		require.NoError(t, spirvRunner(t)(t, broadcastNoCheck, 0))
	})
}

// spirvRunner runs the kernels' SPIR-V on PoCL at the driver level: PoCL
// 3.1 takes no IL, so SPIR-V reaches it as llvm-spirv-15 -r makes SPIR
// bitcode of it (opencl.LoadBitcode).
func spirvRunner(t *testing.T) runner {
	if why := spirvpocl.Missing(false); why != "" {
		t.Skip(why)
	}
	_, err := pocl.Backend.Probe()
	var d driver.Device
	if err == nil {
		d, err = pocl.Backend.Open(0)
	}
	if errors.Is(err, driver.ErrNoDevice) {
		t.Skipf("no PoCL device: %v", err)
	}
	require.NoError(t, err)
	t.Cleanup(func() { assert.NoError(t, d.Close()) })
	fns := map[*driver.KernelSpec]driver.Function{}
	load := func(t *testing.T, fn any) (*driver.KernelSpec, driver.Function) {
		spec, err := kgen.LookupKernel(fn)
		require.NoError(t, err)
		if f, ok := fns[spec]; ok {
			return spec, f
		}
		f, err := spirvpocl.Load(d, spec, false)
		require.NoError(t, err)
		fns[spec] = f
		return spec, f
	}
	q, err := d.NewQueue(driver.Normal)
	require.NoError(t, err)
	t.Cleanup(func() { q.Release() })
	return func(t *testing.T, f fault, wait int) error {
		ctx := context.Background()
		var bufs []driver.Buffer
		defer func() {
			for _, b := range bufs {
				b.Free(nil)
			}
		}()
		alloc := func(b []byte) driver.Buffer {
			m, err := d.Alloc(len(b))
			require.NoError(t, err)
			bufs = append(bufs, m)
			require.NoError(t, q.Write(ctx, m, 0, b))
			return m
		}
		g1 := alloc(view(guard()))
		var args []driver.Arg
		var slices [][]byte
		var slot []driver.Buffer
		for _, a := range f.args {
			if b, n, ok := bytesOf(a); ok {
				m := alloc(b)
				args = append(args, driver.Arg{Buffer: m, Len: n})
				slices, slot = append(slices, b), append(slot, m)
				continue
			}
			args = append(args, driver.Arg{Value: a})
		}
		g2 := alloc(view(guard()))
		spec, fn := load(t, f.kernel)
		group := f.group
		if group == 0 {
			group = 1
		}
		_ = spec
		require.NoError(t, q.Launch(fn, r1(f.n), r1(group), args))
		var werr error
		if wait%2 == 1 && len(slot) > 0 {
			werr = q.Read(ctx, slot[0], 0, slices[0])
		} else {
			werr = q.Synchronize(ctx)
		}
		// The queue works on.
		_, fill := load(t, faulttest.Fill)
		out := make([]int32, 100)
		m := alloc(view(out))
		require.NoError(t, q.Launch(fill, r1(100), r1(10), []driver.Arg{{Buffer: m, Len: 100}, {Value: int32(42)}}))
		require.NoError(t, q.Synchronize(ctx))
		require.NoError(t, q.Read(ctx, m, 0, view(out)))
		for i, v := range out {
			require.Equal(t, int32(42), v, "element %d after the failed launch", i)
		}
		for _, g := range []driver.Buffer{g1, g2} {
			b := guard()
			clear(b)
			require.NoError(t, q.Read(ctx, g, 0, view(b)))
			checkGuard(t, b)
		}
		return werr
	}
}

// TestFaultsSPIRV runs the kernels' SPIR-V on PoCL.
func TestFaultsSPIRV(t *testing.T) {
	testFaults(t, spirvRunner(t), 2)
}

func r1(n int) driver.NDRange { return driver.NDRange{Dims: 1, Size: [3]int{n, 1, 1}} }

// bytesOf is the memory of a slice argument and its length; ok is false
// for a scalar.
func bytesOf(a any) (b []byte, n int, ok bool) {
	v := reflect.ValueOf(a)
	if v.Kind() != reflect.Slice {
		return nil, 0, false
	}
	if v.Len() == 0 {
		return nil, 0, true
	}
	return unsafe.Slice((*byte)(v.UnsafePointer()), v.Len()*int(v.Type().Elem().Size())), v.Len(), true
}

func view[T any](s []T) []byte {
	return unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(s))), len(s)*int(unsafe.Sizeof(*new(T))))
}

// TestFaultAcrossPriorities: a failure on the queue a stream used before a
// priority change is reported by the stream's next Synchronize, not left
// for whoever gets that queue from the pool next.
func TestFaultAcrossPriorities(t *testing.T) {
	for _, b := range []string{"native", "pocl"} {
		t.Run(b, func(t *testing.T) {
			dev := katest.Open(t, b)
			ctx := context.Background()
			err := ka.Spawn(dev, func(s *ka.Stream) error {
				x, err := ka.FromSlice(ctx, dev, ints(16))
				if err != nil {
					return err
				}
				defer x.Free()
				k, err := faulttest.NewWriteKernel(dev)
				if err != nil {
					return err
				}
				if err := k.Launch(s, ka.Range(4), x, 99); err != nil {
					return err
				}
				if err := s.SetPriority(ka.High); err != nil {
					return err
				}
				if err := k.Launch(s, ka.Range(4), x, 0); err != nil {
					return err
				}
				return s.Synchronize(ctx)
			}).Wait(ctx)
			var ke *ka.KernelError
			require.ErrorAs(t, err, &ke)
			assert.Equal(t, "index out of range [99] with length 16", ke.Message)
		})
	}
}
