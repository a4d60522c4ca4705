package codegen

// This file implements printing in kernels: print and println (Go's
// builtins), ka.Printf, and fmt.Printf, fmt.Println and fmt.Print (what a
// Go programmer writes first: the same lowering, their results
// discarded), lowered to @ka.printf with a C printf format
// (docs/ir.md): integers widened to i64 (%ld, %lu), floats to double, a bool
// printed as "true" or "false" by branching on it, constant strings written
// into the format.

import (
	"fmt"
	gconstant "go/constant"
	"go/token"
	"strings"

	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	lltypes "github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"
	"golang.org/x/tools/go/ssa"
)

// piece is a part of a print's output: literal text, a value with its C
// conversion (conv holds the whole conversion, "%ld"), or a bool.
type piece struct {
	text string
	val  value.Value
	conv string
	b    bool // val is an i1 to print as true or false
}

// markPrintfs marks the instructions that only build ka.Printf's variadic
// arguments, which are not lowered (the arguments are read from them).
func (f *frame) markPrintfs() {
	for _, b := range f.fn.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(*ssa.Call)
			if !ok {
				continue
			}
			fn := call.Common().StaticCallee()
			args := call.Common().Args
			if fn == nil || !(isKaFunc(fn, "Printf") || isFmtPrint(fn)) || len(args) == 0 {
				continue
			}
			form := &panicForm{}
			vals, ok := varargs(args[len(args)-1], form)
			if !ok {
				f.printfArgs[call] = nil
				continue
			}
			if vals == nil {
				vals = []ssa.Value{}
			}
			f.printfArgs[call] = vals
			for _, p := range form.parts {
				f.skip[p] = true
			}
		}
	}
}

// createPrint lowers print and println: Go's formats (floats as %+e, which
// prints a two-digit exponent where Go prints three).
func (f *frame) createPrint(call *ssa.Call, ln bool) lowered {
	f.printOperands(call.Common().Args, call.Pos(), ln, false, "%+e")
	return nil
}

// printOperands prints args as Go's print functions space them: with ln a
// space between every two and a newline after (println, fmt.Println), with
// fmtPrint a space between two neither of which is a string (fmt.Print),
// else none (print); floats with floatConv, or printPiece's %g if "".
func (f *frame) printOperands(args []ssa.Value, pos token.Pos, ln, fmtPrint bool, floatConv string) {
	var ps []piece
	for i, a := range args {
		p, ok := f.printPiece(a, pos)
		if !ok {
			return
		}
		if floatConv != "" && isFloat(a.Type()) {
			p.conv = floatConv
		}
		if i > 0 && (ln || fmtPrint && !isStringConstValue(args[i-1]) && p.val != nil) {
			ps = append(ps, piece{text: " "})
		}
		ps = append(ps, p)
	}
	if ln {
		ps = append(ps, piece{text: "\n"})
	}
	f.createPrintf(ps)
}

// printPiece is the piece printing a with its default conversion (the
// caller sets a verb's), or false after an error.
func (f *frame) printPiece(a ssa.Value, pos token.Pos) (piece, bool) {
	if c, ok := a.(*ssa.Const); ok && isStringConst(c) {
		return piece{text: gconstant.StringVal(c.Value)}, true
	}
	if !isScalarBasic(a.Type()) {
		f.errorf(pos, "%s", unsupported("printing a value of type "+describeType(a.Type())+" (kernels print bools, integers, floats and constant strings)"))
		return piece{}, false
	}
	v := f.scalar(a, pos)
	if v == nil {
		return piece{}, false
	}
	t := a.Type()
	switch {
	case isBool(t):
		return piece{val: v, b: true}, true
	case isFloat(t):
		if !v.Type().Equal(lltypes.Double) {
			v = f.cur.NewFPExt(v, lltypes.Double)
		}
		return piece{val: v, conv: "%g"}, true
	}
	v = f.i64(v, t)
	if isUnsigned(t) {
		return piece{val: v, conv: "%lu"}, true
	}
	return piece{val: v, conv: "%ld"}, true
}

// fmtPrints are the functions of fmt that kernels may call.
var fmtPrints = map[string]bool{"Printf": true, "Println": true, "Print": true}

// isFmtPrint reports whether fn is one of fmtPrints.
func isFmtPrint(fn *ssa.Function) bool {
	obj := funcObject(fn)
	return obj != nil && obj.Pkg() != nil && obj.Pkg().Path() == "fmt" && fmtPrints[obj.Name()]
}

// createFmtPrint lowers fmt.Printf as ka.Printf, and fmt.Println and
// fmt.Print as println does, with fmt's spacing (Print puts a space between
// operands only when neither is a string) and floats as %g; ok is false
// for fmt's other functions. The results (a count and an error) cannot be
// used.
func (f *frame) createFmtPrint(call *ssa.Call, name string) (l lowered, ok bool) {
	if !fmtPrints[name] {
		return nil, false
	}
	pos := call.Pos()
	if refs := call.Referrers(); refs != nil && len(*refs) > 0 {
		f.errorf(pos, "%s", unsupported("the results of fmt."+name+" (kernels print and discard them: call it as a statement)"))
		return nil, true
	}
	if name == "Printf" {
		return f.printf(call, "fmt.Printf"), true
	}
	args, have := f.printfArgs[call]
	if !have || args == nil {
		f.errorf(pos, "%s", unsupported("this call of fmt."+name+" (pass the arguments directly, not as a slice...)"))
		return nil, true
	}
	f.printOperands(args, pos, name == "Println", name == "Print", "")
	return nil, true
}

// isStringConstValue reports whether a is a constant string.
func isStringConstValue(a ssa.Value) bool {
	c, ok := a.(*ssa.Const)
	return ok && isStringConst(c)
}

// printf lowers a Printf of Go's verbs named name (ka.Printf, fmt.Printf).
func (f *frame) printf(call *ssa.Call, name string) lowered {
	pos := call.Pos()
	c, ok := call.Common().Args[0].(*ssa.Const)
	if !ok || !isStringConst(c) {
		f.errorf(pos, "the format of %s in a kernel must be a constant", name)
		return nil
	}
	args, ok := f.printfArgs[call]
	if !ok || args == nil {
		f.errorf(pos, "%s", unsupported("this call of "+name+" (pass the arguments directly, not as a slice...)"))
		return nil
	}
	format := gconstant.StringVal(c.Value)
	var ps []piece
	lit := strings.Builder{}
	flush := func() {
		if lit.Len() > 0 {
			ps = append(ps, piece{text: lit.String()})
			lit.Reset()
		}
	}
	next := 0
	for i := 0; i < len(format); i++ {
		ch := format[i]
		if ch != '%' {
			lit.WriteByte(ch)
			continue
		}
		j := i + 1
		for j < len(format) && strings.IndexByte("+-# 0123456789.", format[j]) >= 0 {
			j++
		}
		if j >= len(format) {
			f.errorf(pos, "%s: the format ends in a verb's middle", name)
			return nil
		}
		spec, verb := format[i+1:j], format[j]
		i = j
		if verb == '%' {
			lit.WriteByte('%')
			continue
		}
		if next >= len(args) {
			f.errorf(pos, "%s: %%%c has no argument", name, verb)
			return nil
		}
		a := args[next]
		next++
		if strings.IndexByte("vdxXofFeEgGts", verb) < 0 {
			f.errorf(pos, "%s", unsupported(fmt.Sprintf("the verb %%%c of %s (kernels take v d x X o f F e E g G t s)", verb, name)))
			return nil
		}
		p, ok := f.printPiece(a, pos)
		if !ok {
			return nil
		}
		switch {
		case p.val == nil: // a constant string
			if verb != 's' && verb != 'v' {
				f.errorf(pos, "%s: %%%c of a string", name, verb)
				return nil
			}
			lit.WriteString(p.text)
			continue
		case p.b:
			if verb != 't' && verb != 'v' {
				f.errorf(pos, "%s: %%%c of a bool", name, verb)
				return nil
			}
		case isFloat(a.Type()):
			if strings.IndexByte("vfFeEgG", verb) < 0 {
				f.errorf(pos, "%s: %%%c of a float", name, verb)
				return nil
			}
			if verb != 'v' {
				p.conv = "%" + spec + string(verb)
			} else {
				p.conv = "%" + spec + "g"
			}
		default:
			if strings.IndexByte("vdxXo", verb) < 0 {
				f.errorf(pos, "%s: %%%c of an integer", name, verb)
				return nil
			}
			conv := "d"
			if isUnsigned(a.Type()) {
				conv = "u"
			}
			if verb != 'v' && verb != 'd' {
				conv = string(verb)
			}
			p.conv = "%" + spec + "l" + conv
		}
		flush()
		ps = append(ps, p)
	}
	if next != len(args) {
		f.errorf(pos, "%s: %d arguments for %d verbs", name, len(args), next)
		return nil
	}
	flush()
	f.createPrintf(ps)
	return nil
}

// createPrintf emits the call of @ka.printf for pieces, branching on each
// bool to print "true" or "false".
func (f *frame) createPrintf(ps []piece) {
	for i, p := range ps {
		if !p.b {
			continue
		}
		yes, no, join := f.fn2().NewBlock(""), f.fn2().NewBlock(""), f.fn2().NewBlock("")
		f.cur.NewCondBr(p.val, yes, no)
		for _, side := range []struct {
			b    *ir.Block
			text string
		}{{yes, "true"}, {no, "false"}} {
			f.cur = side.b
			sub := append(append(append([]piece(nil), ps[:i]...), piece{text: side.text}), ps[i+1:]...)
			f.createPrintf(sub)
			f.cur.NewBr(join)
		}
		f.cur = join
		return
	}
	var format strings.Builder
	args := []value.Value{nil}
	for _, p := range ps {
		if p.val == nil {
			format.WriteString(escapePercent(p.text))
			continue
		}
		format.WriteString(p.conv)
		args = append(args, p.val)
	}
	args[0] = constant.NewCharArrayFromString(format.String() + "\x00")
	fn := f.declare("ka.printf", lltypes.Void)
	fn.Sig.Variadic = true
	f.cur.NewCall(fn, args...)
}
