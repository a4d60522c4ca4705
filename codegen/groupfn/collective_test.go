package groupfn_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kago-dev/kago/codegen/groupfn"
)

func TestCollectives(t *testing.T) {
	imp := newImporter(t)
	for _, c := range []struct {
		name, src string
		has       []string
	}{
		{"sum", `func K(it ka.Item, x, out []float32) {
	var v float32
	if i := it.Global(); i < len(x) {
		v = x[i]
	}
	s := ka.GroupSum(it, v)
	if it.Local() == 0 {
		out[it.Group()] = s
	}
}`, []string{
			"coll0In := kernel.GroupPrivate[float32](kg, 0)",
			"coll0In[l] = v\n",
			"}\n\tcoll0 := kernel.ReduceSum(coll0In)\n\tfor lz := range n2 {",
			"s := coll0\n",
			"for lx := range n0 {", // whole groups
		}},
		{"generic exclusive min", `func K[T ka.Number](it ka.Item, x []T) {
	v := x[it.Global()]
	e := ka.GroupExclusiveMin(it, v)
	x[it.Global()] = e
}`, []string{
			"coll0In := kernel.GroupPrivate[T](kg, 0)",
			"kernel.ScanMin(coll0In, true, ka.MaxOf[T]())",
			"e := coll0In[l]",
		}},
		{"scans of every kind", `func K(it ka.Item, x []int32) {
	i := it.Global()
	a := ka.GroupInclusiveSum(it, x[i])
	b := ka.GroupExclusiveSum(it, x[i])
	c := ka.GroupInclusiveMax(it, x[i])
	d := ka.GroupExclusiveMax(it, x[i])
	e := ka.GroupInclusiveMin(it, x[i])
	x[i] = a + b + c + d + e
}`, []string{
			"kernel.ScanSum(coll0In, false)", "kernel.ScanSum(coll1In, true)",
			"kernel.ScanMax(coll2In, false, 0)", "kernel.ScanMax(coll3In, true, ka.MinOf[int32]())",
			"kernel.ScanMin(coll4In, false, 0)",
		}},
		{"in an expression and an if condition", `func K(it ka.Item, x []int32) {
	i := it.Global()
	if ka.GroupAny(it, x[i] > 0) {
		x[i] = 1
	}
	x[i] = 2*ka.GroupMax(it, x[i]) + ka.GroupMin(it, int32(len(x)))
	ok := ka.GroupAll(it, x[i] > 2)
	if !ok {
		x[i] = 0
	}
}`, []string{
			"coll0In[l] = x[i] > 0", "coll0 := kernel.ReduceAny(coll0In)", "if coll0 {",
			"coll1In[l] = x[i]\n", "coll2In[l] = int32(len(x))\n",
			"coll1 := kernel.ReduceMax(coll1In)\n\tcoll2 := kernel.ReduceMin(coll2In)",
			"x[i] = 2*coll1 + coll2", "coll3 := kernel.ReduceAll(coll3In)",
		}},
		{"a statement of its own", `func K(it ka.Item, x []float64) {
	ka.GroupBroadcast(it, x[it.Global()], 0)
	ka.GroupSum(it, x[it.Global()])
}`, []string{"_ = kernel.Broadcast(coll0In, 0)", "_ = kernel.ReduceSum(coll1In)"}},
		{"broadcast from a uniform and from a per-item value", `func K(it ka.Item, n int, x []float32) {
	v := x[it.Global()]
	from := 3
	a := ka.GroupBroadcast(it, v, n-1)
	b := ka.GroupBroadcast(it, v, from)
	x[it.Global()] = a + b
}`, []string{
			"coll0 := kernel.Broadcast(coll0In, n-1)",
			"coll1From := kernel.GroupPrivate[int](kg, 3)", "coll1From[l] = from",
			"coll1 := kernel.Broadcast(coll1In, coll1From...)",
		}},
		{"in a loop with barriers", `const G = 64

func K(it ka.Item, n int, x []float32) {
	tmp := ka.LocalArray[float32](it, G)
	acc := float32(0)
	for k := 0; k < n; k++ {
		tmp[it.Local()] = x[k*G+it.Local()]
		it.Barrier()
		acc += ka.GroupSum(it, tmp[G-1-it.Local()])
	}
	x[it.Global()] = acc
}`, []string{
			"accPerItem := kernel.GroupPrivate[float32](kg, 0)",
			"for k := 0; k < n; k++ {", "coll0In[l] = tmp[G-1-l]",
			"coll0 := kernel.ReduceSum(coll0In)", "acc += coll0",
		}},
		{"stop checks", `//ka:cancel
func K(it ka.Item, x []uint8) {
	s := ka.GroupSum(it, x[it.Global()])
	x[it.Global()] = s
}`, []string{"coll0 := kernel.ReduceSum(coll0In)\n\tif kg.Stopped() {\n\t\treturn\n\t}"}},
		{"math in the operand", `func K(it ka.Item, x []float64) {
	x[it.Global()] = ka.GroupSum(it, math.Sqrt(x[it.Global()])) + ka.GroupMax(it, ka.Sqrt(x[0]))
}`, []string{"coll0In[l] = math.Sqrt(x[(row + gx)])"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			fn, err := generate(t, imp, withMath(c.src))
			require.NoError(t, err)
			for _, s := range c.has {
				assert.Contains(t, fn.Source, s)
			}
			compiles(t, imp, constsOf(c.src), fn)
		})
	}
}

func TestCollectivesRefused(t *testing.T) {
	imp := newImporter(t)
	for _, c := range []struct{ name, src, says string }{
		{"divergent if", `func K(it ka.Item, x []int32) {
	if it.Local() < 4 {
		x[0] = ka.GroupSum(it, x[0])
	}
}`, "a barrier or collective under"},
		{"for header", `func K(it ka.Item, x []int) {
	for i := 0; i < ka.GroupSum(it, 1); i++ {
		x[i] = 0
	}
}`, "barrier or collective under"},
		{"range loop", `func K(it ka.Item, x []int) {
	s := 0
	for _, v := range x {
		s += ka.GroupSum(it, v)
	}
	x[it.Global()] = s
}`, "inside a range statement"},
		{"right of &&", `func K(it ka.Item, x []int32) {
	ok := x[0] > 0 && ka.GroupAll(it, true)
	_ = ok
}`, "ka.GroupAll on the right of &&"},
		{"collective in an operand", `func K(it ka.Item, x []int32) {
	x[0] = ka.GroupSum(it, ka.GroupMax(it, x[0]))
}`, "a collective in the operand of ka.GroupSum"},
		{"side effect in the operand", `func K(it ka.Item, x []int32) {
	x[it.Global()] = ka.GroupSum(it, ka.AtomicAdd(&x[0], 1))
}`, "a call of ka.AtomicAdd in the statement of a collective"},
		{"helper in the statement", `func f(x []int32) int32 { x[0]++; return x[0] }

func K(it ka.Item, x []int32) {
	x[it.Global()] = f(x) + ka.GroupSum(it, x[0])
}`, "a call of f in the statement of a collective"},
		{"collectives in an if's header and body", `func K(it ka.Item, x []int32) {
	if ka.GroupAny(it, x[0] > 0) {
		x[0] = ka.GroupSum(it, x[0])
	}
}`, "a collective in the header of a statement with a barrier or collective in its body"},
		{"return before a collective", `func K(it ka.Item, x []int32) {
	if it.Global() >= len(x) {
		return
	}
	x[0] = ka.GroupSum(it, int32(1))
}`, "return before a barrier or collective"},
		{"operand declared by its statement", `func K(it ka.Item, x []int32) {
	if w := x[it.Global()]; ka.GroupAny(it, w > 0) {
		x[it.Global()] = 1
	}
}`, "the operand of ka.GroupAny uses w, which its statement declares"},
		{"subgroup function", `func K(it ka.Item, x []int32) {
	x[it.Global()] = ka.SubgroupShuffle(x[it.Global()], 1)
}`, "ka.SubgroupShuffle: group functions do not emulate subgroups"},
		{"subgroup collective", `func K(it ka.Item, x []int32) {
	x[it.Global()] = ka.SubgroupSum(it, x[it.Global()])
}`, "ka.SubgroupSum: group functions do not emulate subgroups"},
		{"subgroup Item method", `func K(it ka.Item, x []int) {
	x[it.Global()] = it.SubgroupSize()
}`, "it.SubgroupSize: group functions do not emulate subgroups"},
		{"unknown ka function of the Item", `func K(it ka.Item, x []int) {
	x[it.Global()] = ka.Helper(it)
}`, "ka.Helper, which takes the ka.Item, is not a function group functions know"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := generate(t, imp, c.src)
			var refused *groupfn.Refused
			require.ErrorAs(t, err, &refused)
			assert.Contains(t, refused.Reason, c.says)
		})
	}
}
