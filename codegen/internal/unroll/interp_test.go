package unroll

// This file is the tests' semantic check: a small interpreter of
// docs/ir.md that runs a kernel as one work-item and records what it does
// to memory and barriers, in order (each load and its address, each
// store with its address and value, each barrier, cmpxchg and the
// return). The kernel before and after unrolling must leave the same
// record: same accesses, same values, same barriers, in the same order.

import (
	"fmt"
	"hash/fnv"
	"strings"
	"testing"

	"github.com/kago-dev/kago/codegen/internal/emitutil"
	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"
	"github.com/stretchr/testify/require"
)

// ptr is an address: an object (a parameter's or a global's name) and an
// element index.
type ptr struct {
	obj string
	idx int64
}

// pair is a cmpxchg's result.
type pair struct{ old, ok uint64 }

// machine runs one work-item.
type machine struct {
	params map[string]uint64 // the integer parameters; others get 7
	mem    map[ptr]any
	vals   map[value.Value]any
	trace  []string
}

// maxSteps bounds a run.
const maxSteps = 1 << 20

// ids of the work-item the machine runs.
var localID, globalID = [3]uint64{3, 2, 0}, [3]uint64{19, 34, 0}

// sameTrace runs the kernel before and after the pass and requires the
// same record of both.
func sameTrace(t *testing.T, r result) {
	t.Helper()
	sameTraceWith(t, r, nil)
}

// sameTraceWith is sameTrace with the integer parameters params; it
// returns the record.
func sameTraceWith(t *testing.T, r result, params map[string]uint64) []string {
	t.Helper()
	_, f := parse(t, r.src)
	want, err := runKernel(f, params, maxSteps)
	require.NoError(t, err)
	got, err := runKernel(r.f, params, maxSteps)
	require.NoError(t, err)
	require.NotEmpty(t, want)
	require.Equal(t, strings.Join(want, "\n"), strings.Join(got, "\n"))
	return want
}

// runKernel runs f, up to limit blocks, and returns its record.
func runKernel(f *ir.Func, params map[string]uint64, limit int) (trace []string, err error) {
	m := &machine{params: params, mem: map[ptr]any{}, vals: map[value.Value]any{}}
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("%v", r)
		}
	}()
	var prev *ir.Block
	b := f.Blocks[0]
	for step := 0; step < limit; step++ {
		// The phis, at once.
		var phis []any
		for _, inst := range b.Insts {
			phi, ok := inst.(*ir.InstPhi)
			if !ok {
				break
			}
			x := incoming(phi, prev)
			if x == nil {
				return nil, fmt.Errorf("phi %s has no value from %s", phi.Ident(), prev.Ident())
			}
			phis = append(phis, m.get(x))
		}
		for i, inst := range b.Insts {
			if i < len(phis) {
				m.vals[inst.(value.Value)] = phis[i]
				continue
			}
			m.exec(inst)
		}
		prev = b
		switch term := b.Term.(type) {
		case *ir.TermBr:
			b = term.Target.(*ir.Block)
		case *ir.TermCondBr:
			if m.get(term.Cond).(uint64) == 1 {
				b = term.TargetTrue.(*ir.Block)
			} else {
				b = term.TargetFalse.(*ir.Block)
			}
		case *ir.TermRet:
			return append(m.trace, "ret"), nil
		case *ir.TermUnreachable:
			return append(m.trace, "unreachable"), nil
		default:
			return nil, fmt.Errorf("terminator %s", term.LLString())
		}
	}
	return nil, fmt.Errorf("more than %d blocks run", limit)
}

// get returns an operand's value.
func (m *machine) get(v value.Value) any {
	switch v := v.(type) {
	case *constant.Int:
		x, ok := constInt(v)
		if !ok {
			panic("constant " + v.Ident())
		}
		return x
	case *constant.Float:
		f, _ := v.X.Float64()
		return f
	case *ir.Param:
		if _, ok := v.Type().(*types.PointerType); ok {
			return ptr{obj: v.Name()}
		}
		if x, ok := m.params[v.Name()]; ok {
			return x
		}
		return uint64(7)
	case *ir.Global:
		return ptr{obj: v.Name()}
	}
	x, ok := m.vals[v]
	if !ok {
		panic("value " + v.Ident() + " used before it is defined")
	}
	return x
}

// exec runs one instruction.
func (m *machine) exec(inst ir.Instruction) {
	if v, ok := inst.(value.Value); ok && pure(v) {
		if _, isSelect := inst.(*ir.InstSelect); !isSelect {
			r, ok := eval(v, func(v value.Value) (uint64, bool) {
				x, ok := m.get(v).(uint64)
				return x, ok
			})
			if !ok {
				panic("cannot evaluate " + inst.LLString())
			}
			m.vals[inst.(value.Value)] = r
			return
		}
	}
	set := func(x any) { m.vals[inst.(value.Value)] = x }
	switch inst := inst.(type) {
	case *ir.InstSelect:
		if m.get(inst.Cond).(uint64) == 1 {
			set(m.get(inst.ValueTrue))
		} else {
			set(m.get(inst.ValueFalse))
		}
	case *ir.InstFAdd, *ir.InstFSub, *ir.InstFMul, *ir.InstFDiv:
		x, y := emitutil.BinaryOperands(inst.(value.Value))
		a, b := m.get(x).(float64), m.get(y).(float64)
		var r float64
		switch inst.(type) {
		case *ir.InstFAdd:
			r = a + b
		case *ir.InstFSub:
			r = a - b
		case *ir.InstFMul:
			r = a * b
		case *ir.InstFDiv:
			r = a / b
		}
		if inst.(value.Value).Type().Equal(types.Float) {
			r = float64(float32(r))
		}
		set(r)
	case *ir.InstSIToFP:
		x := m.get(inst.From).(uint64)
		set(float64(signed(x, width(inst.From.Type()))))
	case *ir.InstFPExt:
		set(m.get(inst.From))
	case *ir.InstFNeg:
		set(-m.get(inst.X).(float64))
	case *ir.InstFCmp:
		a, b := m.get(inst.X).(float64), m.get(inst.Y).(float64)
		switch inst.Pred.String() {
		case "olt":
			set(b2u(a < b))
		case "ogt":
			set(b2u(a > b))
		default:
			panic("fcmp " + inst.Pred.String())
		}
	case *ir.InstAtomicRMW:
		p := m.get(inst.Dst).(ptr)
		old := m.load(p, inst.X.Type()).(uint64)
		if inst.Op.String() != "add" {
			panic("atomicrmw " + inst.Op.String())
		}
		m.mem[p] = mask(old+m.get(inst.X).(uint64), width(inst.X.Type()))
		m.trace = append(m.trace, fmt.Sprintf("atomicrmw add %s[%d] %d", p.obj, p.idx, m.get(inst.X)))
		set(old)
	case *ir.InstAlloca:
		set(ptr{obj: "alloca " + inst.Ident()})
	case *ir.InstGetElementPtr:
		p := m.get(inst.Src).(ptr)
		i := int64(m.get(inst.Indices[len(inst.Indices)-1]).(uint64))
		if len(inst.Indices) == 1 {
			p.idx += i
		} else {
			p.idx = i
		}
		set(p)
	case *ir.InstBitCast:
		p, ok := m.get(inst.From).(ptr)
		if !ok {
			panic("bitcast of a value")
		}
		set(ptr{obj: p.obj + "/" + inst.To.String(), idx: p.idx})
	case *ir.InstLoad:
		p := m.get(inst.Src).(ptr)
		x := m.load(p, inst.ElemType)
		kind := "load"
		if inst.Volatile {
			kind = "load volatile"
		}
		m.trace = append(m.trace, fmt.Sprintf("%s %s[%d] = %v", kind, p.obj, p.idx, x))
		set(x)
	case *ir.InstStore:
		p := m.get(inst.Dst).(ptr)
		x := m.get(inst.Src)
		m.mem[p] = x
		m.trace = append(m.trace, fmt.Sprintf("store %s[%d] = %v", p.obj, p.idx, x))
	case *ir.InstCmpXchg:
		p := m.get(inst.Ptr).(ptr)
		old := m.load(p, inst.Cmp.Type()).(uint64)
		r := pair{old: old}
		if old == m.get(inst.Cmp).(uint64) {
			m.mem[p] = m.get(inst.New)
			r.ok = 1
		}
		m.trace = append(m.trace, fmt.Sprintf("cmpxchg %s[%d] %d -> %d", p.obj, p.idx, old, r.ok))
		set(r)
	case *ir.InstExtractValue:
		r := m.get(inst.X).(pair)
		if inst.Indices[0] == 0 {
			set(r.old)
		} else {
			set(r.ok)
		}
	case *ir.InstCall:
		name := inst.Callee.(*ir.Func).Name()
		dim := func() uint64 { return m.get(inst.Args[0]).(uint64) }
		switch name {
		case "ka.barrier":
			m.trace = append(m.trace, "barrier")
		case "ka.printf":
			var args []string
			for _, a := range inst.Args[1:] {
				args = append(args, fmt.Sprint(m.get(a)))
			}
			m.trace = append(m.trace, "printf "+strings.Join(args, " "))
		case "ka.local_id":
			set(localID[dim()])
		case "ka.global_id":
			set(globalID[dim()])
		case "ka.group_size":
			set(uint64(16))
		case "ka.group_id":
			set(uint64(1))
		case "ka.num_groups":
			set(uint64(3))
		case "ka.global_size":
			set(uint64(48))
		default:
			panic("call of @" + name)
		}
	default:
		panic("instruction " + inst.LLString())
	}
}

// b2u is a bool as an i1.
func b2u(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}

// load returns what p holds: what was stored there, or a value made of
// the address (0 in the fault record, so that no stop is asked for and
// the fault record's state starts clear).
func (m *machine) load(p ptr, t types.Type) any {
	if x, ok := m.mem[p]; ok {
		return x
	}
	h := fnv.New64a()
	fmt.Fprintf(h, "%s[%d]", p.obj, p.idx)
	x := h.Sum64() % 1000
	if strings.HasPrefix(p.obj, "ka.fault") {
		x = 0
	}
	switch {
	case t.Equal(types.Float), t.Equal(types.Double):
		return float64(x)/8 - 60
	case width(t) != 0:
		return mask(x, width(t))
	}
	panic("load of " + t.String())
}
