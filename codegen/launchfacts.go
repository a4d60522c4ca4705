package codegen

// This file decides index checks at launch, where the compiler cannot:
// the commonest kernel indexes x[it.Global()] with no guard, and only the
// launch knows whether its range fits x. For a check whose index lies, by
// the facts of the Go SSA form, in an interval whose bounds are
// expressions of launch values (the range, the group size, the
// parameters' lengths and extents, integer scalars), the kernel gets a
// second variant, its lean one, compiled without that check; the launch
// evaluates the expressions once on the host and runs the lean variant
// when every check it left out holds for every work-item
// (ka/kgen/facts.go, ka/lean.go), the checked one otherwise. A fault is then reported by
// exactly the code and sites it is reported by without this file.
//
// The intervals are those of interval arithmetic, each bound a launch
// expression (lexpr): a constant, a parameter, a query of the item
// (GlobalID(d) is in [0, range(d)-1], or [0, padded(d)-1] in a kernel with
// barriers outside an it.InRange() guard, whose last group runs past the
// range), len or an extent of a parameter; sums, differences, products
// and divisions by constants of such values; phis, as the union of their
// incoming values, or for a loop variable i with i += step (step ≥ 0), its
// first value as the lower bound; and dominating guards (i < n, n > i,
// i >= lo, and their false edges) intersect a value's interval with the
// guard's bound. An inlined helper's parameter is its argument, with the
// interval the argument has at the call. The host evaluates every
// expression exactly: an overflow makes the fact false, so a fact that
// holds also says that the kernel's own arithmetic on those values did
// not wrap. Where a check's
// facts are all constants that hold, the check is proven and left out of
// both variants (a private array's index under its loop bound).

import (
	"go/token"
	"go/types"
	"math"
	"slices"
	"strconv"

	"github.com/kago-dev/kago/ka/kgen"
	"golang.org/x/tools/go/ssa"
)

// LeanSuffix ends the entry of a kernel's lean variant ("Saxpy_lean").
const LeanSuffix = "_lean"

// lexpr is an integer expression of launch values (the grammar of
// driver.Lean's Facts).
type lexpr struct {
	op   string // "", a constant; arg len ext range padded group groups; add sub mul div shr min max
	k    int64  // the constant; the parameter (arg, len, ext); the dimension (range...groups)
	d    int    // ext's dimension
	a, b *lexpr
}

func lconst(c int64) *lexpr { return &lexpr{k: c} }

func (e *lexpr) isConst() bool { return e != nil && e.op == "" }

// nonNegative reports whether e is a leaf of the launch that is never
// negative: a size, a length or an extent.
func (e *lexpr) nonNegative() bool {
	switch e.op {
	case "len", "ext", "range", "padded", "group", "groups":
		return true
	}
	return false
}

// least returns a constant that e is known to be at least, and whether
// there is one. Facts are evaluated only for launches with a non-empty
// range (driver.Lean), where sizes are at least 1; lengths and extents
// are at least 0.
func (e *lexpr) least() (int64, bool) {
	switch e.op {
	case "":
		return e.k, true
	case "range", "padded", "group", "groups":
		return 1, true
	case "len", "ext":
		return 0, true
	case "add", "sub", "mul", "min", "max":
		a, ok := e.a.least()
		if !ok {
			return 0, false
		}
		if e.op == "sub" {
			if !e.b.isConst() {
				return 0, false
			}
			return kgen.EvalOp("sub", a, e.b.k)
		}
		b, ok := e.b.least()
		if !ok || e.op == "mul" && (a < 0 || b < 0) {
			return 0, false
		}
		return kgen.EvalOp(e.op, a, b)
	case "div":
		a, ok := e.a.least()
		if !ok || a < 0 || !e.b.isConst() || e.b.k <= 0 {
			return 0, false
		}
		return a / e.b.k, true
	}
	return 0, false
}

// atLeastConst reports whether e is known to be at least the constant c.
func (e *lexpr) atLeastConst(c *lexpr) bool {
	k, ok := e.least()
	return ok && c.isConst() && k >= c.k
}

// String is e in the facts' grammar.
func (e *lexpr) String() string {
	switch e.op {
	case "":
		return strconv.FormatInt(e.k, 10)
	case "ext":
		return "ext(" + strconv.FormatInt(e.k, 10) + "," + strconv.Itoa(e.d) + ")"
	case "arg", "len", "range", "padded", "group", "groups":
		return e.op + "(" + strconv.FormatInt(e.k, 10) + ")"
	}
	return e.op + "(" + e.a.String() + "," + e.b.String() + ")"
}

// lbin is op(a, b), folded where both are constants (nil when that
// overflows) or one is an identity; nil when either is nil (unbounded).
func lbin(op string, a, b *lexpr) *lexpr {
	if a == nil || b == nil {
		return nil
	}
	if a.isConst() && b.isConst() {
		if v, ok := kgen.EvalOp(op, a.k, b.k); ok {
			return lconst(v)
		}
		return nil
	}
	// (x±c1)±c2 with c1, c2 of one sign is x±(c1+c2): it overflows
	// exactly when the two steps would.
	if (op == "add" || op == "sub") && b.isConst() && (a.op == "add" || a.op == "sub") && a.b.isConst() {
		c1, c2 := a.b.k, b.k
		if a.op == "sub" {
			c1 = -c1
		}
		if op == "sub" {
			c2 = -c2
		}
		// So is (x-c1)±c2 for c1 ≥ 0 and an x ≥ 0 of the launch, where
		// x-c1 cannot overflow.
		safe := (c1 >= 0) == (c2 >= 0) || c1 <= 0 && a.a.nonNegative()
		if c1 != math.MinInt64 && c2 != math.MinInt64 && safe {
			if c, ok := kgen.EvalOp("add", c1, c2); ok {
				if c < 0 && c != math.MinInt64 {
					return lbin("sub", a.a, lconst(-c))
				}
				return lbin("add", a.a, lconst(c))
			}
		}
	}
	switch {
	case op == "mul" && (a.isConst() && a.k == 0 || b.isConst() && b.k == 0):
		return lconst(0)

	case (op == "add" || op == "sub") && b.isConst() && b.k == 0,
		(op == "mul" || op == "div") && b.isConst() && b.k == 1,
		(op == "min" || op == "max") && a.String() == b.String():
		return a
	case op == "add" && a.isConst() && a.k == 0, op == "mul" && a.isConst() && a.k == 1:
		return b
	}
	e := &lexpr{op: op, a: a, b: b}
	if len(e.String()) > 2000 {
		return nil // too big to be worth deciding
	}
	return e
}

// interval is [lo, hi]; a nil bound is unknown.
type interval struct{ lo, hi *lexpr }

func point(e *lexpr) interval { return interval{e, e} }

// full reports whether both bounds are known. Arithmetic takes only full
// intervals: a value bounded on one side only may have wrapped.
func (x interval) full() bool { return x.lo != nil && x.hi != nil }

func (x interval) add(y interval) interval {
	if !x.full() || !y.full() {
		return interval{}
	}
	return interval{lbin("add", x.lo, y.lo), lbin("add", x.hi, y.hi)}
}

func (x interval) sub(y interval) interval {
	if !x.full() || !y.full() {
		return interval{}
	}
	return interval{lbin("sub", x.lo, y.hi), lbin("sub", x.hi, y.lo)}
}

func (x interval) mul(y interval) interval {
	if !x.full() || !y.full() {
		return interval{}
	}
	if y.lo.isConst() && y.lo == y.hi {
		x, y = y, x
	}
	if x.lo.isConst() && x.lo == x.hi { // c*[lo, hi]
		if x.lo.k >= 0 {
			return interval{lbin("mul", x.lo, y.lo), lbin("mul", x.lo, y.hi)}
		}
		return interval{lbin("mul", x.lo, y.hi), lbin("mul", x.lo, y.lo)}
	}
	zero := lconst(0)
	if x.lo.atLeastConst(zero) && y.lo.atLeastConst(zero) { // both never negative
		return interval{lbin("mul", x.lo, y.lo), lbin("mul", x.hi, y.hi)}
	}
	c := []*lexpr{lbin("mul", x.lo, y.lo), lbin("mul", x.lo, y.hi), lbin("mul", x.hi, y.lo), lbin("mul", x.hi, y.hi)}
	if x.lo == x.hi && y.lo == y.hi {
		return point(c[0])
	}
	return interval{lbin("min", lbin("min", c[0], c[1]), lbin("min", c[2], c[3])),
		lbin("max", lbin("max", c[0], c[1]), lbin("max", c[2], c[3]))}
}

// lfact is a ≤ b, evaluated exactly at launch.
type lfact struct{ a, b *lexpr }

func (f lfact) String() string { return "le(" + f.a.String() + "," + f.b.String() + ")" }

// decision is what becomes of an index check.
type decision int

const (
	emitCheck decision = iota // emitted as before
	provenOK                  // cannot fail: left out of both variants
	atLaunch                  // left out of the lean variant, decided by its facts
)

// decideIndex decides the check of index x against bound (a launch
// expression) at instruction at, in the frame of the kernel or of an
// inlined helper. In the lean variant it records the check's facts.
func (f *frame) decideIndex(at ssa.Instruction, x ssa.Value, bound *lexpr) decision {
	if !f.faults.checks || bound == nil || at.Block() == nil {
		return emitCheck
	}
	p := &launchProver{f: f, visiting: map[ssa.Value]bool{}}
	iv := p.span(x, at.Block())
	if iv.lo == nil || iv.hi == nil {
		return emitCheck
	}
	facts := append(p.conds, lfact{lconst(0), iv.lo}, lfact{lbin("add", iv.hi, lconst(1)), bound})
	var left []lfact
	for _, fc := range facts {
		if fc.a == nil || fc.b == nil {
			return emitCheck
		}
		if fc.a.isConst() && fc.b.isConst() {
			if fc.a.k > fc.b.k {
				return emitCheck // fails at every launch (or is no fact)
			}
			continue
		}
		left = append(left, fc)
	}
	if len(left) == 0 {
		return provenOK
	}
	f.leanable = true
	if f.lean {
		for _, fc := range left {
			f.addFact(fc)
		}
	}
	return atLaunch
}

// argOf follows v, while it is a parameter of an inlined helper, to the
// argument of the call it was inlined at: the value and its frame.
func (f *frame) argOf(v ssa.Value) (ssa.Value, *frame) {
	for f.caller != nil {
		par, ok := v.(*ssa.Parameter)
		if !ok {
			break
		}
		i := slices.Index(f.fn.Params, par)
		if i < 0 {
			break
		}
		v, f = f.call.Common().Args[i], f.caller
	}
	return v, f
}

// kernelParam is the index among the kernel's parameters after the Item
// of the parameter that v is (through inlined helpers' arguments), or -1.
func (f *frame) kernelParam(v ssa.Value) int {
	v, f = f.argOf(v)
	if par, ok := v.(*ssa.Parameter); ok && f.caller == nil {
		for i, q := range f.kernel.fn.Params {
			if q == par && i > 0 {
				return i - 1
			}
		}
	}
	return -1
}

// lenBound is len(s) as a launch expression: a slice parameter's length,
// or the constant size of a ka.LocalArray; nil for any other slice.
func (f *frame) lenBound(s ssa.Value) *lexpr {
	if n := f.kernelParam(s); n >= 0 {
		return &lexpr{op: "len", k: int64(n)}
	}
	s, _ = f.argOf(s)
	switch s := s.(type) {
	case *ssa.Call:
		callee := s.Common().StaticCallee()
		args := s.Common().Args
		if callee != nil && callee.Origin() != nil && callee.Origin().Pkg != nil &&
			callee.Origin().Pkg.Pkg.Path() == kaPath && callee.Origin().Name() == "LocalArray" && len(args) == 2 {
			if n, ok := constInt(args[1]); ok && n >= 0 {
				return lconst(n)
			}
		}
	}
	return nil
}

// addFact records fc among the lean variant's facts once; of facts c ≤ e
// with constants c and the same e, only the largest c is kept (x[0],
// x[1] and x[2] need len(x) ≥ 3).
func (c *compiler) addFact(fc lfact) {
	s := fc.String()
	if c.factSet[s] {
		return
	}
	c.factSet[s] = true
	if fc.a.isConst() {
		key := fc.b.String()
		if i, ok := c.constFacts[key]; ok {
			if fc.a.k > c.constBound[key] {
				c.facts[i], c.constBound[key] = s, fc.a.k
			}
			return
		}
		c.constFacts[key], c.constBound[key] = len(c.facts), fc.a.k
	}
	c.facts = append(c.facts, s)
}

// launchProver computes intervals of one check's index, collecting the
// side conditions (loop steps ≥ 0, no wrap) they rely on.
type launchProver struct {
	f        *frame
	conds    []lfact
	visiting map[ssa.Value]bool
}

// span is v's interval wherever b runs: its own, intersected with the
// dominating guards' bounds on v. A value met again while its own
// interval is being computed (a loop, or guards that bound two values by
// each other) is unbounded there.
func (p *launchProver) span(v ssa.Value, b *ssa.BasicBlock) interval {
	if p.visiting[v] {
		return interval{}
	}
	p.visiting[v] = true
	defer delete(p.visiting, v)
	return p.guarded(v, b, p.own(v, b))
}

// isInt reports whether t is a signed 64-bit integer type, the only
// values whose arithmetic the intervals follow.
func isInt(t types.Type) bool {
	return isInteger(t) && !isUnsigned(t) && goSizes.Sizeof(t) == 8
}

// guarded intersects iv with the guards on v where b runs.
func (p *launchProver) guarded(v ssa.Value, b *ssa.BasicBlock, iv interval) interval {
	for _, g := range guards(b) {
		x, op, y := g.normal()
		if !isInt(g.cond.X.Type()) {
			continue
		}
		switch {
		case y == v:
			x, y = y, x
			op = map[token.Token]token.Token{token.LSS: token.GTR, token.GTR: token.LSS, token.LEQ: token.GEQ, token.GEQ: token.LEQ}[op]
		case x != v:
			continue
		}
		if y == v {
			continue
		}
		bound := p.span(y, b)
		if !bound.full() {
			continue
		}
		if bound.lo != bound.hi {
			// Both bounds are evaluated, so that y's computing did not wrap.
			p.conds = append(p.conds, lfact{bound.lo, bound.hi})
		}
		switch op {
		case token.LSS, token.LEQ:
			hi := bound.hi
			if op == token.LSS {
				hi = lbin("sub", hi, lconst(1))
			}
			iv.hi = tighter("min", iv.hi, hi)
		case token.GTR, token.GEQ:
			lo := bound.lo
			if op == token.GTR {
				lo = lbin("add", lo, lconst(1))
			}
			iv.lo = tighter("max", iv.lo, lo)
		}
	}
	return iv
}

// tighter is op(old, e) where both are known, else whichever is.
func tighter(op string, old, e *lexpr) *lexpr {
	switch {
	case old == nil:
		return e
	case e == nil:
		return old
	}
	return lbin(op, old, e)
}

// own is v's interval from its definition.
func (p *launchProver) own(v ssa.Value, b *ssa.BasicBlock) interval {
	iv := p.def(v, b)
	if iv.full() {
		return iv
	}
	// A value of a narrower integer type is within its type, whatever
	// its arithmetic did (a byte read from memory is below 256).
	t := v.Type()
	if c, ok := v.(*ssa.Convert); ok && isInteger(c.X.Type()) && isInt(t) {
		t = c.X.Type()
	}
	if isInteger(t) && goSizes.Sizeof(t) < 8 {
		bits := 8 * goSizes.Sizeof(t)
		if isUnsigned(t) {
			return interval{lconst(0), lconst(1<<bits - 1)}
		}
		return interval{lconst(-1 << (bits - 1)), lconst(1<<(bits-1) - 1)}
	}
	return iv
}

// def is v's interval from what its definition computes.
func (p *launchProver) def(v ssa.Value, b *ssa.BasicBlock) interval {
	switch v := v.(type) {
	case *ssa.Const:
		if c, ok := constInt(v); ok && isInteger(v.Type()) && (!isUnsigned(v.Type()) || c >= 0) {
			return point(lconst(c))
		}
	case *ssa.Parameter:
		if i := p.f.kernelParam(v); i >= 0 && isInt(v.Type()) {
			return point(&lexpr{op: "arg", k: int64(i)})
		}
		if arg, caller := p.f.argOf(v); caller != p.f {
			// A helper's parameter: its argument's interval at the call.
			q := &launchProver{f: caller, visiting: p.visiting}
			iv := q.span(arg, caller.callBlock(p.f))
			p.conds = append(p.conds, q.conds...)
			return iv
		}
	case *ssa.Convert:
		// A narrower integer parameter, widened: its value.
		if isInt(v.Type()) && isInteger(v.X.Type()) && goSizes.Sizeof(v.X.Type()) < 8 {
			if i := p.f.kernelParam(v.X); i >= 0 {
				return point(&lexpr{op: "arg", k: int64(i)})
			}
		}
	case *ssa.Call:
		return p.call(v, b)
	case *ssa.Extract:
		if call, ok := v.Tuple.(*ssa.Call); ok {
			if callee := call.Common().StaticCallee(); callee != nil && isQuery(call) {
				// Global2 and Global3 return their dimensions slowest first.
				if n := map[string]int{"Global2": 2, "Global3": 3}[callee.Name()]; n > 0 {
					return p.ids("GlobalID", n-1-v.Index, b)
				}
			}
		}
	case *ssa.BinOp:
		if !isInt(v.Type()) {
			return interval{}
		}
		x := p.span(v.X, b)
		switch v.Op {
		case token.ADD:
			return x.add(p.span(v.Y, b))
		case token.SUB:
			return x.sub(p.span(v.Y, b))
		case token.MUL:
			return x.mul(p.span(v.Y, b))
		}
		c, ok := constInt(v.Y)
		switch {
		case !ok:
		case v.Op == token.QUO && c > 0:
			return interval{lbin("div", x.lo, lconst(c)), lbin("div", x.hi, lconst(c))}
		case v.Op == token.REM && c > 0:
			return interval{lbin("min", lconst(0), lbin("max", x.lo, lconst(1-c))),
				lbin("max", lconst(0), lbin("min", x.hi, lconst(c-1)))}
		case v.Op == token.SHR && c >= 0 && c < 64:
			return interval{lbin("shr", x.lo, lconst(c)), lbin("shr", x.hi, lconst(c))}
		case v.Op == token.AND && c >= 0:
			return interval{lconst(0), lconst(c)}
		}
	case *ssa.Phi:
		return p.phi(v)
	}
	return interval{}
}

// callBlock is the block of the call in f through which the helper frame
// inner was inlined (directly, or through the helpers between them).
func (f *frame) callBlock(inner *frame) *ssa.BasicBlock {
	for g := inner; g.caller != nil; g = g.caller {
		if g.caller == f {
			return g.call.Block()
		}
	}
	return nil
}

// call is the interval of len of a slice parameter, an extent of a view
// parameter, or a query of the item.
func (p *launchProver) call(v *ssa.Call, b *ssa.BasicBlock) interval {
	args := v.Common().Args
	if bi, ok := v.Common().Value.(*ssa.Builtin); ok {
		if n := p.f.kernelParam(args[0]); bi.Name() == "len" && n >= 0 {
			return point(&lexpr{op: "len", k: int64(n)})
		}
		return interval{}
	}
	callee := v.Common().StaticCallee()
	if callee == nil || callee.Signature.Recv() == nil || len(args) == 0 {
		return interval{}
	}
	if dims, _ := viewDims(callee.Signature.Recv().Type()); dims > 0 {
		d := map[string]int{"Rows": dims - 2, "Cols": dims - 1, "Depth": 0}
		i := p.f.kernelParam(args[0])
		if n, ok := d[callee.Name()]; ok && i >= 0 && (callee.Name() != "Depth" || dims == 3) {
			return point(&lexpr{op: "ext", k: int64(i), d: n})
		}
		return interval{}
	}
	if !isQuery(v) {
		return interval{}
	}
	name := callee.Name()
	if l, ok := map[string]string{"Global": "GlobalID", "Local": "LocalID", "Group": "GroupID"}[name]; ok {
		// id0 + size0*(id1 + size1*id2), as intrinsics.go computes it.
		size := map[string]string{"Global": "range", "Local": "group", "Group": "groups"}[name]
		sz := func(d int) interval { return point(p.leaf(size, int64(d))) }
		inner := p.ids(l, 1, b).add(sz(1).mul(p.ids(l, 2, b)))
		return p.ids(l, 0, b).add(sz(0).mul(inner))
	}
	if len(args) != 2 {
		return interval{}
	}
	d, ok := constInt(args[1])
	if !ok || d < 0 || d > 2 {
		return interval{}
	}
	switch name {
	case "GlobalID", "LocalID", "GroupID":
		return p.ids(name, int(d), b)
	case "GroupSize":
		return point(p.leaf("group", d))
	case "NumGroups":
		return point(p.leaf("groups", d))
	case "GlobalSize":
		return point(p.leaf("range", d))
	}
	return interval{}
}

// ids is the interval of the work-item index query (GlobalID, LocalID,
// GroupID) in dimension d where b runs. In a kernel with barriers, global
// ids run to the whole groups' end unless it.InRange() guards b.
func (p *launchProver) ids(query string, d int, b *ssa.BasicBlock) interval {
	top := map[string]string{"GlobalID": "range", "LocalID": "group", "GroupID": "groups"}[query]
	if top == "range" && p.f.faults.barrier && !inRangeGuarded(b) {
		top = "padded"
	}
	return interval{lconst(0), lbin("sub", p.leaf(top, int64(d)), lconst(1))}
}

// leaf is the launch's size op (range, padded, group, groups) in
// dimension d: 1 in a lean variant that assumes d away (dims.go), under
// that assumption's fact.
func (p *launchProver) leaf(op string, d int64) *lexpr {
	if p.f.lean && d >= int64(p.f.dims) {
		p.f.addFact(dimFact(d))
		return lconst(1)
	}
	return &lexpr{op: op, k: d}
}

// inRangeGuarded reports whether b runs only where it.InRange() holds:
// b or a dominator is entered by the true edge of an if on it.
func inRangeGuarded(b *ssa.BasicBlock) bool {
	for ; b != nil; b = b.Idom() {
		if len(b.Preds) != 1 {
			continue
		}
		pr := b.Preds[0]
		if len(pr.Succs) != 2 || pr.Succs[0] != b || pr.Succs[1] == b || len(pr.Instrs) == 0 {
			continue
		}
		if cond, ok := pr.Instrs[len(pr.Instrs)-1].(*ssa.If); ok {
			if call, ok := cond.Cond.(*ssa.Call); ok {
				if callee := call.Common().StaticCallee(); callee != nil && callee.Name() == "InRange" &&
					callee.Signature.Recv() != nil && isItem(callee.Signature.Recv().Type()) {
					return true
				}
			}
		}
	}
	return false
}

// phi is the interval of a phi: the union of its incoming values, or, for
// a loop variable whose every back edge adds a step ≥ 0 to it, its first
// values as the lower bound (the upper one comes from the guards where it
// is used). The step's sign and the increment's not wrapping become
// conditions: the increment runs under a guard v < e (or v <= e) that
// bounds v, and bound+step must not overflow.
func (p *launchProver) phi(v *ssa.Phi) interval {
	var out interval
	first := true
	loop := false
	for i, e := range v.Edges {
		pred := v.Block().Preds[i]
		if v.Block().Dominates(pred) {
			loop = true
			continue
		}
		iv := p.span(e, pred)
		if first {
			out, first = iv, false
			continue
		}
		out = interval{lbin("min", out.lo, iv.lo), lbin("max", out.hi, iv.hi)}
	}
	if !loop || first {
		return out
	}
	for i, e := range v.Edges {
		pred := v.Block().Preds[i]
		if !v.Block().Dominates(pred) {
			continue
		}
		add, ok := e.(*ssa.BinOp)
		if !ok || add.Op != token.ADD || add.Block() == nil {
			return interval{}
		}
		step := add.Y
		if add.Y == v {
			step = add.X
		} else if add.X != v {
			return interval{}
		}
		s := p.span(step, add.Block())
		top := p.guarded(v, add.Block(), interval{}).hi
		if s.lo == nil || s.hi == nil || top == nil {
			return interval{}
		}
		p.conds = append(p.conds, lfact{lconst(0), s.lo},
			lfact{lbin("add", top, s.hi), lconst(math.MaxInt64)})
	}
	return interval{lo: out.lo}
}
