package spirv

import (
	"testing"

	"github.com/kago-dev/kago/codegen/internal/emittest"
	"github.com/llir/llvm/ir"
)

// TestSharedErrors checks the errors every emitter words the same way.
func TestSharedErrors(t *testing.T) {
	emittest.Errors(t, "spirv", func(m *ir.Module) ([]byte, error) { return Emit(m, Options{}) })
}
