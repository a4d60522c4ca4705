package unroll

import (
	"strings"
	"testing"

	"github.com/kago-dev/kago/codegen/internal/emittest"
	"github.com/kago-dev/kago/codegen/internal/ircheck"
	"github.com/llir/llvm/asm"
	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/enum"
	"github.com/llir/llvm/ir/types"
	"github.com/stretchr/testify/require"
)

// Every form of every instruction and intrinsic of the dialect
// (emittest.Dialect's samples that fit in one block) is copied: each
// sample's instructions, put in the body of a loop of three turns,
// unroll into three copies that ircheck and the three emitters accept,
// with three of each memory access, atomic and call.
func TestDialect(t *testing.T) {
	for _, s := range emittest.Dialect(t) {
		if strings.Contains(s.Name, "/") {
			continue // a form with control flow of its own (phis)
		}
		t.Run(s.Name, func(t *testing.T) {
			m, err := asm.ParseString(s.Name+".ll", s.IR)
			require.NoError(t, err)
			f := m.Funcs[0]
			inLoop(f)
			before := effects(f)
			_, err = ircheck.Check("the sample in a loop", m)
			require.NoError(t, err, "%s", m)
			require.Equal(t, 1, Func(f), "%s", m)
			f.Blocks = ircheck.Layout(f)
			ircheck.Renumber(f)
			require.NoError(t, f.AssignIDs())
			_, err = ircheck.Check("IR after unrolling", m)
			require.NoError(t, err, "%s", m)
			emitAll(t, m)
			for op, n := range before {
				require.Equal(t, 3*n, effects(f)[op], "%s", op)
			}
		})
	}
}

// inLoop moves what follows the allocas (and the i1 made from a
// parameter) of f's one block into the body of a loop of three turns.
func inLoop(f *ir.Func) {
	entry := f.Blocks[0]
	keep := 0
	for i, inst := range entry.Insts {
		if _, ok := inst.(*ir.InstAlloca); ok || i == 0 {
			keep = i + 1
		}
	}
	head, body, exit := f.NewBlock("head"), f.NewBlock("body"), f.NewBlock("exit")
	body.Insts = append(body.Insts, entry.Insts[keep:]...)
	entry.Insts = entry.Insts[:keep]
	entry.Term = ir.NewBr(head)
	i := ir.NewPhi(ir.NewIncoming(constant.NewInt(types.I64, 0), entry))
	i.SetName("i")
	c := ir.NewICmp(enum.IPredSLT, i, constant.NewInt(types.I64, 3))
	c.SetName("c")
	head.Insts = []ir.Instruction{i, c}
	head.Term = ir.NewCondBr(c, body, exit)
	i1 := ir.NewAdd(i, constant.NewInt(types.I64, 1))
	i1.SetName("i1")
	body.Insts = append(body.Insts, i1)
	body.Term = ir.NewBr(head)
	i.Incs = append(i.Incs, ir.NewIncoming(i1, body))
	exit.Term = ir.NewRet(nil)
}

// effects counts f's loads, stores, atomics and calls by opcode.
func effects(f *ir.Func) map[string]int {
	n := map[string]int{}
	for _, b := range f.Blocks {
		for _, inst := range b.Insts {
			switch inst := inst.(type) {
			case *ir.InstLoad:
				n["load"]++
			case *ir.InstStore:
				n["store"]++
			case *ir.InstAtomicRMW:
				n["atomicrmw"]++
			case *ir.InstCmpXchg:
				n["cmpxchg"]++
			case *ir.InstCall:
				n["call @"+inst.Callee.(*ir.Func).Name()]++
			}
		}
	}
	return n
}
