package driver_test

import (
	"encoding/binary"
	"errors"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kago-dev/kago/ka/driver"
)

// record is a fault record as a device writes it.
func record(launch, site uint32, gid [3]uint32, vals ...uint64) []byte {
	rec := make([]byte, driver.FaultRecordSize)
	binary.LittleEndian.PutUint32(rec[driver.FaultStateOff:], 1)
	binary.LittleEndian.PutUint32(rec[driver.FaultLaunchOff:], launch)
	binary.LittleEndian.PutUint32(rec[driver.FaultSiteOff:], site)
	for d, g := range gid {
		binary.LittleEndian.PutUint32(rec[driver.FaultGlobalOff+4*d:], g)
	}
	for i, v := range vals {
		binary.LittleEndian.PutUint64(rec[driver.FaultValuesOff+8*i:], v)
	}
	return rec
}

func TestFaultLog(t *testing.T) {
	spec := &driver.KernelSpec{Name: "Saxpy", Faults: driver.FaultSites{
		{Kind: driver.FaultIndex, File: "saxpy.go", Line: 12, Format: "index out of range [%d] with length %d", Args: []driver.ScalarType{driver.Int, driver.Int}},
		{Kind: driver.FaultPanic, File: "saxpy.go", Line: 14, Format: "x = %v, %v", Args: []driver.ScalarType{driver.Float32, driver.Bool}},
	}}
	var log driver.FaultLog
	assert.False(t, log.Pending())
	assert.Nil(t, log.Read(make([]byte, driver.FaultRecordSize)), "a zero record holds no fault")
	id := log.Launch(spec, driver.NDRange{Dims: 1, Size: [3]int{8, 1, 1}})
	require.True(t, log.Pending())

	e := log.Read(record(id, 0, [3]uint32{16, 0, 0}, 16, 16))
	require.NotNil(t, e)
	assert.False(t, log.Pending(), "Read forgets the launches")
	assert.Equal(t, "kernel Saxpy: work-item [16 0 0] of group [2 0 0]: saxpy.go:12: index out of range [16] with length 16", e.Error())
	assert.True(t, errors.Is(e, driver.ErrDevice))

	// Go leaves the length out of a negative index's message.
	id = log.Launch(spec, driver.NDRange{Dims: 1, Size: [3]int{8, 1, 1}})
	e = log.Read(record(id, 0, [3]uint32{3, 0, 0}, uint64(math.MaxUint64), 16))
	require.NotNil(t, e)
	assert.Equal(t, "index out of range [-1]", e.Message)

	id = log.Launch(spec, driver.NDRange{Dims: 1, Size: [3]int{8, 1, 1}})
	e = log.Read(record(id, 1, [3]uint32{1, 0, 0}, uint64(math.Float32bits(1.5)), 1))
	require.NotNil(t, e)
	assert.Equal(t, driver.FaultPanic, e.Kind)
	assert.Equal(t, "x = 1.5, true", e.Message)

	// A record of a launch the log no longer knows still reports.
	e = log.Read(record(999, 0, [3]uint32{1, 0, 0}))
	require.NotNil(t, e)
	assert.Equal(t, "?", e.Kernel)
}

func TestFaultSitesGoString(t *testing.T) {
	fs := driver.FaultSites{{Kind: driver.FaultDivideByZero, File: "k.go", Line: 3, Format: "integer divide by zero"},
		{Kind: driver.FaultIndex, File: "k.go", Line: 4, Format: "i %d", Args: []driver.ScalarType{driver.Uint}}}
	assert.Equal(t, "[]driver.FaultSite{\n"+
		`{Kind: driver.FaultDivideByZero, File: "k.go", Line: 3, Format: "integer divide by zero", Args: nil},`+"\n"+
		`{Kind: driver.FaultIndex, File: "k.go", Line: 4, Format: "i %d", Args: []driver.ScalarType{driver.Uint}},`+"\n}", fs.GoString())
	assert.Equal(t, "ParamFaultRecord", driver.ParamFaultRecord.String())
	assert.Equal(t, "{Kind: driver.ParamLaunchID, Size: 4}", driver.FaultParams[1].Param.GoString())
}
