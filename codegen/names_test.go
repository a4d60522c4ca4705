package codegen_test

import (
	"reflect"
	"testing"

	"github.com/kago-dev/kago/codegen"
)

// TestInstanceNames checks that instances of generic kernels are named as
// the package's Go code writes them (kago gen writes the name into Go
// source; kago ir and the JIT look kernels up by it), not as go/ssa does
// ("Scale[github.com/.../names.MyFloat]").
func TestInstanceNames(t *testing.T) {
	p, err := codegen.Load(codegen.Config{Dir: "testdata"}, "./names")
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"Pair[int32, float64]", "Scale[MyFloat]"}
	if got := p.KernelNames(); !reflect.DeepEqual(got, want) {
		t.Errorf("KernelNames() = %q, want %q", got, want)
	}
	kernels, err := p.Compile()
	if err != nil {
		t.Fatal(err)
	}
	for i, k := range kernels {
		if k.Name != want[i] {
			t.Errorf("kernel %d: Name %q, want %q", i, k.Name, want[i])
		}
	}
	for name, entry := range map[string]string{
		"Scale[MyFloat]":       "Scale_MyFloat",
		"Pair[int32, float64]": "Pair_int32_float64",
		"Pair[int32,float64]":  "Pair_int32_float64", // spaces do not matter
	} {
		k, err := p.CompileKernel(name)
		if err != nil {
			t.Errorf("CompileKernel(%q): %v", name, err)
			continue
		}
		if k.Entry != entry {
			t.Errorf("CompileKernel(%q): Entry %q, want %q", name, k.Entry, entry)
		}
	}
}
