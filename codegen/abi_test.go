package codegen_test

import (
	"strings"
	"testing"

	"github.com/kago-dev/kago/codegen"
	"github.com/kago-dev/kago/ka/driver"
	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/types"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestDeviceParams checks the kernel ABI (docs/ir.md): the IR function's
// parameters are the kernel's DeviceParams one for one (a slice's pointer
// and length, a scalar, the hidden ka.gsize0..2, then ka.fault and
// ka.launch for a kernel with fault sites), and the KernelSpec
// carries them.
func TestDeviceParams(t *testing.T) {
	p, err := codegen.Load(codegen.Config{Dir: "testdata"}, "./golden")
	require.NoError(t, err)
	kernels, err := p.Compile()
	require.NoError(t, err)
	require.NotEmpty(t, kernels)
	for _, k := range kernels {
		t.Run(k.Entry, func(t *testing.T) {
			want := driver.LayoutOf(k.Params)
			// golden's //ka:cancel kernels, named Cancel..., read their
			// stop flag through the fault record, with or without sites.
			if k.Faults != nil || strings.HasPrefix(k.Name, "Cancel") {
				for _, fp := range driver.FaultParams {
					want = append(want, fp.Param)
				}
			}
			assert.Equal(t, want, k.DeviceParams)
			var fn *ir.Func
			for _, f := range k.Module.Funcs {
				if len(f.Blocks) > 0 {
					fn = f
				}
			}
			require.NotNil(t, fn)
			require.Len(t, fn.Params, len(k.DeviceParams))
			hidden := 0
			for i, dp := range k.DeviceParams {
				prm := fn.Params[i]
				switch dp.Kind {
				case driver.ParamBuffer:
					assert.Equal(t, k.Params[dp.Arg].Name+".ptr", prm.Name())
					assert.IsType(t, &types.PointerType{}, prm.Type())
				case driver.ParamLength:
					assert.Equal(t, k.Params[dp.Arg].Name+".len", prm.Name())
					assert.Equal(t, types.I64, prm.Type())
				case driver.ParamScalar:
					assert.Equal(t, k.Params[dp.Arg].Name, prm.Name())
				case driver.ParamGlobalSize:
					assert.Equal(t, driver.HiddenParams[hidden].Name, prm.Name())
					assert.Equal(t, types.I64, prm.Type())
					hidden++
				case driver.ParamFaultRecord:
					assert.Equal(t, "ka.fault", prm.Name())
					assert.IsType(t, &types.PointerType{}, prm.Type())
				case driver.ParamLaunchID:
					assert.Equal(t, "ka.launch", prm.Name())
					assert.Equal(t, types.I32, prm.Type())
				}
			}
			assert.Equal(t, len(driver.HiddenParams), hidden, "hidden parameters")
			spec, err := k.Spec(codegen.Targets()[0])
			require.NoError(t, err)
			assert.Equal(t, k.DeviceParams, spec.DeviceParams)
			assert.Equal(t, k.DeviceParams, spec.Layout())
		})
	}
}
