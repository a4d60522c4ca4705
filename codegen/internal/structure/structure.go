// Package structure turns a kernel function's control flow graph into
// nested regions: blocks of straight-line code, two-way ifs, loops and the
// jumps that leave them, so that an emitter can write for loops and ifs
// instead of gotos (OpenCL C today; Vulkan's SPIR-V, whose control flow
// must be structured, builds on the same tree).
//
// The algorithm is Ramsey's ("Beyond Relooper: recursive translation of
// unstructured control flow to structured control flow", ICFP 2022) over
// the dominator tree, with one change for loops. It needs a reducible
// graph, which Go code is unless a goto jumps into a loop; the front end
// refuses those with the goto's position, and Build refuses any other.
//
//   - A block's code is placed where its immediate dominator's is, inline
//     after the branch to it, when it has one forward predecessor (in
//     reverse postorder): a then or else branch, the body after a loop's
//     test.
//   - A merge block (two or more forward predecessors) cannot be inline:
//     it follows a Region that holds its dominator's code, and its
//     predecessors Break out of the region to reach it. Regions around one
//     dominator nest so that their follows come in reverse postorder.
//   - A loop header's code is the Body of a Loop; its back edges Continue
//     it. A block outside the loop whose dominator is inside it (a loop
//     exit) is placed after the outermost loop it leaves (not after its
//     dominator, as in Ramsey's paper, which would put the rest of the
//     function inside the loop), so that a loop's Body only loops: every
//     path through it ends in a Continue, a Break out of it or a return.
//
// Every jump of the tree is a Jump statement that names its edge, so that
// the emitter writes the edge's phi copies where it writes the jump.
package structure

import (
	"errors"
	"fmt"
	"sort"

	"github.com/kago-dev/kago/codegen/internal/cfg"
	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/value"
)

// ErrIrreducible is wrapped by the error of Build for a graph with a cycle
// entered other than through one header (a goto into a loop).
var ErrIrreducible = errors.New("irreducible control flow")

// Stmt is one statement of a structured body: *Code, *If, *Loop, *Region,
// *Jump, *Return or *Unreachable.
type Stmt interface{ stmt() }

// Code is a basic block's instructions, without its terminator (which the
// statements after it express).
type Code struct{ Block *ir.Block }

// If runs Then when the conditional branch that ends From takes its true
// target, Else otherwise.
type If struct {
	From       *ir.Block
	Cond       value.Value
	Then, Else []Stmt
}

// Loop runs Body, which starts with its header's code, until a Jump leaves
// it; a Jump whose Target is the loop starts Body again. Body never ends
// without a Jump, Return or Unreachable. Natural is the graph's loop it
// stands for: its blocks, latches and nesting.
type Loop struct {
	Header  *ir.Block
	Natural *cfg.Loop
	Body    []Stmt
}

// Region runs Body; a Jump whose Target is the region leaves Body for the
// statement after the region, whose first block is Follow.
type Region struct {
	Follow *ir.Block
	Body   []Stmt
}

// Jump is the edge From→To. Its Target is the *Loop whose header To is (a
// back edge: the loop's next iteration), the *Region that To follows (a
// break out of it), or nil: To's code is the statement after the jump.
type Jump struct {
	From, To *ir.Block
	Target   Stmt
}

// Return is the ret that ends From.
type Return struct{ From *ir.Block }

// Unreachable is the unreachable that ends From.
type Unreachable struct{ From *ir.Block }

func (*Code) stmt()        {}
func (*If) stmt()          {}
func (*Loop) stmt()        {}
func (*Region) stmt()      {}
func (*Jump) stmt()        {}
func (*Return) stmt()      {}
func (*Unreachable) stmt() {}

// builder holds what Build knows about the graph while it writes the tree.
type builder struct {
	g       *cfg.Graph
	loops   map[*ir.Block]*cfg.Loop   // the loop of each header
	kids    map[*ir.Block][]*ir.Block // the merge blocks each block places after it
	loopOf  map[*ir.Block]*Loop       // the Loop statement of each header, once made
	follows map[*ir.Block]*Region     // the Region each merge block follows, made before any jump to it
}

// Build returns f's body as structured statements. Blocks not reachable
// from the entry are left out. It fails, with an error wrapping
// ErrIrreducible, when a cycle has more than one entry, and with another
// error when a terminator is not br, conditional br, ret or unreachable.
func Build(f *ir.Func) ([]Stmt, error) {
	g := cfg.New(f)
	if g == nil {
		return nil, fmt.Errorf("%s: a block has no terminator, or one other than br, conditional br, ret and unreachable", f.Name())
	}
	if len(g.RPO) == 0 {
		return nil, nil
	}
	for _, b := range g.RPO {
		for _, s := range g.Succs[b] {
			if g.Num(s) <= g.Num(b) && !g.Dominates(s, b) {
				return nil, fmt.Errorf("%s: %w: %s branches back to %s, which does not dominate it", f.Name(), ErrIrreducible, name(b), name(s))
			}
		}
	}
	bd := &builder{g: g, loops: map[*ir.Block]*cfg.Loop{}, kids: map[*ir.Block][]*ir.Block{},
		loopOf: map[*ir.Block]*Loop{}, follows: map[*ir.Block]*Region{}}
	all := g.Loops()
	innermost := map[*ir.Block]*cfg.Loop{}
	for _, l := range all { // innermost first: the first loop found is the innermost
		bd.loops[l.Header] = l
		for _, b := range l.Blocks {
			if innermost[b] == nil {
				innermost[b] = l
			}
		}
	}
	for _, y := range g.RPO[1:] {
		forward := 0
		for _, p := range g.Preds[y] {
			if g.Reachable(p) && g.Num(p) < g.Num(y) {
				forward++
			}
		}
		parent := g.IDom(y)
		moved := false
		for l := innermost[parent]; l != nil && !l.In[y]; l = l.Parent {
			parent, moved = l.Header, true // after the outermost loop y is not in
		}
		if forward >= 2 || moved { // a merge block
			bd.kids[parent] = append(bd.kids[parent], y)
		}
	}
	for _, ys := range bd.kids { // latest first: the outermost region
		sort.Slice(ys, func(i, j int) bool { return g.Num(ys[i]) > g.Num(ys[j]) })
	}
	return bd.tree(g.RPO[0]), nil
}

// tree returns the statements of x and of the blocks it places: its
// dominator-tree children that are merge blocks follow regions around it,
// the others are inline in its code.
func (bd *builder) tree(x *ir.Block) []Stmt {
	kids := bd.kids[x]
	l := bd.loops[x]
	if l == nil {
		return bd.within(kids, func() []Stmt { return bd.code(x) })
	}
	var inside, outside []*ir.Block
	for _, y := range kids {
		if l.In[y] {
			inside = append(inside, y)
		} else {
			outside = append(outside, y)
		}
	}
	return bd.within(outside, func() []Stmt {
		lp := &Loop{Header: x, Natural: l}
		bd.loopOf[x] = lp
		lp.Body = bd.within(inside, func() []Stmt { return bd.code(x) })
		return []Stmt{lp}
	})
}

// within wraps the statements of inner in one region for each merge block
// of ys (latest first), each followed by that block's statements.
func (bd *builder) within(ys []*ir.Block, inner func() []Stmt) []Stmt {
	if len(ys) == 0 {
		return inner()
	}
	y := ys[0]
	r := &Region{Follow: y}
	bd.follows[y] = r
	r.Body = bd.within(ys[1:], inner)
	return append([]Stmt{r}, bd.tree(y)...)
}

// code returns x's instructions and its terminator.
func (bd *builder) code(x *ir.Block) []Stmt {
	out := []Stmt{&Code{Block: x}}
	switch t := x.Term.(type) {
	case *ir.TermBr:
		return append(out, bd.branch(x, t.Target.(*ir.Block))...)
	case *ir.TermCondBr:
		yes, no := t.TargetTrue.(*ir.Block), t.TargetFalse.(*ir.Block)
		if yes == no {
			return append(out, bd.branch(x, yes)...)
		}
		return append(out, &If{From: x, Cond: t.Cond, Then: bd.branch(x, yes), Else: bd.branch(x, no)})
	case *ir.TermRet:
		return append(out, &Return{From: x})
	default: // unreachable: cfg.New accepts nothing else
		return append(out, &Unreachable{From: x})
	}
}

// branch returns the statements of the edge x→t: a jump to the next
// iteration of t's loop, a break to the statement t follows, or t's own
// statements inline.
func (bd *builder) branch(x, t *ir.Block) []Stmt {
	switch {
	case bd.g.Num(t) <= bd.g.Num(x):
		return []Stmt{&Jump{From: x, To: t, Target: bd.loopOf[t]}}
	case bd.follows[t] != nil: // a merge block, whose region is around x
		return []Stmt{&Jump{From: x, To: t, Target: bd.follows[t]}}
	}
	return append([]Stmt{&Jump{From: x, To: t}}, bd.tree(t)...)
}

// name is a block's name for errors.
func name(b *ir.Block) string {
	if b.LocalName != "" {
		return "%" + b.LocalName
	}
	return fmt.Sprintf("%%%d", b.LocalID)
}
