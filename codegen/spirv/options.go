package spirv

// This file holds the options and the execution modes they ask for.

// Options tunes the SPIR-V a module becomes. The zero value gives SPIR-V 1.0
// for any OpenCL 2.1+/3.0 driver that takes IL: no extensions, float atomic
// add as a compare-exchange loop, no work-group size in the module.
type Options struct {
	// Version is the SPIR-V version as major<<16 | minor<<8, as in the
	// module header (0x00010000 is 1.0). Zero means 1.0, which every OpenCL
	// driver with IL support accepts. From 1.4 on, the entry point's
	// interface lists the workgroup variables too, as the specification
	// requires.
	Version uint32

	// FloatAtomicAdd says the device has SPV_EXT_shader_atomic_float_add
	// (cl_ext_float_atomics): atomicrmw fadd then becomes OpAtomicFAddEXT.
	// When false, it becomes a loop of OpAtomicCompareExchange on the
	// value's bits, which every device runs.
	FloatAtomicAdd bool

	// LocalSize, when all three are non-zero, is the kernel's static
	// work-group size: it becomes the LocalSize execution mode, and a launch
	// with another group size fails in the driver. Zero in any dimension
	// means no LocalSize (the launch decides).
	LocalSize [3]uint32

	// LocalSizeHint, when all three are non-zero, becomes the LocalSizeHint
	// execution mode (the work-group size the kernel will most likely be
	// launched with). Ignored when LocalSize is set.
	LocalSizeHint [3]uint32

	// ContractionOff forbids the driver to fuse float operations (a*b+c into
	// an fma), for results that match the native backend bit for bit. By
	// default contraction is allowed, as Go's specification allows it.
	ContractionOff bool

	// Vulkan selects the shader dialect for Vulkan compute instead of the
	// OpenCL environment (vulkan.go; docs/ir.md, "Vulkan SPIR-V"): SPIR-V
	// 1.5 (or Version, at least 1.5), the Shader capability, GLCompute,
	// the PhysicalStorageBuffer64 GLSL450 memory model, the parameters in
	// one storage buffer, structured control flow and GLSL.std.450 math.
	// LocalSize gives the default values of the workgroup size's
	// specialization constants; LocalSizeHint is ignored; ContractionOff
	// decorates float arithmetic NoContraction.
	Vulkan bool
}

// version returns the header version word, defaulting to 1.0.
func (o Options) version() uint32 {
	if o.Version == 0 {
		return 0x00010000
	}
	return o.Version
}

// createExecutionModes writes the execution modes Options asks for.
func (me *moduleEmitter) createExecutionModes(fn uint32) {
	all := func(s [3]uint32) bool { return s[0] != 0 && s[1] != 0 && s[2] != 0 }
	switch {
	case all(me.opts.LocalSize):
		me.modes.op(opExecutionMode, fn, modeLocalSize, me.opts.LocalSize[0], me.opts.LocalSize[1], me.opts.LocalSize[2])
	case all(me.opts.LocalSizeHint):
		me.modes.op(opExecutionMode, fn, modeLocalSizeHint, me.opts.LocalSizeHint[0], me.opts.LocalSizeHint[1], me.opts.LocalSizeHint[2])
	}
	if me.opts.ContractionOff {
		me.modes.op(opExecutionMode, fn, modeContractionOff)
	}
}
