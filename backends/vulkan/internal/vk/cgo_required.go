//go:build !cgo

package vk

// The Vulkan binding calls the Vulkan loader through cgo. A program built
// with CGO_ENABLED=0 that imports it stops here, with the undefined type
// below as the message.
type _ kago_Vulkan_backend_needs_cgo__build_with_CGO_ENABLED_1_and_a_C_compiler
