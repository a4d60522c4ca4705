package vk

import "fmt"

// SPIRVMagic is the first word of a SPIR-V module.
const SPIRVMagic = 0x07230203

// CreateShaderModule creates a shader module from SPIR-V words. Empty code,
// or code shorter than the 5-word SPIR-V header, is refused without calling
// the driver; other invalid code reaches the driver, which may refuse it
// here or at pipeline creation.
func (d *Device) CreateShaderModule(words []uint32) (ShaderModule, error) {
	if err := d.ok(); err != nil {
		return 0, err
	}
	if len(words) < 5 {
		return 0, fmt.Errorf("%w: SPIR-V of %d words", ErrInvalidArgument, len(words))
	}
	return cCreateShader(d, words)
}

// DestroyShaderModule destroys m; a zero m is ignored.
func (d *Device) DestroyShaderModule(m ShaderModule) {
	if d.ok() != nil || m == 0 {
		return
	}
	cDestroyShader(d, m)
}

// ComputePipelineInfo describes a compute pipeline.
type ComputePipelineInfo struct {
	Module ShaderModule
	Entry  string // the entry point, "main" if empty
	// Buffers is the number of storage buffers in descriptor set 0
	// (binding i is buffer i).
	Buffers uint32
	// PushConstantSize is the size in bytes of the push-constant range
	// (offset 0, compute stage); 0 for none.
	PushConstantSize uint32
	// WorkgroupSize is given as specialization constants 0, 1 and 2
	// (uint32), for a shader whose WorkgroupSize is a spec-constant
	// composite of them.
	WorkgroupSize [3]uint32
	// Specialization holds further specialization constants (uint32),
	// from constant id 3 on: Specialization[k] is constant 3+k (the
	// lengths of codegen/spirv's ka.Local arrays, spirv.VulkanLocalSpecID).
	// At most MaxSpecialization.
	Specialization []uint32
}

// MaxSpecialization is the most constants ComputePipelineInfo.Specialization
// holds.
const MaxSpecialization = 16

// Pipeline is a compute pipeline with its descriptor set layout and
// pipeline layout.
type Pipeline struct {
	d         *Device
	h         uint64
	SetLayout DescriptorSetLayout
	Layout    PipelineLayout
	Buffers   uint32
	PushSize  uint32
}

// CreateComputePipeline creates the descriptor set layout, pipeline layout
// and compute pipeline of info.
func (d *Device) CreateComputePipeline(info ComputePipelineInfo) (*Pipeline, error) {
	if err := d.ok(); err != nil {
		return nil, err
	}
	if info.Module == 0 {
		return nil, ErrZeroHandle
	}
	if info.Buffers > 64 || info.PushConstantSize%4 != 0 {
		return nil, fmt.Errorf("%w: %d buffers, %d push-constant bytes", ErrInvalidArgument, info.Buffers, info.PushConstantSize)
	}
	if info.PushConstantSize > d.Physical.Properties.Limits.MaxPushConstantsSize {
		return nil, fmt.Errorf("%w: %d push-constant bytes, limit %d", ErrInvalidArgument, info.PushConstantSize, d.Physical.Properties.Limits.MaxPushConstantsSize)
	}
	for k, n := range info.WorkgroupSize {
		if n == 0 || n > d.Physical.Properties.Limits.MaxComputeWorkGroupSize[k] {
			return nil, fmt.Errorf("%w: workgroup size %v", ErrInvalidArgument, info.WorkgroupSize)
		}
	}
	wg := info.WorkgroupSize
	if uint64(wg[0])*uint64(wg[1])*uint64(wg[2]) > uint64(d.Physical.Properties.Limits.MaxComputeWorkGroupInvocations) {
		return nil, fmt.Errorf("%w: workgroup size %v over %d invocations", ErrInvalidArgument, wg, d.Physical.Properties.Limits.MaxComputeWorkGroupInvocations)
	}
	if len(info.Specialization) > MaxSpecialization {
		return nil, fmt.Errorf("%w: %d specialization constants, at most %d", ErrInvalidArgument, len(info.Specialization), MaxSpecialization)
	}
	entry := info.Entry
	if entry == "" {
		entry = "main"
	}
	set, layout, err := cCreateLayouts(d, info.Buffers, info.PushConstantSize)
	if err != nil {
		return nil, err
	}
	spec := append(wg[:], info.Specialization...)
	h, err := cCreatePipeline(d, info.Module, entry, layout, spec)
	if err != nil {
		cDestroyPipeline(d, 0, layout, set)
		return nil, err
	}
	return &Pipeline{d: d, h: h, SetLayout: set, Layout: layout, Buffers: info.Buffers, PushSize: info.PushConstantSize}, nil
}

// Destroy destroys the pipeline and its layouts; a second call does
// nothing.
func (p *Pipeline) Destroy() {
	if p == nil || p.h == 0 || p.d.ok() != nil {
		return
	}
	cDestroyPipeline(p.d, p.h, p.Layout, p.SetLayout)
	p.h, p.Layout, p.SetLayout = 0, 0, 0
}

// DescriptorSet is a descriptor set in its own pool, pointing the bindings
// of a pipeline at buffers.
type DescriptorSet struct {
	d       *Device
	pool, h uint64
}

// CreateDescriptorSet makes a descriptor pool and set for p whose binding
// i is the whole of bufs[i]; len(bufs) must be p's buffer count.
func (p *Pipeline) CreateDescriptorSet(bufs ...Buffer) (*DescriptorSet, error) {
	if p == nil || p.h == 0 || p.d.ok() != nil {
		return nil, ErrZeroHandle
	}
	if uint32(len(bufs)) != p.Buffers || len(bufs) == 0 {
		return nil, fmt.Errorf("%w: %d buffers for a pipeline of %d", ErrInvalidArgument, len(bufs), p.Buffers)
	}
	for _, b := range bufs {
		if b == 0 {
			return nil, ErrZeroHandle
		}
	}
	pool, set, err := cCreateSet(p.d, p.SetLayout, bufs)
	if err != nil {
		return nil, err
	}
	return &DescriptorSet{d: p.d, pool: pool, h: set}, nil
}

// Destroy destroys the set's pool (and so the set); a second call does
// nothing.
func (s *DescriptorSet) Destroy() {
	if s == nil || s.pool == 0 || s.d.ok() != nil {
		return
	}
	cDestroyPool(s.d, s.pool)
	s.pool, s.h = 0, 0
}
