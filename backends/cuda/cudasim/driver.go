package cudasim

import (
	"encoding/binary"
	"io"
	"os"
	"sync"
	"sync/atomic"
	"unsafe"

	"github.com/kago-dev/kago/backends/cuda/internal/cu"
	"github.com/kago-dev/kago/internal/ptxsim"
)

// The simulated device.
const (
	deviceName   = "kago ptxsim (simulated CUDA device)"
	totalMem     = 1 << 30
	maxThreads   = 1024
	leastPrio    = 0
	greatestPrio = -5 // as on Hopper
)

// attrs are the device attributes, by CUdevice_attribute.
var attrs = map[int]int{
	cu.AttrMaxThreadsPerBlock: maxThreads,
	cu.AttrMaxBlockDimX:       1024, cu.AttrMaxBlockDimY: 1024, cu.AttrMaxBlockDimZ: 64,
	cu.AttrMaxGridDimX: 1<<31 - 1, cu.AttrMaxGridDimY: 65535, cu.AttrMaxGridDimZ: 65535,
	cu.AttrMaxSharedPerBlock:    48 << 10,
	cu.AttrMultiprocessorCount:  4,
	cu.AttrComputeCapMajor:      8,
	cu.AttrComputeCapMinor:      0,
	cu.AttrMemoryPoolsSupported: 1,
}

// Driver is the simulated CUDA driver: a cu.Sim with one device.
type Driver struct {
	mu   sync.Mutex
	refs int         // primary context references
	ctx  *devContext // nil when not retained
	next uintptr     // the next handle number
	// faults records the launches that failed, for tests.
	faults []error
	// externs are the device functions that call instructions reach:
	// vprintf, and what SetExterns adds.
	externs map[string]ptxsim.Extern
	out     io.Writer // vprintf's output
	// executed is what the kernels launched through d executed
	// (Executed).
	executed ptxsim.Counts
}

// SetExterns gives kernels device functions to call by name (the PTX's
// .extern .func declarations), besides vprintf: llc's PTX calls kago's
// intrinsics that way. It applies to launches made afterwards; nil
// removes them.
func (d *Driver) SetExterns(fns map[string]ptxsim.Extern) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.externs = map[string]ptxsim.Extern{"vprintf": ptxsim.Vprintf(d.output())}
	for name, f := range fns {
		d.externs[name] = f
	}
}

// SetOutput sends the output of kernels' printf (vprintf) to w instead of
// standard output, as the CUDA driver prints it.
func (d *Driver) SetOutput(w io.Writer) {
	d.mu.Lock()
	d.out = w
	d.mu.Unlock()
	d.SetExterns(nil)
}

// output is vprintf's writer. d.mu is held.
func (d *Driver) output() io.Writer {
	if d.out == nil {
		return os.Stdout
	}
	return d.out
}

var _ cu.Sim = (*Driver)(nil)

// New returns a simulated driver. Install it with cu.InstallSim, as
// package registration does for the "cuda-sim" backend.
func New() *Driver {
	d := &Driver{}
	d.SetExterns(nil)
	return d
}

// handle returns a new handle marked as simulated.
func (d *Driver) handle() uintptr {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.next++
	return cu.SimHandle | d.next
}

// LastFault returns the fault of the last launch that failed, or nil.
func (d *Driver) LastFault() error {
	d.mu.Lock()
	defer d.mu.Unlock()
	if len(d.faults) == 0 {
		return nil
	}
	return d.faults[len(d.faults)-1]
}

func (d *Driver) recordFault(err error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.faults = append(d.faults, err)
}

// Init is cuInit.
func (d *Driver) Init() int32 { return cu.Success }

// DriverVersion is cuDriverGetVersion: CUDA 12.0.
func (d *Driver) DriverVersion() (int, int32) { return 12000, cu.Success }

// DeviceCount is cuDeviceGetCount.
func (d *Driver) DeviceCount() (int, int32) { return 1, cu.Success }

// DeviceGet is cuDeviceGet.
func (d *Driver) DeviceGet(ordinal int) (cu.Device, int32) {
	if ordinal != 0 {
		return 0, cu.InvalidDevice
	}
	return cu.SimDevice, cu.Success
}

func validDevice(dev cu.Device) bool { return dev == cu.SimDevice }

// DeviceName is cuDeviceGetName.
func (d *Driver) DeviceName(dev cu.Device) (string, int32) {
	if !validDevice(dev) {
		return "", cu.InvalidDevice
	}
	return deviceName, cu.Success
}

// DeviceAttribute is cuDeviceGetAttribute.
func (d *Driver) DeviceAttribute(dev cu.Device, attr int) (int, int32) {
	if !validDevice(dev) {
		return 0, cu.InvalidDevice
	}
	v, ok := attrs[attr]
	if !ok {
		return 0, cu.InvalidValue
	}
	return v, cu.Success
}

// DeviceTotalMem is cuDeviceTotalMem.
func (d *Driver) DeviceTotalMem(dev cu.Device) (int64, int32) {
	if !validDevice(dev) {
		return 0, cu.InvalidDevice
	}
	return totalMem, cu.Success
}

// PrimaryRetain is cuDevicePrimaryCtxRetain: the first retain creates the
// context and starts its executor.
func (d *Driver) PrimaryRetain(dev cu.Device) (cu.Context, int32) {
	if !validDevice(dev) {
		return 0, cu.InvalidDevice
	}
	h := d.handle()
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.ctx == nil {
		d.ctx = newContext(d, cu.Context(h))
	}
	d.refs++
	return d.ctx.id, cu.Success
}

// PrimaryRelease is cuDevicePrimaryCtxRelease: the last release waits for
// the device and destroys the context.
func (d *Driver) PrimaryRelease(dev cu.Device) int32 {
	if !validDevice(dev) {
		return cu.InvalidDevice
	}
	d.mu.Lock()
	if d.refs == 0 {
		d.mu.Unlock()
		return invalidContext
	}
	d.refs--
	var c *devContext
	if d.refs == 0 {
		c, d.ctx = d.ctx, nil
	}
	d.mu.Unlock()
	if c != nil {
		c.shutdown()
	}
	return cu.Success
}

// lookup looks up a context handle. It returns the sticky error of a
// context that a failed launch has spoiled.
func (d *Driver) lookup(h cu.Context) (*devContext, int32) {
	d.mu.Lock()
	c := d.ctx
	d.mu.Unlock()
	if c == nil || c.id != h {
		return nil, invalidContext
	}
	if r := c.stickyErr(); r != cu.Success {
		return c, r
	}
	return c, cu.Success
}

// PriorityRange is cuCtxGetStreamPriorityRange.
func (d *Driver) PriorityRange(h cu.Context) (int, int, int32) {
	if _, r := d.lookup(h); r != cu.Success {
		return 0, 0, r
	}
	return leastPrio, greatestPrio, cu.Success
}

// module is a loaded PTX module.
type module struct {
	m     *ptxsim.Module
	funcs []cu.Function
}

// ModuleLoad is cuModuleLoadDataEx: ptxsim parses and decodes the PTX; a
// failure is CUDA_ERROR_INVALID_PTX with the parser's message as the log.
func (d *Driver) ModuleLoad(h cu.Context, ptx []byte) (cu.Module, string, int32) {
	c, r := d.lookup(h)
	if r != cu.Success {
		return 0, "", r
	}
	m, err := ptxsim.Parse(string(ptx))
	if err != nil {
		return 0, err.Error(), cu.InvalidPTX
	}
	id := cu.Module(d.handle())
	c.mu.Lock()
	c.modules[id] = &module{m: m}
	c.mu.Unlock()
	return id, "", cu.Success
}

// ModuleFunction is cuModuleGetFunction.
func (d *Driver) ModuleFunction(h cu.Context, mod cu.Module, name string) (cu.Function, int32) {
	c, r := d.lookup(h)
	if r != cu.Success {
		return 0, r
	}
	c.mu.Lock()
	m := c.modules[mod]
	c.mu.Unlock()
	if m == nil {
		return 0, invalidHandle
	}
	k := m.m.Kernel(name)
	if k == nil {
		return 0, cu.NotFound
	}
	id := cu.Function(d.handle())
	c.mu.Lock()
	c.funcs[id] = k
	m.funcs = append(m.funcs, id)
	c.mu.Unlock()
	return id, cu.Success
}

// ModuleUnload is cuModuleUnload.
func (d *Driver) ModuleUnload(h cu.Context, mod cu.Module) int32 {
	c, r := d.lookup(h)
	if r != cu.Success {
		return r
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	m := c.modules[mod]
	if m == nil {
		return invalidHandle
	}
	for _, f := range m.funcs {
		delete(c.funcs, f)
	}
	delete(c.modules, mod)
	m.m.Release(c.mem)
	return cu.Success
}

// FuncAttribute is cuFuncGetAttribute.
func (d *Driver) FuncAttribute(h cu.Context, f cu.Function, attr int) (int, int32) {
	c, r := d.lookup(h)
	if r != cu.Success {
		return 0, r
	}
	c.mu.Lock()
	k := c.funcs[f]
	c.mu.Unlock()
	if k == nil {
		return 0, invalidHandle
	}
	if attr != cu.FuncAttrMaxThreadsPerBlock {
		return 0, cu.InvalidValue
	}
	return k.MaxThreads(), cu.Success
}

// MemAlloc is cuMemAlloc.
func (d *Driver) MemAlloc(h cu.Context, size int) (cu.DevicePtr, int32) {
	c, r := d.lookup(h)
	if r != cu.Success {
		return 0, r
	}
	if size <= 0 {
		return 0, cu.InvalidValue
	}
	p, err := c.mem.Alloc(size)
	if err != nil {
		return 0, cu.OutOfMemory
	}
	return cu.DevicePtr(p), cu.Success
}

// MemFree is cuMemFree. Like the real driver's, it waits for the device's
// work first.
func (d *Driver) MemFree(h cu.Context, p cu.DevicePtr) int32 {
	c, r := d.lookup(h)
	if r != cu.Success {
		return r
	}
	c.idle()
	if err := c.mem.Free(uint64(p)); err != nil {
		return cu.InvalidValue
	}
	return cu.Success
}

// MemsetD32 is cuMemsetD32Async, run as a copy engine's work (copyEngine).
func (d *Driver) MemsetD32(h cu.Context, dst cu.DevicePtr, v uint32, n int, s cu.Stream) int32 {
	c, r := d.lookup(h)
	if r != cu.Success {
		return r
	}
	if n < 0 || dst%4 != 0 {
		return cu.InvalidValue
	}
	mem, err := c.mem.Bytes(uint64(dst), 4*n)
	if err != nil {
		return cu.InvalidValue
	}
	words := make([]byte, 4*n)
	for i := 0; i < n; i++ {
		binary.LittleEndian.PutUint32(words[4*i:], v)
	}
	return c.copyEngine(s, &command{what: "memset", run: func() int32 {
		storeWords(mem, words)
		return cu.Success
	}})
}

// HasAsyncAlloc reports stream-ordered allocation: yes.
func (d *Driver) HasAsyncAlloc() bool { return true }

// HasHostFunc reports cuLaunchHostFunc: yes.
func (d *Driver) HasHostFunc() bool { return true }

// MemAllocAsync is cuMemAllocAsync: the memory is allocated at once, and
// so usable in s's order and later. Memory that frees enqueued on s
// earlier (cuMemFreeAsync) give back is usable in s's order too, as the
// real driver's pool reuses it: when the memory is short, the allocation
// waits for s's earlier work (those frees) and tries again before it
// fails with CUDA_ERROR_OUT_OF_MEMORY.
func (d *Driver) MemAllocAsync(h cu.Context, size int, s cu.Stream) (cu.DevicePtr, int32) {
	c, r := d.lookup(h)
	if r != cu.Success {
		return 0, r
	}
	if c.stream(s) == nil {
		return 0, invalidHandle
	}
	p, r := d.MemAlloc(h, size)
	if r == cu.OutOfMemory && c.drain(s) {
		p, r = d.MemAlloc(h, size)
	}
	return p, r
}

// MemFreeAsync is cuMemFreeAsync: the free runs in s's order.
func (d *Driver) MemFreeAsync(h cu.Context, p cu.DevicePtr, s cu.Stream) int32 {
	c, r := d.lookup(h)
	if r != cu.Success {
		return r
	}
	if _, err := c.mem.Bytes(uint64(p), 0); err != nil {
		return cu.InvalidValue
	}
	return c.enqueue(s, &command{what: "free", run: func() int32 {
		if err := c.mem.Free(uint64(p)); err != nil {
			return cu.InvalidValue
		}
		return cu.Success
	}})
}

// CopyHtoD is cuMemcpyHtoDAsync from pageable memory: src is staged during
// the call, the copy runs in s's order.
func (d *Driver) CopyHtoD(h cu.Context, dst cu.DevicePtr, src []byte, s cu.Stream) int32 {
	c, r := d.lookup(h)
	if r != cu.Success {
		return r
	}
	mem, err := c.mem.Bytes(uint64(dst), len(src))
	if err != nil {
		return cu.InvalidValue
	}
	staged := append([]byte(nil), src...)
	return c.copyEngine(s, &command{what: "copy to device", run: func() int32 {
		storeWords(mem, staged)
		return cu.Success
	}})
}

// copyEngine runs cmd, a copy to the device or a memset, of stream s: at
// once, in the caller's goroutine, when s has nothing queued, as a GPU's
// copy engine runs it beside the kernels of other streams (this is how
// backends/cuda sets the stop flag that running kernels poll), else in s's
// order.
func (c *devContext) copyEngine(s cu.Stream, cmd *command) int32 {
	c.mu.Lock()
	st := c.streams[s]
	if st == nil || st.destroyed {
		c.mu.Unlock()
		return invalidHandle
	}
	if c.sticky != cu.Success {
		defer c.mu.Unlock()
		return c.sticky
	}
	if len(st.q) == 0 {
		defer c.mu.Unlock()
		return cmd.run()
	}
	c.mu.Unlock()
	return c.enqueue(s, cmd)
}

// storeWords copies src to mem, a word at a time with atomic stores where
// both are whole aligned 32-bit words, so that kernels' volatile loads of
// them (atomic in ptxsim) do not race with a copy that runs beside them.
func storeWords(mem, src []byte) {
	if len(src)%4 != 0 || len(src) == 0 || uintptr(unsafe.Pointer(&mem[0]))%4 != 0 {
		copy(mem, src)
		return
	}
	for i := 0; i < len(src); i += 4 {
		atomic.StoreUint32((*uint32)(unsafe.Pointer(&mem[i])), binary.LittleEndian.Uint32(src[i:]))
	}
}

// loadWords copies mem to dst, a word at a time with atomic loads where
// both are whole aligned 32-bit words: the counterpart of storeWords, for
// a copy that reads device memory a copy engine may be writing (the stop
// flag in a fault record being read back).
func loadWords(dst, mem []byte) {
	if len(mem)%4 != 0 || len(mem) == 0 || uintptr(unsafe.Pointer(&mem[0]))%4 != 0 {
		copy(dst, mem)
		return
	}
	for i := 0; i < len(mem); i += 4 {
		binary.LittleEndian.PutUint32(dst[i:], atomic.LoadUint32((*uint32)(unsafe.Pointer(&mem[i]))))
	}
}

// CopyDtoH is cuMemcpyDtoHAsync to pageable memory: the copy runs in s's
// order and the call returns once dst holds the data.
func (d *Driver) CopyDtoH(h cu.Context, dst []byte, src cu.DevicePtr, s cu.Stream) int32 {
	c, r := d.lookup(h)
	if r != cu.Success {
		return r
	}
	mem, err := c.mem.Bytes(uint64(src), len(dst))
	if err != nil {
		return cu.InvalidValue
	}
	cmd := &command{what: "copy to host", run: func() int32 {
		loadWords(dst, mem)
		return cu.Success
	}}
	if r := c.enqueue(s, cmd); r != cu.Success {
		return r
	}
	return c.waitFor(cmd)
}

// LaunchHostFunc is cuLaunchHostFunc: fn(user) is called from a C thread
// once s's earlier work has completed, and s waits for it to return.
func (d *Driver) LaunchHostFunc(h cu.Context, s cu.Stream, fn unsafe.Pointer, user uintptr) int32 {
	c, r := d.lookup(h)
	if r != cu.Success {
		return r
	}
	if fn == nil {
		return cu.InvalidValue
	}
	return c.enqueue(s, &command{what: "host function", run: func() int32 {
		if err := callHostFunc(fn, user); err != nil {
			return cu.LaunchFailed
		}
		return cu.Success
	}})
}
