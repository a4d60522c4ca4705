package codegen

// This file refuses a goto into a loop. Such a jump makes the control flow
// irreducible (a cycle with two entries), which the structurizer that the
// OpenCL C emitter and Vulkan's SPIR-V need cannot turn into loops
// (codegen/internal/structure). Every other Go control flow, labelled
// break and continue and gotos out of or within a loop included, is
// reducible, and go/ssa keeps it so.

import (
	"go/token"

	"golang.org/x/tools/go/ssa"
)

// checkReducible reports each block of f's function that a branch enters
// a loop at, other than through the loop's head: the target of an edge
// that a depth-first walk meets as retreating (to a block still on the
// walk's path) and that does not dominate its source.
func (f *frame) checkReducible() {
	blocks := f.fn.Blocks
	if len(blocks) == 0 {
		return
	}
	const (
		unseen = iota
		onPath
		done
	)
	state := make([]int, len(blocks))
	reported := map[*ssa.BasicBlock]bool{}
	var visit func(b *ssa.BasicBlock)
	visit = func(b *ssa.BasicBlock) {
		state[b.Index] = onPath
		for _, s := range b.Succs {
			switch state[s.Index] {
			case unseen:
				visit(s)
			case onPath:
				if !s.Dominates(b) && !reported[s] {
					reported[s] = true
					f.unsupportedAt(blockPos(s, f.fn), "goto into a loop")
				}
			}
		}
		state[b.Index] = done
	}
	visit(blocks[0])
}

// blockPos is the position of b's first instruction that has one, phis
// aside (a phi's is its variable's declaration), else the function's.
func blockPos(b *ssa.BasicBlock, fn *ssa.Function) token.Pos {
	for _, instr := range b.Instrs {
		if _, phi := instr.(*ssa.Phi); phi {
			continue
		}
		if p := instr.Pos(); p.IsValid() {
			return p
		}
	}
	return fn.Pos()
}
