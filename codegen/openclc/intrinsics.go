package openclc

// This file lowers calls, all of which are intrinsics: the ka.* work-item
// queries, @ka.barrier, @llvm.trap, the subgroup primitives, and (in
// math.go) the math functions.
//
// Subgroups are of one work-item on OpenCL in this version (docs/ir.md,
// "Subgroups"): OpenCL C 1.2 has no subgroup functions, PoCL 3.1 reports
// no cl_khr_subgroups, and there is no device here that has it to test
// against. A subgroup of one is correct on every device: its size is 1,
// its id is the linear local id, the lane is 0, a shuffle (whose lane the
// front end keeps below the size) returns its own value and a ballot is
// the work-item's own predicate in bit 0.

import (
	"fmt"
	"strings"

	"github.com/kago-dev/kago/codegen/internal/emitutil"
	"github.com/llir/llvm/ir"
)

// createCall lowers a call, all of which are intrinsics: each Op of
// emitutil's table maps to an OpenCL C built-in, except @ka.global_size,
// which reads the hidden parameter ka_gsize<d> (see docs/ir.md: the user's
// range, not the rounded-up launch).
func (fe *funcEmitter) createCall(inst *ir.InstCall) {
	c, _ := emitutil.CallOf(inst)
	switch c.Op {
	case emitutil.GlobalID:
		fe.createQuery(inst, "get_global_id", c.Dim)
	case emitutil.LocalID:
		fe.createQuery(inst, "get_local_id", c.Dim)
	case emitutil.GroupID:
		fe.createQuery(inst, "get_group_id", c.Dim)
	case emitutil.GroupSize:
		fe.createQuery(inst, "get_local_size", c.Dim)
	case emitutil.NumGroups:
		fe.createQuery(inst, "get_num_groups", c.Dim)
	case emitutil.GlobalSize:
		fe.assign(inst, fe.vals[emitutil.GlobalSizeParam(fe.fn, c.Dim)])
	case emitutil.Barrier:
		fe.line("barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);")
	case emitutil.Trap:
		fe.createTrap()
	case emitutil.MathFunc:
		fe.createMath(inst, c.Math)
	case emitutil.Printf:
		fe.createPrintf(inst, c.Format)
	case emitutil.SubgroupSize:
		fe.assign(inst, "(ulong)1")
	case emitutil.SubgroupID:
		fe.assign(inst, "(ulong)(get_local_id(0) + get_local_size(0) * (get_local_id(1) + get_local_size(1) * get_local_id(2)))")
	case emitutil.SubgroupLocalID:
		fe.assign(inst, "(ulong)0")
	case emitutil.SubgroupShuffle:
		fe.assign(inst, fe.operand(inst.Args[0]))
	case emitutil.SubgroupBallot:
		fe.assign(inst, "(uint)"+fe.operand(inst.Args[0]))
	default:
		fe.errorf(ErrUnsupported, "intrinsic %s has no OpenCL C mapping", c.Op)
	}
}

// createQuery assigns a work-item function's value in dimension d.
func (fe *funcEmitter) createQuery(inst *ir.InstCall, fn string, d int) {
	fe.assign(inst, fmt.Sprintf("(ulong)%s(%d)", fn, d))
}

// createTrap lowers @llvm.trap (a failed bounds check). OpenCL C 1.2 has no
// portable way to abort a launch, so the work-item prints what happened
// (printf is core in 1.2; the text reaches the host's stdout on PoCL and
// the driver's printf buffer elsewhere) and returns: this work-item stops,
// the others run on, and the launch itself reports success.
func (fe *funcEmitter) createTrap() {
	fe.line(fmt.Sprintf(`printf("kago: kernel %s: index out of range (work-item %%lu,%%lu,%%lu)\n", (ulong)get_global_id(0), (ulong)get_global_id(1), (ulong)get_global_id(2));`, fe.kernel))
	fe.line("return;")
}

// createPrintf lowers @ka.printf to OpenCL C's printf (core in 1.2), whose
// format must be a string literal.
func (fe *funcEmitter) createPrintf(inst *ir.InstCall, format string) {
	args := []string{cString(format)}
	for _, a := range inst.Args[1:] {
		args = append(args, fe.operand(a))
	}
	fe.line("printf(" + strings.Join(args, ", ") + ");")
}

// cString is s as a C string literal.
func cString(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '"' || c == '\\':
			b.WriteByte('\\')
			b.WriteByte(c)
		case c == '\n':
			b.WriteString("\\n")
		case c == '\t':
			b.WriteString("\\t")
		case c < 0x20 || c >= 0x7f:
			fmt.Fprintf(&b, "\\%03o", c)
		default:
			b.WriteByte(c)
		}
	}
	b.WriteByte('"')
	return b.String()
}
