package ircheck

// This file checks the module around the kernel's body: its one kernel,
// its workgroup globals, and the kernel's parameters with the hidden ones
// of docs/ir.md's "Kernel ABI".

import (
	"strings"

	"github.com/kago-dev/kago/codegen/internal/emitutil"
	"github.com/kago-dev/kago/ka/driver"
	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/types"
)

// findKernel returns the module's one function definition, which must
// return void and be named by an identifier; nil, with the error
// recorded, when there is not exactly one.
func (c *checker) findKernel() *ir.Func {
	var kernel *ir.Func
	for _, f := range c.m.Funcs {
		if len(f.Blocks) == 0 {
			continue // an intrinsic's declaration
		}
		if kernel != nil {
			c.badf("module defines more than one function (@%s and @%s); helpers must be inlined, one kernel per module", kernel.Name(), f.Name())
			return nil
		}
		kernel = f
	}
	if kernel == nil {
		c.badf("module defines no function; docs/ir.md expects one kernel")
		return nil
	}
	c.fn = kernel
	if !emitutil.IsVoid(kernel.Sig.RetType) {
		c.badf("a kernel returns void, not %s", kernel.Sig.RetType.LLString())
	}
	if !isIdent(kernel.Name()) {
		c.badf("kernel name %q is not an identifier ([A-Za-z_][A-Za-z0-9_]*)", kernel.Name())
	}
	return kernel
}

// isIdent reports whether s is an identifier of C, which PTX and SPIR-V
// take as well.
func isIdent(s string) bool {
	for i, r := range s {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r == '_':
		case i > 0 && r >= '0' && r <= '9':
		default:
			return false
		}
	}
	return s != ""
}

// LocalPrefix starts the name of every global of a module: the workgroup
// arrays @ka.local.<k> of ka.LocalArray and of the front end's own
// (collectives, stop checks).
const LocalPrefix = "ka.local."

// checkGlobals checks that every global is a workgroup array
// @ka.local.<k>: addrspace(3), of type [N x T], without an initializer.
func (c *checker) checkGlobals() {
	c.globals = map[*ir.Global]bool{}
	for _, g := range c.m.Globals {
		c.inst = g
		pt, _ := g.Type().(*types.PointerType)
		at, isArray := g.ContentType.(*types.ArrayType)
		switch {
		case !strings.HasPrefix(g.Name(), LocalPrefix):
			c.badf("global @%s: the only globals are the workgroup arrays @%s<k>", g.Name(), LocalPrefix)
		case g.AddrSpace != 3 || pt == nil || pt.AddrSpace != 3:
			c.badf("global @%s: a workgroup array is in addrspace(3)", g.Name())
		case !isArray || !memScalar(at.ElemType, 3):
			c.badf("global @%s: a workgroup array is [N x T] of a scalar T other than i1, not %s", g.Name(), g.ContentType.LLString())
		default:
			switch g.Init.(type) {
			case nil, *constant.Undef, *constant.Poison, *constant.ZeroInitializer:
				c.globals[g] = true
			default:
				c.badf("global @%s: workgroup memory cannot be initialized; use undef", g.Name())
			}
		}
	}
	c.inst = nil
}

// hidden are the names and IR types of the parameters the front end
// appends to every kernel (driver.HiddenParams), then to kernels with a
// fault record (driver.FaultParams), in order.
var hidden = func() (h []struct {
	name string
	typ  types.Type
}) {
	for _, p := range driver.HiddenParams {
		h = append(h, struct {
			name string
			typ  types.Type
		}{p.Name, types.NewInt(uint64(8 * p.Param.Size))})
	}
	rec := types.NewPointer(types.I32)
	rec.AddrSpace = 1
	for _, p := range driver.FaultParams {
		t := types.Type(rec)
		if p.Param.Kind == driver.ParamLaunchID {
			t = types.NewInt(uint64(8 * p.Param.Size))
		}
		h = append(h, struct {
			name string
			typ  types.Type
		}{p.Name, t})
	}
	return h
}()

// checkParams checks the kernel's parameters: scalars other than i1 (a
// bool is i8 at the boundary) and pointers to global or workgroup memory,
// then the hidden parameters, in the order and with the types of the ABI.
func (c *checker) checkParams() {
	ps := c.fn.Params
	n := 0 // how many hidden parameters end the list
	for _, k := range []int{len(hidden), len(driver.HiddenParams)} {
		if k <= len(ps) && hiddenAt(ps[len(ps)-k:]) {
			n = k
			break
		}
	}
	if n == 0 {
		var want []string
		for _, h := range hidden {
			want = append(want, h.typ.LLString()+" %"+h.name)
		}
		c.badf("the kernel's parameters end with the hidden %s, then %s in a kernel with a fault record (docs/ir.md, \"Kernel ABI\")",
			strings.Join(want[:len(driver.HiddenParams)], ", "), strings.Join(want[len(driver.HiddenParams):], ", "))
	}
	for _, p := range ps[:len(ps)-n] {
		c.checkParam(p)
	}
}

// hiddenAt reports whether ps are the first len(ps) hidden parameters.
func hiddenAt(ps []*ir.Param) bool {
	for i, p := range ps {
		if p.LocalName != hidden[i].name || !p.Type().Equal(hidden[i].typ) {
			return false
		}
	}
	return true
}

// checkParam checks one of the kernel's own parameters.
func (c *checker) checkParam(p *ir.Param) {
	t := p.Type()
	switch {
	case emitutil.IsBool(t):
		c.badf("parameter %s: i1 at the kernel boundary; bools are i8 there", p.Ident())
	case emitutil.IsPointer(t):
		pt := t.(*types.PointerType)
		if pt.AddrSpace != 1 && pt.AddrSpace != 3 {
			c.badf("parameter %s: a pointer parameter is global (addrspace(1)) or workgroup (addrspace(3)) memory, not %s", p.Ident(), t.LLString())
		} else if !memScalar(pt.ElemType, pt.AddrSpace) {
			c.badf("parameter %s: a pointer parameter points to a scalar other than i1, not %s", p.Ident(), pt.ElemType.LLString())
		}
	case !isScalar(t):
		c.badf("parameter %s: unsupported type %s", p.Ident(), t.LLString())
	}
}
