package opt

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestPure checks which instructions the passes may move, merge or
// delete, and which of those may fault.
func TestPure(t *testing.T) {
	_, f := parse(t, `define spir_kernel void @K(i64 %x, i64 %y, float %a, i32 %v, float addrspace(1)* %p, i32 addrspace(1)* %q, HIDDEN) {
entry:
	%add = add i64 %x, %y
	%sdivc = sdiv i64 %x, 16
	%sdivm1 = sdiv i64 %x, -1
	%udivm1 = udiv i64 %x, -1
	%urem0 = urem i64 %x, 0
	%sremv = srem i64 %x, %y
	%cmp = icmp ult i64 %x, %y
	%sel = select i1 %cmp, i64 %x, i64 %y
	%tr = trunc i64 %x to i32
	%gep = getelementptr float, float addrspace(1)* %p, i64 %x
	%pc = bitcast float addrspace(1)* %p to i32 addrspace(1)*
	%gid = call i64 @ka.global_id(i32 0)
	%sgs = call i64 @ka.subgroup_size()
	%fsel = select i1 %cmp, float %a, float %a
	%fi = fptosi float %a to i64
	%if = sitofp i64 %x to float
	%ib = bitcast float %a to i32
	%fm = fmul float %a, %a
	%ld = load float, float addrspace(1)* %p
	store float %a, float addrspace(1)* %p
	%at = atomicrmw add i32 addrspace(1)* %q, i32 1 monotonic
	%sh = call i32 @ka.subgroup_shuffle(i32 %v, i32 0)
	%bal = call i32 @ka.subgroup_ballot(i1 %cmp)
	call void @ka.barrier()
	ret void
}`)
	want := map[string][2]bool{ // pure, mayFault
		"add": {true, false}, "sdivc": {true, false}, "sdivm1": {true, true}, "udivm1": {true, false},
		"urem0": {true, true}, "sremv": {true, true}, "cmp": {true, false}, "sel": {true, false},
		"tr": {true, false}, "gep": {true, false}, "pc": {true, false}, "gid": {true, false}, "sgs": {true, false},
	}
	for _, inst := range f.Blocks[0].Insts {
		name := ""
		if n, ok := inst.(interface{ Name() string }); ok {
			name = n.Name()
		}
		w := want[name] // the rest: neither
		assert.Equal(t, w[0], pure(inst), "pure(%s)", inst.LLString())
		assert.Equal(t, w[1], pure(inst) && mayFault(inst), "mayFault(%s)", inst.LLString())
	}
}
