package emitutil

// This file is the table of docs/ir.md's kernel intrinsics, which ircheck
// checks calls against, and CallOf, which reads a checked call. Each
// emitter maps every Op in one switch (docs/architecture.md, "Adding an
// intrinsic").

import (
	"fmt"

	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
)

// Op is one kernel intrinsic.
type Op uint8

// IsQuery reports whether op is a work-item query (the ids and sizes of
// the work-item, its group and subgroup): the same value wherever it runs
// in a work-item, reading no memory. The subgroup shuffle and ballot are
// not queries: they exchange values between work-items.
func (op Op) IsQuery() bool {
	switch op {
	case GlobalID, LocalID, GroupID, GroupSize, NumGroups, GlobalSize,
		SubgroupSize, SubgroupID, SubgroupLocalID:
		return true
	}
	return false
}

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

// Call is a call of an intrinsic (CallOf).
type Call struct {
	Op   Op
	Dim  int  // the dimension of a work-item query
	Math Math // the function of a MathFunc call
	// Format is a Printf call's format, without its NUL: C printf's
	// syntax, with only the conversions d, u, x, X, o, c of an i64 (length
	// modifier l) and f, F, e, E, g, G, a, A of a double.
	Format string
}

// CallOf says which intrinsic a call calls, and with what: the Op, a
// work-item query's dimension, a math function, printf's format. ok is
// false when the callee is not an intrinsic of the table. It assumes a
// call that ircheck has checked against the signature (emitters call it
// on verified modules) and reads nothing it has not checked: on another
// call the fields may be zero, never a panic.
func CallOf(inst *ir.InstCall) (c Call, ok bool) {
	callee, ok := inst.Callee.(*ir.Func)
	if !ok {
		return Call{}, false
	}
	name := callee.GlobalName // not Name, which allocates an error parsing it as a number
	if m, ok := ParseMath(name); ok {
		return Call{Op: MathFunc, Math: m}, true
	}
	op, ok := byName[name]
	if !ok {
		return Call{}, false
	}
	c = Call{Op: op}
	switch {
	case Intrinsics[op].Sig == SigQuery && len(inst.Args) == 1:
		if d, ok := inst.Args[0].(*constant.Int); ok && d.X.IsInt64() {
			c.Dim = int(d.X.Int64())
		}
	case op == Printf && len(inst.Args) > 0:
		if ca, ok := inst.Args[0].(*constant.CharArray); ok && len(ca.X) > 0 {
			c.Format = string(ca.X[:len(ca.X)-1])
		}
	}
	return c, true
}
