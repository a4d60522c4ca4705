package opt

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/value"
	"github.com/stretchr/testify/require"
)

// evalBlock runs the straight-line entry block of f (integer binary
// operations, icmp, select, casts, stores) with the parameters' values
// args, and returns the stored values in order; ok is false when an
// operation's result is left to the target (a division by zero, a shift
// by the width), where the program means nothing to compare.
func evalBlock(f *ir.Func, args []uint64) (stored []uint64, ok bool) {
	env := map[value.Value]uint64{}
	for i, p := range f.Params[:len(args)] {
		env[p] = toUnsigned(args[i], bits(p.Type()))
	}
	get := func(v value.Value) uint64 {
		if c, _, isConst := intConst(v); isConst {
			return c
		}
		return env[v]
	}
	for _, inst := range f.Blocks[0].Insts {
		var r uint64
		switch inst := inst.(type) {
		case *ir.InstStore:
			stored = append(stored, get(inst.Src))
			continue
		case *ir.InstICmp:
			r = 0
			if evalICmp(inst.Pred, bits(inst.X.Type()), get(inst.X), get(inst.Y)) {
				r = 1
			}
		case *ir.InstSelect:
			r = get(inst.ValueFalse)
			if get(inst.Cond) != 0 {
				r = get(inst.ValueTrue)
			}
		case *ir.InstTrunc:
			r = toUnsigned(get(inst.From), bits(inst.To))
		case *ir.InstZExt:
			r = get(inst.From)
		case *ir.InstSExt:
			r = toUnsigned(uint64(toSigned(get(inst.From), bits(inst.From.Type()))), bits(inst.To))
		default:
			op, x, y := binary(inst)
			if op == "" {
				panic("evalBlock: " + inst.LLString())
			}
			var defined bool
			r, defined = evalBinary(op, bits(x.Type()), get(x), get(y))
			if !defined {
				return nil, false
			}
		}
		env[inst.(value.Value)] = r
	}
	return stored, true
}

// randomProgram writes a straight-line kernel of n random instructions
// over i8 values: the parameters %a and %b, constants that the rules
// look for (0, 1, -1, powers of two, MinInt8) and earlier results; each
// result is stored, so that nothing is dead.
func randomProgram(r *rand.Rand, n int) string {
	ops := []string{"add", "sub", "mul", "sdiv", "udiv", "srem", "urem", "shl", "lshr", "ashr", "and", "or", "xor"}
	preds := []string{"eq", "ne", "ugt", "uge", "ult", "ule", "sgt", "sge", "slt", "sle"}
	consts := []string{"0", "1", "-1", "2", "4", "64", "-128", "3", "7", "127"}
	vals := []string{"%a", "%b"}
	operand := func() string {
		if r.Intn(3) == 0 {
			return consts[r.Intn(len(consts))]
		}
		return vals[r.Intn(len(vals))]
	}
	var b strings.Builder
	b.WriteString("define spir_kernel void @K(i8 %a, i8 %b, i8 addrspace(1)* %o, HIDDEN) {\nentry:\n")
	b.WriteString("\t%a1 = icmp slt i8 %a, 0\n\t%b1 = icmp ult i8 %b, 100\n")
	for i := 0; i < n; i++ {
		name := fmt.Sprintf("%%v%d", i)
		switch k := r.Intn(11); {
		case k == 10:
			// Booleans: an operation on two comparisons or constants
			// (ircheck allows these six on i1).
			bools := []string{"true", "false", "%a1", "%b1"}
			bops := []string{"add", "sub", "mul", "and", "or", "xor"}
			fmt.Fprintf(&b, "\t%%p%d = %s i1 %s, %s\n\t%s = zext i1 %%p%d to i8\n",
				i, bops[r.Intn(len(bops))], bools[r.Intn(4)], bools[r.Intn(4)], name, i)
		case k < 7:
			fmt.Fprintf(&b, "\t%s = %s i8 %s, %s\n", name, ops[r.Intn(len(ops))], operand(), operand())
		case k < 9:
			fmt.Fprintf(&b, "\t%%c%d = icmp %s i8 %s, %s\n", i, preds[r.Intn(len(preds))], operand(), operand())
			fmt.Fprintf(&b, "\t%s = select i1 %%c%d, i8 %s, i8 %s\n", name, i, operand(), operand())
		default:
			fmt.Fprintf(&b, "\t%%w%d = sext i8 %s to i16\n\t%%x%d = add i16 %%w%d, 300\n\t%s = trunc i16 %%x%d to i8\n", i, operand(), i, i, name, i)
		}
		fmt.Fprintf(&b, "\tstore i8 %s, i8 addrspace(1)* %%o\n", name)
		vals = append(vals, name)
	}
	b.WriteString("\tret void\n}\n")
	return b.String()
}

// TestRandomPrograms checks fold, divpow2 and cse together on random i8
// programs: for every pair of inputs where the original program is
// defined, the optimized one stores the same values.
func TestRandomPrograms(t *testing.T) {
	r := rand.New(rand.NewSource(3))
	for p := 0; p < 200; p++ {
		src := randomProgram(r, 12)
		_, orig := parse(t, src)
		m, f := parse(t, src)
		fold(f)
		divPow2(f)
		cse(f)
		fold(f)
		out := text(t, m, f)
		// Edge values and a spread of others.
		inputs := []int{-128, -127, -1, 0, 1, 2, 127}
		for a := -120; a < 128; a += 7 {
			inputs = append(inputs, a)
		}
		for _, a := range inputs {
			for _, b := range inputs {
				want, ok := evalBlock(orig, []uint64{uint64(a), uint64(b)})
				if !ok {
					continue
				}
				got, ok := evalBlock(f, []uint64{uint64(a), uint64(b)})
				require.True(t, ok, "the optimized program is undefined at a=%d b=%d:\n%s\n%s", a, b, src, out)
				require.Equal(t, want, got, "a=%d b=%d:\n%s\n%s", a, b, src, out)
			}
		}
	}
}
