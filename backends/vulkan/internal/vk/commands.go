package vk

import "fmt"

// CreateCommandPool creates a command pool for the device's queue family
// whose buffers can be reset one by one.
func (d *Device) CreateCommandPool() (CommandPool, error) {
	if err := d.ok(); err != nil {
		return 0, err
	}
	return cCreateCommandPool(d, d.Family.Index)
}

// DestroyCommandPool destroys p and frees its command buffers; a zero p is
// ignored.
func (d *Device) DestroyCommandPool(p CommandPool) {
	if d.ok() != nil || p == 0 {
		return
	}
	cDestroyCommandPool(d, p)
}

// CommandBuffer is a primary VkCommandBuffer.
type CommandBuffer struct {
	d    *Device
	pool CommandPool
	h    uintptr
}

// AllocateCommandBuffer allocates a primary command buffer from p.
func (d *Device) AllocateCommandBuffer(p CommandPool) (*CommandBuffer, error) {
	if err := d.ok(); err != nil {
		return nil, err
	}
	if p == 0 {
		return nil, ErrZeroHandle
	}
	h, err := cAllocCommandBuffer(d, p)
	if err != nil {
		return nil, err
	}
	return &CommandBuffer{d: d, pool: p, h: h}, nil
}

// Free returns the command buffer to its pool; a second call does nothing.
func (c *CommandBuffer) Free() {
	if c == nil || c.h == 0 || c.d.ok() != nil {
		return
	}
	cFreeCommandBuffer(c.d, c.pool, c.h)
	c.h = 0
}

func (c *CommandBuffer) ok() error {
	if c == nil || c.h == 0 || c.d.ok() != nil {
		return ErrZeroHandle
	}
	return nil
}

// Begin starts recording; with oneTime the buffer is submitted once
// (VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT).
func (c *CommandBuffer) Begin(oneTime bool) error {
	if err := c.ok(); err != nil {
		return err
	}
	var flags uint32
	if oneTime {
		flags = 1
	}
	return cBegin(c, flags)
}

// End ends recording.
func (c *CommandBuffer) End() error {
	if err := c.ok(); err != nil {
		return err
	}
	return cEnd(c)
}

// Reset resets the buffer to the initial state.
func (c *CommandBuffer) Reset() error {
	if err := c.ok(); err != nil {
		return err
	}
	return cReset(c)
}

// BindPipeline binds the compute pipeline p.
func (c *CommandBuffer) BindPipeline(p *Pipeline) error {
	if err := c.ok(); err != nil {
		return err
	}
	if p == nil || p.h == 0 {
		return ErrZeroHandle
	}
	cBindPipeline(c, p.h)
	return nil
}

// BindDescriptorSet binds s as set 0 of p's layout.
func (c *CommandBuffer) BindDescriptorSet(p *Pipeline, s *DescriptorSet) error {
	if err := c.ok(); err != nil {
		return err
	}
	if p == nil || p.h == 0 || s == nil || s.h == 0 {
		return ErrZeroHandle
	}
	cBindSet(c, p.Layout, s.h)
	return nil
}

// PushConstants writes data at offset into p's push-constant range.
func (c *CommandBuffer) PushConstants(p *Pipeline, offset uint32, data []byte) error {
	if err := c.ok(); err != nil {
		return err
	}
	if p == nil || p.h == 0 {
		return ErrZeroHandle
	}
	if len(data) == 0 || offset%4 != 0 || len(data)%4 != 0 || uint64(offset)+uint64(len(data)) > uint64(p.PushSize) {
		return fmt.Errorf("%w: %d push-constant bytes at %d in a range of %d", ErrInvalidArgument, len(data), offset, p.PushSize)
	}
	cPush(c, p.Layout, offset, data)
	return nil
}

// Dispatch records a dispatch of x*y*z workgroups.
func (c *CommandBuffer) Dispatch(x, y, z uint32) error {
	if err := c.ok(); err != nil {
		return err
	}
	l := c.d.Physical.Properties.Limits.MaxComputeWorkGroupCount
	if x == 0 || y == 0 || z == 0 || x > l[0] || y > l[1] || z > l[2] {
		return fmt.Errorf("%w: dispatch of %d×%d×%d workgroups (limits %v)", ErrInvalidArgument, x, y, z, l)
	}
	cDispatch(c, x, y, z)
	return nil
}

// CopyBuffer records a copy of size bytes from src at srcOffset to dst at
// dstOffset.
func (c *CommandBuffer) CopyBuffer(src, dst Buffer, srcOffset, dstOffset, size uint64) error {
	if err := c.ok(); err != nil {
		return err
	}
	if src == 0 || dst == 0 {
		return ErrZeroHandle
	}
	if size == 0 {
		return fmt.Errorf("%w: copy of 0 bytes", ErrInvalidArgument)
	}
	cCopy(c, src, dst, srcOffset, dstOffset, size)
	return nil
}

// FillBuffer records a fill of size bytes of b from offset with the 32-bit
// value; offset and size must be multiples of 4.
func (c *CommandBuffer) FillBuffer(b Buffer, offset, size uint64, value uint32) error {
	if err := c.ok(); err != nil {
		return err
	}
	if b == 0 {
		return ErrZeroHandle
	}
	if size == 0 || offset%4 != 0 || size%4 != 0 {
		return fmt.Errorf("%w: fill of %d bytes at %d", ErrInvalidArgument, size, offset)
	}
	cFill(c, b, offset, size, value)
	return nil
}

// Barrier records a pipeline barrier with one global memory barrier.
func (c *CommandBuffer) Barrier(srcStage, dstStage PipelineStage, srcAccess, dstAccess Access) error {
	if err := c.ok(); err != nil {
		return err
	}
	cBarrier(c, srcStage, dstStage, srcAccess, dstAccess)
	return nil
}

// FullBarrier records a barrier that makes every earlier write (shader,
// transfer) visible to every later command and to the host.
func (c *CommandBuffer) FullBarrier() error {
	return c.Barrier(StageAllCommands, StageAllCommands|StageHost,
		AccessMemoryWrite|AccessShaderWrite|AccessTransferWrite,
		AccessMemoryRead|AccessMemoryWrite|AccessShaderRead|AccessTransferRead|AccessHostRead)
}

// ResetQueries records a reset of n queries of q from first; a query must
// be reset before a timestamp is written into it.
func (c *CommandBuffer) ResetQueries(q QueryPool, first, n uint32) error {
	if err := c.ok(); err != nil {
		return err
	}
	if q == 0 {
		return ErrZeroHandle
	}
	cResetQueries(c, q, first, n)
	return nil
}

// WriteTimestamp records a timestamp into query index of q once the
// earlier commands have passed stage.
func (c *CommandBuffer) WriteTimestamp(stage PipelineStage, q QueryPool, index uint32) error {
	if err := c.ok(); err != nil {
		return err
	}
	if q == 0 {
		return ErrZeroHandle
	}
	if c.d.Family.TimestampValidBits == 0 {
		return fmt.Errorf("%w: queue family %d has no timestamps", ErrInvalidArgument, c.d.Family.Index)
	}
	cTimestamp(c, stage, q, index)
	return nil
}

// CreateQueryPool creates a pool of n timestamp queries.
func (d *Device) CreateQueryPool(n uint32) (QueryPool, error) {
	if err := d.ok(); err != nil {
		return 0, err
	}
	if n == 0 {
		return 0, fmt.Errorf("%w: query pool of 0 queries", ErrInvalidArgument)
	}
	return cCreateQueryPool(d, n)
}

// DestroyQueryPool destroys q; a zero q is ignored.
func (d *Device) DestroyQueryPool(q QueryPool) {
	if d.ok() != nil || q == 0 {
		return
	}
	cDestroyQueryPool(d, q)
}

// QueryResults waits for and returns n 64-bit results of q from first (in
// ticks; multiply by Limits.TimestampPeriod for nanoseconds).
func (d *Device) QueryResults(q QueryPool, first, n uint32) ([]uint64, error) {
	if err := d.ok(); err != nil {
		return nil, err
	}
	if q == 0 {
		return nil, ErrZeroHandle
	}
	if n == 0 {
		return nil, nil
	}
	return cQueryResults(d, q, first, n)
}
