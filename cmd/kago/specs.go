package main

// This file writes what kago_kernels.go registers: a KernelSpec literal per
// plain kernel, with its native entries (kgen.RegisterKernel), and a
// kgen.Generic per generic kernel, with a line per compiled instance
// (kgen.RegisterGeneric), whose specs are made at first use and whose
// native entries its typed launcher brings (codegen.Launchers).

import (
	"bytes"
	"fmt"
	"reflect"
	"strconv"
	"strings"

	"github.com/kago-dev/kago/codegen"
	"github.com/kago-dev/kago/ka/driver"
)

// scalarNames are the Go names of the scalar types in generated code.
var scalarNames = map[driver.ScalarType]string{
	driver.Bool: "Bool", driver.Int: "Int", driver.Int8: "Int8", driver.Int16: "Int16",
	driver.Int32: "Int32", driver.Int64: "Int64", driver.Uint: "Uint", driver.Uint8: "Uint8",
	driver.Uint16: "Uint16", driver.Uint32: "Uint32", driver.Uint64: "Uint64",
	driver.Float32: "Float32", driver.Float64: "Float64", driver.Invalid: "Invalid",
}

// refusedComment writes why f runs a work-item at a time on native, if its
// group function was refused.
func refusedComment(b *bytes.Buffer, name string, group *groupFunc) {
	if group != nil && group.fn == nil {
		fmt.Fprintf(b, "// %s runs a work-item at a time on native: %s.\n", name, group.refused.Reason)
	}
}

// writeRegistration writes the kgen.RegisterKernel call of a plain
// kernel.
func writeRegistration(b *bytes.Buffer, k *codegen.Kernel, group *groupFunc, src *sourceRecord) {
	refusedComment(b, k.Name, group)
	fmt.Fprintf(b, "kgen.RegisterKernel(%s, &driver.KernelSpec{\n", k.Name)
	fmt.Fprintf(b, "Name: %q,\nEntry: %q,\n", k.Name, k.Entry)
	writeParams(b, k.Params)
	fmt.Fprintf(b, "DeviceParams: %#v,\n", k.DeviceParams)
	if k.Faults != nil {
		fmt.Fprintf(b, "Faults: %#v,\n", k.Faults)
	}
	fmt.Fprintf(b, "Barrier: %v,\nNeeds: %s,\n", k.Barrier, featuresExpr(k.Needs))
	if k.MaxGroup > 0 {
		fmt.Fprintf(b, "MaxGroup: %d,\n", k.MaxGroup)
	}
	fmt.Fprintf(b, "Code: kagoCode(%q),\n", k.Name)
	fmt.Fprintf(b, "Source: %s,\n", sourceExpr(src))
	if k.Lean != nil {
		fmt.Fprintf(b, "Lean: %s,\n", leanExpr(k.Lean))
	}
	b.WriteString("Native: func(args []driver.Arg) func(kernel.Item) {\n")
	names := make([]string, len(k.Params))
	for i := range k.Params {
		names[i] = "a" + strconv.Itoa(i)
		fmt.Fprintf(b, "%s := %s\n", names[i], argValue(k, i))
	}
	call := append([]string{"ka.Item(it)"}, names...)
	fmt.Fprintf(b, "return func(it kernel.Item) { %s(%s) }\n", k.Name, strings.Join(call, ", "))
	b.WriteString("},\n")
	if group != nil && group.fn != nil {
		b.WriteString("Group: func(args []driver.Arg) func(*kernel.WorkGroup) {\n")
		for i := range k.Params {
			fmt.Fprintf(b, "%s := %s\n", names[i], argValue(k, i))
		}
		gcall := append([]string{"g"}, names...)
		fmt.Fprintf(b, "return func(g *kernel.WorkGroup) { %s(%s) }\n", group.fn.Name, strings.Join(gcall, ", "))
		b.WriteString("},\n")
		if group.fn.Blocks {
			b.WriteString("GroupBlocks: true,\n")
		}
	}
	b.WriteString("})\n")
}

// writeParams writes a Params field.
func writeParams(b *bytes.Buffer, params []driver.Param) {
	b.WriteString("Params: []driver.Param{\n")
	for _, p := range params {
		b.WriteString(paramExpr(p) + ",\n")
	}
	b.WriteString("},\n")
}

// paramExpr is p as a Go composite literal, without its zero fields.
func paramExpr(p driver.Param) string {
	var fields []string
	fields = append(fields, fmt.Sprintf("Name: %q", p.Name))
	if p.Type != driver.Invalid {
		fields = append(fields, "Type: driver."+scalarNames[p.Type])
	}
	if p.Slice {
		fields = append(fields, "Slice: true")
	}
	if p.Dims != 0 {
		fields = append(fields, fmt.Sprintf("Dims: %d", p.Dims))
	}
	if p.Local {
		fields = append(fields, "Local: true")
	}
	if p.StructSize != 0 {
		fields = append(fields, fmt.Sprintf("StructSize: %d", p.StructSize))
	}
	if p.Fields != nil {
		fs := make([]string, len(p.Fields))
		for i, f := range p.Fields {
			fs[i] = fmt.Sprintf("{Offset: %d, Size: %d}", f.Offset, f.Size)
		}
		fields = append(fields, "Fields: []driver.Field{"+strings.Join(fs, ", ")+"}")
	}
	return "{" + strings.Join(fields, ", ") + "}"
}

// argValue is the expression of a native binder that takes argument i of
// k from args as its parameter's Go type. ka passes a scalar as a value of
// its predeclared type, also for a parameter of a named type (ka's
// scalarValue), which the binder converts.
func argValue(k *codegen.Kernel, i int) string {
	p := k.Params[i]
	if p.Slice || p.Dims > 0 || p.Fields != nil || p.Local || p.StructSize > 0 || p.Type == driver.Invalid || k.GoTypes[i] == p.Type.String() {
		return fmt.Sprintf("args[%d].Value.(%s)", i, k.GoTypes[i])
	}
	return fmt.Sprintf("%s(args[%d].Value.(%s))", k.GoTypes[i], i, p.Type)
}

// typedFromFunc reports whether a Generic reads p's Type from an
// instance's function type (kgen.Generic.Params): a scalar, or a slice
// of scalars.
func typedFromFunc(p driver.Param) bool {
	return p.Fields == nil && p.Dims == 0 && !p.Local && p.StructSize == 0
}

// genericParams returns the Params of f's kgen.Generic, those of its
// first instance with the types that instances read from their function
// types left out.
func genericParams(f *kernelFunc) []driver.Param {
	if len(f.instances) == 0 {
		return nil
	}
	ps := append([]driver.Param(nil), f.instances[0].Params...)
	for i := range ps {
		if typedFromFunc(ps[i]) {
			ps[i].Type = driver.Invalid
		}
	}
	return ps
}

// ownParams reports whether instance k needs Params of its own: whether
// its parameters differ from template with the types it reads from its
// function type.
func ownParams(template []driver.Param, k *codegen.Kernel) bool {
	ps := append([]driver.Param(nil), template...)
	for i := range ps {
		if typedFromFunc(ps[i]) {
			ps[i].Type = k.Params[i].Type
		}
	}
	return !reflect.DeepEqual(ps, k.Params)
}

// hasFaultRecord reports whether k's code has the fault record's
// parameters.
func hasFaultRecord(k *codegen.Kernel) bool {
	n := len(k.DeviceParams)
	return n >= len(driver.FaultParams) && k.DeviceParams[n-1] == driver.FaultParams[len(driver.FaultParams)-1].Param
}

// writeGeneric writes f's kgen.Generic and the fault sites its instances
// share, checking that the specs it makes are the compiled ones.
func writeGeneric(b *bytes.Buffer, f *kernelFunc, symbol string, group *groupFunc, src *sourceRecord) error {
	template := genericParams(f)
	stops := false
	for _, k := range f.instances {
		stops = stops || hasFaultRecord(k) && len(k.Faults) == 0
	}
	var faults []driver.FaultSites
	faultVar := map[int]string{} // instance -> its fault sites' variable
	for i, k := range f.instances {
		if len(k.Faults) == 0 {
			continue
		}
		n := -1
		for j, fs := range faults {
			if reflect.DeepEqual(fs, k.Faults) {
				n = j
			}
		}
		if n < 0 {
			n = len(faults)
			faults = append(faults, k.Faults)
			fmt.Fprintf(b, "// %s are fault sites of instances of %s.\n", faultsName(f.name, n), f.name)
			fmt.Fprintf(b, "var %s = %#v\n\n", faultsName(f.name, n), k.Faults)
		}
		faultVar[i] = faultsName(f.name, n)
	}
	refusedComment(b, f.name, group)
	v := codegen.GenericVar(f.name)
	fmt.Fprintf(b, "// %s is the generic kernel %s as kago gen compiled it: the\n", v, f.name)
	b.WriteString("// specs of its instances are made at their first use (kgen.Generic).\n")
	fmt.Fprintf(b, "var %s = &kgen.Generic{\n", v)
	fmt.Fprintf(b, "Symbol: %q,\n", symbol)
	writeParams(b, template)
	if stops {
		b.WriteString("Stops: true,\n")
	}
	if group != nil && group.fn != nil && group.fn.Blocks {
		b.WriteString("GroupBlocks: true,\n")
	}
	fmt.Fprintf(b, "Code: kagoCode(%q),\n", f.name)
	fmt.Fprintf(b, "Source: %s,\n", sourceExpr(src))
	b.WriteString("Instances: []kgen.Instance{\n")
	for i, k := range f.instances {
		params := driver.LayoutOf(k.Params)
		if len(k.Faults) > 0 || stops {
			for _, fp := range driver.FaultParams {
				params = append(params, fp.Param)
			}
		}
		if !reflect.DeepEqual(params, k.DeviceParams) {
			return fmt.Errorf("internal error: kernel %s: its device parameters are not those a kgen.Generic makes", k.Name)
		}
		fields := []string{fmt.Sprintf("Name: %q, Entry: %q, Func: (func(%s))(nil)", k.Name, k.Entry, strings.Join(append([]string{"ka.Item"}, k.GoTypes...), ", "))}
		if ownParams(template, k) {
			ps := make([]string, len(k.Params))
			for j, p := range k.Params {
				ps[j] = paramExpr(p)
			}
			fields = append(fields, "Params: []driver.Param{"+strings.Join(ps, ", ")+"}")
		}
		if fv := faultVar[i]; fv != "" {
			fields = append(fields, "Faults: "+fv)
		}
		if k.Needs != 0 {
			fields = append(fields, "Needs: "+featuresExpr(k.Needs))
		}
		if k.Barrier {
			fields = append(fields, "Barrier: true")
		}
		if k.MaxGroup > 0 {
			fields = append(fields, fmt.Sprintf("MaxGroup: %d", k.MaxGroup))
		}
		if k.Lean != nil {
			fields = append(fields, "Lean: "+leanExpr(k.Lean))
		}
		b.WriteString("{" + strings.Join(fields, ", ") + "},\n")
	}
	b.WriteString("},\n}\n\n")
	return nil
}

// leanExpr is the driver.Lean of the lean variant lean, whose code is in
// the kernel's code files.
func leanExpr(lean *codegen.Kernel) string {
	facts := make([]string, len(lean.Facts))
	for i, f := range lean.Facts {
		facts[i] = strconv.Quote(f)
	}
	exact := ""
	if lean.Exact != nil {
		exact = fmt.Sprintf(", Exact: &driver.Exact{Entry: %q}", lean.Exact.Entry)
	}
	return fmt.Sprintf("&driver.Lean{Entry: %q, Facts: []string{%s}%s}", lean.Entry, strings.Join(facts, ", "), exact)
}

// faultsName is the variable of f's fault sites number n.
func faultsName(f string, n int) string { return "kagoFaults" + f + "_" + strconv.Itoa(n) }

// featureNames are the Go names of the features in generated code.
var featureNames = []struct {
	f    driver.Features
	name string
}{{driver.FP64, "driver.FP64"}, {driver.Int64Atomics, "driver.Int64Atomics"}}

// featuresExpr writes f as a Go expression: "0", or the features' names
// joined by |.
func featuresExpr(f driver.Features) string {
	var names []string
	for _, n := range featureNames {
		if f.Has(n.f) {
			names = append(names, n.name)
			f &^= n.f
		}
	}
	if f != 0 {
		// A feature gen does not know yet: still exact, if unreadable.
		names = append(names, fmt.Sprintf("%#x", uint32(f)))
	}
	if len(names) == 0 {
		return "0"
	}
	return strings.Join(names, " | ")
}
