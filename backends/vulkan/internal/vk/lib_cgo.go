package vk

// This file is the only place that crosses into C. The C side opens
// libvulkan.so.1 with dlopen at run time, resolves vkGetInstanceProcAddr,
// and through it (and vkGetDeviceProcAddr) the entry points kago uses into
// tables of function pointers: one table per instance and one per device,
// malloc'd in C and carried by Go as a uintptr_t. Dispatchable handles
// (instance, physical device, device, queue, command buffer) travel as
// uintptr_t and non-dispatchable ones as uint64_t, so that Go never
// converts an integer into an unsafe.Pointer; the wrappers build the
// Vulkan structures in C.
//
// No Vulkan header is used: the structures below follow the Vulkan 1.2
// specification (VkBool32 and flags are uint32_t, VkDeviceSize uint64_t).

/*
#cgo LDFLAGS: -ldl

#include <dlfcn.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef int32_t  kr;   // VkResult
typedef uint32_t u32;
typedef uint64_t u64;
typedef void *dh;      // dispatchable handle
typedef void (*kfn)(void);

// --- structures (Vulkan 1.2, declared by hand) ---
typedef struct { u32 sType; const void *pNext; const char *pApplicationName; u32 applicationVersion;
	const char *pEngineName; u32 engineVersion; u32 apiVersion; } VkApplicationInfo;
typedef struct { u32 sType; const void *pNext; u32 flags; const VkApplicationInfo *pApplicationInfo;
	u32 enabledLayerCount; const char *const *ppEnabledLayerNames;
	u32 enabledExtensionCount; const char *const *ppEnabledExtensionNames; } VkInstanceCreateInfo;

typedef struct {
	u32 maxImageDimension1D, maxImageDimension2D, maxImageDimension3D, maxImageDimensionCube,
		maxImageArrayLayers, maxTexelBufferElements, maxUniformBufferRange, maxStorageBufferRange,
		maxPushConstantsSize, maxMemoryAllocationCount, maxSamplerAllocationCount;
	u64 bufferImageGranularity, sparseAddressSpaceSize;
	u32 maxBoundDescriptorSets, maxPerStageDescriptorSamplers, maxPerStageDescriptorUniformBuffers,
		maxPerStageDescriptorStorageBuffers, maxPerStageDescriptorSampledImages,
		maxPerStageDescriptorStorageImages, maxPerStageDescriptorInputAttachments, maxPerStageResources,
		maxDescriptorSetSamplers, maxDescriptorSetUniformBuffers, maxDescriptorSetUniformBuffersDynamic,
		maxDescriptorSetStorageBuffers, maxDescriptorSetStorageBuffersDynamic, maxDescriptorSetSampledImages,
		maxDescriptorSetStorageImages, maxDescriptorSetInputAttachments, maxVertexInputAttributes,
		maxVertexInputBindings, maxVertexInputAttributeOffset, maxVertexInputBindingStride,
		maxVertexOutputComponents, maxTessellationGenerationLevel, maxTessellationPatchSize,
		maxTessellationControlPerVertexInputComponents, maxTessellationControlPerVertexOutputComponents,
		maxTessellationControlPerPatchOutputComponents, maxTessellationControlTotalOutputComponents,
		maxTessellationEvaluationInputComponents, maxTessellationEvaluationOutputComponents,
		maxGeometryShaderInvocations, maxGeometryInputComponents, maxGeometryOutputComponents,
		maxGeometryOutputVertices, maxGeometryTotalOutputComponents, maxFragmentInputComponents,
		maxFragmentOutputAttachments, maxFragmentDualSrcAttachments, maxFragmentCombinedOutputResources,
		maxComputeSharedMemorySize, maxComputeWorkGroupCount[3], maxComputeWorkGroupInvocations,
		maxComputeWorkGroupSize[3], subPixelPrecisionBits, subTexelPrecisionBits, mipmapPrecisionBits,
		maxDrawIndexedIndexValue, maxDrawIndirectCount;
	float maxSamplerLodBias, maxSamplerAnisotropy;
	u32 maxViewports, maxViewportDimensions[2];
	float viewportBoundsRange[2];
	u32 viewportSubPixelBits;
	size_t minMemoryMapAlignment;
	u64 minTexelBufferOffsetAlignment, minUniformBufferOffsetAlignment, minStorageBufferOffsetAlignment;
	int32_t minTexelOffset; u32 maxTexelOffset; int32_t minTexelGatherOffset; u32 maxTexelGatherOffset;
	float minInterpolationOffset, maxInterpolationOffset;
	u32 subPixelInterpolationOffsetBits, maxFramebufferWidth, maxFramebufferHeight, maxFramebufferLayers,
		framebufferColorSampleCounts, framebufferDepthSampleCounts, framebufferStencilSampleCounts,
		framebufferNoAttachmentsSampleCounts, maxColorAttachments, sampledImageColorSampleCounts,
		sampledImageIntegerSampleCounts, sampledImageDepthSampleCounts, sampledImageStencilSampleCounts,
		storageImageSampleCounts, maxSampleMaskWords, timestampComputeAndGraphics;
	float timestampPeriod;
	u32 maxClipDistances, maxCullDistances, maxCombinedClipAndCullDistances, discreteQueuePriorities;
	float pointSizeRange[2], lineWidthRange[2], pointSizeGranularity, lineWidthGranularity;
	u32 strictLines, standardSampleLocations;
	u64 optimalBufferCopyOffsetAlignment, optimalBufferCopyRowPitchAlignment, nonCoherentAtomSize;
} VkPhysicalDeviceLimits;
_Static_assert(sizeof(VkPhysicalDeviceLimits) == 504, "VkPhysicalDeviceLimits layout");

typedef struct { u32 apiVersion, driverVersion, vendorID, deviceID, deviceType; char deviceName[256];
	uint8_t pipelineCacheUUID[16]; VkPhysicalDeviceLimits limits; u32 sparseProperties[5]; } VkPhysicalDeviceProperties;
_Static_assert(sizeof(VkPhysicalDeviceProperties) == 824, "VkPhysicalDeviceProperties layout");
typedef struct { u32 sType; void *pNext; VkPhysicalDeviceProperties properties; } VkPhysicalDeviceProperties2;
typedef struct { u32 sType; void *pNext; u32 subgroupSize, supportedStages, supportedOperations,
	quadOperationsInAllStages; } VkPhysicalDeviceSubgroupProperties;

// VkPhysicalDeviceFeatures is 55 VkBool32; shaderFloat64, shaderInt64 and
// shaderInt16 are members 39, 40 and 41.
typedef struct { u32 sType; void *pNext; u32 f[55]; } VkPhysicalDeviceFeatures2;
typedef struct { u32 sType; void *pNext;
	u32 storageBuffer16BitAccess, uniformAndStorageBuffer16BitAccess, storagePushConstant16,
		storageInputOutput16, multiview, multiviewGeometryShader, multiviewTessellationShader,
		variablePointersStorageBuffer, variablePointers, protectedMemory, samplerYcbcrConversion,
		shaderDrawParameters; } VkPhysicalDeviceVulkan11Features;
typedef struct { u32 sType; void *pNext;
	u32 samplerMirrorClampToEdge, drawIndirectCount, storageBuffer8BitAccess,
		uniformAndStorageBuffer8BitAccess, storagePushConstant8, shaderBufferInt64Atomics,
		shaderSharedInt64Atomics, shaderFloat16, shaderInt8, descriptorIndexing,
		shaderInputAttachmentArrayDynamicIndexing, shaderUniformTexelBufferArrayDynamicIndexing,
		shaderStorageTexelBufferArrayDynamicIndexing, shaderUniformBufferArrayNonUniformIndexing,
		shaderSampledImageArrayNonUniformIndexing, shaderStorageBufferArrayNonUniformIndexing,
		shaderStorageImageArrayNonUniformIndexing, shaderInputAttachmentArrayNonUniformIndexing,
		shaderUniformTexelBufferArrayNonUniformIndexing, shaderStorageTexelBufferArrayNonUniformIndexing,
		descriptorBindingUniformBufferUpdateAfterBind, descriptorBindingSampledImageUpdateAfterBind,
		descriptorBindingStorageImageUpdateAfterBind, descriptorBindingStorageBufferUpdateAfterBind,
		descriptorBindingUniformTexelBufferUpdateAfterBind, descriptorBindingStorageTexelBufferUpdateAfterBind,
		descriptorBindingUpdateUnusedWhilePending, descriptorBindingPartiallyBound,
		descriptorBindingVariableDescriptorCount, runtimeDescriptorArray, samplerFilterMinmax,
		scalarBlockLayout, imagelessFramebuffer, uniformBufferStandardLayout, shaderSubgroupExtendedTypes,
		separateDepthStencilLayouts, hostQueryReset, timelineSemaphore, bufferDeviceAddress,
		bufferDeviceAddressCaptureReplay, bufferDeviceAddressMultiDevice, vulkanMemoryModel,
		vulkanMemoryModelDeviceScope, vulkanMemoryModelAvailabilityVisibilityChains,
		shaderOutputViewportIndex, shaderOutputLayer, subgroupBroadcastDynamicId; } VkPhysicalDeviceVulkan12Features;
_Static_assert(sizeof(VkPhysicalDeviceVulkan12Features) == 16 + 47 * 4 + 4, "Vulkan12Features layout");

typedef struct { u32 propertyFlags, heapIndex; } VkMemoryType;
typedef struct { u64 size; u32 flags; } VkMemoryHeap;
typedef struct { u32 memoryTypeCount; VkMemoryType memoryTypes[32]; u32 memoryHeapCount; VkMemoryHeap memoryHeaps[16]; } VkPhysicalDeviceMemoryProperties;
typedef struct { u32 queueFlags, queueCount, timestampValidBits, minImageTransferGranularity[3]; } VkQueueFamilyProperties;

typedef struct { u32 sType; const void *pNext; u32 flags, queueFamilyIndex, queueCount; const float *pQueuePriorities; } VkDeviceQueueCreateInfo;
typedef struct { u32 sType; const void *pNext; u32 flags, queueCreateInfoCount; const VkDeviceQueueCreateInfo *pQueueCreateInfos;
	u32 enabledLayerCount; const char *const *ppEnabledLayerNames; u32 enabledExtensionCount;
	const char *const *ppEnabledExtensionNames; const void *pEnabledFeatures; } VkDeviceCreateInfo;

typedef struct { u32 sType; const void *pNext; u32 flags; u64 size; u32 usage, sharingMode, queueFamilyIndexCount; const u32 *pQueueFamilyIndices; } VkBufferCreateInfo;
typedef struct { u64 size, alignment; u32 memoryTypeBits; } VkMemoryRequirements;
typedef struct { u32 sType; const void *pNext; u64 allocationSize; u32 memoryTypeIndex; } VkMemoryAllocateInfo;
typedef struct { u32 sType; const void *pNext; u32 flags, deviceMask; } VkMemoryAllocateFlagsInfo;
typedef struct { u32 sType; const void *pNext; u64 buffer; } VkBufferDeviceAddressInfo;
typedef struct { u32 sType; const void *pNext; u32 flags; size_t codeSize; const u32 *pCode; } VkShaderModuleCreateInfo;
typedef struct { u32 binding, descriptorType, descriptorCount, stageFlags; const void *pImmutableSamplers; } VkDescriptorSetLayoutBinding;
typedef struct { u32 sType; const void *pNext; u32 flags, bindingCount; const VkDescriptorSetLayoutBinding *pBindings; } VkDescriptorSetLayoutCreateInfo;
typedef struct { u32 stageFlags, offset, size; } VkPushConstantRange;
typedef struct { u32 sType; const void *pNext; u32 flags, setLayoutCount; const u64 *pSetLayouts;
	u32 pushConstantRangeCount; const VkPushConstantRange *pPushConstantRanges; } VkPipelineLayoutCreateInfo;
typedef struct { u32 constantID, offset; size_t size; } VkSpecializationMapEntry;
typedef struct { u32 mapEntryCount; const VkSpecializationMapEntry *pMapEntries; size_t dataSize; const void *pData; } VkSpecializationInfo;
typedef struct { u32 sType; const void *pNext; u32 flags, stage; u64 module; const char *pName; const VkSpecializationInfo *pSpecializationInfo; } VkPipelineShaderStageCreateInfo;
typedef struct { u32 sType; const void *pNext; u32 flags; VkPipelineShaderStageCreateInfo stage; u64 layout, basePipelineHandle; int32_t basePipelineIndex; } VkComputePipelineCreateInfo;
typedef struct { u32 type, descriptorCount; } VkDescriptorPoolSize;
typedef struct { u32 sType; const void *pNext; u32 flags, maxSets, poolSizeCount; const VkDescriptorPoolSize *pPoolSizes; } VkDescriptorPoolCreateInfo;
typedef struct { u32 sType; const void *pNext; u64 descriptorPool; u32 descriptorSetCount; const u64 *pSetLayouts; } VkDescriptorSetAllocateInfo;
typedef struct { u64 buffer, offset, range; } VkDescriptorBufferInfo;
typedef struct { u32 sType; const void *pNext; u64 dstSet; u32 dstBinding, dstArrayElement, descriptorCount, descriptorType;
	const void *pImageInfo; const VkDescriptorBufferInfo *pBufferInfo; const void *pTexelBufferView; } VkWriteDescriptorSet;
typedef struct { u32 sType; const void *pNext; u32 flags, queueFamilyIndex; } VkCommandPoolCreateInfo;
typedef struct { u32 sType; const void *pNext; u64 commandPool; u32 level, commandBufferCount; } VkCommandBufferAllocateInfo;
typedef struct { u32 sType; const void *pNext; u32 flags; const void *pInheritanceInfo; } VkCommandBufferBeginInfo;
typedef struct { u64 srcOffset, dstOffset, size; } VkBufferCopy;
typedef struct { u32 sType; const void *pNext; u32 srcAccessMask, dstAccessMask; } VkMemoryBarrier;
typedef struct { u32 sType; const void *pNext; u32 flags, queryType, queryCount, pipelineStatistics; } VkQueryPoolCreateInfo;
typedef struct { u32 sType; const void *pNext; u32 flags; } VkFlagsCreateInfo; // fence, semaphore
typedef struct { u32 sType; const void *pNext; u32 semaphoreType; u64 initialValue; } VkSemaphoreTypeCreateInfo;
typedef struct { u32 sType; const void *pNext; u32 waitSemaphoreCount; const u64 *pWaitSemaphores; const u32 *pWaitDstStageMask;
	u32 commandBufferCount; const dh *pCommandBuffers; u32 signalSemaphoreCount; const u64 *pSignalSemaphores; } VkSubmitInfo;
typedef struct { u32 sType; const void *pNext; u32 waitSemaphoreValueCount; const u64 *pWaitSemaphoreValues;
	u32 signalSemaphoreValueCount; const u64 *pSignalSemaphoreValues; } VkTimelineSemaphoreSubmitInfo;
typedef struct { u32 sType; const void *pNext; u32 flags, semaphoreCount; const u64 *pSemaphores; const u64 *pValues; } VkSemaphoreWaitInfo;

// sType values.
enum {
	ST_APPLICATION_INFO = 0, ST_INSTANCE_CREATE_INFO = 1, ST_DEVICE_QUEUE_CREATE_INFO = 2,
	ST_DEVICE_CREATE_INFO = 3, ST_SUBMIT_INFO = 4, ST_MEMORY_ALLOCATE_INFO = 5, ST_FENCE_CREATE_INFO = 8,
	ST_SEMAPHORE_CREATE_INFO = 9, ST_QUERY_POOL_CREATE_INFO = 11, ST_BUFFER_CREATE_INFO = 12,
	ST_SHADER_MODULE_CREATE_INFO = 16, ST_PIPELINE_SHADER_STAGE_CREATE_INFO = 18,
	ST_COMPUTE_PIPELINE_CREATE_INFO = 29, ST_PIPELINE_LAYOUT_CREATE_INFO = 30,
	ST_DESCRIPTOR_SET_LAYOUT_CREATE_INFO = 32, ST_DESCRIPTOR_POOL_CREATE_INFO = 33,
	ST_DESCRIPTOR_SET_ALLOCATE_INFO = 34, ST_WRITE_DESCRIPTOR_SET = 35, ST_COMMAND_POOL_CREATE_INFO = 39,
	ST_COMMAND_BUFFER_ALLOCATE_INFO = 40, ST_COMMAND_BUFFER_BEGIN_INFO = 42, ST_MEMORY_BARRIER = 46,
	ST_PHYSICAL_DEVICE_VULKAN_1_1_FEATURES = 49, ST_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES = 51,
	ST_PHYSICAL_DEVICE_FEATURES_2 = 1000059000, ST_PHYSICAL_DEVICE_PROPERTIES_2 = 1000059001,
	ST_MEMORY_ALLOCATE_FLAGS_INFO = 1000060000, ST_PHYSICAL_DEVICE_SUBGROUP_PROPERTIES = 1000094000,
	ST_SEMAPHORE_TYPE_CREATE_INFO = 1000207002, ST_TIMELINE_SEMAPHORE_SUBMIT_INFO = 1000207003,
	ST_SEMAPHORE_WAIT_INFO = 1000207004, ST_BUFFER_DEVICE_ADDRESS_INFO = 1000244001,
};

// --- loader and tables ---
typedef kfn (*PFN_GetInstanceProcAddr)(dh, const char *);
typedef kfn (*PFN_GetDeviceProcAddr)(dh, const char *);
static void *kv_lib;
static PFN_GetInstanceProcAddr kv_gipa;
static kr (*kv_CreateInstance)(const VkInstanceCreateInfo *, const void *, dh *);

static const char *kv_open(void) {
	if (kv_lib) return NULL;
	void *lib = dlopen("libvulkan.so.1", RTLD_NOW | RTLD_LOCAL);
	if (!lib) lib = dlopen("libvulkan.so", RTLD_NOW | RTLD_LOCAL);
	if (!lib) return dlerror();
	kv_gipa = (PFN_GetInstanceProcAddr)dlsym(lib, "vkGetInstanceProcAddr");
	if (!kv_gipa) return "libvulkan.so.1 has no vkGetInstanceProcAddr";
	*(kfn *)&kv_CreateInstance = kv_gipa(NULL, "vkCreateInstance");
	if (!kv_CreateInstance) return "vkGetInstanceProcAddr(NULL, vkCreateInstance) is NULL";
	kv_lib = lib;
	return NULL;
}

typedef struct {
	void (*DestroyInstance)(dh, const void *);
	kr (*EnumeratePhysicalDevices)(dh, u32 *, dh *);
	void (*GetPhysicalDeviceProperties)(dh, VkPhysicalDeviceProperties *);
	void (*GetPhysicalDeviceProperties2)(dh, VkPhysicalDeviceProperties2 *);
	void (*GetPhysicalDeviceFeatures2)(dh, VkPhysicalDeviceFeatures2 *);
	void (*GetPhysicalDeviceMemoryProperties)(dh, VkPhysicalDeviceMemoryProperties *);
	void (*GetPhysicalDeviceQueueFamilyProperties)(dh, u32 *, VkQueueFamilyProperties *);
	kr (*CreateDevice)(dh, const VkDeviceCreateInfo *, const void *, dh *);
	PFN_GetDeviceProcAddr GetDeviceProcAddr;
} kv_itab;

typedef struct {
	void (*DestroyDevice)(dh, const void *);
	void (*GetDeviceQueue)(dh, u32, u32, dh *);
	kr (*DeviceWaitIdle)(dh);
	kr (*CreateBuffer)(dh, const VkBufferCreateInfo *, const void *, u64 *);
	void (*DestroyBuffer)(dh, u64, const void *);
	void (*GetBufferMemoryRequirements)(dh, u64, VkMemoryRequirements *);
	kr (*AllocateMemory)(dh, const VkMemoryAllocateInfo *, const void *, u64 *);
	void (*FreeMemory)(dh, u64, const void *);
	kr (*BindBufferMemory)(dh, u64, u64, u64);
	kr (*MapMemory)(dh, u64, u64, u64, u32, void **);
	void (*UnmapMemory)(dh, u64);
	u64 (*GetBufferDeviceAddress)(dh, const VkBufferDeviceAddressInfo *);
	kr (*CreateShaderModule)(dh, const VkShaderModuleCreateInfo *, const void *, u64 *);
	void (*DestroyShaderModule)(dh, u64, const void *);
	kr (*CreateDescriptorSetLayout)(dh, const VkDescriptorSetLayoutCreateInfo *, const void *, u64 *);
	void (*DestroyDescriptorSetLayout)(dh, u64, const void *);
	kr (*CreatePipelineLayout)(dh, const VkPipelineLayoutCreateInfo *, const void *, u64 *);
	void (*DestroyPipelineLayout)(dh, u64, const void *);
	kr (*CreateComputePipelines)(dh, u64, u32, const VkComputePipelineCreateInfo *, const void *, u64 *);
	void (*DestroyPipeline)(dh, u64, const void *);
	kr (*CreateDescriptorPool)(dh, const VkDescriptorPoolCreateInfo *, const void *, u64 *);
	void (*DestroyDescriptorPool)(dh, u64, const void *);
	kr (*AllocateDescriptorSets)(dh, const VkDescriptorSetAllocateInfo *, u64 *);
	void (*UpdateDescriptorSets)(dh, u32, const VkWriteDescriptorSet *, u32, const void *);
	kr (*CreateCommandPool)(dh, const VkCommandPoolCreateInfo *, const void *, u64 *);
	void (*DestroyCommandPool)(dh, u64, const void *);
	kr (*AllocateCommandBuffers)(dh, const VkCommandBufferAllocateInfo *, dh *);
	void (*FreeCommandBuffers)(dh, u64, u32, const dh *);
	kr (*BeginCommandBuffer)(dh, const VkCommandBufferBeginInfo *);
	kr (*EndCommandBuffer)(dh);
	kr (*ResetCommandBuffer)(dh, u32);
	void (*CmdBindPipeline)(dh, u32, u64);
	void (*CmdBindDescriptorSets)(dh, u32, u64, u32, u32, const u64 *, u32, const u32 *);
	void (*CmdPushConstants)(dh, u64, u32, u32, u32, const void *);
	void (*CmdDispatch)(dh, u32, u32, u32);
	void (*CmdCopyBuffer)(dh, u64, u64, u32, const VkBufferCopy *);
	void (*CmdFillBuffer)(dh, u64, u64, u64, u32);
	void (*CmdPipelineBarrier)(dh, u32, u32, u32, u32, const VkMemoryBarrier *, u32, const void *, u32, const void *);
	void (*CmdWriteTimestamp)(dh, u32, u64, u32);
	void (*CmdResetQueryPool)(dh, u64, u32, u32);
	kr (*CreateQueryPool)(dh, const VkQueryPoolCreateInfo *, const void *, u64 *);
	void (*DestroyQueryPool)(dh, u64, const void *);
	kr (*GetQueryPoolResults)(dh, u64, u32, u32, size_t, void *, u64, u32);
	kr (*QueueSubmit)(dh, u32, const VkSubmitInfo *, u64);
	kr (*QueueWaitIdle)(dh);
	kr (*CreateFence)(dh, const VkFlagsCreateInfo *, const void *, u64 *);
	void (*DestroyFence)(dh, u64, const void *);
	kr (*WaitForFences)(dh, u32, const u64 *, u32, u64);
	kr (*ResetFences)(dh, u32, const u64 *);
	kr (*GetFenceStatus)(dh, u64);
	kr (*CreateSemaphore)(dh, const VkFlagsCreateInfo *, const void *, u64 *);
	void (*DestroySemaphore)(dh, u64, const void *);
	kr (*WaitSemaphores)(dh, const VkSemaphoreWaitInfo *, u64);
	kr (*GetSemaphoreCounterValue)(dh, u64, u64 *);
} kv_dtab;

static const char *kv_missing;
static const char *kv_missing_name(void) { return kv_missing; }

// kv_create_instance creates a Vulkan 1.2 instance and its table; on a
// missing entry point it destroys the instance and returns -3
// (VK_ERROR_INITIALIZATION_FAILED) with the name in kv_missing.
static kr kv_create_instance(const char *app, uintptr_t *inst, uintptr_t *tab) {
	VkApplicationInfo ai = {ST_APPLICATION_INFO, NULL, app, 1, "kago", 1, (1u << 22) | (2u << 12)};
	VkInstanceCreateInfo ci = {ST_INSTANCE_CREATE_INFO, NULL, 0, &ai, 0, NULL, 0, NULL};
	dh i = NULL;
	kr r = kv_CreateInstance(&ci, NULL, &i);
	if (r != 0) return r;
	kv_itab *t = calloc(1, sizeof *t);
	if (!t) return -1;
	kv_missing = NULL;
#define KI(name) if (!(*(kfn *)&t->name = kv_gipa(i, "vk" #name))) kv_missing = "vk" #name;
	KI(DestroyInstance) KI(EnumeratePhysicalDevices) KI(GetPhysicalDeviceProperties)
	KI(GetPhysicalDeviceProperties2) KI(GetPhysicalDeviceFeatures2) KI(GetPhysicalDeviceMemoryProperties)
	KI(GetPhysicalDeviceQueueFamilyProperties) KI(CreateDevice) KI(GetDeviceProcAddr)
#undef KI
	if (kv_missing) {
		if (t->DestroyInstance) t->DestroyInstance(i, NULL);
		free(t);
		return -3;
	}
	*inst = (uintptr_t)i;
	*tab = (uintptr_t)t;
	return 0;
}
static void kv_destroy_instance(uintptr_t tab, uintptr_t inst) {
	kv_itab *t = (kv_itab *)tab;
	t->DestroyInstance((dh)inst, NULL);
	free(t);
}
static kr kv_enum_physical(uintptr_t tab, uintptr_t inst, u32 *n, uintptr_t *out) {
	return ((kv_itab *)tab)->EnumeratePhysicalDevices((dh)inst, n, (dh *)out);
}

// kv_props is what Go reads of a physical device's properties.
typedef struct {
	u32 apiVersion, driverVersion, vendorID, deviceID, deviceType;
	char name[256];
	u32 maxComputeWorkGroupCount[3], maxComputeWorkGroupSize[3], maxComputeWorkGroupInvocations,
		maxComputeSharedMemorySize, maxStorageBufferRange, maxPushConstantsSize, maxBoundDescriptorSets,
		maxPerStageDescriptorStorageBuffers, timestampComputeAndGraphics;
	float timestampPeriod;
	u64 minStorageBufferOffsetAlignment, nonCoherentAtomSize;
	u32 subgroupSize, subgroupStages, subgroupOps;
} kv_props;

static void kv_physical_props(uintptr_t tab, uintptr_t pd, kv_props *o) {
	kv_itab *t = (kv_itab *)tab;
	VkPhysicalDeviceSubgroupProperties sg = {ST_PHYSICAL_DEVICE_SUBGROUP_PROPERTIES, NULL, 0, 0, 0, 0};
	VkPhysicalDeviceProperties2 p2;
	memset(&p2, 0, sizeof p2);
	p2.sType = ST_PHYSICAL_DEVICE_PROPERTIES_2;
	t->GetPhysicalDeviceProperties((dh)pd, &p2.properties);
	if (p2.properties.apiVersion >= ((1u << 22) | (1u << 12))) {  // 1.1: subgroup properties are core
		p2.pNext = &sg;
		t->GetPhysicalDeviceProperties2((dh)pd, &p2);
	}
	VkPhysicalDeviceProperties *p = &p2.properties;
	VkPhysicalDeviceLimits *l = &p->limits;
	o->apiVersion = p->apiVersion; o->driverVersion = p->driverVersion; o->vendorID = p->vendorID;
	o->deviceID = p->deviceID; o->deviceType = p->deviceType;
	memcpy(o->name, p->deviceName, 256); o->name[255] = 0;
	for (int k = 0; k < 3; k++) {
		o->maxComputeWorkGroupCount[k] = l->maxComputeWorkGroupCount[k];
		o->maxComputeWorkGroupSize[k] = l->maxComputeWorkGroupSize[k];
	}
	o->maxComputeWorkGroupInvocations = l->maxComputeWorkGroupInvocations;
	o->maxComputeSharedMemorySize = l->maxComputeSharedMemorySize;
	o->maxStorageBufferRange = l->maxStorageBufferRange;
	o->maxPushConstantsSize = l->maxPushConstantsSize;
	o->maxBoundDescriptorSets = l->maxBoundDescriptorSets;
	o->maxPerStageDescriptorStorageBuffers = l->maxPerStageDescriptorStorageBuffers;
	o->timestampComputeAndGraphics = l->timestampComputeAndGraphics;
	o->timestampPeriod = l->timestampPeriod;
	o->minStorageBufferOffsetAlignment = l->minStorageBufferOffsetAlignment;
	o->nonCoherentAtomSize = l->nonCoherentAtomSize;
	o->subgroupSize = sg.subgroupSize; o->subgroupStages = sg.supportedStages; o->subgroupOps = sg.supportedOperations;
}

// Feature bits, in the order of Go's Features fields.
enum { F_FLOAT64 = 1, F_INT64 = 2, F_INT16 = 4, F_INT8 = 8, F_SB8 = 16, F_SB16 = 32, F_BDA = 64,
	F_TIMELINE = 128, F_BUF_I64_ATOMICS = 256, F_SHARED_I64_ATOMICS = 512 };

// kv_chain fills f2 -> v11 -> v12 with the features in bits (all zero when
// bits is 0), linking the 1.1 and 1.2 structures only when v12 is set.
static void kv_chain(VkPhysicalDeviceFeatures2 *f2, VkPhysicalDeviceVulkan11Features *v11,
		VkPhysicalDeviceVulkan12Features *v12, int link) {
	memset(f2, 0, sizeof *f2); memset(v11, 0, sizeof *v11); memset(v12, 0, sizeof *v12);
	f2->sType = ST_PHYSICAL_DEVICE_FEATURES_2;
	v11->sType = ST_PHYSICAL_DEVICE_VULKAN_1_1_FEATURES;
	v12->sType = ST_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES;
	if (link) { f2->pNext = v11; v11->pNext = v12; }
}
static u32 kv_physical_features(uintptr_t tab, uintptr_t pd, int v12ok) {
	VkPhysicalDeviceFeatures2 f2; VkPhysicalDeviceVulkan11Features v11; VkPhysicalDeviceVulkan12Features v12;
	kv_chain(&f2, &v11, &v12, v12ok);
	((kv_itab *)tab)->GetPhysicalDeviceFeatures2((dh)pd, &f2);
	u32 b = 0;
	if (f2.f[39]) b |= F_FLOAT64;
	if (f2.f[40]) b |= F_INT64;
	if (f2.f[41]) b |= F_INT16;
	if (v12.shaderInt8) b |= F_INT8;
	if (v12.storageBuffer8BitAccess) b |= F_SB8;
	if (v11.storageBuffer16BitAccess) b |= F_SB16;
	if (v12.bufferDeviceAddress) b |= F_BDA;
	if (v12.timelineSemaphore) b |= F_TIMELINE;
	if (v12.shaderBufferInt64Atomics) b |= F_BUF_I64_ATOMICS;
	if (v12.shaderSharedInt64Atomics) b |= F_SHARED_I64_ATOMICS;
	return b;
}
static void kv_physical_memory(uintptr_t tab, uintptr_t pd, VkPhysicalDeviceMemoryProperties *m) {
	((kv_itab *)tab)->GetPhysicalDeviceMemoryProperties((dh)pd, m);
}
static u32 kv_queue_families(uintptr_t tab, uintptr_t pd, u32 n, u32 *flags, u32 *count, u32 *tsbits) {
	kv_itab *t = (kv_itab *)tab;
	u32 have = 0;
	t->GetPhysicalDeviceQueueFamilyProperties((dh)pd, &have, NULL);
	if (have > n) have = n;
	VkQueueFamilyProperties q[64];
	if (have > 64) have = 64;
	t->GetPhysicalDeviceQueueFamilyProperties((dh)pd, &have, q);
	for (u32 k = 0; k < have; k++) { flags[k] = q[k].queueFlags; count[k] = q[k].queueCount; tsbits[k] = q[k].timestampValidBits; }
	return have;
}

// kv_create_device creates a device with one queue of family and the
// features in bits, resolves its table with vkGetDeviceProcAddr and gets
// the queue.
static kr kv_create_device(uintptr_t itab, uintptr_t pd, u32 family, u32 bits, int v12ok,
		uintptr_t *dev, uintptr_t *dtab, uintptr_t *queue) {
	kv_itab *it = (kv_itab *)itab;
	VkPhysicalDeviceFeatures2 f2; VkPhysicalDeviceVulkan11Features v11; VkPhysicalDeviceVulkan12Features v12;
	kv_chain(&f2, &v11, &v12, v12ok);
	if (bits & F_FLOAT64) f2.f[39] = 1;
	if (bits & F_INT64) f2.f[40] = 1;
	if (bits & F_INT16) f2.f[41] = 1;
	if (bits & F_INT8) v12.shaderInt8 = 1;
	if (bits & F_SB8) v12.storageBuffer8BitAccess = 1;
	if (bits & F_SB16) v11.storageBuffer16BitAccess = 1;
	if (bits & F_BDA) v12.bufferDeviceAddress = 1;
	if (bits & F_TIMELINE) v12.timelineSemaphore = 1;
	if (bits & F_BUF_I64_ATOMICS) v12.shaderBufferInt64Atomics = 1;
	if (bits & F_SHARED_I64_ATOMICS) v12.shaderSharedInt64Atomics = 1;
	float prio = 1.0f;
	VkDeviceQueueCreateInfo qi = {ST_DEVICE_QUEUE_CREATE_INFO, NULL, 0, family, 1, &prio};
	VkDeviceCreateInfo ci = {ST_DEVICE_CREATE_INFO, &f2, 0, 1, &qi, 0, NULL, 0, NULL, NULL};
	dh d = NULL;
	kr r = it->CreateDevice((dh)pd, &ci, NULL, &d);
	if (r != 0) return r;
	kv_dtab *t = calloc(1, sizeof *t);
	if (!t) return -1;
	PFN_GetDeviceProcAddr gdpa = it->GetDeviceProcAddr;
	kv_missing = NULL;
#define KD(name) if (!(*(kfn *)&t->name = gdpa(d, "vk" #name))) kv_missing = "vk" #name;
#define KO(name) *(kfn *)&t->name = gdpa(d, "vk" #name);
	KD(DestroyDevice) KD(GetDeviceQueue) KD(DeviceWaitIdle) KD(CreateBuffer) KD(DestroyBuffer)
	KD(GetBufferMemoryRequirements) KD(AllocateMemory) KD(FreeMemory) KD(BindBufferMemory)
	KD(MapMemory) KD(UnmapMemory) KO(GetBufferDeviceAddress) KD(CreateShaderModule)
	KD(DestroyShaderModule) KD(CreateDescriptorSetLayout) KD(DestroyDescriptorSetLayout)
	KD(CreatePipelineLayout) KD(DestroyPipelineLayout) KD(CreateComputePipelines) KD(DestroyPipeline)
	KD(CreateDescriptorPool) KD(DestroyDescriptorPool) KD(AllocateDescriptorSets) KD(UpdateDescriptorSets)
	KD(CreateCommandPool) KD(DestroyCommandPool) KD(AllocateCommandBuffers) KD(FreeCommandBuffers)
	KD(BeginCommandBuffer) KD(EndCommandBuffer) KD(ResetCommandBuffer) KD(CmdBindPipeline)
	KD(CmdBindDescriptorSets) KD(CmdPushConstants) KD(CmdDispatch) KD(CmdCopyBuffer) KD(CmdFillBuffer)
	KD(CmdPipelineBarrier) KD(CmdWriteTimestamp) KD(CmdResetQueryPool) KD(CreateQueryPool)
	KD(DestroyQueryPool) KD(GetQueryPoolResults) KD(QueueSubmit) KD(QueueWaitIdle) KD(CreateFence)
	KD(DestroyFence) KD(WaitForFences) KD(ResetFences) KD(GetFenceStatus) KD(CreateSemaphore)
	KD(DestroySemaphore) KO(WaitSemaphores) KO(GetSemaphoreCounterValue)
#undef KD
#undef KO
	if (kv_missing) {
		if (t->DestroyDevice) t->DestroyDevice(d, NULL);
		free(t);
		return -3;
	}
	dh q = NULL;
	t->GetDeviceQueue(d, family, 0, &q);
	*dev = (uintptr_t)d; *dtab = (uintptr_t)t; *queue = (uintptr_t)q;
	return 0;
}
#define T ((kv_dtab *)tab)
static void kv_destroy_device(uintptr_t tab, uintptr_t d) { T->DestroyDevice((dh)d, NULL); free(T); }
static kr kv_device_wait_idle(uintptr_t tab, uintptr_t d) { return T->DeviceWaitIdle((dh)d); }
static int kv_has_bda(uintptr_t tab) { return T->GetBufferDeviceAddress != NULL; }
static int kv_has_timeline(uintptr_t tab) { return T->WaitSemaphores != NULL && T->GetSemaphoreCounterValue != NULL; }

static kr kv_create_buffer(uintptr_t tab, uintptr_t d, u64 size, u32 usage, u64 *out) {
	VkBufferCreateInfo ci = {ST_BUFFER_CREATE_INFO, NULL, 0, size, usage, 0, 0, NULL};
	return T->CreateBuffer((dh)d, &ci, NULL, out);
}
static void kv_destroy_buffer(uintptr_t tab, uintptr_t d, u64 b) { T->DestroyBuffer((dh)d, b, NULL); }
static void kv_buffer_reqs(uintptr_t tab, uintptr_t d, u64 b, u64 *size, u64 *align, u32 *bits) {
	VkMemoryRequirements r = {0, 0, 0};
	T->GetBufferMemoryRequirements((dh)d, b, &r);
	*size = r.size; *align = r.alignment; *bits = r.memoryTypeBits;
}
static kr kv_allocate(uintptr_t tab, uintptr_t d, u64 size, u32 type, int address, u64 *out) {
	VkMemoryAllocateFlagsInfo fi = {ST_MEMORY_ALLOCATE_FLAGS_INFO, NULL, 2, 0};  // DEVICE_ADDRESS_BIT
	VkMemoryAllocateInfo ai = {ST_MEMORY_ALLOCATE_INFO, address ? &fi : NULL, size, type};
	return T->AllocateMemory((dh)d, &ai, NULL, out);
}
static void kv_free_memory(uintptr_t tab, uintptr_t d, u64 m) { T->FreeMemory((dh)d, m, NULL); }
static kr kv_bind_buffer(uintptr_t tab, uintptr_t d, u64 b, u64 m, u64 off) { return T->BindBufferMemory((dh)d, b, m, off); }
static kr kv_map(uintptr_t tab, uintptr_t d, u64 m, u64 off, u64 size, void **p) { return T->MapMemory((dh)d, m, off, size, 0, p); }
static void kv_unmap(uintptr_t tab, uintptr_t d, u64 m) { T->UnmapMemory((dh)d, m); }
static u64 kv_buffer_address(uintptr_t tab, uintptr_t d, u64 b) {
	VkBufferDeviceAddressInfo ai = {ST_BUFFER_DEVICE_ADDRESS_INFO, NULL, b};
	return T->GetBufferDeviceAddress((dh)d, &ai);
}

static kr kv_create_shader(uintptr_t tab, uintptr_t d, const u32 *code, size_t n, u64 *out) {
	VkShaderModuleCreateInfo ci = {ST_SHADER_MODULE_CREATE_INFO, NULL, 0, n * 4, code};
	return T->CreateShaderModule((dh)d, &ci, NULL, out);
}
static void kv_destroy_shader(uintptr_t tab, uintptr_t d, u64 m) { T->DestroyShaderModule((dh)d, m, NULL); }

// kv_create_layouts makes a descriptor set layout of n storage buffers
// (binding i = buffer i, compute stage) and a pipeline layout with it and a
// push-constant range of push bytes (none if 0). *which is 0 or 1 for the
// failing call.
static kr kv_create_layouts(uintptr_t tab, uintptr_t d, u32 n, u32 push, u64 *set, u64 *layout, int *which) {
	VkDescriptorSetLayoutBinding b[64];
	if (n > 64) return -13;
	for (u32 i = 0; i < n; i++) { b[i].binding = i; b[i].descriptorType = 7; b[i].descriptorCount = 1; b[i].stageFlags = 0x20; b[i].pImmutableSamplers = NULL; }
	VkDescriptorSetLayoutCreateInfo si = {ST_DESCRIPTOR_SET_LAYOUT_CREATE_INFO, NULL, 0, n, b};
	*which = 0;
	kr r = T->CreateDescriptorSetLayout((dh)d, &si, NULL, set);
	if (r != 0) return r;
	VkPushConstantRange pr = {0x20, 0, push};
	VkPipelineLayoutCreateInfo li = {ST_PIPELINE_LAYOUT_CREATE_INFO, NULL, 0, 1, set, push ? 1 : 0, push ? &pr : NULL};
	*which = 1;
	r = T->CreatePipelineLayout((dh)d, &li, NULL, layout);
	if (r != 0) { T->DestroyDescriptorSetLayout((dh)d, *set, NULL); *set = 0; }
	return r;
}
// kv_create_pipeline makes a compute pipeline whose specialization
// constants 0 .. n-1 are spec[0..n-1] (uint32; 0, 1 and 2 the workgroup
// size; n <= KV_MAX_SPEC).
#define KV_MAX_SPEC 19
static kr kv_create_pipeline(uintptr_t tab, uintptr_t d, u64 module, const char *entry, u64 layout, const u32 *spec_data, u32 n, u64 *out) {
	VkSpecializationMapEntry me[KV_MAX_SPEC];
	for (u32 k = 0; k < n && k < KV_MAX_SPEC; k++) { me[k].constantID = k; me[k].offset = 4 * k; me[k].size = 4; }
	VkSpecializationInfo spec = {n, me, 4 * (size_t)n, spec_data};
	VkComputePipelineCreateInfo ci;
	memset(&ci, 0, sizeof ci);
	ci.sType = ST_COMPUTE_PIPELINE_CREATE_INFO;
	ci.stage.sType = ST_PIPELINE_SHADER_STAGE_CREATE_INFO;
	ci.stage.stage = 0x20;
	ci.stage.module = module;
	ci.stage.pName = entry;
	ci.stage.pSpecializationInfo = &spec;
	ci.layout = layout;
	ci.basePipelineIndex = -1;
	return T->CreateComputePipelines((dh)d, 0, 1, &ci, NULL, out);
}
static void kv_destroy_pipeline(uintptr_t tab, uintptr_t d, u64 p, u64 layout, u64 set) {
	if (p) T->DestroyPipeline((dh)d, p, NULL);
	if (layout) T->DestroyPipelineLayout((dh)d, layout, NULL);
	if (set) T->DestroyDescriptorSetLayout((dh)d, set, NULL);
}
// kv_create_set makes a pool for one set of n storage buffers, allocates
// the set with layout and points binding i at the whole of bufs[i].
static kr kv_create_set(uintptr_t tab, uintptr_t d, u64 layout, u32 n, const u64 *bufs, u64 *pool, u64 *set, int *which) {
	if (n > 64) return -13;
	VkDescriptorPoolSize ps = {7, n};
	VkDescriptorPoolCreateInfo pi = {ST_DESCRIPTOR_POOL_CREATE_INFO, NULL, 0, 1, 1, &ps};
	*which = 0;
	kr r = T->CreateDescriptorPool((dh)d, &pi, NULL, pool);
	if (r != 0) return r;
	VkDescriptorSetAllocateInfo ai = {ST_DESCRIPTOR_SET_ALLOCATE_INFO, NULL, *pool, 1, &layout};
	*which = 1;
	r = T->AllocateDescriptorSets((dh)d, &ai, set);
	if (r != 0) { T->DestroyDescriptorPool((dh)d, *pool, NULL); *pool = 0; return r; }
	VkDescriptorBufferInfo bi[64];
	VkWriteDescriptorSet w[64];
	for (u32 i = 0; i < n; i++) {
		bi[i].buffer = bufs[i]; bi[i].offset = 0; bi[i].range = ~(u64)0;  // VK_WHOLE_SIZE
		memset(&w[i], 0, sizeof w[i]);
		w[i].sType = ST_WRITE_DESCRIPTOR_SET; w[i].dstSet = *set; w[i].dstBinding = i;
		w[i].descriptorCount = 1; w[i].descriptorType = 7; w[i].pBufferInfo = &bi[i];
	}
	T->UpdateDescriptorSets((dh)d, n, w, 0, NULL);
	return 0;
}
static void kv_destroy_pool(uintptr_t tab, uintptr_t d, u64 pool) { T->DestroyDescriptorPool((dh)d, pool, NULL); }

static kr kv_create_command_pool(uintptr_t tab, uintptr_t d, u32 family, u64 *out) {
	VkCommandPoolCreateInfo ci = {ST_COMMAND_POOL_CREATE_INFO, NULL, 2, family};  // RESET_COMMAND_BUFFER_BIT
	return T->CreateCommandPool((dh)d, &ci, NULL, out);
}
static void kv_destroy_command_pool(uintptr_t tab, uintptr_t d, u64 p) { T->DestroyCommandPool((dh)d, p, NULL); }
static kr kv_alloc_command_buffer(uintptr_t tab, uintptr_t d, u64 pool, uintptr_t *out) {
	VkCommandBufferAllocateInfo ai = {ST_COMMAND_BUFFER_ALLOCATE_INFO, NULL, pool, 0, 1};
	return T->AllocateCommandBuffers((dh)d, &ai, (dh *)out);
}
static void kv_free_command_buffer(uintptr_t tab, uintptr_t d, u64 pool, uintptr_t cb) {
	dh c = (dh)cb;
	T->FreeCommandBuffers((dh)d, pool, 1, &c);
}
static kr kv_begin(uintptr_t tab, uintptr_t cb, u32 flags) {
	VkCommandBufferBeginInfo bi = {ST_COMMAND_BUFFER_BEGIN_INFO, NULL, flags, NULL};
	return T->BeginCommandBuffer((dh)cb, &bi);
}
static kr kv_end(uintptr_t tab, uintptr_t cb) { return T->EndCommandBuffer((dh)cb); }
static kr kv_reset(uintptr_t tab, uintptr_t cb) { return T->ResetCommandBuffer((dh)cb, 0); }
static void kv_bind_pipeline(uintptr_t tab, uintptr_t cb, u64 p) { T->CmdBindPipeline((dh)cb, 1, p); }
static void kv_bind_set(uintptr_t tab, uintptr_t cb, u64 layout, u64 set) { T->CmdBindDescriptorSets((dh)cb, 1, layout, 0, 1, &set, 0, NULL); }
static void kv_push(uintptr_t tab, uintptr_t cb, u64 layout, u32 off, u32 size, const void *data) { T->CmdPushConstants((dh)cb, layout, 0x20, off, size, data); }
static void kv_dispatch(uintptr_t tab, uintptr_t cb, u32 x, u32 y, u32 z) { T->CmdDispatch((dh)cb, x, y, z); }
static void kv_copy(uintptr_t tab, uintptr_t cb, u64 src, u64 dst, u64 so, u64 dof, u64 size) {
	VkBufferCopy c = {so, dof, size};
	T->CmdCopyBuffer((dh)cb, src, dst, 1, &c);
}
static void kv_fill(uintptr_t tab, uintptr_t cb, u64 b, u64 off, u64 size, u32 v) { T->CmdFillBuffer((dh)cb, b, off, size, v); }
static void kv_barrier(uintptr_t tab, uintptr_t cb, u32 srcStage, u32 dstStage, u32 srcAccess, u32 dstAccess) {
	VkMemoryBarrier mb = {ST_MEMORY_BARRIER, NULL, srcAccess, dstAccess};
	T->CmdPipelineBarrier((dh)cb, srcStage, dstStage, 0, 1, &mb, 0, NULL, 0, NULL);
}
static void kv_timestamp(uintptr_t tab, uintptr_t cb, u32 stage, u64 pool, u32 q) { T->CmdWriteTimestamp((dh)cb, stage, pool, q); }
static void kv_reset_queries(uintptr_t tab, uintptr_t cb, u64 pool, u32 first, u32 n) { T->CmdResetQueryPool((dh)cb, pool, first, n); }

static kr kv_create_query_pool(uintptr_t tab, uintptr_t d, u32 n, u64 *out) {
	VkQueryPoolCreateInfo ci = {ST_QUERY_POOL_CREATE_INFO, NULL, 0, 2, n, 0};  // VK_QUERY_TYPE_TIMESTAMP
	return T->CreateQueryPool((dh)d, &ci, NULL, out);
}
static void kv_destroy_query_pool(uintptr_t tab, uintptr_t d, u64 p) { T->DestroyQueryPool((dh)d, p, NULL); }
static kr kv_query_results(uintptr_t tab, uintptr_t d, u64 p, u32 first, u32 n, u64 *out) {
	return T->GetQueryPoolResults((dh)d, p, first, n, (size_t)n * 8, out, 8, 1 | 2);  // 64_BIT | WAIT
}

// kv_submit submits n command buffers; with sem set it signals the
// timeline semaphore sem to value.
static kr kv_submit(uintptr_t tab, uintptr_t q, u32 n, const uintptr_t *cbs, u64 fence, u64 sem, u64 value) {
	VkTimelineSemaphoreSubmitInfo ti = {ST_TIMELINE_SEMAPHORE_SUBMIT_INFO, NULL, 0, NULL, 1, &value};
	VkSubmitInfo si = {ST_SUBMIT_INFO, sem ? &ti : NULL, 0, NULL, NULL, n, (const dh *)cbs, sem ? 1 : 0, sem ? &sem : NULL};
	return T->QueueSubmit((dh)q, 1, &si, fence);
}
static kr kv_queue_wait_idle(uintptr_t tab, uintptr_t q) { return T->QueueWaitIdle((dh)q); }
static kr kv_create_fence(uintptr_t tab, uintptr_t d, u32 flags, u64 *out) {
	VkFlagsCreateInfo ci = {ST_FENCE_CREATE_INFO, NULL, flags};
	return T->CreateFence((dh)d, &ci, NULL, out);
}
static void kv_destroy_fence(uintptr_t tab, uintptr_t d, u64 f) { T->DestroyFence((dh)d, f, NULL); }
static kr kv_wait_fence(uintptr_t tab, uintptr_t d, u64 f, u64 timeout) { return T->WaitForFences((dh)d, 1, &f, 1, timeout); }
static kr kv_reset_fence(uintptr_t tab, uintptr_t d, u64 f) { return T->ResetFences((dh)d, 1, &f); }
static kr kv_fence_status(uintptr_t tab, uintptr_t d, u64 f) { return T->GetFenceStatus((dh)d, f); }
static kr kv_create_semaphore(uintptr_t tab, uintptr_t d, int timeline, u64 initial, u64 *out) {
	VkSemaphoreTypeCreateInfo ti = {ST_SEMAPHORE_TYPE_CREATE_INFO, NULL, 1, initial};  // TIMELINE
	VkFlagsCreateInfo ci = {ST_SEMAPHORE_CREATE_INFO, timeline ? &ti : NULL, 0};
	return T->CreateSemaphore((dh)d, &ci, NULL, out);
}
static void kv_destroy_semaphore(uintptr_t tab, uintptr_t d, u64 s) { T->DestroySemaphore((dh)d, s, NULL); }
static kr kv_wait_semaphore(uintptr_t tab, uintptr_t d, u64 s, u64 value, u64 timeout) {
	VkSemaphoreWaitInfo wi = {ST_SEMAPHORE_WAIT_INFO, NULL, 0, 1, &s, &value};
	return T->WaitSemaphores((dh)d, &wi, timeout);
}
static kr kv_semaphore_value(uintptr_t tab, uintptr_t d, u64 s, u64 *v) { return T->GetSemaphoreCounterValue((dh)d, s, v); }
#undef T
*/
import "C"

import (
	"errors"
	"fmt"
	"sync"
	"unsafe"
)

var (
	openOnce sync.Once
	openErr  error
)

// Open loads libvulkan.so.1 and resolves vkGetInstanceProcAddr and
// vkCreateInstance. It is safe to call from several goroutines; the first
// call does the work and later ones return its result. A missing loader is
// an error wrapping ErrNoLoader with dlerror's message.
func Open() error {
	openOnce.Do(func() {
		if msg := C.kv_open(); msg != nil {
			openErr = fmt.Errorf("%w: %s", ErrNoLoader, C.GoString(msg))
		}
	})
	return openErr
}

func opened() error {
	if err := Open(); err != nil {
		return errors.Join(ErrNotOpen, err)
	}
	return nil
}

func missing(call string, r C.kr) error {
	if r == -3 {
		if m := C.kv_missing_name(); m != nil {
			return fmt.Errorf("%s: entry point %s not found: %w", call, C.GoString(m), &Error{Call: call, Result: int32(r)})
		}
	}
	return check(call, int32(r))
}

func cCreateInstance(app string) (inst, tab uintptr, err error) {
	s := C.CString(app)
	defer C.free(unsafe.Pointer(s))
	var i, t C.uintptr_t
	if r := C.kv_create_instance(s, &i, &t); r != 0 {
		return 0, 0, missing("vkCreateInstance", r)
	}
	return uintptr(i), uintptr(t), nil
}

func cDestroyInstance(tab, inst uintptr) { C.kv_destroy_instance(C.uintptr_t(tab), C.uintptr_t(inst)) }

func cEnumeratePhysical(tab, inst uintptr) ([]uintptr, error) {
	for {
		var n C.u32
		if r := C.kv_enum_physical(C.uintptr_t(tab), C.uintptr_t(inst), &n, nil); r != 0 {
			return nil, check("vkEnumeratePhysicalDevices", int32(r))
		}
		if n == 0 {
			return nil, nil
		}
		out := make([]C.uintptr_t, n)
		r := C.kv_enum_physical(C.uintptr_t(tab), C.uintptr_t(inst), &n, &out[0])
		if r == C.kr(Incomplete) {
			continue
		}
		if r != 0 {
			return nil, check("vkEnumeratePhysicalDevices", int32(r))
		}
		pds := make([]uintptr, n)
		for k := range pds {
			pds[k] = uintptr(out[k])
		}
		return pds, nil
	}
}

func cPhysicalProperties(tab, pd uintptr) Properties {
	var o C.kv_props
	C.kv_physical_props(C.uintptr_t(tab), C.uintptr_t(pd), &o)
	p := Properties{
		Name:          C.GoString(&o.name[0]),
		Type:          DeviceType(o.deviceType),
		VendorID:      uint32(o.vendorID),
		DeviceID:      uint32(o.deviceID),
		APIVersion:    Version(o.apiVersion),
		DriverVersion: uint32(o.driverVersion),
		Limits: Limits{
			MaxComputeWorkGroupInvocations:      uint32(o.maxComputeWorkGroupInvocations),
			MaxComputeSharedMemorySize:          uint32(o.maxComputeSharedMemorySize),
			MaxStorageBufferRange:               uint32(o.maxStorageBufferRange),
			MaxPushConstantsSize:                uint32(o.maxPushConstantsSize),
			MaxBoundDescriptorSets:              uint32(o.maxBoundDescriptorSets),
			MaxPerStageDescriptorStorageBuffers: uint32(o.maxPerStageDescriptorStorageBuffers),
			TimestampComputeAndGraphics:         o.timestampComputeAndGraphics != 0,
			TimestampPeriod:                     float32(o.timestampPeriod),
			MinStorageBufferOffsetAlignment:     uint64(o.minStorageBufferOffsetAlignment),
			NonCoherentAtomSize:                 uint64(o.nonCoherentAtomSize),
		},
		SubgroupSize:       uint32(o.subgroupSize),
		SubgroupStages:     uint32(o.subgroupStages),
		SubgroupOperations: uint32(o.subgroupOps),
	}
	for k := range 3 {
		p.Limits.MaxComputeWorkGroupCount[k] = uint32(o.maxComputeWorkGroupCount[k])
		p.Limits.MaxComputeWorkGroupSize[k] = uint32(o.maxComputeWorkGroupSize[k])
	}
	return p
}

func cPhysicalFeatures(tab, pd uintptr, v12 bool) uint32 {
	return uint32(C.kv_physical_features(C.uintptr_t(tab), C.uintptr_t(pd), cbool(v12)))
}

func cbool(b bool) C.int {
	if b {
		return 1
	}
	return 0
}

func cPhysicalMemory(tab, pd uintptr) MemoryProperties {
	var m C.VkPhysicalDeviceMemoryProperties
	C.kv_physical_memory(C.uintptr_t(tab), C.uintptr_t(pd), &m)
	var out MemoryProperties
	for k := range min(int(m.memoryTypeCount), 32) {
		out.Types = append(out.Types, MemoryType{Flags: MemoryPropertyFlags(m.memoryTypes[k].propertyFlags), HeapIndex: uint32(m.memoryTypes[k].heapIndex)})
	}
	for k := range min(int(m.memoryHeapCount), 16) {
		out.Heaps = append(out.Heaps, MemoryHeap{Size: uint64(m.memoryHeaps[k].size), Flags: uint32(m.memoryHeaps[k].flags)})
	}
	return out
}

func cQueueFamilies(tab, pd uintptr) []QueueFamily {
	var flags, count, ts [64]C.u32
	n := C.kv_queue_families(C.uintptr_t(tab), C.uintptr_t(pd), 64, &flags[0], &count[0], &ts[0])
	out := make([]QueueFamily, n)
	for k := range out {
		out[k] = QueueFamily{Index: uint32(k), Flags: QueueFlags(flags[k]), Count: uint32(count[k]), TimestampValidBits: uint32(ts[k])}
	}
	return out
}

func cCreateDevice(itab, pd uintptr, family, bits uint32, v12 bool) (dev, tab, queue uintptr, err error) {
	var d, t, q C.uintptr_t
	if r := C.kv_create_device(C.uintptr_t(itab), C.uintptr_t(pd), C.u32(family), C.u32(bits), cbool(v12), &d, &t, &q); r != 0 {
		return 0, 0, 0, missing("vkCreateDevice", r)
	}
	return uintptr(d), uintptr(t), uintptr(q), nil
}

// c returns the C forms of the device's table and handle.
func (d *Device) c() (C.uintptr_t, C.uintptr_t) { return C.uintptr_t(d.tab), C.uintptr_t(d.h) }

func cDestroyDevice(d *Device) { t, h := d.c(); C.kv_destroy_device(t, h) }
func cDeviceWaitIdle(d *Device) error {
	t, h := d.c()
	return check("vkDeviceWaitIdle", int32(C.kv_device_wait_idle(t, h)))
}
func cHasBufferDeviceAddress(d *Device) bool { return C.kv_has_bda(C.uintptr_t(d.tab)) != 0 }
func cHasTimeline(d *Device) bool            { return C.kv_has_timeline(C.uintptr_t(d.tab)) != 0 }

func cCreateBuffer(d *Device, size uint64, usage BufferUsage) (Buffer, error) {
	t, h := d.c()
	var b C.u64
	err := check("vkCreateBuffer", int32(C.kv_create_buffer(t, h, C.u64(size), C.u32(usage), &b)))
	return Buffer(b), err
}
func cDestroyBuffer(d *Device, b Buffer) { t, h := d.c(); C.kv_destroy_buffer(t, h, C.u64(b)) }
func cBufferRequirements(d *Device, b Buffer) MemoryRequirements {
	t, h := d.c()
	var size, align C.u64
	var bits C.u32
	C.kv_buffer_reqs(t, h, C.u64(b), &size, &align, &bits)
	return MemoryRequirements{Size: uint64(size), Alignment: uint64(align), TypeBits: uint32(bits)}
}
func cAllocate(d *Device, size uint64, typ uint32, address bool) (Memory, error) {
	t, h := d.c()
	var m C.u64
	err := check("vkAllocateMemory", int32(C.kv_allocate(t, h, C.u64(size), C.u32(typ), cbool(address), &m)))
	return Memory(m), err
}
func cFreeMemory(d *Device, m Memory) { t, h := d.c(); C.kv_free_memory(t, h, C.u64(m)) }
func cBindBuffer(d *Device, b Buffer, m Memory, off uint64) error {
	t, h := d.c()
	return check("vkBindBufferMemory", int32(C.kv_bind_buffer(t, h, C.u64(b), C.u64(m), C.u64(off))))
}
func cMap(d *Device, m Memory, off, size uint64) ([]byte, error) {
	t, h := d.c()
	var p unsafe.Pointer
	if err := check("vkMapMemory", int32(C.kv_map(t, h, C.u64(m), C.u64(off), C.u64(size), &p))); err != nil {
		return nil, err
	}
	return unsafe.Slice((*byte)(p), size), nil
}
func cUnmap(d *Device, m Memory) { t, h := d.c(); C.kv_unmap(t, h, C.u64(m)) }
func cBufferAddress(d *Device, b Buffer) uint64 {
	t, h := d.c()
	return uint64(C.kv_buffer_address(t, h, C.u64(b)))
}

func cCreateShader(d *Device, words []uint32) (ShaderModule, error) {
	t, h := d.c()
	var m C.u64
	p := (*C.u32)(unsafe.Pointer(&words[0]))
	err := check("vkCreateShaderModule", int32(C.kv_create_shader(t, h, p, C.size_t(len(words)), &m)))
	return ShaderModule(m), err
}
func cDestroyShader(d *Device, m ShaderModule) { t, h := d.c(); C.kv_destroy_shader(t, h, C.u64(m)) }

func cCreateLayouts(d *Device, n, push uint32) (set DescriptorSetLayout, layout PipelineLayout, err error) {
	t, h := d.c()
	var s, l C.u64
	var which C.int
	if r := C.kv_create_layouts(t, h, C.u32(n), C.u32(push), &s, &l, &which); r != 0 {
		call := "vkCreateDescriptorSetLayout"
		if which == 1 {
			call = "vkCreatePipelineLayout"
		}
		return 0, 0, check(call, int32(r))
	}
	return DescriptorSetLayout(s), PipelineLayout(l), nil
}
func cCreatePipeline(d *Device, m ShaderModule, entry string, layout PipelineLayout, spec []uint32) (uint64, error) {
	t, h := d.c()
	s := C.CString(entry)
	defer C.free(unsafe.Pointer(s))
	cw := make([]C.u32, len(spec))
	for k, v := range spec {
		cw[k] = C.u32(v)
	}
	var p C.u64
	err := check("vkCreateComputePipelines", int32(C.kv_create_pipeline(t, h, C.u64(m), s, C.u64(layout), &cw[0], C.u32(len(cw)), &p)))
	return uint64(p), err
}
func cDestroyPipeline(d *Device, p uint64, layout PipelineLayout, set DescriptorSetLayout) {
	t, h := d.c()
	C.kv_destroy_pipeline(t, h, C.u64(p), C.u64(layout), C.u64(set))
}
func cCreateSet(d *Device, layout DescriptorSetLayout, bufs []Buffer) (pool, set uint64, err error) {
	t, h := d.c()
	cb := make([]C.u64, len(bufs))
	for k, b := range bufs {
		cb[k] = C.u64(b)
	}
	var p, s C.u64
	var which C.int
	if r := C.kv_create_set(t, h, C.u64(layout), C.u32(len(bufs)), &cb[0], &p, &s, &which); r != 0 {
		call := "vkCreateDescriptorPool"
		if which == 1 {
			call = "vkAllocateDescriptorSets"
		}
		return 0, 0, check(call, int32(r))
	}
	return uint64(p), uint64(s), nil
}
func cDestroyPool(d *Device, pool uint64) { t, h := d.c(); C.kv_destroy_pool(t, h, C.u64(pool)) }

func cCreateCommandPool(d *Device, family uint32) (CommandPool, error) {
	t, h := d.c()
	var p C.u64
	err := check("vkCreateCommandPool", int32(C.kv_create_command_pool(t, h, C.u32(family), &p)))
	return CommandPool(p), err
}
func cDestroyCommandPool(d *Device, p CommandPool) {
	t, h := d.c()
	C.kv_destroy_command_pool(t, h, C.u64(p))
}
func cAllocCommandBuffer(d *Device, p CommandPool) (uintptr, error) {
	t, h := d.c()
	var cb C.uintptr_t
	err := check("vkAllocateCommandBuffers", int32(C.kv_alloc_command_buffer(t, h, C.u64(p), &cb)))
	return uintptr(cb), err
}
func cFreeCommandBuffer(d *Device, p CommandPool, cb uintptr) {
	t, h := d.c()
	C.kv_free_command_buffer(t, h, C.u64(p), C.uintptr_t(cb))
}

// cc returns the C forms of the device's table and the command buffer.
func (c *CommandBuffer) cc() (C.uintptr_t, C.uintptr_t) {
	return C.uintptr_t(c.d.tab), C.uintptr_t(c.h)
}

func cBegin(c *CommandBuffer, flags uint32) error {
	t, h := c.cc()
	return check("vkBeginCommandBuffer", int32(C.kv_begin(t, h, C.u32(flags))))
}
func cEnd(c *CommandBuffer) error {
	t, h := c.cc()
	return check("vkEndCommandBuffer", int32(C.kv_end(t, h)))
}
func cReset(c *CommandBuffer) error {
	t, h := c.cc()
	return check("vkResetCommandBuffer", int32(C.kv_reset(t, h)))
}
func cBindPipeline(c *CommandBuffer, p uint64) { t, h := c.cc(); C.kv_bind_pipeline(t, h, C.u64(p)) }
func cBindSet(c *CommandBuffer, layout PipelineLayout, set uint64) {
	t, h := c.cc()
	C.kv_bind_set(t, h, C.u64(layout), C.u64(set))
}
func cPush(c *CommandBuffer, layout PipelineLayout, off uint32, data []byte) {
	t, h := c.cc()
	C.kv_push(t, h, C.u64(layout), C.u32(off), C.u32(len(data)), unsafe.Pointer(&data[0]))
}
func cDispatch(c *CommandBuffer, x, y, z uint32) {
	t, h := c.cc()
	C.kv_dispatch(t, h, C.u32(x), C.u32(y), C.u32(z))
}
func cCopy(c *CommandBuffer, src, dst Buffer, so, do, size uint64) {
	t, h := c.cc()
	C.kv_copy(t, h, C.u64(src), C.u64(dst), C.u64(so), C.u64(do), C.u64(size))
}
func cFill(c *CommandBuffer, b Buffer, off, size uint64, v uint32) {
	t, h := c.cc()
	C.kv_fill(t, h, C.u64(b), C.u64(off), C.u64(size), C.u32(v))
}
func cBarrier(c *CommandBuffer, srcStage, dstStage PipelineStage, srcAccess, dstAccess Access) {
	t, h := c.cc()
	C.kv_barrier(t, h, C.u32(srcStage), C.u32(dstStage), C.u32(srcAccess), C.u32(dstAccess))
}
func cTimestamp(c *CommandBuffer, stage PipelineStage, q QueryPool, i uint32) {
	t, h := c.cc()
	C.kv_timestamp(t, h, C.u32(stage), C.u64(q), C.u32(i))
}
func cResetQueries(c *CommandBuffer, q QueryPool, first, n uint32) {
	t, h := c.cc()
	C.kv_reset_queries(t, h, C.u64(q), C.u32(first), C.u32(n))
}

func cCreateQueryPool(d *Device, n uint32) (QueryPool, error) {
	t, h := d.c()
	var q C.u64
	err := check("vkCreateQueryPool", int32(C.kv_create_query_pool(t, h, C.u32(n), &q)))
	return QueryPool(q), err
}
func cDestroyQueryPool(d *Device, q QueryPool) {
	t, h := d.c()
	C.kv_destroy_query_pool(t, h, C.u64(q))
}
func cQueryResults(d *Device, q QueryPool, first, n uint32) ([]uint64, error) {
	t, h := d.c()
	out := make([]C.u64, n)
	if err := check("vkGetQueryPoolResults", int32(C.kv_query_results(t, h, C.u64(q), C.u32(first), C.u32(n), &out[0]))); err != nil {
		return nil, err
	}
	res := make([]uint64, n)
	for k := range res {
		res[k] = uint64(out[k])
	}
	return res, nil
}

func cSubmit(d *Device, cbs []uintptr, fence Fence, sem Semaphore, value uint64) error {
	cb := make([]C.uintptr_t, len(cbs))
	for k, c := range cbs {
		cb[k] = C.uintptr_t(c)
	}
	var p *C.uintptr_t
	if len(cb) > 0 {
		p = &cb[0]
	}
	r := C.kv_submit(C.uintptr_t(d.tab), C.uintptr_t(d.queue), C.u32(len(cb)), p, C.u64(fence), C.u64(sem), C.u64(value))
	return check("vkQueueSubmit", int32(r))
}
func cQueueWaitIdle(d *Device) error {
	return check("vkQueueWaitIdle", int32(C.kv_queue_wait_idle(C.uintptr_t(d.tab), C.uintptr_t(d.queue))))
}
func cCreateFence(d *Device, signaled bool) (Fence, error) {
	t, h := d.c()
	var f C.u64
	var flags C.u32
	if signaled {
		flags = 1
	}
	err := check("vkCreateFence", int32(C.kv_create_fence(t, h, flags, &f)))
	return Fence(f), err
}
func cDestroyFence(d *Device, f Fence) { t, h := d.c(); C.kv_destroy_fence(t, h, C.u64(f)) }
func cWaitFence(d *Device, f Fence, timeout uint64) Result {
	t, h := d.c()
	return Result(C.kv_wait_fence(t, h, C.u64(f), C.u64(timeout)))
}
func cResetFence(d *Device, f Fence) error {
	t, h := d.c()
	return check("vkResetFences", int32(C.kv_reset_fence(t, h, C.u64(f))))
}
func cFenceStatus(d *Device, f Fence) Result {
	t, h := d.c()
	return Result(C.kv_fence_status(t, h, C.u64(f)))
}
func cCreateSemaphore(d *Device, timeline bool, initial uint64) (Semaphore, error) {
	t, h := d.c()
	var s C.u64
	err := check("vkCreateSemaphore", int32(C.kv_create_semaphore(t, h, cbool(timeline), C.u64(initial), &s)))
	return Semaphore(s), err
}
func cDestroySemaphore(d *Device, s Semaphore) { t, h := d.c(); C.kv_destroy_semaphore(t, h, C.u64(s)) }
func cWaitSemaphore(d *Device, s Semaphore, value, timeout uint64) Result {
	t, h := d.c()
	return Result(C.kv_wait_semaphore(t, h, C.u64(s), C.u64(value), C.u64(timeout)))
}
func cSemaphoreValue(d *Device, s Semaphore) (uint64, error) {
	t, h := d.c()
	var v C.u64
	err := check("vkGetSemaphoreCounterValue", int32(C.kv_semaphore_value(t, h, C.u64(s), &v)))
	return uint64(v), err
}
