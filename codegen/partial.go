package codegen

// This file lets a kernel without barriers skip its range test (ranges.go)
// when the launch has no partial group: the test is uniform, one branch
// for every work-item, and when the range is a whole number of groups in
// every dimension no work-item can be outside it. On PoCL the per-item
// test kept the work-item loops of memcopy and saxpy from vectorizing as
// well as a hand-written kernel's (0.66-0.8x their hand-written twins,
// kagobench -twins); behind the uniform branch LLVM's unswitching gives
// the whole-groups case a loop without it.
//
// On a GPU the uniform test is only a cost: every thread computes its
// global id anyway, and one compare against the range is cheaper than the
// products of the uniform test and then that compare. The branch carries
// emitutil.PartialMD, and the PTX copy of the module branches straight to
// the per-item test (skipPartialTests, in ptxmodule.go's middle end).

import (
	"github.com/kago-dev/kago/codegen/internal/emitutil"
	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/enum"
	"github.com/llir/llvm/ir/metadata"
	"github.com/llir/llvm/ir/value"
)

// partialGroups computes, at the end of b, whether the launch rounded its
// range up in some dimension: NumGroups(d)*GroupSize(d) != GlobalSize(d).
// It is the same in every work-item.
func (c *compiler) partialGroups(b *ir.Block) value.Value {
	var r value.Value
	for d := range int64(3) {
		n := c.query(b, "ka.num_groups", d)
		g := c.query(b, "ka.group_size", d)
		size := c.query(b, "ka.global_size", d)
		if isConstInt(n, 1) && isConstInt(g, 1) && isConstInt(size, 1) {
			continue // a dimension the lean variant assumes away (dims.go)
		}
		ne := b.NewICmp(enum.IPredNE, b.NewMul(n, g), size)
		if r == nil {
			r = ne
		} else {
			r = b.NewOr(r, ne)
		}
	}
	return r
}

// markPartial attaches emitutil.PartialMD to br, the uniform test's branch.
func markPartial(br *ir.TermCondBr) {
	br.Metadata = append(br.Metadata, &metadata.Attachment{Name: emitutil.PartialMD, Node: &metadata.Tuple{MetadataID: -1}})
}

// skipPartialTests makes each branch marked with emitutil.PartialMD in f
// go straight to its per-item test, its true target: the test's result
// for a whole number of groups too. The false target, the kernel's first
// block, has no phis (it is go/ssa's entry block, which nothing else
// enters), so only the branch changes; the verifier checks that.
func skipPartialTests(f *ir.Func) {
	for _, b := range f.Blocks {
		if br, ok := b.Term.(*ir.TermCondBr); ok && emitutil.HasMD(br.Metadata, emitutil.PartialMD) {
			b.Term = ir.NewBr(br.TargetTrue.(*ir.Block))
		}
	}
}
