package vk

import "fmt"

// PhysicalDevice is a VkPhysicalDevice with what the binding read of it
// when the instance enumerated it.
type PhysicalDevice struct {
	inst *Instance
	h    uintptr

	Properties    Properties
	Features      Features // what the device supports
	Memory        MemoryProperties
	QueueFamilies []QueueFamily
}

// Properties are a physical device's identity, compute limits and subgroup
// properties.
type Properties struct {
	Name          string
	Type          DeviceType
	VendorID      uint32
	DeviceID      uint32
	APIVersion    Version
	DriverVersion uint32 // vendor-specific encoding
	Limits        Limits
	// SubgroupSize is VkPhysicalDeviceSubgroupProperties.subgroupSize (0
	// on a Vulkan 1.0 device).
	SubgroupSize       uint32
	SubgroupStages     uint32 // VkShaderStageFlags
	SubgroupOperations uint32 // VkSubgroupFeatureFlags
}

// Limits are the VkPhysicalDeviceLimits that compute needs.
type Limits struct {
	MaxComputeWorkGroupCount            [3]uint32
	MaxComputeWorkGroupSize             [3]uint32
	MaxComputeWorkGroupInvocations      uint32
	MaxComputeSharedMemorySize          uint32
	MaxStorageBufferRange               uint32
	MaxPushConstantsSize                uint32
	MaxBoundDescriptorSets              uint32
	MaxPerStageDescriptorStorageBuffers uint32
	TimestampComputeAndGraphics         bool
	TimestampPeriod                     float32 // nanoseconds per timestamp tick
	MinStorageBufferOffsetAlignment     uint64
	NonCoherentAtomSize                 uint64
}

// Features are the device features compute cares about, from
// VkPhysicalDeviceFeatures, VkPhysicalDeviceVulkan11Features and
// VkPhysicalDeviceVulkan12Features.
type Features struct {
	ShaderFloat64            bool
	ShaderInt64              bool
	ShaderInt16              bool
	ShaderInt8               bool
	StorageBuffer8BitAccess  bool
	StorageBuffer16BitAccess bool
	BufferDeviceAddress      bool
	TimelineSemaphore        bool
	ShaderBufferInt64Atomics bool
	ShaderSharedInt64Atomics bool
}

// AllFeatures asks CreateDevice for every feature the device has.
var AllFeatures = Features{true, true, true, true, true, true, true, true, true, true}

func (f Features) bits() uint32 {
	var b uint32
	for k, on := range []bool{f.ShaderFloat64, f.ShaderInt64, f.ShaderInt16, f.ShaderInt8,
		f.StorageBuffer8BitAccess, f.StorageBuffer16BitAccess, f.BufferDeviceAddress,
		f.TimelineSemaphore, f.ShaderBufferInt64Atomics, f.ShaderSharedInt64Atomics} {
		if on {
			b |= 1 << k
		}
	}
	return b
}

func featuresOf(b uint32) Features {
	on := func(k int) bool { return b&(1<<k) != 0 }
	return Features{on(0), on(1), on(2), on(3), on(4), on(5), on(6), on(7), on(8), on(9)}
}

// QueueFamily is one of a physical device's VkQueueFamilyProperties.
type QueueFamily struct {
	Index              uint32
	Flags              QueueFlags
	Count              uint32
	TimestampValidBits uint32 // 0: no timestamps on this family
}

// ComputeFamily returns the first queue family with compute, preferring
// one without graphics; ok is false if there is none.
func (pd *PhysicalDevice) ComputeFamily() (QueueFamily, bool) {
	var best QueueFamily
	found := false
	for _, q := range pd.QueueFamilies {
		if q.Flags&QueueCompute == 0 || q.Count == 0 {
			continue
		}
		if !found || (best.Flags&QueueGraphics != 0 && q.Flags&QueueGraphics == 0) {
			best, found = q, true
		}
	}
	return best, found
}

// Device is a VkDevice with one queue and its table of device-level entry
// points (resolved with vkGetDeviceProcAddr).
type Device struct {
	h, tab, queue uintptr
	Physical      *PhysicalDevice
	Family        QueueFamily
	// Enabled are the features the device was created with.
	Enabled Features
}

// CreateDevice creates a logical device with one queue of family (see
// ComputeFamily), enabling the features of want that the device supports.
func CreateDevice(pd *PhysicalDevice, family uint32, want Features) (*Device, error) {
	if pd == nil || pd.h == 0 || pd.inst == nil || pd.inst.h == 0 {
		return nil, ErrZeroHandle
	}
	if int(family) >= len(pd.QueueFamilies) {
		return nil, fmt.Errorf("%w: queue family %d of %d", ErrInvalidArgument, family, len(pd.QueueFamilies))
	}
	v12 := pd.Properties.APIVersion >= APIVersion12
	enabled := featuresOf(want.bits() & pd.Features.bits())
	h, tab, q, err := cCreateDevice(pd.inst.tab, pd.h, family, enabled.bits(), v12)
	if err != nil {
		return nil, err
	}
	d := &Device{h: h, tab: tab, queue: q, Physical: pd, Family: pd.QueueFamilies[family], Enabled: enabled}
	if !cHasBufferDeviceAddress(d) {
		d.Enabled.BufferDeviceAddress = false
	}
	if !cHasTimeline(d) {
		d.Enabled.TimelineSemaphore = false
	}
	return d, nil
}

func (d *Device) ok() error {
	if d == nil || d.h == 0 {
		return ErrZeroHandle
	}
	return nil
}

// WaitIdle waits until the device has finished all its work.
func (d *Device) WaitIdle() error {
	if err := d.ok(); err != nil {
		return err
	}
	return cDeviceWaitIdle(d)
}

// Destroy destroys the device after every object made from it. Destroy on
// a destroyed or nil device does nothing.
func (d *Device) Destroy() {
	if d == nil || d.h == 0 {
		return
	}
	cDestroyDevice(d)
	d.h, d.tab, d.queue = 0, 0, 0
}
