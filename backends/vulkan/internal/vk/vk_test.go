package vk

import (
	"encoding/binary"
	"errors"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// env is an instance, its first physical device and a device with every
// supported feature, destroyed at the end of the test.
type env struct {
	inst *Instance
	pd   *PhysicalDevice
	dev  *Device
}

func openOrSkip(t *testing.T) *Instance {
	t.Helper()
	if err := Open(); err != nil {
		if errors.Is(err, ErrNoLoader) {
			t.Skipf("no Vulkan loader: %v", err)
		}
		require.NoError(t, err)
	}
	inst, err := CreateInstance("kago-vk-test")
	if ResultOf(err) == ErrorIncompatibleDriver {
		t.Skipf("no Vulkan driver: %v", err)
	}
	require.NoError(t, err)
	t.Cleanup(inst.Destroy)
	return inst
}

func newEnv(t *testing.T) *env {
	t.Helper()
	inst := openOrSkip(t)
	pds, err := inst.PhysicalDevices()
	require.NoError(t, err)
	if len(pds) == 0 {
		t.Skip("no Vulkan physical device")
	}
	pd := pds[0]
	fam, ok := pd.ComputeFamily()
	require.True(t, ok, "no compute queue family on %s", pd.Properties.Name)
	dev, err := CreateDevice(pd, fam.Index, AllFeatures)
	require.NoError(t, err)
	t.Cleanup(dev.Destroy) // runs before inst.Destroy
	return &env{inst: inst, pd: pd, dev: dev}
}

func TestOpenTwice(t *testing.T) {
	err1, err2 := Open(), Open()
	assert.Equal(t, err1, err2)
}

func TestPhysicalDevices(t *testing.T) {
	inst := openOrSkip(t)
	pds, err := inst.PhysicalDevices()
	require.NoError(t, err)
	if len(pds) == 0 {
		t.Skip("no Vulkan physical device")
	}
	for _, pd := range pds {
		p := pd.Properties
		t.Logf("device %q type %v vendor %#x API %v driver %#x subgroup %d", p.Name, p.Type, p.VendorID, p.APIVersion, p.DriverVersion, p.SubgroupSize)
		t.Logf("  limits %+v", p.Limits)
		t.Logf("  features %+v", pd.Features)
		t.Logf("  memory %+v", pd.Memory)
		t.Logf("  queue families %+v", pd.QueueFamilies)
		assert.NotEmpty(t, p.Name)
		assert.GreaterOrEqual(t, p.Limits.MaxComputeWorkGroupInvocations, uint32(128))
		assert.GreaterOrEqual(t, p.Limits.MaxComputeSharedMemorySize, uint32(16384))
		for k := range 3 {
			assert.GreaterOrEqual(t, p.Limits.MaxComputeWorkGroupCount[k], uint32(65535))
		}
		assert.GreaterOrEqual(t, p.Limits.MaxComputeWorkGroupSize[0], uint32(128))
		assert.GreaterOrEqual(t, p.Limits.MaxPushConstantsSize, uint32(128))
		assert.NotEmpty(t, pd.Memory.Types)
		assert.NotEmpty(t, pd.Memory.Heaps)
		_, ok := pd.ComputeFamily()
		assert.True(t, ok)
		if p.APIVersion >= APIVersion12 {
			assert.GreaterOrEqual(t, p.SubgroupSize, uint32(1))
		}
		if isLavapipe(pd) {
			assert.Equal(t, DeviceTypeCPU, p.Type)
			// Mesa's lavapipe has these features.
			assert.True(t, pd.Features.ShaderInt64)
			assert.True(t, pd.Features.TimelineSemaphore)
			assert.True(t, pd.Features.BufferDeviceAddress)
			_, ok := pd.Memory.PickMemoryType(^uint32(0), HostMemory)
			assert.True(t, ok)
		}
	}
}

func isLavapipe(pd *PhysicalDevice) bool {
	return len(pd.Properties.Name) >= 4 && pd.Properties.Name[:4] == "llvm"
}

func TestDeviceFeatures(t *testing.T) {
	e := newEnv(t)
	t.Logf("enabled %+v", e.dev.Enabled)
	assert.Equal(t, e.pd.Features, e.dev.Enabled)
	// Asking for nothing enables nothing.
	d2, err := CreateDevice(e.pd, e.dev.Family.Index, Features{})
	require.NoError(t, err)
	assert.Equal(t, Features{}, d2.Enabled)
	d2.Destroy()
	d2.Destroy() // a second Destroy is harmless
	_, err = d2.CreateBuffer(16, BufferStorage)
	assert.ErrorIs(t, err, ErrZeroHandle)
}

// assemble runs spirv-as and spirv-val on testdata/name.spvasm.
func assemble(t *testing.T, name string) []uint32 {
	t.Helper()
	for _, tool := range []string{"spirv-as", "spirv-val"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s not installed (Debian package spirv-tools): %v", tool, err)
		}
	}
	out := filepath.Join(t.TempDir(), name+".spv")
	b, err := exec.Command("spirv-as", "--target-env", "vulkan1.2", filepath.Join("testdata", name+".spvasm"), "-o", out).CombinedOutput()
	require.NoError(t, err, "spirv-as: %s", b)
	b, err = exec.Command("spirv-val", "--target-env", "vulkan1.2", out).CombinedOutput()
	require.NoError(t, err, "spirv-val: %s", b)
	code, err := os.ReadFile(out)
	require.NoError(t, err)
	require.Zero(t, len(code)%4)
	words := make([]uint32, len(code)/4)
	for k := range words {
		words[k] = binary.LittleEndian.Uint32(code[4*k:])
	}
	require.Equal(t, uint32(SPIRVMagic), words[0])
	return words
}

func f32s(b []byte) []float32 {
	out := make([]float32, len(b)/4)
	for k := range out {
		out[k] = math.Float32frombits(binary.LittleEndian.Uint32(b[4*k:]))
	}
	return out
}

func putF32s(b []byte, v []float32) {
	for k, f := range v {
		binary.LittleEndian.PutUint32(b[4*k:], math.Float32bits(f))
	}
}

func TestSaxpy(t *testing.T) {
	e := newEnv(t)
	words := assemble(t, "saxpy")
	d := e.dev
	mod, err := d.CreateShaderModule(words)
	require.NoError(t, err)
	defer d.DestroyShaderModule(mod)

	const n = 1000 // not a multiple of 64 nor of 32
	const a = float32(1.5)
	size := uint64(4 * n)
	usage := BufferStorage | BufferTransferSrc | BufferTransferDst
	// x and y are in host memory; y is copied to a device-local buffer,
	// computed there and copied back.
	x, err := d.NewBuffer(size, usage, HostMemory)
	require.NoError(t, err)
	defer x.Destroy(d)
	yHost, err := d.NewBuffer(size, usage, HostMemory)
	require.NoError(t, err)
	defer yHost.Destroy(d)
	yDev, err := d.NewBuffer(size, usage, MemoryDeviceLocal)
	require.NoError(t, err)
	defer yDev.Destroy(d)

	xs := make([]float32, n)
	ys := make([]float32, n)
	for k := range xs {
		xs[k] = float32(k)*0.25 - 7
		ys[k] = float32(n-k) / 3
	}
	xm, err := d.MapMemory(x.Memory, 0, size)
	require.NoError(t, err)
	putF32s(xm, xs)
	d.UnmapMemory(x.Memory)

	pool, err := d.CreateCommandPool()
	require.NoError(t, err)
	defer d.DestroyCommandPool(pool)
	cb, err := d.AllocateCommandBuffer(pool)
	require.NoError(t, err)
	defer cb.Free()
	qp, err := d.CreateQueryPool(2)
	require.NoError(t, err)
	defer d.DestroyQueryPool(qp)
	fence, err := d.CreateFence(false)
	require.NoError(t, err)
	defer d.DestroyFence(fence)

	push := make([]byte, 8)
	binary.LittleEndian.PutUint32(push, math.Float32bits(a))
	binary.LittleEndian.PutUint32(push[4:], n)

	for _, wg := range []uint32{64, 32} {
		p, err := d.CreateComputePipeline(ComputePipelineInfo{Module: mod, Buffers: 2, PushConstantSize: 8, WorkgroupSize: [3]uint32{wg, 1, 1}})
		require.NoError(t, err)
		set, err := p.CreateDescriptorSet(x.Buffer, yDev.Buffer)
		require.NoError(t, err)

		ym, err := d.MapMemory(yHost.Memory, 0, size)
		require.NoError(t, err)
		putF32s(ym, ys)
		timestamps := d.Family.TimestampValidBits != 0

		require.NoError(t, cb.Reset())
		require.NoError(t, cb.Begin(true))
		if timestamps {
			require.NoError(t, cb.ResetQueries(qp, 0, 2))
		}
		require.NoError(t, cb.FillBuffer(yDev.Buffer, 0, size, 0xFFFFFFFF)) // overwritten by the copy
		require.NoError(t, cb.FullBarrier())
		require.NoError(t, cb.CopyBuffer(yHost.Buffer, yDev.Buffer, 0, 0, size))
		require.NoError(t, cb.FullBarrier())
		if timestamps {
			require.NoError(t, cb.WriteTimestamp(StageTopOfPipe, qp, 0))
		}
		require.NoError(t, cb.BindPipeline(p))
		require.NoError(t, cb.BindDescriptorSet(p, set))
		require.NoError(t, cb.PushConstants(p, 0, push))
		require.NoError(t, cb.Dispatch((n+wg-1)/wg, 1, 1))
		if timestamps {
			require.NoError(t, cb.WriteTimestamp(StageBottomOfPipe, qp, 1))
		}
		require.NoError(t, cb.FullBarrier())
		require.NoError(t, cb.CopyBuffer(yDev.Buffer, yHost.Buffer, 0, 0, size))
		require.NoError(t, cb.FullBarrier())
		require.NoError(t, cb.End())

		require.NoError(t, d.ResetFence(fence))
		require.NoError(t, d.Submit(fence, cb))
		r, err := d.WaitForFence(fence, 30*time.Second)
		require.NoError(t, err)
		require.Equal(t, Success, r)

		got := f32s(ym)
		for k := range n {
			want := float32(a*xs[k]) + ys[k]
			if !assert.Equal(t, math.Float32bits(want), math.Float32bits(got[k]), "wg %d y[%d]: got %v want %v", wg, k, got[k], want) {
				break
			}
		}
		d.UnmapMemory(yHost.Memory)
		if timestamps {
			ts, err := d.QueryResults(qp, 0, 2)
			require.NoError(t, err)
			assert.GreaterOrEqual(t, ts[1], ts[0])
			t.Logf("wg %d: dispatch %d ticks (%.0f ns)", wg, ts[1]-ts[0], float64(ts[1]-ts[0])*float64(e.pd.Properties.Limits.TimestampPeriod))
		}
		set.Destroy()
		p.Destroy()
		p.Destroy() // harmless
	}
}

func TestFenceTimeout(t *testing.T) {
	e := newEnv(t)
	f, err := e.dev.CreateFence(false)
	require.NoError(t, err)
	defer e.dev.DestroyFence(f)
	start := time.Now()
	r, err := e.dev.WaitForFence(f, 0)
	require.NoError(t, err)
	assert.Equal(t, Timeout, r)
	r, err = e.dev.WaitForFence(f, time.Millisecond)
	require.NoError(t, err)
	assert.Equal(t, Timeout, r)
	assert.Less(t, time.Since(start), 5*time.Second)
	ok, err := e.dev.FenceSignaled(f)
	require.NoError(t, err)
	assert.False(t, ok)

	// An empty submission signals the fence.
	require.NoError(t, e.dev.Submit(f))
	r, err = e.dev.WaitForFence(f, 10*time.Second)
	require.NoError(t, err)
	assert.Equal(t, Success, r)
	_, err = e.dev.WaitForFence(0, 0)
	assert.ErrorIs(t, err, ErrZeroHandle)
}

func TestTimelineSemaphore(t *testing.T) {
	e := newEnv(t)
	d := e.dev
	if !d.Enabled.TimelineSemaphore {
		t.Skip("timelineSemaphore not supported")
	}
	s, err := d.CreateTimelineSemaphore(3)
	require.NoError(t, err)
	defer d.DestroySemaphore(s)
	v, err := d.SemaphoreValue(s)
	require.NoError(t, err)
	assert.Equal(t, uint64(3), v)
	r, err := d.WaitSemaphore(s, 4, 0)
	require.NoError(t, err)
	assert.Equal(t, Timeout, r)

	pool, err := d.CreateCommandPool()
	require.NoError(t, err)
	defer d.DestroyCommandPool(pool)
	cb, err := d.AllocateCommandBuffer(pool)
	require.NoError(t, err)
	buf, err := d.NewBuffer(256, BufferTransferDst|BufferStorage, HostMemory)
	require.NoError(t, err)
	defer buf.Destroy(d)
	require.NoError(t, cb.Begin(true))
	require.NoError(t, cb.FillBuffer(buf.Buffer, 0, 256, 0x01020304))
	require.NoError(t, cb.FullBarrier())
	require.NoError(t, cb.End())
	require.NoError(t, d.SubmitSignal(0, s, 7, cb))
	r, err = d.WaitSemaphore(s, 7, 10*time.Second)
	require.NoError(t, err)
	assert.Equal(t, Success, r)
	v, err = d.SemaphoreValue(s)
	require.NoError(t, err)
	assert.Equal(t, uint64(7), v)
	m, err := d.MapMemory(buf.Memory, 0, 256)
	require.NoError(t, err)
	assert.Equal(t, uint32(0x01020304), binary.LittleEndian.Uint32(m[252:]))
	d.UnmapMemory(buf.Memory)
}

func TestBufferDeviceAddress(t *testing.T) {
	e := newEnv(t)
	d := e.dev
	if !d.Enabled.BufferDeviceAddress {
		_, err := d.CreateBuffer(64, BufferStorage|BufferShaderDeviceAddress)
		assert.ErrorIs(t, err, ErrInvalidArgument)
		t.Skip("bufferDeviceAddress not supported")
	}
	b, err := d.NewBuffer(64, BufferStorage|BufferShaderDeviceAddress, MemoryDeviceLocal)
	require.NoError(t, err)
	defer b.Destroy(d)
	addr, err := d.BufferDeviceAddress(b.Buffer)
	require.NoError(t, err)
	assert.NotZero(t, addr)
}

func TestHostile(t *testing.T) {
	e := newEnv(t)
	d := e.dev
	_, err := d.CreateBuffer(0, BufferStorage)
	assert.ErrorIs(t, err, ErrInvalidArgument)
	_, err = d.CreateShaderModule(nil)
	assert.ErrorIs(t, err, ErrInvalidArgument)
	_, err = d.CreateShaderModule([]uint32{})
	assert.ErrorIs(t, err, ErrInvalidArgument)
	_, err = d.CreateComputePipeline(ComputePipelineInfo{Buffers: 1, WorkgroupSize: [3]uint32{1, 1, 1}})
	assert.ErrorIs(t, err, ErrZeroHandle)
	_, err = d.MapMemory(0, 0, 4)
	assert.ErrorIs(t, err, ErrZeroHandle)
	// Huge: 2^50 bytes, more than any heap here, is the driver's error
	// (lavapipe: VK_ERROR_OUT_OF_DEVICE_MEMORY), not a crash.
	_, err = d.NewBuffer(1<<50, BufferStorage, HostMemory)
	assert.Error(t, err)
	_, err = d.AllocateMemory(1<<50, 0, false)
	var ve *Error
	assert.ErrorAs(t, err, &ve)
	d.DestroyBuffer(0)
	d.FreeMemory(0)
	d.DestroyShaderModule(0)

	// Garbage SPIR-V: the driver must refuse it at module or pipeline creation.
	garbage := make([]uint32, 64)
	for k := range garbage {
		garbage[k] = uint32(k)*0x9E3779B9 + 12345
	}
	// The same behind a valid SPIR-V 1.5 header (magic, version, generator,
	// bound, schema), so that the driver parses past the header.
	headed := append([]uint32{SPIRVMagic, 0x00010500, 0, 100, 0}, garbage...)
	for _, code := range [][]uint32{garbage, headed} {
		mod, err := d.CreateShaderModule(code)
		if err != nil {
			t.Logf("garbage refused at module creation: %v", err)
			continue
		}
		_, err = d.CreateComputePipeline(ComputePipelineInfo{Module: mod, Buffers: 1, WorkgroupSize: [3]uint32{1, 1, 1}})
		d.DestroyShaderModule(mod)
		require.Error(t, err)
		t.Logf("garbage refused at pipeline creation: %v", err)
	}
}

func TestOpenConcurrent(t *testing.T) {
	errs := make(chan error, 8)
	for range 8 {
		go func() { errs <- Open() }()
	}
	first := <-errs
	for range 7 {
		assert.Equal(t, first, <-errs)
	}
}

func TestErrorNames(t *testing.T) {
	err := check("vkAllocateMemory", -2)
	assert.EqualError(t, err, "vkAllocateMemory: VK_ERROR_OUT_OF_DEVICE_MEMORY (-2)")
	assert.Equal(t, ErrorOutOfDeviceMemory, ResultOf(err))
	assert.Equal(t, "VK_TIMEOUT", Timeout.String())
	assert.Equal(t, "VK_RESULT(-77)", Result(-77).String())
	assert.NoError(t, check("x", 0))
	assert.Equal(t, "1.2.0", APIVersion12.String())
}
