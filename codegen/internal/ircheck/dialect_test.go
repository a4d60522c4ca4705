package ircheck_test

import (
	"testing"

	"github.com/kago-dev/kago/codegen/internal/emittest"
	"github.com/kago-dev/kago/codegen/internal/ircheck"
	"github.com/stretchr/testify/assert"
)

// TestDialect checks that the verifier accepts a form of every opcode of
// Opcodes and of every intrinsic, and no instruction that Opcodes lacks,
// among emittest's candidates (which Dialect asserts), and that the
// samples it makes of them are in the dialect as a whole.
func TestDialect(t *testing.T) {
	samples := emittest.Dialect(t)
	assert.Greater(t, len(samples), len(ircheck.Opcodes))
	for _, s := range samples {
		assert.NoError(t, check(t, s.IR), s.Name)
	}
}
