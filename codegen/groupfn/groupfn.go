// Package groupfn turns a kernel's Go source into a group function: a Go
// function that runs a whole work-group of the kernel as loops over the
// group's work-items, with the work-item ids as loop variables, for the
// native backend (driver.KernelSpec.Group). kago gen writes one per kernel
// it can transform.
//
// The transformation is source to source, on the kernel's go/ast with its
// go/types information. Every ka.Item query becomes an expression of the
// loop variables or of the group's kernel.WorkGroup; every return becomes a
// continue of the work-item loop. A kernel with barriers is split at each
// barrier into consecutive work-item loops (loop fission, as PoCL's
// work-group functions and KernelAbstractions' CPU backend do): a barrier
// is the end of one loop and the start of the next. Barriers may sit at the
// top level of the body, inside for loops and inside if statements whose
// headers are uniform across the group (they depend only on constants,
// parameters the kernel never assigns, the group's sizes and ids, and the
// variables of such loops); the loop or if then runs once per group, around
// the work-item loops of its body. Variables that live across a barrier
// are kept in per-work-item arrays (kernel.GroupPrivate): loaded into a
// local at the start of each work-item loop that uses them and stored back
// at its end, so that the loops themselves work on locals. ka.LocalArray
// calls, which must be at the top level of the body, become the group's
// arrays (kernel.GroupLocal). A work-group collective (ka.GroupSum and the
// others) splits the loops as a barrier does: the loop before it stores
// each work-item's operand in a per-work-item array, the group combines
// the array once between the loops (kernel.ReduceSum, kernel.ScanSum, ...,
// in the order of the goroutine path and of compiled kernels), and the
// statement of the call opens the next loop with the result in the call's
// place (collective.go).
//
// Kernels it cannot transform are refused with a reason (Refused), and run
// as before: one call of the kernel per work-item, a goroutine per
// work-item when the kernel has barriers. See docs/backends.md for the
// list.
package groupfn

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/constant"
	"go/format"
	"go/token"
	"go/types"
	"os"
	"sort"
	"strconv"
	"strings"
)

// kaPath is the import path of package ka.
const kaPath = "github.com/kago-dev/kago/ka"

// Func is the group function of one kernel function (the generic function,
// for generic kernels).
type Func struct {
	// Name is the group function's Go name ("kagoGroupSaxpy").
	Name string
	// Source is its declaration, formatted, with a doc comment.
	Source string
	// Imports are the import specs it needs besides kernel ("\"math\"",
	// "m \"math\"").
	Imports []string
	// Blocks is true when the function may run a block of several of the
	// launch's groups in one call (driver.KernelSpec.GroupBlocks): the
	// kernel has no barrier, local memory or collective and asks for no
	// id or size relative to its group, so its work-items see the same
	// values in any group shape.
	Blocks bool
}

// Refused is the error of a kernel that Generate cannot transform.
type Refused struct {
	Kernel string
	Pos    token.Position
	Reason string
}

func (r *Refused) Error() string {
	return fmt.Sprintf("%s: no group function for %s: %s", r.Pos, r.Kernel, r.Reason)
}

// Generate returns the group function of the kernel declared by fd, or a
// *Refused saying why there is none. The kernel's file must be readable at
// the name fset records for it.
func Generate(fset *token.FileSet, info *types.Info, pkg *types.Package, fd *ast.FuncDecl) (f *Func, err error) {
	file := fset.File(fd.Pos())
	src, err := os.ReadFile(file.Name())
	if err != nil {
		return nil, err
	}
	g := &gen{
		fset: fset, info: info, pkg: pkg, fd: fd, src: src, base: file.Base(),
		edits: map[token.Pos]edit{}, used: map[string]bool{}, imports: map[string]string{},
		groupVars: map[types.Object]bool{}, spills: map[types.Object]*spill{},
	}
	defer func() {
		if r := recover(); r != nil {
			rf, ok := r.(*Refused)
			if !ok {
				// A bug here must not stop kago gen: the kernel runs a
				// work-item at a time, and the comment says why.
				rf = &Refused{Kernel: fd.Name.Name, Pos: fset.Position(fd.Pos()), Reason: fmt.Sprintf("internal error in codegen/groupfn (please report): %v", r)}
			}
			f, err = nil, rf
		}
	}()
	return g.generate(), nil
}

// gen is the state of one transformation.
type gen struct {
	fset *token.FileSet
	info *types.Info
	pkg  *types.Package
	fd   *ast.FuncDecl
	src  []byte
	base int

	item     types.Object                 // the ka.Item parameter; nil if unnamed or _
	params   map[types.Object]bool        // the other parameters
	assigned map[types.Object][]token.Pos // where each variable is assigned or has its address taken
	defs     map[types.Object]ast.Expr    // the initial values of variables declared with one
	addrOf   map[types.Object]bool        // variables whose address is taken
	edits    map[token.Pos]edit           // by start position
	used     map[string]bool              // identifiers of the function, and names taken
	imports  map[string]string            // import name → path
	names    map[string]string            // fresh names by role
	barrier  bool
	cancel   bool // the kernel is marked //ka:cancel: stop checks (stopcheck.go)

	locals    []string              // hoisted LocalArray declarations
	groupVars map[types.Object]bool // variables of the group level
	loops     []*itemLoop
	spills    map[types.Object]*spill
	nspill    int
	colls     []*collCall // the collective calls (collective.go)
	// groupRelative is true when the kernel asks for an id or size
	// relative to its group (it.Local(), it.GroupSize(0), ...).
	groupRelative bool
	collOf        map[*ast.CallExpr]*collCall   // by call
	need          map[string]bool               // top-level names the emitted body uses
	views         []*view                       // matrix and volume parameters taken apart (views.go)
	launchLocals  map[types.Object]*launchLocal // ka.Local parameters (launchlocal.go)
}

// edit replaces the source from a node's start to end with text.
type edit struct {
	end  token.Pos
	text string
	ids  []string // per-item names the replacement uses
}

// spill is a variable that lives across a barrier.
type spill struct {
	obj   types.Object
	remat ast.Expr // its value, which loops compute again; nil: kept in array
	array string   // its per-work-item array
	decl  *itemLoop
	index int
}

// node is a statement of the group function's body: an item loop or a
// group-level statement around nodes.
type node interface{}

// itemLoop is a stretch of the kernel's statements that runs once per
// work-item.
type itemLoop struct {
	stmts   []ast.Stmt
	tail    []*collCall // collectives whose operands the loop stores at its end
	last    bool        // the last of the top-level body: returns become continues
	returns bool
	uses    map[types.Object]bool
	decls   map[types.Object]bool
	stores  map[types.Object]bool
}

type groupFor struct {
	stmt *ast.ForStmt
	body []node
}

type groupIf struct {
	stmt      *ast.IfStmt
	then, els []node
	elseIf    *groupIf
}

func (g *gen) refuse(n ast.Node, format string, args ...any) {
	panic(&Refused{Kernel: g.fd.Name.Name, Pos: g.fset.Position(n.Pos()), Reason: fmt.Sprintf(format, args...)})
}

func (g *gen) generate() *Func {
	fd := g.fd
	if fd.Recv != nil || fd.Body == nil || len(fd.Type.Params.List) == 0 {
		g.refuse(fd, "not a function with a body")
	}
	g.params = map[types.Object]bool{}
	g.launchLocals = map[types.Object]*launchLocal{}
	for i, field := range fd.Type.Params.List {
		if len(field.Names) == 0 {
			g.refuse(field, "unnamed parameters")
		}
		for j, name := range field.Names {
			obj := g.info.Defs[name]
			if i == 0 && j == 0 {
				if name.Name != "_" {
					g.item = obj
				}
				continue
			}
			if isLaunchLocal(obj.Type()) {
				g.launchLocals[obj] = &launchLocal{}
			}
			g.params[obj] = true
		}
	}
	ast.Inspect(fd, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			g.used[id.Name] = true
		}
		return true
	})
	g.need = map[string]bool{}
	g.pickNames()
	g.scan()
	g.keepViews()
	g.stopChecks()
	nodes := g.split(fd.Body.List, true)
	g.placeCollectives()
	if len(nodes) > 0 {
		// The last loop, if nothing follows it: its returns are continues.
		if l, ok := nodes[len(nodes)-1].(*itemLoop); ok && len(l.stmts) > 0 && l.stmts[len(l.stmts)-1] == fd.Body.List[len(fd.Body.List)-1] {
			l.last = true
		}
	}
	g.checkLoops(nodes)
	g.findSpills()
	return g.emit(nodes)
}

// scan walks the body once: it records assignments and package
// references, refuses what the transformation does not handle, and makes
// the edits of Item queries.
func (g *gen) scan() {
	g.assigned = map[types.Object][]token.Pos{}
	g.defs = map[types.Object]ast.Expr{}
	g.addrOf = map[types.Object]bool{}
	// An assignment to an element of an array value or a field of a
	// struct value (acc[i] += x, p.sum = y) changes the variable itself,
	// which a work-item loop must store back as it does for acc = x.
	assign := func(e ast.Expr) {
		for {
			e = ast.Unparen(e)
			if ix, ok := e.(*ast.IndexExpr); ok {
				if _, isArray := g.info.TypeOf(ix.X).Underlying().(*types.Array); isArray {
					e = ix.X
					continue
				}
			}
			if sel, ok := e.(*ast.SelectorExpr); ok {
				if s := g.info.Selections[sel]; s != nil && s.Kind() == types.FieldVal && !s.Indirect() {
					if _, isPtr := g.info.TypeOf(sel.X).Underlying().(*types.Pointer); !isPtr {
						e = sel.X
						continue
					}
				}
			}
			break
		}
		if id, ok := e.(*ast.Ident); ok {
			if obj := g.info.Uses[id]; obj != nil {
				g.assigned[obj] = append(g.assigned[obj], id.Pos())
			}
		}
	}
	// The types of the parameters after the Item name packages too.
	var sig []ast.Node
	if tp := g.fd.Type.TypeParams; tp != nil {
		sig = append(sig, tp)
	}
	for _, f := range g.fd.Type.Params.List[1:] {
		sig = append(sig, f)
	}
	for _, n := range sig {
		ast.Inspect(n, func(n ast.Node) bool {
			if sel, ok := n.(*ast.SelectorExpr); ok {
				g.pkgRef(sel)
			}
			return true
		})
	}
	var visit func(n ast.Node) bool
	visit = func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.GoStmt, *ast.DeferStmt, *ast.SelectStmt, *ast.FuncLit:
			g.refuse(n, "%T in the kernel", n)
		case *ast.BranchStmt:
			if n.Tok == token.GOTO {
				g.refuse(n, "goto in the kernel")
			}
		case *ast.AssignStmt:
			for _, l := range n.Lhs {
				assign(l)
			}
			if n.Tok == token.DEFINE && len(n.Lhs) == len(n.Rhs) {
				for i, l := range n.Lhs {
					if obj := g.info.Defs[l.(*ast.Ident)]; obj != nil {
						g.defs[obj] = n.Rhs[i]
					}
				}
			}
		case *ast.ValueSpec:
			if len(n.Names) == len(n.Values) {
				for i, id := range n.Names {
					if obj := g.info.Defs[id]; obj != nil {
						g.defs[obj] = n.Values[i]
					}
				}
			}
		case *ast.IncDecStmt:
			assign(n.X)
		case *ast.RangeStmt:
			if n.Tok == token.ASSIGN {
				if n.Key != nil {
					assign(n.Key)
				}
				if n.Value != nil {
					assign(n.Value)
				}
			}
		case *ast.UnaryExpr:
			if n.Op == token.AND {
				assign(n.X)
				g.addressed(n.X)
			}
		case *ast.SliceExpr:
			if _, ok := g.info.TypeOf(n.X).Underlying().(*types.Array); ok {
				g.addressed(n.X) // slicing an array takes its address
			}
		case *ast.SelectorExpr:
			if g.pkgRef(n) {
				return false // pkg.Name: Name is the package's, not a dot import's
			}
		case *ast.CallExpr:
			if g.viewCall(n) {
				return true // its arguments are the kernel's code
			}
			if g.localSliceCall(n) {
				return false
			}
			if g.itemCall(n) || g.localArrayCall(n) != nil {
				return false
			}
			if g.collectiveCall(n) {
				// Its Item argument is the collective's, not a use of
				// the Item; its operands are the kernel's code.
				for _, a := range n.Args[1:] {
					ast.Inspect(a, visit)
				}
				return false
			}
		case *ast.Ident:
			obj := g.info.Uses[n]
			if g.item != nil && obj == g.item {
				g.refuse(n, "the ka.Item is used other than by calling its methods (passed to a function?)")
			}
			if obj != nil && obj.Pkg() != nil && obj.Pkg() != g.pkg && obj.Parent() == obj.Pkg().Scope() {
				g.refuse(n, "%s comes from a dot import, which the generated file does not have", n.Name)
			}
		}
		return true
	}
	ast.Inspect(g.fd.Body, visit)
}

// addressed records that the variable e names, if any, has its address
// taken.
func (g *gen) addressed(e ast.Expr) {
	if id, ok := ast.Unparen(e).(*ast.Ident); ok {
		if obj := g.info.Uses[id]; obj != nil {
			g.addrOf[obj] = true
		}
	}
}

// pkgRef records the import that a qualified identifier uses, and reports
// whether sel is one.
func (g *gen) pkgRef(sel *ast.SelectorExpr) bool {
	id, ok := sel.X.(*ast.Ident)
	if !ok {
		return false
	}
	pn, ok := g.info.Uses[id].(*types.PkgName)
	if !ok {
		return false
	}
	g.addImport(id.Name, pn.Imported().Path(), sel)
	return true
}

// reserved are the names that kago_kernels.go imports itself.
var reserved = map[string]string{
	"driver": "github.com/kago-dev/kago/ka/driver",
	"kernel": "github.com/kago-dev/kago/ka/kernel",
	"kgen":   "github.com/kago-dev/kago/ka/kgen",
	"ka":     kaPath,
	"embed":  "embed",
}

func (g *gen) addImport(name, path string, at ast.Node) {
	if p, ok := reserved[name]; ok && p != path {
		g.refuse(at, "the kernel names %s as %s, which the generated file imports as %s", path, name, p)
	}
	if p, ok := g.imports[name]; ok && p != path {
		g.refuse(at, "the name %s stands for two packages (%s and %s)", name, p, path)
	}
	g.imports[name] = path
}

// UnsupportedItemMethods are the ka.Item methods that group functions do
// not rewrite, each with the reason that Generate's refusal gives: a
// kernel that calls one runs a work-item at a time on the native backend.
// Every other method has a case in itemCall (the completeness test in
// codegen checks both).
var UnsupportedItemMethods = map[string]string{
	"SubgroupSize":    noSubgroups,
	"SubgroupID":      noSubgroups,
	"SubgroupLocalID": noSubgroups,
}

// noSubgroups is why group functions leave subgroups out: they run a
// group's work-items in order, where subgroups need their lanes together
// (docs/backends.md, "Native").
const noSubgroups = "group functions do not emulate subgroups"

// itemCall makes the edit of a call of an Item method and reports whether
// n is one.
func (g *gen) itemCall(n *ast.CallExpr) bool {
	sel, ok := n.Fun.(*ast.SelectorExpr)
	if !ok || g.item == nil {
		return false
	}
	if id, ok := sel.X.(*ast.Ident); !ok || g.info.Uses[id] != g.item {
		return false
	}
	m := sel.Sel.Name
	if m == "Barrier" {
		g.barrier = true
		return true // handled by split
	}
	var d int
	switch m {
	case "GlobalID", "LocalID", "GroupID", "GroupSize", "NumGroups", "GlobalSize":
		tv, ok := g.info.Types[n.Args[0]]
		if !ok || tv.Value == nil {
			g.refuse(n, "it.%s with a dimension that is not a constant", m)
		}
		v, ok := constant.Int64Val(constant.ToInt(tv.Value))
		if !ok || v < 0 || v > 2 {
			g.refuse(n, "it.%s(%s): no such dimension", m, tv.Value)
		}
		d = int(v)
	}
	switch m {
	case "Local", "LocalID", "Group", "GroupID", "GroupSize", "NumGroups":
		g.groupRelative = true
	}
	ds := strconv.Itoa(d)
	var e edit
	switch m {
	case "Global2": // in a multi-value context, as the call itself
		e = edit{text: tmpl("@gy, @gx"), ids: []string{"gy", "gx"}}
	case "Global3":
		e = edit{text: tmpl("@gz, @gy, @gx"), ids: []string{"gz", "gy", "gx"}}
	case "Global":
		e = edit{text: tmpl("(@row + @gx)"), ids: []string{"row", "gx"}}
	case "Local":
		e = edit{text: tmpl("@l"), ids: []string{"l"}}
	case "Group":
		e = edit{text: tmpl("@kg.Linear")}
	case "GlobalID":
		e = edit{text: tmpl("@g" + "xyz"[d:d+1]), ids: []string{"g" + "xyz"[d:d+1]}}
	case "LocalID":
		e = edit{text: tmpl("@l" + "xyz"[d:d+1]), ids: []string{"l" + "xyz"[d:d+1]}}
	case "GroupID":
		e = edit{text: tmpl("@kg.ID[" + ds + "]")}
	case "GroupSize":
		e = edit{text: tmpl("@n" + ds)}
	case "NumGroups":
		e = edit{text: tmpl("@kg.Count[" + ds + "]")}
	case "GlobalSize":
		e = edit{text: tmpl("@kg.GlobalSize[" + ds + "]")}
	case "InRange":
		e = edit{text: tmpl("(@gx < @kg.GlobalSize[0] && @gy < @kg.GlobalSize[1] && @gz < @kg.GlobalSize[2])"), ids: []string{"gx", "gy", "gz"}}
	default:
		if why, ok := UnsupportedItemMethods[m]; ok {
			g.refuse(n, "it.%s: %s", m, why)
		}
		g.refuse(n, "unknown Item method %s", m)
	}
	e.end = n.End()
	g.edits[n.Pos()] = e
	return true
}

// localArrayCall returns the type argument of a ka.LocalArray call, nil
// when n is not one.
func (g *gen) localArrayCall(n *ast.CallExpr) ast.Expr {
	if f := g.kaFunc(n); f == nil || f.Name() != "LocalArray" {
		return nil
	}
	ix, ok := ast.Unparen(n.Fun).(*ast.IndexExpr)
	if !ok {
		g.refuse(n, "ka.LocalArray without an explicit type argument")
		return nil
	}
	return ix.Index
}

// isBarrier reports whether s is a call of it.Barrier().
func (g *gen) isBarrier(s ast.Stmt) bool {
	es, ok := s.(*ast.ExprStmt)
	if !ok {
		return false
	}
	call, ok := es.X.(*ast.CallExpr)
	if !ok {
		return false
	}
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "Barrier" {
		return false
	}
	id, ok := sel.X.(*ast.Ident)
	return ok && g.item != nil && g.info.Uses[id] == g.item
}

// hasSync reports whether n contains a barrier or a collective.
func (g *gen) hasSync(n ast.Node) bool {
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		if s, ok := n.(ast.Stmt); ok && g.isBarrier(s) {
			found = true
		}
		if c, ok := n.(*ast.CallExpr); ok && g.collOf[c] != nil {
			found = true
		}
		return !found
	})
	return found
}

// split turns a statement list into nodes: runs of statements without
// barriers become item loops; statements with barriers run at the group
// level around the nodes of their bodies. A statement that calls
// collectives ends the run before it, which stores their operands; the
// group combines them, and the statement opens the next run
// (collective.go).
func (g *gen) split(list []ast.Stmt, top bool) []node {
	var nodes []node
	var run []ast.Stmt
	flush := func() {
		if len(run) > 0 {
			l := &itemLoop{stmts: run}
			nodes = append(nodes, l)
			g.loops = append(g.loops, l)
			run = nil
		}
	}
	for _, s := range list {
		if top && g.hoistLocal(s) {
			continue
		}
		if g.isBarrier(s) {
			flush()
			if g.cancel {
				nodes = append(nodes, stopCheck{})
			}
			continue
		}
		if calls := g.ownCollectives(s); calls != nil {
			nodes = append(nodes, &itemLoop{stmts: run, tail: calls})
			g.loops = append(g.loops, nodes[len(nodes)-1].(*itemLoop))
			run = nil
			nodes = append(nodes, &groupColl{calls: calls})
			for _, c := range calls {
				c.placed = true
			}
			if g.cancel {
				nodes = append(nodes, stopCheck{})
			}
			if !calls[0].discard {
				run = append(run, s)
			}
			continue
		}
		if !g.hasSync(s) {
			run = append(run, s)
			continue
		}
		flush()
		switch s := s.(type) {
		case *ast.ForStmt:
			nodes = append(nodes, g.splitFor(s))
		case *ast.IfStmt:
			nodes = append(nodes, g.splitIf(s))
		case *ast.BlockStmt:
			nodes = append(nodes, g.split(s.List, false))
		default:
			kind := strings.ToLower(strings.TrimSuffix(strings.TrimPrefix(fmt.Sprintf("%T", s), "*ast."), "Stmt"))
			g.refuse(s, "a barrier or collective inside a %s statement (group functions take barriers at the top level, in for loops and in ifs whose headers are the same for the whole group)", kind)
		}
	}
	flush()
	return nodes
}

// hoistLocal hoists a top-level "x := ka.LocalArray[T](it, n)" to the
// group level and reports whether s is one.
func (g *gen) hoistLocal(s ast.Stmt) bool {
	as, ok := s.(*ast.AssignStmt)
	if !ok || len(as.Rhs) != 1 || len(as.Lhs) != 1 {
		return false
	}
	call, ok := as.Rhs[0].(*ast.CallExpr)
	if !ok {
		return false
	}
	targ := g.localArrayCall(call)
	if targ == nil {
		return false
	}
	id, ok := as.Lhs[0].(*ast.Ident)
	if !ok || as.Tok != token.DEFINE {
		g.refuse(s, "ka.LocalArray not in a declaration x := ka.LocalArray[T](it, n)")
	}
	obj := g.info.Defs[id]
	if len(g.assigned[obj]) > 0 {
		g.refuse(s, "the local array %s is assigned", id.Name)
	}
	g.uniform(call.Args[1])
	g.groupVars[obj] = true
	g.locals = append(g.locals, fmt.Sprintf(tmpl("%s := kernel.GroupLocal[%s](@kg, %d, %s)"),
		id.Name, g.text(targ.Pos(), targ.End()), len(g.locals), g.text(call.Args[1].Pos(), call.Args[1].End())))
	return true
}

func (g *gen) splitFor(s *ast.ForStmt) *groupFor {
	if s.Init != nil {
		as, ok := s.Init.(*ast.AssignStmt)
		if !ok || as.Tok != token.DEFINE {
			g.refuse(s, "a barrier in a for loop whose init is not a declaration")
		}
		for _, r := range as.Rhs {
			g.uniform(r)
		}
		for _, l := range as.Lhs {
			if obj := g.info.Defs[l.(*ast.Ident)]; obj != nil {
				g.groupVars[obj] = true
			}
		}
	}
	if s.Cond != nil {
		g.uniform(s.Cond)
	}
	if s.Post != nil {
		switch p := s.Post.(type) {
		case *ast.IncDecStmt:
			g.uniform(p.X)
		case *ast.AssignStmt:
			for _, e := range append(append([]ast.Expr{}, p.Lhs...), p.Rhs...) {
				g.uniform(e)
			}
		default:
			g.refuse(s, "a barrier in a for loop with a %T post statement", p)
		}
	}
	return &groupFor{stmt: s, body: g.split(s.Body.List, false)}
}

func (g *gen) splitIf(s *ast.IfStmt) *groupIf {
	if s.Init != nil {
		g.refuse(s, "a barrier in an if statement with an init statement")
	}
	g.uniform(s.Cond)
	n := &groupIf{stmt: s, then: g.split(s.Body.List, false)}
	switch e := s.Else.(type) {
	case *ast.IfStmt:
		n.elseIf = g.splitIf(e)
	case *ast.BlockStmt:
		n.els = g.split(e.List, false)
	}
	return n
}

// uniform refuses e unless it has the same value in every work-item of a
// group.
func (g *gen) uniform(e ast.Expr) {
	if !g.simple(e, false) {
		g.refuse(e, "a barrier or collective under %s, which may differ between the work-items of a group", g.text(e.Pos(), e.End()))
	}
}

// simple reports whether e is made of constants, parameters the kernel
// never assigns, group-level variables, the group's queries and, when item
// is true, the work-item's ids, with operators, conversions and len, cap,
// min and max: an expression without side effects that any work-item loop
// can evaluate again. With item false, its value is the same for every
// work-item of a group.
func (g *gen) simple(e ast.Expr, item bool) bool {
	if tv, ok := g.info.Types[e]; ok && tv.Value != nil {
		return true // a constant
	}
	switch e := e.(type) {
	case *ast.BasicLit:
		return true
	case *ast.ParenExpr:
		return g.simple(e.X, item)
	case *ast.BinaryExpr:
		return g.simple(e.X, item) && g.simple(e.Y, item)
	case *ast.UnaryExpr:
		return e.Op != token.AND && e.Op != token.ARROW && g.simple(e.X, item)
	case *ast.Ident:
		switch obj := g.info.Uses[e].(type) {
		case *types.Const, *types.Nil, *types.TypeName:
			return true
		case *types.Var:
			return g.groupVars[obj] || g.params[obj] && len(g.assigned[obj]) == 0
		}
	case *ast.SelectorExpr:
		_, ok := g.info.Uses[e.Sel].(*types.Const)
		return ok
	case *ast.CallExpr:
		if ed, ok := g.edits[e.Pos()]; ok && ed.end == e.End() {
			return item || len(ed.ids) == 0 // an Item query
		}
		if tv := g.info.Types[e.Fun]; tv.IsType() {
			return len(e.Args) == 1 && g.simple(e.Args[0], item)
		}
		if sel, ok := ast.Unparen(e.Fun).(*ast.SelectorExpr); ok && len(e.Args) == 0 && viewExtent(g.info.Uses[sel.Sel]) {
			return g.simple(sel.X, item) // m.Rows() of a ka.Matrix, ...
		}
		if id, ok := ast.Unparen(e.Fun).(*ast.Ident); ok {
			if b, ok := g.info.Uses[id].(*types.Builtin); ok {
				switch b.Name() {
				case "len", "cap", "min", "max":
					for _, a := range e.Args {
						if !g.simple(a, item) {
							return false
						}
					}
					return true
				}
			}
		}
	}
	return false
}

// checkLoops refuses returns outside the last loop, breaks and continues
// that leave an item loop, and assignments to group-level variables in
// item loops; it marks returns for the last loop.
func (g *gen) checkLoops(nodes []node) {
	for _, l := range g.loops {
		var walk func(n ast.Node, loops, breaks int, labels map[string]bool)
		walk = func(n ast.Node, loops, breaks int, labels map[string]bool) {
			ast.Inspect(n, func(c ast.Node) bool {
				if c == n {
					return true
				}
				switch c := c.(type) {
				case *ast.CallExpr:
					if g.localArrayCall(c) != nil {
						g.refuse(c, "ka.LocalArray not at the top level of the kernel")
					}
				case *ast.ReturnStmt:
					if !l.last {
						g.refuse(c, "return before a barrier or collective")
					}
					l.returns = true
					g.edits[c.Pos()] = edit{end: c.End(), text: tmpl("continue @items")}
				case *ast.BranchStmt:
					switch {
					case c.Label != nil:
						if !labels[c.Label.Name] {
							g.refuse(c, "%s to a label around a barrier", c.Tok)
						}
					case c.Tok == token.BREAK && breaks == 0, c.Tok == token.CONTINUE && loops == 0:
						g.refuse(c, "%s out of a stretch between barriers", c.Tok)
					}
				case *ast.LabeledStmt:
					m := map[string]bool{c.Label.Name: true}
					for k := range labels {
						m[k] = true
					}
					walk(c, loops, breaks, m)
					return false
				case *ast.ForStmt, *ast.RangeStmt:
					walk(c, loops+1, breaks+1, labels)
					return false
				case *ast.SwitchStmt, *ast.TypeSwitchStmt:
					walk(c, loops, breaks+1, labels)
					return false
				}
				return true
			})
		}
		for _, s := range l.stmts {
			walk(&ast.BlockStmt{List: []ast.Stmt{s}}, 0, 0, map[string]bool{})
			for obj := range g.groupVars {
				for _, p := range g.assigned[obj] {
					if s.Pos() <= p && p < s.End() {
						g.refuse(s, "%s, the same for the whole group, is assigned between barriers", obj.Name())
					}
				}
			}
		}
	}
}

// findSpills finds the variables that live across a barrier.
func (g *gen) findSpills() {
	declIn := map[types.Object]*itemLoop{}
	for _, l := range g.loops {
		l.uses, l.decls, l.stores = map[types.Object]bool{}, map[types.Object]bool{}, map[types.Object]bool{}
		var nodes []ast.Node
		for _, s := range l.stmts {
			nodes = append(nodes, s)
		}
		for _, c := range l.tail {
			for _, a := range c.call.Args[1:] {
				nodes = append(nodes, a)
			}
		}
		for _, s := range nodes {
			ast.Inspect(s, func(n ast.Node) bool {
				if c, ok := n.(*ast.CallExpr); ok && g.collOf[c] != nil {
					return false // its operands are uses of the loop before
				}
				id, ok := n.(*ast.Ident)
				if !ok {
					return true
				}
				if obj, ok := g.info.Defs[id].(*types.Var); ok {
					l.decls[obj] = true
					declIn[obj] = l
				}
				if obj, ok := g.info.Uses[id].(*types.Var); ok {
					l.uses[obj] = true
				}
				return true
			})
		}
	}
	for _, l := range g.loops {
		for _, obj := range sorted(l.uses) {
			d, local := declIn[obj]
			if g.params[obj] && len(g.assigned[obj]) > 0 {
				if g.barrier {
					g.refuse(g.fd, "the parameter %s is assigned in a kernel with barriers", obj.Name())
				}
				continue // shadowed in the loop
			}
			if !local || d == l {
				continue
			}
			sp := g.spills[obj]
			if sp == nil {
				sp = &spill{obj: obj, decl: d}
				if v := g.defs[obj]; v != nil && len(g.assigned[obj]) == 0 && g.simple(v, true) {
					sp.remat = v // computed again where used: no memory
				} else {
					if g.addrOf[obj] {
						// A pointer to it would point to one loop's copy.
						g.refuse(g.fd, "the address of %s, which lives across a barrier, is taken", obj.Name())
					}
					sp.index, sp.array = g.nspill, g.fresh(obj.Name()+"PerItem")
					g.nspill++
				}
				g.spills[obj] = sp
			}
		}
	}
	// Store where a spilled variable is declared or changed, unless nothing
	// comes after the loop.
	for _, l := range g.loops {
		if l.last {
			continue
		}
		for obj, sp := range g.spills {
			if sp.remat != nil {
				continue
			}
			if l.decls[obj] {
				l.stores[obj] = true
			}
			if l.uses[obj] {
				for _, p := range g.assigned[obj] {
					for _, s := range l.stmts {
						if s.Pos() <= p && p < s.End() {
							l.stores[obj] = true
						}
					}
				}
			}
		}
	}
}

// pickNames chooses the names of the group function's own variables, none
// of which the kernel uses.
func (g *gen) pickNames() {
	g.names = map[string]string{}
	for _, n := range []string{"kg", "items", "n0", "n1", "n2", "b0", "b1", "b2", "m0", "m1", "m2", "gs0", "gs1",
		"lx", "ly", "lz", "gx", "gy", "gz", "row", "lrow", "l", "lo", "hi", "e"} {
		g.names[n] = g.fresh(n)
	}
}

// fresh returns name, or name with a number, whichever the function does
// not use yet, and takes it.
func (g *gen) fresh(name string) string {
	n := name
	for i := 1; g.used[n]; i++ {
		n = name + strconv.Itoa(i)
	}
	g.used[n] = true
	return n
}

// text is the source from pos to end with the edits inside applied, its
// @names resolved.
func (g *gen) text(pos, end token.Pos) string {
	var starts []token.Pos
	for p, e := range g.edits {
		if pos <= p && e.end <= end {
			starts = append(starts, p)
		}
	}
	sort.Slice(starts, func(i, j int) bool { return starts[i] < starts[j] })
	var b strings.Builder
	at := pos
	for _, p := range starts {
		if p < at {
			continue // inside an earlier edit
		}
		b.Write(g.src[int(at)-g.base : int(p)-g.base])
		b.WriteString(g.resolve(g.edits[p].text))
		at = g.edits[p].end
	}
	b.Write(g.src[int(at)-g.base : int(end)-g.base])
	return b.String()
}

// tmpl turns each @name of s into a marker that resolve replaces by the
// name picked for the role name. Markers hold NUL bytes, which Go source
// cannot, so no text of the kernel is taken for one.
func tmpl(s string) string {
	var b strings.Builder
	for {
		i := strings.IndexByte(s, '@')
		if i < 0 {
			b.WriteString(s)
			return b.String()
		}
		b.WriteString(s[:i])
		s = s[i+1:]
		j := 0
		for j < len(s) && ('a' <= s[j] && s[j] <= 'z' || '0' <= s[j] && s[j] <= '9') {
			j++
		}
		b.WriteString("\x00" + s[:j] + "\x00")
		s = s[j:]
	}
}

// resolve replaces the markers of s by names, noting each role as needed.
func (g *gen) resolve(s string) string {
	parts := strings.Split(s, "\x00")
	for i := 1; i < len(parts); i += 2 {
		parts[i] = g.ref(parts[i])
	}
	return strings.Join(parts, "")
}

// ref returns the name picked for role and notes it as needed.
func (g *gen) ref(role string) string {
	name, ok := g.names[role]
	if !ok {
		panic("groupfn: no name for " + role)
	}
	g.need[role] = true
	return name
}

// typeString writes t as the generated file can, recording imports.
func (g *gen) typeString(t types.Type) string {
	return types.TypeString(t, func(p *types.Package) string {
		if p == g.pkg {
			return ""
		}
		g.addImport(p.Name(), p.Path(), g.fd)
		return p.Name()
	})
}

func (g *gen) emit(nodes []node) *Func {
	name := "kagoGroup" + g.fd.Name.Name
	var body bytes.Buffer
	body.WriteString(g.viewDecls())
	for _, s := range g.spillList() {
		if s.remat != nil {
			continue
		}
		fmt.Fprintf(&body, "%s := kernel.GroupPrivate[%s](%s, %d)\n", s.array, g.typeString(s.obj.Type()), g.ref("kg"), s.index)
	}
	body.WriteString(g.collArrays(g.nspill))
	for _, l := range g.locals {
		body.WriteString(g.resolve(l) + "\n")
	}
	g.emitNodes(&body, nodes)

	var b bytes.Buffer
	fmt.Fprintf(&b, "// %s runs one work-group of %s, its work-items as loops\n// (see package groupfn).\n", name, g.fd.Name.Name)
	fmt.Fprintf(&b, "func %s", name)
	if tp := g.fd.Type.TypeParams; tp != nil {
		b.WriteString(g.text(tp.Pos(), tp.End()))
	}
	fmt.Fprintf(&b, "(%s *kernel.WorkGroup", g.names["kg"])
	if ps := g.fd.Type.Params.List; len(ps) > 1 {
		b.WriteString(", " + g.text(ps[1].Pos(), ps[len(ps)-1].End()))
	}
	b.WriteString(") {\n")
	if g.need["stopn"] {
		fmt.Fprintf(&b, "var %s uint32 // loop iterations, for the stop checks (stopcheck.go)\n", g.names["stopn"])
	}
	// The group's sizes, in locals: the compiler keeps them in registers
	// across the loops, which it would not do for loads through kg.
	kg := g.names["kg"]
	for d := range 3 {
		if g.need["n"+strconv.Itoa(d)] || g.need["b"+strconv.Itoa(d)] {
			fmt.Fprintf(&b, "%s := %s.Size[%d]\n", g.names["n"+strconv.Itoa(d)], kg, d)
		}
	}
	for d := range 3 {
		if g.need["b"+strconv.Itoa(d)] {
			fmt.Fprintf(&b, "%s := %s.ID[%d] * %s\n", g.names["b"+strconv.Itoa(d)], kg, d, g.names["n"+strconv.Itoa(d)])
		}
	}
	// A masked kernel's loops stop at the end of the range.
	for d := range 3 {
		if m := g.names["m"+strconv.Itoa(d)]; g.need["m"+strconv.Itoa(d)] {
			fmt.Fprintf(&b, "%s := %s.GlobalSize[%d] - %s\n", m, kg, d, g.names["b"+strconv.Itoa(d)])
			fmt.Fprintf(&b, "if %s > %s {\n%s = %s\n}\n", m, g.names["n"+strconv.Itoa(d)], m, g.names["n"+strconv.Itoa(d)])
		}
	}
	for d := range 2 {
		if g.need["gs"+strconv.Itoa(d)] {
			fmt.Fprintf(&b, "%s := %s.GlobalSize[%d]\n", g.names["gs"+strconv.Itoa(d)], kg, d)
		}
	}
	b.Write(body.Bytes())
	b.WriteString("}\n")
	src, err := format.Source(b.Bytes())
	if err != nil {
		panic(fmt.Sprintf("groupfn: the group function of %s does not format: %v\n%s", g.fd.Name.Name, err, b.Bytes()))
	}
	f := &Func{Name: name, Source: string(src), Blocks: !g.wholeGroups() && !g.groupRelative}
	for n, p := range g.imports {
		if last := p[strings.LastIndexByte(p, '/')+1:]; n == last {
			f.Imports = append(f.Imports, strconv.Quote(p))
		} else {
			f.Imports = append(f.Imports, n+" "+strconv.Quote(p))
		}
	}
	sort.Strings(f.Imports)
	return f
}

func (g *gen) spillList() []*spill {
	var list []*spill
	for _, s := range g.spills {
		list = append(list, s)
	}
	sort.Slice(list, func(i, j int) bool { return list[i].obj.Pos() < list[j].obj.Pos() })
	return list
}

// sorted returns the objects of set in the order of their declarations.
func sorted(set map[types.Object]bool) []types.Object {
	var list []types.Object
	for obj := range set {
		list = append(list, obj)
	}
	sort.Slice(list, func(i, j int) bool { return list[i].Pos() < list[j].Pos() })
	return list
}

func (g *gen) emitNodes(b *bytes.Buffer, nodes []node) {
	for _, n := range nodes {
		switch n := n.(type) {
		case *itemLoop:
			g.emitLoop(b, n)
		case []node:
			b.WriteString("{\n")
			g.emitNodes(b, n)
			b.WriteString("}\n")
		case *groupFor:
			s := n.stmt
			b.WriteString("for ")
			if s.Init != nil {
				b.WriteString(g.text(s.Init.Pos(), s.Init.End()))
			}
			b.WriteString("; ")
			if s.Cond != nil {
				b.WriteString(g.text(s.Cond.Pos(), s.Cond.End()))
			}
			b.WriteString("; ")
			if s.Post != nil {
				b.WriteString(g.text(s.Post.Pos(), s.Post.End()))
			}
			b.WriteString(" {\n")
			g.emitNodes(b, n.body)
			b.WriteString("}\n")
		case *groupIf:
			g.emitIf(b, n)
			b.WriteString("\n")
		case stopCheck:
			b.WriteString(g.resolve(tmpl(stopCheckText)))
		case *groupColl:
			g.emitCombine(b, n)
		}
	}
}

func (g *gen) emitIf(b *bytes.Buffer, n *groupIf) {
	fmt.Fprintf(b, "if %s {\n", g.text(n.stmt.Cond.Pos(), n.stmt.Cond.End()))
	g.emitNodes(b, n.then)
	b.WriteString("}")
	switch {
	case n.elseIf != nil:
		b.WriteString(" else ")
		g.emitIf(b, n.elseIf)
	case n.els != nil:
		b.WriteString(" else {\n")
		g.emitNodes(b, n.els)
		b.WriteString("}")
	}
}

// emitLoop writes an item loop: three loops, over the group's local ids
// z, y and x, the kernel's statements inside.
func (g *gen) emitLoop(b *bytes.Buffer, l *itemLoop) {
	// The statements first, to learn which ids they use. A folded range
	// guard (guard.go) takes the place of the x loop's variable, so no
	// statement may use another x id.
	saved := g.need
	fold := g.foldable(l)
	inner, need := g.loopStmts(l, fold)
	if fold != nil && (need["gx"] || need["lx"] || need["l"]) {
		fold = nil
		inner, need = g.loopStmts(l, nil)
	}
	g.need = saved
	for k := range need {
		g.need[k] = true
	}
	g.emitItems(b, l, fold, inner, need)
}

// loopStmts returns the statements of an item loop, with fold's if
// statement written without its init when fold is not nil, and the ids
// they use.
func (g *gen) loopStmts(l *itemLoop, fold *guard) ([]byte, map[string]bool) {
	g.need = map[string]bool{}
	var inner bytes.Buffer
	spills := g.spillList()
	for _, s := range spills {
		switch {
		case !l.uses[s.obj] || l.decls[s.obj]:
		case s.remat != nil:
			v := g.text(s.remat.Pos(), s.remat.End())
			if tv := g.info.Types[s.remat]; tv.Type != nil && types.Identical(tv.Type, s.obj.Type()) {
				fmt.Fprintf(&inner, "%s := %s\n", s.obj.Name(), v)
			} else {
				fmt.Fprintf(&inner, "var %s %s = %s\n", s.obj.Name(), g.typeString(s.obj.Type()), v)
			}
		default:
			fmt.Fprintf(&inner, "%s := %s[%s]\n", s.obj.Name(), s.array, g.ref("l"))
		}
	}
	for _, obj := range sorted(g.params) {
		if l.uses[obj] && len(g.assigned[obj]) > 0 {
			fmt.Fprintf(&inner, "%s := %s // assigned by the kernel: one per work-item\n", obj.Name(), obj.Name())
		}
	}
	switch {
	case fold != nil: // the if without its init: the loop defines the index
		inner.WriteString("if " + g.text(fold.stmt.Cond.Pos(), fold.stmt.End()) + "\n")
	case len(l.stmts) > 0:
		stmts := g.text(l.stmts[0].Pos(), l.stmts[len(l.stmts)-1].End())
		// Comments before the first statement are outside the range; fine.
		inner.WriteString(stmts + "\n")
	}
	inner.WriteString(g.collStores(l.tail))
	for _, s := range spills {
		if s.remat != nil && l.decls[s.obj] && !l.uses[s.obj] {
			fmt.Fprintf(&inner, "_ = %s // computed again after the barrier\n", s.obj.Name())
		}
		if l.stores[s.obj] {
			fmt.Fprintf(&inner, "%s[%s] = %s\n", s.array, g.ref("l"), s.obj.Name())
		}
	}
	return inner.Bytes(), g.need
}

// emitItems writes the loops of an item loop around inner, its
// statements, which use the ids in need.
func (g *gen) emitItems(b *bytes.Buffer, l *itemLoop, fold *guard, inner []byte, need map[string]bool) {
	if fold != nil {
		need["b0"] = true
		if fold.linear {
			need["row"] = true
		}
	}
	// Ids used by the statements, and what they depend on.
	if need["row"] {
		need["gy"], need["gz"], need["gs0"], need["gs1"] = true, true, true, true
	}
	if need["l"] {
		need["lrow"], need["lx"] = true, true
	}
	if need["lrow"] {
		need["ly"], need["lz"] = true, true
	}
	for i, d := range "xyz" {
		if need["g"+string(d)] {
			need["l"+string(d)] = true
			g.need["b"+strconv.Itoa(i)] = true
		}
	}
	n := func(role string) string { g.need[role] = true; return g.names[role] }
	loopVar := func(d int) string {
		v := "l" + "xyz"[d:d+1]
		if need[v] {
			return n(v)
		}
		return "range"
	}
	// for lz := 0; lz < n2; lz++ {  (or for range n2 when lz is unused).
	// A kernel without barriers and local memory runs only the work-items
	// inside the range (docs/kernel-language.md, "Ranges and groups"): its
	// loops go to m2 = min(n2, GlobalSize[2]-b2).
	masked := !g.wholeGroups()
	open := func(d int) {
		ds := strconv.Itoa(d)
		bound := n("n" + ds)
		if masked {
			bound = n("m" + ds)
			g.need["b"+ds] = true
		}
		v := loopVar(d)
		if v == "range" {
			fmt.Fprintf(b, "for range %s {\n", bound)
		} else {
			fmt.Fprintf(b, "for %s := range %s {\n", v, bound)
		}
	}
	open(2)
	if need["gz"] {
		fmt.Fprintf(b, "%s := %s + %s\n", n("gz"), n("b2"), n("lz"))
	}
	open(1)
	if need["gy"] {
		fmt.Fprintf(b, "%s := %s + %s\n", n("gy"), n("b1"), n("ly"))
	}
	if need["row"] {
		fmt.Fprintf(b, "%s := %s * (%s + %s*%s)\n", n("row"), n("gs0"), n("gy"), n("gs1"), n("gz"))
	}
	if need["lrow"] {
		fmt.Fprintf(b, "%s := %s * (%s + %s*%s)\n", n("lrow"), n("n0"), n("ly"), n("n1"), n("lz"))
	}
	if l.returns {
		fmt.Fprintf(b, "%s:\n", n("items"))
	}
	if fold != nil {
		g.emitFolded(b, fold, inner)
		b.WriteString("}\n}\n")
		return
	}
	open(0)
	if need["gx"] {
		fmt.Fprintf(b, "%s := %s + %s\n", n("gx"), n("b0"), n("lx"))
	}
	if need["l"] {
		fmt.Fprintf(b, "%s := %s + %s\n", n("l"), n("lrow"), n("lx"))
	}
	b.Write(inner)
	b.WriteString("}\n}\n}\n")
}

// viewExtent reports whether obj is a method of ka.Matrix or ka.Volume
// that returns an extent or a stride, without side effects.
func viewExtent(obj types.Object) bool {
	fn, ok := obj.(*types.Func)
	if !ok || fn.Pkg() == nil || fn.Pkg().Path() != "github.com/kago-dev/kago/ka" {
		return false
	}
	recv := fn.Signature().Recv()
	if recv == nil {
		return false
	}
	n, ok := types.Unalias(recv.Type()).(*types.Named)
	if !ok || n.Obj().Name() != "Matrix" && n.Obj().Name() != "Volume" {
		return false
	}
	switch fn.Name() {
	case "Rows", "Cols", "Depth", "Stride", "PlaneStride":
		return true
	}
	return false
}

// wholeGroups reports whether the kernel runs whole groups, the work-items
// past a ragged range too: it has barriers or local memory (a
// ka.LocalArray, a ka.Local parameter).
func (g *gen) wholeGroups() bool {
	return g.barrier || len(g.locals) > 0 || len(g.launchLocals) > 0
}
