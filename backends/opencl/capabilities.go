package opencl

import (
	"encoding/binary"
	"fmt"
	"math"
	"strings"

	"github.com/kago-dev/kago/backends/opencl/internal/cl"
	"github.com/kago-dev/kago/ka/driver"
)

// devCaps is what the backend itself needs to know of a device, beyond
// driver.Capabilities.
type devCaps struct {
	priorityHints bool // cl_khr_priority_hints and clCreateCommandQueueWithProperties
	il            bool // takes SPIR-V through clCreateProgramWithIL
	spir          bool // cl_khr_spir: takes SPIR bitcode through clCreateProgramWithBinary
	profiling     bool // queues can have CL_QUEUE_PROFILING_ENABLE (timing.go)
}

// queryInfo reads a device's description and capabilities.
func queryInfo(d cl.Device, platform, backend string) (driver.DeviceInfo, devCaps, error) {
	q := infoReader{d: d}
	name := q.str(cl.DeviceName)
	vendor := q.str(cl.DeviceVendor)
	typ := q.u64(cl.DeviceType)
	exts := " " + q.str(cl.DeviceExtensions) + " "
	has := func(ext string) bool { return strings.Contains(exts, " "+ext+" ") }

	c := driver.Capabilities{
		MaxGroupSize:   int(q.size(cl.DeviceMaxWorkGroupSize)),
		LocalMemBytes:  int(q.u64(cl.DeviceLocalMemSize)),
		ComputeUnits:   int(q.u32(cl.DeviceMaxComputeUnits)),
		GlobalMemBytes: int64(q.u64(cl.DeviceGlobalMemSize)),
		MaxAllocBytes:  int64(min(q.u64(cl.DeviceMaxMemAllocSize), math.MaxInt64)),
		// Subgroups of one work-item: the emitters lower the subgroup
		// primitives so (docs/ir.md, "Subgroups"), whatever the device.
		SubgroupSize: 1,
	}
	if q.u64(cl.DeviceDoubleFPConfig) != 0 || has("cl_khr_fp64") {
		c.Features |= driver.FP64
	}
	if has("cl_khr_int64_base_atomics") {
		c.Features |= driver.Int64Atomics
	}
	sizes := q.bytes(cl.DeviceMaxWorkItemSizes)
	for i := 0; i < 3 && (i+1)*8 <= len(sizes); i++ {
		c.MaxGroupDims[i] = int(binary.LittleEndian.Uint64(sizes[i*8:]))
	}
	if q.err != nil {
		return driver.DeviceInfo{}, devCaps{}, fmt.Errorf("device %q: %v", name, q.err)
	}
	// IL versions are optional (OpenCL 2.1); a query error means none.
	if ilb, err := d.InfoBytes(cl.DeviceILVersion); err == nil {
		c.ILVersions = strings.Fields(cString(ilb))
	}
	dc := caps(c, has)
	// CL_DEVICE_QUEUE_PROPERTIES (CL_DEVICE_QUEUE_ON_HOST_PROPERTIES since
	// 2.0); a query error means no profiling.
	if b, err := d.InfoBytes(cl.DeviceQueueOnHostProperties); err == nil && len(b) >= 8 {
		dc.profiling = binary.LittleEndian.Uint64(b)&cl.QueueProfilingEnable != 0
	}
	if !dc.profiling {
		c.Notes = append(c.Notes, "no queue profiling: events and kernels are not timed")
	}
	if dc.il {
		c.Targets = []driver.Target{driver.SPIRV, driver.OpenCLC}
	} else {
		c.Targets = []driver.Target{driver.OpenCLC}
		c.Notes = append(c.Notes, "no SPIR-V (no IL version): programs are built from OpenCL C")
	}
	if dc.spir {
		c.Notes = append(c.Notes, "takes SPIR bitcode (cl_khr_spir) through opencl.LoadBitcode")
	}
	if strings.Contains(platform, "Portable Computing Language") {
		// PoCL's pthread scheduler counts a launch's groups in 32-bit
		// integers: more of them abort the process (an assertion, or a
		// division by zero), so ka refuses such launches.
		c.MaxGroupCount = math.MaxInt32
	}
	c.Priorities = dc.priorityHints
	if !dc.priorityHints {
		c.Notes = append(c.Notes, "no cl_khr_priority_hints: queue priorities are accepted and ignored")
	}
	if version := q.str(cl.DeviceVersion); version != "" {
		c.Notes = append(c.Notes, version+", driver "+q.str(cl.DriverVersion))
	}
	kind := driver.GPU
	if typ&cl.DeviceTypeCPU != 0 {
		kind = driver.CPU
		if hostFaultRecords {
			c.Features |= driver.Cancel // the stop flag is host memory (stop.go)
		}
	}
	return driver.DeviceInfo{Name: name, Vendor: vendor, Kind: kind, Backend: backend, Capabilities: c}, dc, nil
}

// caps derives the backend's own flags from a device's properties.
func caps(c driver.Capabilities, has func(string) bool) devCaps {
	return devCaps{
		priorityHints: has("cl_khr_priority_hints") && cl.HasQueueProperties(),
		il:            len(c.ILVersions) > 0 && cl.HasIL(),
		spir:          has("cl_khr_spir"),
	}
}

// infoReader reads device properties, keeping the first error.
type infoReader struct {
	d   cl.Device
	err error
}

func (r *infoReader) bytes(param uint32) []byte {
	if r.err != nil {
		return nil
	}
	b, err := r.d.InfoBytes(param)
	if err != nil {
		r.err = fmt.Errorf("property %#x: %w", param, err)
	}
	return b
}

func (r *infoReader) str(param uint32) string { return cString(r.bytes(param)) }

func (r *infoReader) u64(param uint32) uint64 {
	b := r.bytes(param)
	switch len(b) {
	case 8:
		return binary.LittleEndian.Uint64(b)
	case 4:
		return uint64(binary.LittleEndian.Uint32(b))
	}
	return 0
}

func (r *infoReader) u32(param uint32) uint32  { return uint32(r.u64(param)) }
func (r *infoReader) size(param uint32) uint64 { return r.u64(param) }

func cString(b []byte) string {
	for i, c := range b {
		if c == 0 {
			return string(b[:i])
		}
	}
	return string(b)
}
