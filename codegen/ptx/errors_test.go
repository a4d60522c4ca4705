package ptx

import (
	"strings"
	"testing"

	"github.com/llir/llvm/asm"
)

// TestErrors checks that constructs outside docs/ir.md are reported as
// errors naming them, all of them in one run, never a panic.
func TestErrors(t *testing.T) {
	src := `
define spir_kernel void @Bad(i128 %wide, <2 x float> addrspace(1)* %v.ptr, i64 %v.len, i1 %b) {
entry:
  fence seq_cst
  %x = call i64 @helper(i64 1)
  %y = call double @llvm.erf.f64(double 1.0)
  %z = call float @llvm.tan.f32(float 1.0)
  ret void
}
declare i64 @helper(i64)
declare double @llvm.erf.f64(double)
declare float @llvm.tan.f32(float)
`
	m, err := asm.ParseString("bad.ll", src)
	if err != nil {
		t.Fatal(err)
	}
	_, err = Emit(m, Options{})
	if err == nil {
		t.Fatal("Emit accepted a module outside the contract")
	}
	for _, want := range []string{
		"@Bad: parameter %wide: unsupported type i128",
		"fence seq_cst: unsupported instruction *ir.InstFence",
		"call of unknown function @helper",
		"unsupported intrinsic @llvm.erf.f64",
		"unsupported intrinsic @llvm.tan.f32", // tan is kago's: @ka.math.tan.f32
		"parameter %b: i1 at the kernel boundary",
	} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error does not mention %q:\n%v", want, err)
		}
	}
}

// TestOptions checks the target checks of Options.
func TestOptions(t *testing.T) {
	m, err := asm.ParseFile("testdata/saxpy.ll")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Emit(m, Options{Target: "sm_52"}); err == nil || !strings.Contains(err.Error(), "sm_60") {
		t.Errorf("sm_52: got %v, want an error asking for sm_60", err)
	}
	out, err := Emit(m, Options{Version: "7.8", Target: "sm_90"})
	if err != nil || !strings.Contains(string(out), ".version 7.8\n.target sm_90\n") {
		t.Errorf("7.8/sm_90: %v\n%s", err, out)
	}
}
