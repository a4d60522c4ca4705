package driver

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/kago-dev/kago/ka/kernel"
)

// TestClassifyPanicIndexFault: the collectives' IndexFault is reported as
// the FaultIndex of compiled kernels, with its message.
func TestClassifyPanicIndexFault(t *testing.T) {
	kind, msg := ClassifyPanic(kernel.IndexFault{Message: "GroupBroadcast from work-item 5 of a group of 5"})
	assert.Equal(t, FaultIndex, kind)
	assert.Equal(t, "GroupBroadcast from work-item 5 of a group of 5", msg)
}
