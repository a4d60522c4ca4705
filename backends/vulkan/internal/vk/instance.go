package vk

// Instance is a VkInstance with its table of instance-level entry points.
type Instance struct {
	h, tab uintptr
}

// CreateInstance creates a Vulkan 1.2 instance with no layers and no
// extensions; app is the application name given to the driver.
func CreateInstance(app string) (*Instance, error) {
	if err := opened(); err != nil {
		return nil, err
	}
	h, tab, err := cCreateInstance(app)
	if err != nil {
		return nil, err
	}
	return &Instance{h: h, tab: tab}, nil
}

// Destroy destroys the instance. Every device created from it must be
// destroyed first. Destroy on a destroyed or nil instance does nothing.
func (i *Instance) Destroy() {
	if i == nil || i.h == 0 {
		return
	}
	cDestroyInstance(i.tab, i.h)
	i.h, i.tab = 0, 0
}

// PhysicalDevices enumerates the instance's physical devices and reads
// their properties, features, memory types and queue families.
func (i *Instance) PhysicalDevices() ([]*PhysicalDevice, error) {
	if i == nil || i.h == 0 {
		return nil, ErrZeroHandle
	}
	hs, err := cEnumeratePhysical(i.tab, i.h)
	if err != nil {
		return nil, err
	}
	pds := make([]*PhysicalDevice, len(hs))
	for k, h := range hs {
		pd := &PhysicalDevice{inst: i, h: h}
		pd.Properties = cPhysicalProperties(i.tab, h)
		pd.Features = featuresOf(cPhysicalFeatures(i.tab, h, pd.Properties.APIVersion >= APIVersion12))
		pd.Memory = cPhysicalMemory(i.tab, h)
		pd.QueueFamilies = cQueueFamilies(i.tab, h)
		pds[k] = pd
	}
	return pds, nil
}
