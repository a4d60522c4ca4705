package ptx

// This file lowers @ka.printf to CUDA's vprintf(format, args): the format
// is a module-scope .global byte array per call, the arguments (all 8
// bytes: i64 and double) are stored in a .local buffer whose generic
// address is the second argument. The driver prints the buffer's output at
// the next synchronization.

import (
	"fmt"
	"strings"

	"github.com/kago-dev/kago/codegen/internal/emitutil"
	"github.com/llir/llvm/ir"
)

// createPrintfDecls declares vprintf and each @ka.printf call's format, at
// module scope, when the kernel prints.
func (me *moduleEmitter) createPrintfDecls(out *strings.Builder) {
	calls := printfCalls(me.kernel)
	if len(calls) == 0 {
		return
	}
	out.WriteString(".extern .func (.param .b32 func_retval0) vprintf\n(\n\t.param .b64 vprintf_param_0,\n\t.param .b64 vprintf_param_1\n);\n\n")
	for n, call := range calls {
		c, _ := emitutil.CallOf(call)
		data := append([]byte(c.Format), 0)
		bytes := make([]string, len(data))
		for i, x := range data {
			bytes[i] = fmt.Sprint(x)
		}
		fmt.Fprintf(out, ".global .align 1 .b8 %s[%d] = {%s};\n", formatSym(n), len(data), strings.Join(bytes, ", "))
	}
	out.WriteString("\n")
}

// formatSym is the symbol of the format of the kernel's n-th printf call.
func formatSym(n int) string { return fmt.Sprintf("__ka_fmt_%d", n) }

// printfCalls are the kernel's calls of @ka.printf, in order:
// the i-th one's format is formatSym(i).
func printfCalls(fn *ir.Func) []*ir.InstCall {
	var calls []*ir.InstCall
	for _, b := range fn.Blocks {
		for _, inst := range b.Insts {
			if call, ok := inst.(*ir.InstCall); ok {
				if c, _ := emitutil.CallOf(call); c.Op == emitutil.Printf {
					calls = append(calls, call)
				}
			}
		}
	}
	return calls
}

// createPrintf calls vprintf with the call's format and its arguments in a
// .local buffer.
func (fe *funcEmitter) createPrintf(inst *ir.InstCall) {
	sym := ""
	for i, c := range printfCalls(fe.fn) {
		if c == inst {
			sym = formatSym(i)
		}
	}
	f, fg := fe.newReg(classB64), fe.newReg(classB64)
	fe.ins("mov.u64 %s, %s", f, sym)
	fe.ins("cvta.global.u64 %s, %s", fg, f)
	buf := "0"
	if args := inst.Args[1:]; len(args) > 0 {
		local := fmt.Sprintf("__local_%d", len(fe.locals))
		fe.locals = append(fe.locals, fmt.Sprintf(".local .align 8 .b8 %s[%d]", local, 8*len(args)))
		b := fe.newReg(classB64)
		fe.ins("mov.u64 %s, %s", b, local)
		for i, a := range args {
			t := "b64"
			if emitutil.FloatBits(a.Type()) == 64 {
				t = "f64"
			}
			fe.ins("st.local.%s [%s+%d], %s", t, b, 8*i, fe.reg(a))
		}
		bg := fe.newReg(classB64)
		fe.ins("cvta.local.u64 %s, %s", bg, b)
		buf = bg
	}
	fe.body.WriteString("\t{\n")
	fe.ins(".param .b64 vprintf_arg0")
	fe.ins("st.param.b64 [vprintf_arg0], %s", fg)
	fe.ins(".param .b64 vprintf_arg1")
	fe.ins("st.param.b64 [vprintf_arg1], %s", buf)
	fe.ins(".param .b32 vprintf_ret")
	fe.ins("call.uni (vprintf_ret), vprintf, (vprintf_arg0, vprintf_arg1)")
	fe.body.WriteString("\t}\n")
}
