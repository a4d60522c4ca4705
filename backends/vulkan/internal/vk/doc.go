// Package vk is kago's own binding to the Vulkan 1.2 API, the first piece
// of a Vulkan compute backend. It opens libvulkan.so.1 at run time
// (dlopen), so that programs build without Vulkan headers or libraries and
// start on machines without a loader; Open reports a missing loader as an
// error wrapping ErrNoLoader.
//
// It covers compute only: instances, physical devices (properties,
// compute limits, subgroup size, features, memory types, queue families),
// a logical device with one compute queue, buffers and device memory,
// shader modules from SPIR-V, compute pipelines with storage-buffer
// descriptor sets, push constants, a specialization-constant workgroup
// size and further specialization constants (codegen/spirv's ka.Local
// lengths), command pools and buffers, fences, timeline semaphores and
// timestamp queries. Every failing call is an *Error naming the call and
// its VkResult.
//
// The types, structures and constants are declared by hand from the Vulkan
// 1.2 specification; no header is included. Entry points are resolved with
// vkGetInstanceProcAddr (instance level) and vkGetDeviceProcAddr (device
// level) into per-object tables on the C side.
package vk
