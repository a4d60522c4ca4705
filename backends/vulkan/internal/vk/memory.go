package vk

import "fmt"

// MemoryProperties are a physical device's memory types and heaps.
type MemoryProperties struct {
	Types []MemoryType
	Heaps []MemoryHeap
}

// MemoryType is a VkMemoryType.
type MemoryType struct {
	Flags     MemoryPropertyFlags
	HeapIndex uint32
}

// MemoryHeap is a VkMemoryHeap.
type MemoryHeap struct {
	Size  uint64
	Flags uint32 // VkMemoryHeapFlags; bit 0 is device local
}

// MemoryRequirements are a buffer's VkMemoryRequirements.
type MemoryRequirements struct {
	Size      uint64
	Alignment uint64
	TypeBits  uint32 // bit i: memory type i can hold the buffer
}

// HostMemory is the memory the host maps and reads without flushes.
const HostMemory = MemoryHostVisible | MemoryHostCoherent

// PickMemoryType returns the first memory type allowed by typeBits that
// has all the flags of want; ok is false if there is none.
func (m MemoryProperties) PickMemoryType(typeBits uint32, want MemoryPropertyFlags) (index uint32, ok bool) {
	for k, t := range m.Types {
		if typeBits&(1<<k) != 0 && t.Flags&want == want {
			return uint32(k), true
		}
	}
	return 0, false
}

// CreateBuffer creates a buffer of size bytes (exclusive sharing). A size
// of 0 is refused without calling the driver. BufferShaderDeviceAddress is
// refused unless the device has BufferDeviceAddress enabled.
func (d *Device) CreateBuffer(size uint64, usage BufferUsage) (Buffer, error) {
	if err := d.ok(); err != nil {
		return 0, err
	}
	if size == 0 {
		return 0, fmt.Errorf("%w: buffer of size 0", ErrInvalidArgument)
	}
	if usage&BufferShaderDeviceAddress != 0 && !d.Enabled.BufferDeviceAddress {
		return 0, fmt.Errorf("%w: shader device address without the bufferDeviceAddress feature", ErrInvalidArgument)
	}
	return cCreateBuffer(d, size, usage)
}

// DestroyBuffer destroys b; a zero b is ignored.
func (d *Device) DestroyBuffer(b Buffer) {
	if d.ok() != nil || b == 0 {
		return
	}
	cDestroyBuffer(d, b)
}

// BufferMemoryRequirements returns b's memory requirements.
func (d *Device) BufferMemoryRequirements(b Buffer) (MemoryRequirements, error) {
	if err := d.ok(); err != nil {
		return MemoryRequirements{}, err
	}
	if b == 0 {
		return MemoryRequirements{}, ErrZeroHandle
	}
	return cBufferRequirements(d, b), nil
}

// AllocateMemory allocates size bytes of memory type typeIndex; with
// deviceAddress it sets VK_MEMORY_ALLOCATE_DEVICE_ADDRESS_BIT (needs the
// BufferDeviceAddress feature).
func (d *Device) AllocateMemory(size uint64, typeIndex uint32, deviceAddress bool) (Memory, error) {
	if err := d.ok(); err != nil {
		return 0, err
	}
	if size == 0 || int(typeIndex) >= len(d.Physical.Memory.Types) {
		return 0, fmt.Errorf("%w: allocation of %d bytes of memory type %d", ErrInvalidArgument, size, typeIndex)
	}
	if deviceAddress && !d.Enabled.BufferDeviceAddress {
		return 0, fmt.Errorf("%w: device address without the bufferDeviceAddress feature", ErrInvalidArgument)
	}
	return cAllocate(d, size, typeIndex, deviceAddress)
}

// FreeMemory frees m; a zero m is ignored.
func (d *Device) FreeMemory(m Memory) {
	if d.ok() != nil || m == 0 {
		return
	}
	cFreeMemory(d, m)
}

// BindBufferMemory binds b to m at offset.
func (d *Device) BindBufferMemory(b Buffer, m Memory, offset uint64) error {
	if err := d.ok(); err != nil {
		return err
	}
	if b == 0 || m == 0 {
		return ErrZeroHandle
	}
	return cBindBuffer(d, b, m, offset)
}

// MapMemory maps size bytes of host-visible m from offset. The slice is
// valid until UnmapMemory or FreeMemory.
func (d *Device) MapMemory(m Memory, offset, size uint64) ([]byte, error) {
	if err := d.ok(); err != nil {
		return nil, err
	}
	if m == 0 {
		return nil, ErrZeroHandle
	}
	if size == 0 {
		return nil, fmt.Errorf("%w: mapping of 0 bytes", ErrInvalidArgument)
	}
	return cMap(d, m, offset, size)
}

// UnmapMemory unmaps m; a zero m is ignored.
func (d *Device) UnmapMemory(m Memory) {
	if d.ok() != nil || m == 0 {
		return
	}
	cUnmap(d, m)
}

// BufferDeviceAddress returns b's device address (vkGetBufferDeviceAddress);
// b must have been created with BufferShaderDeviceAddress.
func (d *Device) BufferDeviceAddress(b Buffer) (uint64, error) {
	if err := d.ok(); err != nil {
		return 0, err
	}
	if b == 0 {
		return 0, ErrZeroHandle
	}
	if !d.Enabled.BufferDeviceAddress {
		return 0, fmt.Errorf("%w: bufferDeviceAddress is not enabled", ErrInvalidArgument)
	}
	return cBufferAddress(d, b), nil
}

// BoundBuffer is a buffer with its own memory allocation.
type BoundBuffer struct {
	Buffer Buffer
	Memory Memory
	Size   uint64 // the buffer's size as asked for
}

// NewBuffer creates a buffer of size bytes with usage, allocates memory of
// the first type with the flags of want (HostMemory, MemoryDeviceLocal) and
// binds it. With BufferShaderDeviceAddress in usage the memory is allocated
// with the device address flag.
func (d *Device) NewBuffer(size uint64, usage BufferUsage, want MemoryPropertyFlags) (*BoundBuffer, error) {
	b, err := d.CreateBuffer(size, usage)
	if err != nil {
		return nil, err
	}
	req := cBufferRequirements(d, b)
	typ, ok := d.Physical.Memory.PickMemoryType(req.TypeBits, want)
	if !ok {
		d.DestroyBuffer(b)
		return nil, fmt.Errorf("vk: no memory type with flags %#x for the buffer (type bits %#x)", uint32(want), req.TypeBits)
	}
	m, err := d.AllocateMemory(req.Size, typ, usage&BufferShaderDeviceAddress != 0)
	if err != nil {
		d.DestroyBuffer(b)
		return nil, err
	}
	if err := d.BindBufferMemory(b, m, 0); err != nil {
		d.DestroyBuffer(b)
		d.FreeMemory(m)
		return nil, err
	}
	return &BoundBuffer{Buffer: b, Memory: m, Size: size}, nil
}

// Destroy destroys bb's buffer and then frees its memory; a second call
// does nothing.
func (bb *BoundBuffer) Destroy(d *Device) {
	if bb == nil {
		return
	}
	d.DestroyBuffer(bb.Buffer)
	d.FreeMemory(bb.Memory)
	bb.Buffer, bb.Memory = 0, 0
}
