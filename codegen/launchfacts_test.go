package codegen_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kago-dev/kago/codegen"
)

// TestLaunchFacts compiles testdata/lean and compares each kernel's lean
// variant's facts (nil: it has none) with what the index arithmetic
// says, inlined helpers' included; the variant has the kernel's fault
// sites and fewer checks.
func TestLaunchFacts(t *testing.T) {
	p, err := codegen.Load(codegen.Config{Dir: "testdata"}, "./lean")
	require.NoError(t, err)
	kernels, err := p.Compile()
	require.NoError(t, err)
	want := map[string][]string{
		"Plain":      {"le(range(0),len(0))", "le(padded(1),1)", "le(padded(2),1)"},
		"Linear":     {"le(padded(2),1)", "le(padded(1),1)", "le(range(0),len(0))"}, // Global() of a 1-D launch,
		"Offset":     {"le(0,arg(0))", "le(add(add(sub(range(0),1),arg(0)),1),len(1))", "le(padded(1),1)", "le(padded(2),1)"},
		"Narrow":     {"le(0,arg(0))", "le(add(add(sub(range(0),1),arg(0)),1),len(1))", "le(padded(1),1)", "le(padded(2),1)"},
		"FromMemory": {"le(range(0),len(0))", "le(padded(1),1)", "le(padded(2),1)"}, // idx[i]; x[idx[i]] is kept
		"Private":    {"le(1,len(0))", "le(padded(1),1)", "le(padded(2),1)"},        // x[0]; a[k] under k < 4 is proven
		"Tile":       {"le(group(0),64)", "le(padded(1),1)", "le(padded(2),1)", "le(range(0),len(0))"},
		"Rows": {
			"le(add(sub(arg(0),1),1),9223372036854775807)", // j++ under j < n does not wrap
			"le(0,min(0,mul(sub(range(0),1),arg(0))))",
			"le(add(add(max(0,mul(sub(range(0),1),arg(0))),sub(arg(0),1)),1),len(1))",
			"le(add(sub(arg(0),1),1),len(2))",
			"le(range(0),len(3))",
			"le(padded(1),1)", "le(padded(2),1)",
		},
		"ScalarGuard":  {"le(add(min(sub(range(0),1),sub(arg(0),1)),1),len(1))", "le(padded(1),1)", "le(padded(2),1)"},
		"Matrix":       {"le(add(min(sub(range(1),1),sub(ext(0,0),1)),1),ext(1,0))", "le(add(min(sub(range(0),1),sub(ext(0,1),1)),1),ext(1,1))", "le(padded(2),1)"}, // the row is dimension 1
		"Bytes":        {"le(256,len(1))", "le(padded(1),1)", "le(padded(2),1)"},                                                                                    // a byte is below 256
		"Unsigned":     {"le(padded(1),1)", "le(padded(2),1)"},                                                                                                      // a 64-bit unsigned index is not followed: only the 1-D preamble
		"Helper":       {"le(range(0),len(0))", "le(padded(1),1)", "le(padded(2),1)"},                                                                               // through the helper's parameters
		"HelperOffset": {"le(add(min(sub(range(0),1),sub(arg(0),1)),2),len(1))", "le(padded(1),1)", "le(padded(2),1)"},
	}
	require.Len(t, kernels, len(want))
	for _, k := range kernels {
		if want[k.Name] == nil {
			assert.Nil(t, k.Lean, k.Name)
			continue
		}
		require.NotNil(t, k.Lean, k.Name)
		assert.Equal(t, want[k.Name], k.Lean.Facts, k.Name)
		assert.Equal(t, k.Entry+codegen.LeanSuffix, k.Lean.Entry, k.Name)
		assert.Equal(t, k.Faults, k.Lean.Faults, "%s: the variants number their fault sites alike", k.Name)
		assert.Equal(t, k.DeviceParams, k.Lean.DeviceParams, k.Name)
		checks := func(k *codegen.Kernel) int { return strings.Count(k.Module.String(), "icmp ult") }
		if k.Name != "Unsigned" {
			assert.Less(t, checks(k.Lean), checks(k), "%s: the lean variant has fewer checks", k.Name)
		}
	}
	for _, k := range kernels {
		if k.Name == "Private" {
			require.Len(t, k.Faults, 1, "Private: only x[0] is checked")
			assert.Equal(t, 39, k.Faults[0].Line)
		}
	}
}
