package codegen

// This file implements panic in kernels: the forms whose message the host
// can word from a constant format and up to three scalar values, which the
// fault record carries (asserts.go):
//
//	panic("constant")
//	panic(v)                                  v a bool, integer or float
//	panic(fmt.Sprintf("constant", v...))      constants and scalars
//	panic(fmt.Sprint(...))                    constants and scalars
//	panic("constant" + strconv.Itoa(v))
//
// The values that build the message (the interface conversions, fmt's
// variadic array) are not lowered: the host formats the message.

import (
	"fmt"
	"go/constant"
	"go/token"
	"go/types"
	"strings"

	"github.com/kago-dev/kago/ka/driver"
	"github.com/llir/llvm/ir/value"
	"golang.org/x/tools/go/ssa"
)

// panicForm is a panic's message: a fmt format of its values.
type panicForm struct {
	format string
	args   []ssa.Value
	parts  []ssa.Instruction // the instructions that only build the message
	err    string            // why the form is not supported ("" if it is)
}

// markPanics finds the panics of the frame's function and marks the
// instructions that only build their messages, which are not lowered.
func (f *frame) markPanics() {
	for _, b := range f.fn.Blocks {
		for _, instr := range b.Instrs {
			p, ok := instr.(*ssa.Panic)
			if !ok {
				continue
			}
			form := analyzePanic(p.X)
			f.panicForms[p] = form
			for _, part := range form.parts {
				f.skip[part] = true
			}
		}
	}
}

const panicForms = "this panic value is not supported in kernels: a panic takes a constant string, a bool, integer or float value, fmt.Sprint or fmt.Sprintf of constants and such values (at most 3), or a constant string + strconv.Itoa(v)"

// analyzePanic returns the form of panic(x).
func analyzePanic(x ssa.Value) *panicForm {
	form := &panicForm{}
	mi, ok := x.(*ssa.MakeInterface)
	if !ok {
		form.err = panicForms
		return form
	}
	form.parts = append(form.parts, mi)
	switch v := mi.X.(type) {
	case *ssa.Const:
		if isStringConst(v) {
			form.format = escapePercent(constant.StringVal(v.Value))
			return form
		}
	case *ssa.Call:
		if fn := v.Common().StaticCallee(); fn != nil && fn.Pkg != nil && fn.Pkg.Pkg.Path() == "fmt" && onlyUsedBy(v, mi) {
			switch fn.Name() {
			case "Sprintf":
				c, ok := v.Common().Args[0].(*ssa.Const)
				if !ok || !isStringConst(c) {
					form.err = "the format of fmt.Sprintf in a panic in a kernel must be a constant"
					return form
				}
				form.parts = append(form.parts, v)
				vals, ok := varargs(v.Common().Args[1], form)
				if !ok {
					return form
				}
				for _, a := range vals {
					if c, ok := a.(*ssa.Const); ok && isStringConst(c) {
						form.err = "a string argument of fmt.Sprintf in a panic is not supported in kernels: write it into the format"
						return form
					}
				}
				form.format = constant.StringVal(c.Value)
				form.args = vals
				return form.limit()
			case "Sprint":
				form.parts = append(form.parts, v)
				vals, ok := varargs(v.Common().Args[0], form)
				if !ok {
					return form
				}
				var b strings.Builder
				for i, a := range vals {
					str := false
					if c, ok := a.(*ssa.Const); ok && isStringConst(c) {
						str = true
					}
					// fmt.Sprint adds a space between operands when
					// neither is a string.
					if i > 0 && !str && !isStringValue(vals[i-1]) {
						b.WriteByte(' ')
					}
					if str {
						b.WriteString(escapePercent(constant.StringVal(a.(*ssa.Const).Value)))
						continue
					}
					b.WriteString("%v")
					form.args = append(form.args, a)
				}
				form.format = b.String()
				return form.limit()
			}
		}
	case *ssa.BinOp:
		// "constant" + strconv.Itoa(v)
		c, ok := v.X.(*ssa.Const)
		call, ok2 := v.Y.(*ssa.Call)
		if v.Op == token.ADD && ok && isStringConst(c) && ok2 && onlyUsedBy(v, mi) && onlyUsedBy(call, v) {
			if fn := call.Common().StaticCallee(); fn != nil && fn.Pkg != nil && fn.Pkg.Pkg.Path() == "strconv" && fn.Name() == "Itoa" {
				form.parts = append(form.parts, v, call)
				form.format = escapePercent(constant.StringVal(c.Value)) + "%d"
				form.args = []ssa.Value{call.Common().Args[0]}
				return form
			}
		}
	default:
		if isScalarBasic(v.Type()) {
			form.format = "%v"
			form.args = []ssa.Value{v}
			return form
		}
	}
	if isScalarBasic(mi.X.Type()) {
		form.format = "%v"
		form.args = []ssa.Value{mi.X}
		return form
	}
	form.err = panicForms
	return form
}

// limit refuses more values than the record holds.
func (form *panicForm) limit() *panicForm {
	if len(form.args) > 3 {
		form.err = "a panic in a kernel records at most 3 values"
	}
	for _, a := range form.args {
		if !isScalarBasic(a.Type()) {
			form.err = panicForms
		}
	}
	return form
}

// varargs returns the values of fmt's ...any argument s (a slice of a
// fresh array of interfaces, or nil), marking the instructions that build
// it as parts of the form.
func varargs(s ssa.Value, form *panicForm) ([]ssa.Value, bool) {
	if c, ok := s.(*ssa.Const); ok && c.IsNil() {
		return nil, true
	}
	sl, ok := s.(*ssa.Slice)
	if !ok {
		form.err = panicForms
		return nil, false
	}
	alloc, ok := sl.X.(*ssa.Alloc)
	if !ok {
		form.err = panicForms
		return nil, false
	}
	form.parts = append(form.parts, sl, alloc)
	pt, ok := alloc.Type().Underlying().(*types.Pointer)
	if !ok {
		form.err = panicForms
		return nil, false
	}
	at, ok := pt.Elem().Underlying().(*types.Array)
	if !ok || sl.Low != nil || sl.High != nil || sl.Max != nil {
		form.err = panicForms
		return nil, false
	}
	vals := make([]ssa.Value, at.Len())
	for _, r := range *alloc.Referrers() {
		ia, ok := r.(*ssa.IndexAddr)
		if !ok {
			continue
		}
		form.parts = append(form.parts, ia)
		idx, ok := ia.Index.(*ssa.Const)
		if !ok || idx.Value == nil || idx.Int64() < 0 || idx.Int64() >= int64(len(vals)) {
			form.err = panicForms
			return nil, false
		}
		for _, u := range *ia.Referrers() {
			st, ok := u.(*ssa.Store)
			if !ok {
				continue
			}
			form.parts = append(form.parts, st)
			mi, ok := st.Val.(*ssa.MakeInterface)
			if !ok {
				form.err = panicForms
				return nil, false
			}
			form.parts = append(form.parts, mi)
			vals[idx.Int64()] = mi.X
		}
	}
	for _, v := range vals {
		if v == nil {
			form.err = panicForms
			return nil, false
		}
	}
	return vals, true
}

func onlyUsedBy(v ssa.Value, user ssa.Instruction) bool {
	refs := v.Referrers()
	if refs == nil {
		return false
	}
	for _, r := range *refs {
		if r != user {
			return false
		}
	}
	return true
}

func isStringConst(c *ssa.Const) bool {
	return c.Value != nil && c.Value.Kind() == constant.String
}

func isStringValue(v ssa.Value) bool {
	b, ok := v.Type().Underlying().(*types.Basic)
	return ok && b.Info()&types.IsString != 0
}

// isScalarBasic reports whether t is a bool, integer or float type.
func isScalarBasic(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&(types.IsBoolean|types.IsInteger|types.IsFloat) != 0 && b.Info()&types.IsUntyped == 0
}

func escapePercent(s string) string { return strings.ReplaceAll(s, "%", "%%") }

// createPanic lowers panic(x): the fault record gets the message's values
// and the work-item returns.
func (f *frame) createPanic(p *ssa.Panic) {
	pos := p.Pos()
	form := f.panicForms[p] // markPanics saw every panic of the function
	if form.err != "" {
		f.errorf(pos, "%s", form.err)
		f.cur.NewUnreachable()
		return
	}
	if f.faults.barrier {
		// A work-item cannot leave a group that will meet at a barrier on
		// OpenCL devices (PoCL crashes), and there is no code after a panic
		// to go on with.
		f.errorf(pos, "%s", unsupported("panic in a kernel that uses barriers (Item.Barrier, ka.LocalArray): on OpenCL devices a work-item cannot stop while its group goes on to a barrier"))
		f.cur.NewUnreachable()
		return
	}
	var vals []value.Value
	var types []driver.ScalarType
	for _, a := range form.args {
		v := f.scalar(a, pos)
		if v == nil {
			f.cur.NewUnreachable()
			return
		}
		st := paramScalar(a.Type())
		if st == driver.Invalid {
			f.errorf(pos, "%s", unsupported(fmt.Sprintf("panic with a value of type %s", describeType(a.Type()))))
			f.cur.NewUnreachable()
			return
		}
		vals = append(vals, v)
		types = append(types, st)
	}
	s := f.site(driver.FaultPanic, pos, form.format, types...)
	f.createFault(s, vals...)
}
