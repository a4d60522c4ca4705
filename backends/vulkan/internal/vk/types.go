package vk

import "fmt"

// Non-dispatchable handles, carried as the driver's 64-bit value; the zero
// value is no object.
type (
	// Buffer is a VkBuffer.
	Buffer uint64
	// Memory is a VkDeviceMemory.
	Memory uint64
	// ShaderModule is a VkShaderModule.
	ShaderModule uint64
	// DescriptorSetLayout is a VkDescriptorSetLayout.
	DescriptorSetLayout uint64
	// PipelineLayout is a VkPipelineLayout.
	PipelineLayout uint64
	// CommandPool is a VkCommandPool.
	CommandPool uint64
	// QueryPool is a VkQueryPool of timestamp queries.
	QueryPool uint64
	// Fence is a VkFence.
	Fence uint64
	// Semaphore is a VkSemaphore.
	Semaphore uint64
)

// Version is a Vulkan version number (VK_MAKE_API_VERSION without variant).
type Version uint32

// MakeVersion returns the version major.minor.patch.
func MakeVersion(major, minor, patch uint32) Version {
	return Version(major<<22 | minor<<12 | patch)
}

// Major returns the major version.
func (v Version) Major() uint32 { return uint32(v) >> 22 & 0x7F }

// Minor returns the minor version.
func (v Version) Minor() uint32 { return uint32(v) >> 12 & 0x3FF }

// Patch returns the patch version.
func (v Version) Patch() uint32 { return uint32(v) & 0xFFF }

// String returns "major.minor.patch".
func (v Version) String() string { return fmt.Sprintf("%d.%d.%d", v.Major(), v.Minor(), v.Patch()) }

// APIVersion12 is Vulkan 1.2, the version instances are created with.
var APIVersion12 = MakeVersion(1, 2, 0)

// DeviceType is a VkPhysicalDeviceType.
type DeviceType uint32

// Device types.
const (
	DeviceTypeOther         DeviceType = 0
	DeviceTypeIntegratedGPU DeviceType = 1
	DeviceTypeDiscreteGPU   DeviceType = 2
	DeviceTypeVirtualGPU    DeviceType = 3
	DeviceTypeCPU           DeviceType = 4
)

// String returns the type in words ("CPU", "discrete GPU").
func (t DeviceType) String() string {
	switch t {
	case DeviceTypeOther:
		return "other"
	case DeviceTypeIntegratedGPU:
		return "integrated GPU"
	case DeviceTypeDiscreteGPU:
		return "discrete GPU"
	case DeviceTypeVirtualGPU:
		return "virtual GPU"
	case DeviceTypeCPU:
		return "CPU"
	}
	return fmt.Sprintf("DeviceType(%d)", uint32(t))
}

// QueueFlags are VkQueueFlags.
type QueueFlags uint32

// Queue capabilities.
const (
	QueueGraphics QueueFlags = 1 << 0
	QueueCompute  QueueFlags = 1 << 1
	QueueTransfer QueueFlags = 1 << 2
	QueueSparse   QueueFlags = 1 << 3
)

// MemoryPropertyFlags are VkMemoryPropertyFlags.
type MemoryPropertyFlags uint32

// Memory properties.
const (
	MemoryDeviceLocal  MemoryPropertyFlags = 1 << 0
	MemoryHostVisible  MemoryPropertyFlags = 1 << 1
	MemoryHostCoherent MemoryPropertyFlags = 1 << 2
	MemoryHostCached   MemoryPropertyFlags = 1 << 3
)

// BufferUsage are VkBufferUsageFlags.
type BufferUsage uint32

// Buffer usages.
const (
	BufferTransferSrc         BufferUsage = 1 << 0
	BufferTransferDst         BufferUsage = 1 << 1
	BufferStorage             BufferUsage = 1 << 5
	BufferShaderDeviceAddress BufferUsage = 1 << 17
)

// PipelineStage are VkPipelineStageFlags.
type PipelineStage uint32

// Pipeline stages.
const (
	StageTopOfPipe     PipelineStage = 1 << 0
	StageComputeShader PipelineStage = 1 << 11
	StageTransfer      PipelineStage = 1 << 12
	StageBottomOfPipe  PipelineStage = 1 << 13
	StageHost          PipelineStage = 1 << 14
	StageAllCommands   PipelineStage = 1 << 16
)

// Access are VkAccessFlags.
type Access uint32

// Memory accesses.
const (
	AccessShaderRead    Access = 1 << 5
	AccessShaderWrite   Access = 1 << 6
	AccessTransferRead  Access = 1 << 11
	AccessTransferWrite Access = 1 << 12
	AccessHostRead      Access = 1 << 13
	AccessHostWrite     Access = 1 << 14
	AccessMemoryRead    Access = 1 << 15
	AccessMemoryWrite   Access = 1 << 16
)
