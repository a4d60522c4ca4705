package openclc

// This file lowers calls, all of which are intrinsics: the ka.* work-item
// queries, @ka.barrier, @llvm.trap, and (in math.go) the math functions.

import (
	"fmt"
	"strings"

	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
)

// workItemQueries maps the ka.* queries to OpenCL C built-ins;
// @ka.global_size is the hidden parameter instead (see docs/ir.md: the
// user's range, not the rounded-up launch).
var workItemQueries = map[string]string{
	"ka.global_id":   "get_global_id",
	"ka.local_id":    "get_local_id",
	"ka.group_id":    "get_group_id",
	"ka.group_size":  "get_local_size",
	"ka.num_groups":  "get_num_groups",
	"ka.global_size": "",
}

// call dispatches a call by the callee's name.
func (e *emitter) call(inst *ir.InstCall) {
	f, ok := inst.Callee.(*ir.Func)
	if !ok || len(f.Blocks) > 0 {
		e.errorf(ErrBadIR, "call of %s: only intrinsics are called (helpers are inlined)", inst.Callee.Ident())
		return
	}
	name := f.Name()
	if fn, ok := workItemQueries[name]; ok {
		e.workItemQuery(inst, name, fn)
		return
	}
	switch name {
	case "ka.barrier":
		if len(inst.Args) != 0 {
			e.errorf(ErrBadIR, "@ka.barrier takes no arguments")
			return
		}
		e.line("barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);")
		return
	case "llvm.trap":
		e.trap()
		return
	}
	if strings.HasPrefix(name, "llvm.") || strings.HasPrefix(name, "ka.math.") {
		e.math(inst, name)
		return
	}
	e.errorf(ErrBadIR, "call of @%s, which is not an intrinsic of the contract", name)
}

// workItemQuery lowers @ka.<query>(i32 d) for a constant d in 0..2.
func (e *emitter) workItemQuery(inst *ir.InstCall, name, fn string) {
	if len(inst.Args) != 1 || intBits(inst.Typ) != 64 {
		e.errorf(ErrBadIR, "@%s is i64 (i32 d)", name)
		return
	}
	d, ok := inst.Args[0].(*constant.Int)
	if !ok || !d.X.IsInt64() || d.X.Int64() < 0 || d.X.Int64() > 2 || d.Typ.BitSize != 32 {
		e.errorf(ErrBadIR, "@%s takes a constant i32 dimension 0, 1 or 2", name)
		return
	}
	if fn == "" {
		e.assign(inst, fmt.Sprintf("ka_gsize%d", d.X.Int64()))
		return
	}
	e.assign(inst, fmt.Sprintf("(ulong)%s(%d)", fn, d.X.Int64()))
}

// trap lowers @llvm.trap (a failed bounds check). OpenCL C 1.2 has no
// portable way to abort a launch, so the work-item prints what happened
// (printf is core in 1.2; the text reaches the host's stdout on PoCL and
// the driver's printf buffer elsewhere) and returns: this work-item stops,
// the others run on, and the launch itself reports success.
func (e *emitter) trap() {
	e.line(fmt.Sprintf(`printf("kago: kernel %s: index out of range (work-item %%lu,%%lu,%%lu)\n", (ulong)get_global_id(0), (ulong)get_global_id(1), (ulong)get_global_id(2));`, e.kernel))
	e.line("return;")
}
