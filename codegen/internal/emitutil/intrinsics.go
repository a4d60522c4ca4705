package emitutil

// This file is the table of docs/ir.md's kernel intrinsics and the check
// of a call against it. Each emitter maps every Op in one switch, so adding
// an intrinsic is an Op and an entry here, one case per emitter, and the
// docs (docs/architecture.md, "Adding an intrinsic").

import (
	"fmt"

	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
)

// Op is one kernel intrinsic.
type Op uint8

// The intrinsics of docs/ir.md.
const (
	_          Op = iota
	GlobalID      // @ka.global_id(i32 d) i64
	LocalID       // @ka.local_id(i32 d) i64
	GroupID       // @ka.group_id(i32 d) i64
	GroupSize     // @ka.group_size(i32 d) i64
	NumGroups     // @ka.num_groups(i32 d) i64
	GlobalSize    // @ka.global_size(i32 d) i64: the launch's range, the hidden ka.gsize<d>
	Barrier       // @ka.barrier(): workgroup barrier, fence on local and global memory
	Trap          // @llvm.trap(): a failed bounds check
	MathFunc      // @llvm.<f>.f32|f64 and @ka.math.<f>.f32|f64 (math.go)
	Printf        // @ka.printf([N x i8] c"format\00", i64|double...): C printf's format and arguments
	// The subgroup primitives (docs/ir.md, "Subgroups"): the front end
	// lowers ka's subgroup operations (shuffles of every width, sums, min,
	// max) to these. A subgroup is a run of consecutive linear local ids;
	// the shuffle and the ballot are called by every work-item of the
	// work-group, like a barrier.
	SubgroupSize    // @ka.subgroup_size() i64: the number of work-items in the caller's subgroup
	SubgroupID      // @ka.subgroup_id() i64: the caller's subgroup in its work-group
	SubgroupLocalID // @ka.subgroup_local_id() i64: the caller's lane in its subgroup
	SubgroupShuffle // @ka.subgroup_shuffle(i32 v, i32 lane) i32: v of the lane, 0 <= lane < size
	SubgroupBallot  // @ka.subgroup_ballot(i1 p) i32: bit l set when lane l's p is true
)

// Sig is the signature of an intrinsic.
type Sig uint8

// The signatures of the table (math functions: see ParseMath; printf: see
// Call.Format).
const (
	SigVoid    Sig = iota // void ()
	SigQuery              // i64 (i32 d): a work-item query of a constant dimension 0..2
	SigLane               // i64 (): a subgroup query
	SigShuffle            // i32 (i32, i32)
	SigBallot             // i32 (i1)
)

// Intrinsic describes one intrinsic's callee and signature.
type Intrinsic struct {
	Name string // the callee, without '@' (math functions: see ParseMath)
	Sig  Sig
}

// Intrinsics is the table of intrinsics, by Op.
var Intrinsics = [...]Intrinsic{
	GlobalID:        {"ka.global_id", SigQuery},
	LocalID:         {"ka.local_id", SigQuery},
	GroupID:         {"ka.group_id", SigQuery},
	GroupSize:       {"ka.group_size", SigQuery},
	NumGroups:       {"ka.num_groups", SigQuery},
	GlobalSize:      {"ka.global_size", SigQuery},
	Barrier:         {"ka.barrier", SigVoid},
	Trap:            {"llvm.trap", SigVoid},
	MathFunc:        {"", SigVoid},
	Printf:          {"ka.printf", SigVoid},
	SubgroupSize:    {"ka.subgroup_size", SigLane},
	SubgroupID:      {"ka.subgroup_id", SigLane},
	SubgroupLocalID: {"ka.subgroup_local_id", SigLane},
	SubgroupShuffle: {"ka.subgroup_shuffle", SigShuffle},
	SubgroupBallot:  {"ka.subgroup_ballot", SigBallot},
}

// String returns the intrinsic's callee.
func (op Op) String() string {
	if int(op) < len(Intrinsics) && op != MathFunc && op != 0 {
		return "@" + Intrinsics[op].Name
	}
	return fmt.Sprintf("Op(%d)", op)
}

// byName maps a callee to its Op.
var byName = func() map[string]Op {
	m := map[string]Op{}
	for op, in := range Intrinsics {
		if in.Name != "" {
			m[in.Name] = Op(op)
		}
	}
	return m
}()

// Call is a call of an intrinsic, checked against its signature.
type Call struct {
	Op   Op
	Dim  int  // the dimension of a work-item query
	Math Math // the function of a MathFunc call
	// Format is a Printf call's format, without its NUL: C printf's
	// syntax, with only the conversions d, u, x, X, o, c of an i64 (length
	// modifier l) and f, F, e, E, g, G, a, A of a double.
	Format string
}

// ParseCall checks a call against the contract: the callee is a declared
// intrinsic of the table, with its signature (a work-item query's
// dimension a constant 0..2; a math function's operands and result of its
// float type). The error is a *Problem of kind ErrBadIR.
func ParseCall(inst *ir.InstCall) (Call, error) {
	callee, ok := inst.Callee.(*ir.Func)
	if !ok {
		return Call{}, problem(ErrBadIR, "indirect call; only intrinsics are called")
	}
	name := callee.Name()
	if len(callee.Blocks) > 0 {
		return Call{}, problem(ErrBadIR, "call of defined function @%s; helpers must be inlined, only intrinsics are called", name)
	}
	if m, ok := ParseMath(name); ok {
		if len(inst.Args) != m.Arity || FloatBits(inst.Type()) != m.Bits {
			return Call{}, problem(ErrBadIR, "@%s takes %d float%d operand(s) and returns one", name, m.Arity, m.Bits)
		}
		for _, a := range inst.Args {
			if FloatBits(a.Type()) != m.Bits {
				return Call{}, problem(ErrBadIR, "@%s: operand of type %s", name, a.Type())
			}
		}
		return Call{Op: MathFunc, Math: m}, nil
	}
	op, ok := byName[name]
	if op == Printf {
		return parsePrintf(inst)
	}
	if !ok {
		return Call{}, problem(ErrBadIR, "call of @%s, which is not an intrinsic of docs/ir.md", name)
	}
	switch Intrinsics[op].Sig {
	case SigVoid:
		if len(inst.Args) != 0 || !IsVoid(inst.Type()) {
			return Call{}, problem(ErrBadIR, "@%s takes no arguments and returns void", name)
		}
		return Call{Op: op}, nil
	case SigLane:
		if len(inst.Args) != 0 || IntBits(inst.Type()) != 64 {
			return Call{}, problem(ErrBadIR, "@%s is i64 ()", name)
		}
		return Call{Op: op}, nil
	case SigShuffle:
		if len(inst.Args) != 2 || IntBits(inst.Args[0].Type()) != 32 || IntBits(inst.Args[1].Type()) != 32 || IntBits(inst.Type()) != 32 {
			return Call{}, problem(ErrBadIR, "@%s is i32 (i32, i32)", name)
		}
		return Call{Op: op}, nil
	case SigBallot:
		if len(inst.Args) != 1 || !IsBool(inst.Args[0].Type()) || IntBits(inst.Type()) != 32 {
			return Call{}, problem(ErrBadIR, "@%s is i32 (i1)", name)
		}
		return Call{Op: op}, nil
	}
	if len(inst.Args) != 1 || IntBits(inst.Args[0].Type()) != 32 || IntBits(inst.Type()) != 64 {
		return Call{}, problem(ErrBadIR, "@%s is i64 (i32 d)", name)
	}
	d, ok := inst.Args[0].(*constant.Int)
	if !ok || !d.X.IsInt64() || d.X.Int64() < 0 || d.X.Int64() > 2 {
		return Call{}, problem(ErrBadIR, "@%s: the dimension must be a constant 0, 1 or 2", name)
	}
	return Call{Op: op, Dim: int(d.X.Int64())}, nil
}

// parsePrintf checks a call of @ka.printf: a constant NUL-terminated
// format, then i64 and double arguments.
func parsePrintf(inst *ir.InstCall) (Call, error) {
	if len(inst.Args) == 0 || !IsVoid(inst.Type()) {
		return Call{}, problem(ErrBadIR, "@ka.printf takes a format and returns void")
	}
	ca, ok := inst.Args[0].(*constant.CharArray)
	if !ok || len(ca.X) == 0 || ca.X[len(ca.X)-1] != 0 {
		return Call{}, problem(ErrBadIR, "@ka.printf: the format must be a constant NUL-terminated [N x i8]")
	}
	for i, a := range inst.Args[1:] {
		if IntBits(a.Type()) != 64 && FloatBits(a.Type()) != 64 {
			return Call{}, problem(ErrBadIR, "@ka.printf: argument %d is %s, not i64 or double", i+1, a.Type())
		}
	}
	return Call{Op: Printf, Format: string(ca.X[:len(ca.X)-1])}, nil
}
