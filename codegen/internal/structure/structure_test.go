package structure

import (
	"errors"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"testing"

	"github.com/kago-dev/kago/codegen/internal/cfg"
	"github.com/llir/llvm/asm"
	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/types"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The tests run the tree and the graph side by side: an interpreter walks
// the statements, taking at each If the branch a seeded sequence of
// decisions says, and the graph is walked with the same decisions. The two
// must visit the same blocks through the same edges, a Loop's Body must
// never fall off its end, and every reachable block's Code must appear
// exactly once in the tree.

// outcome is how running a statement list ended.
type outcome struct {
	jump   Stmt // the Loop or Region a Jump went to; nil
	ret    bool // a Return or Unreachable
	halted bool // the step budget ran out
}

// runner interprets a tree.
type runner struct {
	t         *testing.T
	decisions []bool
	steps     int
	visited   []*ir.Block
	edges     [][2]*ir.Block
}

// limit is the number of blocks a run visits at most.
const limit = 300

func (r *runner) list(ss []Stmt) outcome {
	for _, s := range ss {
		if o := r.stmt(s); o != (outcome{}) {
			return o
		}
	}
	return outcome{}
}

func (r *runner) stmt(s Stmt) outcome {
	switch s := s.(type) {
	case *Code:
		if len(r.visited) == limit {
			return outcome{halted: true}
		}
		r.visited = append(r.visited, s.Block)
	case *If:
		d := r.decisions[r.steps%len(r.decisions)]
		r.steps++
		if d {
			return r.list(s.Then)
		}
		return r.list(s.Else)
	case *Loop:
		for {
			o := r.list(s.Body)
			switch {
			case o == outcome{}:
				r.t.Fatalf("the body of the loop at %s falls off its end", name(s.Header))
			case o.jump == Stmt(s):
				continue
			}
			return o
		}
	case *Region:
		o := r.list(s.Body)
		if o.jump == Stmt(s) {
			return outcome{}
		}
		return o
	case *Jump:
		r.edges = append(r.edges, [2]*ir.Block{s.From, s.To})
		if s.Target != nil {
			return outcome{jump: s.Target}
		}
	case *Return, *Unreachable:
		return outcome{ret: true}
	}
	return outcome{}
}

// walk runs the graph with the same decisions.
func walk(f *ir.Func, decisions []bool) (visited []*ir.Block, edges [][2]*ir.Block) {
	b, steps := f.Blocks[0], 0
	for len(visited) < limit {
		visited = append(visited, b)
		var next *ir.Block
		switch t := b.Term.(type) {
		case *ir.TermBr:
			next = t.Target.(*ir.Block)
		case *ir.TermCondBr:
			next = t.TargetFalse.(*ir.Block)
			if t.TargetTrue == t.TargetFalse {
				next = t.TargetTrue.(*ir.Block)
			} else {
				if decisions[steps%len(decisions)] {
					next = t.TargetTrue.(*ir.Block)
				}
				steps++
			}
		default:
			return visited, edges
		}
		edges = append(edges, [2]*ir.Block{b, next})
		b = next
	}
	return visited, edges
}

// checkSame builds f's tree and runs it against the graph under several
// decision sequences.
func checkSame(t *testing.T, f *ir.Func, rng *rand.Rand) {
	t.Helper()
	tree, err := Build(f)
	require.NoError(t, err)
	g := cfg.New(f)
	loops := map[*ir.Block]*cfg.Loop{}
	for _, l := range g.Loops() {
		loops[l.Header] = l
	}
	// Count each block's Code, and check that a Loop's Body holds only
	// the blocks of its loop.
	codes := map[*ir.Block]int{}
	var count func(ss []Stmt, around []*cfg.Loop)
	count = func(ss []Stmt, around []*cfg.Loop) {
		for _, s := range ss {
			switch s := s.(type) {
			case *Code:
				codes[s.Block]++
				for _, l := range around {
					require.True(t, l.In[s.Block], "%s is in the Loop of %s", name(s.Block), name(l.Header))
				}
			case *If:
				count(s.Then, around)
				count(s.Else, around)
			case *Loop:
				require.NotNil(t, loops[s.Header], "%s heads a Loop but no loop", name(s.Header))
				count(s.Body, append(around, loops[s.Header]))
			case *Region:
				count(s.Body, around)
			}
		}
	}
	count(tree, nil)
	for h := range loops {
		require.True(t, !g.Reachable(h) || loopIn(tree, h), "no Loop for the loop at %s", name(h))
	}
	for _, b := range f.Blocks {
		want := 0
		if g.Reachable(b) {
			want = 1
		}
		require.Equal(t, want, codes[b], "Code statements of %s", name(b))
	}
	for i := 0; i < 20; i++ {
		decisions := make([]bool, 1+rng.Intn(17))
		for j := range decisions {
			decisions[j] = rng.Intn(3) > 0
		}
		r := &runner{t: t, decisions: decisions}
		r.list(tree)
		visited, edges := walk(f, decisions)
		require.Equal(t, names(visited), names(r.visited), "blocks visited with decisions %v", decisions)
		require.Equal(t, len(edges), len(r.edges), "edges taken with decisions %v", decisions)
		for k := range edges {
			require.Equal(t, edges[k], r.edges[k], "edge %d with decisions %v", k, decisions)
		}
	}
}

// loopIn reports whether the tree has a Loop headed by h.
func loopIn(ss []Stmt, h *ir.Block) bool {
	for _, s := range ss {
		switch s := s.(type) {
		case *If:
			if loopIn(s.Then, h) || loopIn(s.Else, h) {
				return true
			}
		case *Loop:
			if s.Header == h || loopIn(s.Body, h) {
				return true
			}
		case *Region:
			if loopIn(s.Body, h) {
				return true
			}
		}
	}
	return false
}

func names(bs []*ir.Block) []string {
	out := make([]string, len(bs))
	for i, b := range bs {
		out[i] = name(b)
	}
	return out
}

// randomFunc makes a function of n blocks whose terminators branch at
// random (on one i1 parameter: the interpreter, not the value, decides).
func randomFunc(rng *rand.Rand, n int) *ir.Func {
	f := ir.NewFunc("f", types.Void, ir.NewParam("c", types.I1))
	for i := 0; i < n; i++ {
		f.NewBlock(fmt.Sprintf("b%d", i))
	}
	for i, b := range f.Blocks {
		switch k := rng.Intn(10); {
		case k == 0 || i == n-1 && k < 5:
			b.NewRet(nil)
		case k < 4:
			b.NewBr(f.Blocks[rng.Intn(n)])
		case k == 4:
			b.NewUnreachable()
		default:
			b.NewCondBr(f.Params[0], f.Blocks[rng.Intn(n)], f.Blocks[rng.Intn(n)])
		}
	}
	return f
}

// reducible decides reducibility by T1/T2 reduction of the reachable
// graph, independently of Build: remove self-loops (T1) and merge a block
// into its only predecessor (T2) until nothing changes; the graph is
// reducible when one block is left.
func reducible(f *ir.Func) bool {
	g := cfg.New(f)
	succs := map[*ir.Block]map[*ir.Block]bool{}
	preds := map[*ir.Block]map[*ir.Block]bool{}
	for _, b := range g.RPO {
		succs[b], preds[b] = map[*ir.Block]bool{}, map[*ir.Block]bool{}
	}
	for _, b := range g.RPO {
		for _, s := range g.Succs[b] {
			succs[b][s], preds[s][b] = true, true
		}
	}
	entry := g.RPO[0]
	for changed := true; changed; {
		changed = false
		for b := range succs {
			delete(succs[b], b) // T1
			delete(preds[b], b)
			if b == entry || len(preds[b]) != 1 {
				continue
			}
			var p *ir.Block
			for q := range preds[b] {
				p = q
			}
			for s := range succs[b] { // T2: p takes b's edges
				delete(preds[s], b)
				preds[s][p] = true
				succs[p][s] = true
			}
			delete(succs[p], b)
			delete(succs, b)
			delete(preds, b)
			changed = true
		}
	}
	return len(succs) == 1
}

func TestRandomGraphs(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	var good, bad int
	for i := 0; i < 1000; i++ {
		f := randomFunc(rng, 1+rng.Intn(12))
		want := reducible(f)
		_, err := Build(f)
		if !want {
			require.ErrorIs(t, err, ErrIrreducible, "function %d:\n%s", i, f.LLString())
			bad++
			continue
		}
		require.NoError(t, err, "function %d:\n%s", i, f.LLString())
		good++
		t.Run(fmt.Sprint(i), func(t *testing.T) { checkSame(t, f, rng) })
	}
	assert.Greater(t, good, 350)
	assert.Greater(t, bad, 50)
}

// TestKernels structures the kernels of the IR test suites: the front
// end's golden modules, the optimizer's and the unroller's.
func TestKernels(t *testing.T) {
	var files []string
	for _, pat := range []string{"../../testdata/ir/*.ll", "../opt/testdata/kernels/*.ll", "../unroll/testdata/*.ll"} {
		m, err := filepath.Glob(pat)
		require.NoError(t, err)
		files = append(files, m...)
	}
	require.NotEmpty(t, files)
	rng := rand.New(rand.NewSource(2))
	n := 0
	for _, file := range files {
		src, err := os.ReadFile(file)
		require.NoError(t, err)
		m, err := asm.ParseString(file, string(src))
		require.NoError(t, err, file)
		for _, f := range m.Funcs {
			if len(f.Blocks) == 0 {
				continue
			}
			n++
			t.Run(filepath.Base(file)+"/"+f.Name(), func(t *testing.T) { checkSame(t, f, rng) })
		}
	}
	assert.Greater(t, n, 40)
}

// TestIrreducible is a goto into a loop: the loop b1→b2→b1 is entered at
// b1 from the entry and at b2 from the entry too.
func TestIrreducible(t *testing.T) {
	f := ir.NewFunc("f", types.Void, ir.NewParam("c", types.I1))
	b0, b1, b2, b3 := f.NewBlock("entry"), f.NewBlock("a"), f.NewBlock("b"), f.NewBlock("out")
	b0.NewCondBr(f.Params[0], b1, b2)
	b1.NewCondBr(f.Params[0], b2, b3)
	b2.NewBr(b1)
	b3.NewRet(nil)
	_, err := Build(f)
	require.ErrorIs(t, err, ErrIrreducible)
	require.ErrorContains(t, err, "%b branches back to %a")
	require.False(t, reducible(f))
}

// TestShapes pins the tree of the shapes the emitters care most about.
func TestShapes(t *testing.T) {
	for _, tc := range []struct {
		name, ir, tree string
	}{{
		name: "counted loop",
		ir: `
entry:
	br label %head
head:
	br i1 %c, label %body, label %exit
body:
	br label %head
exit:
	ret void`,
		tree: "entry ->head region(exit){loop(head){head if{->body body ->head(loop)}else{->exit(region)}}} exit ret",
	}, {
		name: "if and else with && in the condition",
		ir: `
entry:
	br i1 %c, label %b, label %else
b:
	br i1 %c, label %then, label %else
then:
	br label %done
else:
	br label %done
done:
	ret void`,
		tree: "region(done){region(else){entry if{->b b if{->then then ->done(region)}else{->else(region)}}else{->else(region)}} else ->done(region)} done ret",
	}, {
		name: "break out of two loops",
		ir: `
entry:
	br label %outer
outer:
	br i1 %c, label %inner, label %exit
inner:
	br i1 %c, label %exit, label %latch
latch:
	br i1 %c, label %inner, label %outer
exit:
	ret void`,
		tree: "entry ->outer region(exit){loop(outer){outer if{->inner loop(inner){inner if{->exit(region)}else{->latch latch if{->inner(loop)}else{->outer(loop)}}}}else{->exit(region)}}} exit ret",
	}} {
		t.Run(tc.name, func(t *testing.T) {
			m, err := asm.ParseString("test.ll", "define void @f(i1 %c) {"+tc.ir+"\n}\n")
			require.NoError(t, err)
			tree, err := Build(m.Funcs[0])
			require.NoError(t, err)
			assert.Equal(t, tc.tree, show(tree))
		})
	}
}

// show writes a tree on one line.
func show(ss []Stmt) string {
	out := ""
	for i, s := range ss {
		if i > 0 {
			out += " "
		}
		switch s := s.(type) {
		case *Code:
			out += s.Block.LocalName
		case *If:
			out += "if{" + show(s.Then) + "}else{" + show(s.Else) + "}"
		case *Loop:
			out += "loop(" + s.Header.LocalName + "){" + show(s.Body) + "}"
		case *Region:
			out += "region(" + s.Follow.LocalName + "){" + show(s.Body) + "}"
		case *Jump:
			out += "->" + s.To.LocalName
			switch s.Target.(type) {
			case *Loop:
				out += "(loop)"
			case *Region:
				out += "(region)"
			}
		case *Return:
			out += "ret"
		case *Unreachable:
			out += "unreachable"
		}
	}
	return out
}

// The error of a graph Build cannot read.
func TestNoTerminator(t *testing.T) {
	f := ir.NewFunc("f", types.Void)
	f.NewBlock("entry")
	_, err := Build(f)
	require.Error(t, err)
	require.False(t, errors.Is(err, ErrIrreducible))
}
