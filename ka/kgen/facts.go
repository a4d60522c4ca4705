package kgen

// This file reads and evaluates the facts of a kernel's lean variant
// (driver.Lean): what a launch must satisfy for the index checks that
// the variant leaves out to hold in every work-item. codegen's
// launchfacts.go writes them; ka evaluates them once per launch, on the
// host, before anything is enqueued.

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/kago-dev/kago/ka/driver"
)

// Facts are a lean variant's facts, parsed and checked against the
// kernel's parameters.
type Facts struct {
	facts []fact
}

// fact is a ≤ b.
type fact struct{ a, b *expr }

// expr is a node of a fact's expression: a constant, a leaf of the
// launch (k its parameter or dimension, d ext's dimension, t arg's
// type), or an operation on a and b.
type expr struct {
	code opcode
	k    int64
	d    int
	t    driver.ScalarType
	a, b *expr
}

// opcode numbers the leaves and operations of the grammar.
type opcode uint8

const (
	opConst opcode = iota
	opArg
	opLen
	opExt
	opRange
	opPadded
	opGroup
	opGroups
	opAdd
	opSub
	opMul
	opDiv
	opShr
	opMin
	opMax
	opLe
)

var opcodes = map[string]opcode{
	"arg": opArg, "len": opLen, "ext": opExt, "range": opRange, "padded": opPadded, "group": opGroup,
	"groups": opGroups, "add": opAdd, "sub": opSub, "mul": opMul, "div": opDiv, "shr": opShr,
	"min": opMin, "max": opMax, "le": opLe,
}

// ParseFacts parses facts (driver.Lean's grammar) for a kernel with
// params. A fact that does not parse, or that names a parameter the
// kernel does not have or one of another kind, is an error.
func ParseFacts(facts []string, params []driver.Param) (*Facts, error) {
	out := &Facts{}
	for _, s := range facts {
		p := &factParser{s: s, params: params}
		e, err := p.expr()
		if err == nil && (e.code != opLe || p.s != "") {
			err = fmt.Errorf("not le(a,b)")
		}
		if err != nil {
			return nil, fmt.Errorf("fact %q: %v", s, err)
		}
		out.facts = append(out.facts, fact{e.a, e.b})
	}
	return out, nil
}

// factParser parses one fact; s is what is left of it.
type factParser struct {
	s      string
	params []driver.Param
}

func (p *factParser) expr() (*expr, error) {
	i := strings.IndexAny(p.s, "(,)")
	if i < 0 {
		i = len(p.s)
	}
	word := p.s[:i]
	if i == len(p.s) || p.s[i] != '(' {
		c, err := strconv.ParseInt(word, 10, 64)
		if err != nil {
			return nil, fmt.Errorf("%q is no integer", word)
		}
		p.s = p.s[i:]
		return &expr{k: c}, nil
	}
	p.s = p.s[i+1:]
	e := &expr{code: opcodes[word]}
	switch word {
	case "arg", "len", "range", "padded", "group", "groups", "ext":
		n, err := p.int()
		if err != nil {
			return nil, err
		}
		e.k = n
		if word == "ext" {
			if err := p.eat(','); err != nil {
				return nil, err
			}
			d, err := p.int()
			if err != nil {
				return nil, err
			}
			e.d = int(d)
		}
		if err := p.leaf(word, e); err != nil {
			return nil, err
		}
	case "le", "add", "sub", "mul", "div", "shr", "min", "max":
		var err error
		if e.a, err = p.expr(); err != nil {
			return nil, err
		}
		if err := p.eat(','); err != nil {
			return nil, err
		}
		if e.b, err = p.expr(); err != nil {
			return nil, err
		}
	default:
		return nil, fmt.Errorf("unknown operation %q", word)
	}
	return e, p.eat(')')
}

// leaf checks that e, the leaf word, names what the kernel has.
func (p *factParser) leaf(word string, e *expr) error {
	switch e.code {
	case opRange, opPadded, opGroup, opGroups:
		if e.k < 0 || e.k > 2 {
			return fmt.Errorf("%s(%d): no such dimension", word, e.k)
		}
		return nil
	}
	if e.k < 0 || e.k >= int64(len(p.params)) {
		return fmt.Errorf("%s(%d): the kernel has %d parameters", word, e.k, len(p.params))
	}
	q := p.params[e.k]
	var ok bool
	switch e.code {
	case opArg:
		ok = !q.Slice && q.Dims == 0 && !q.Local && q.Fields == nil && q.Type >= driver.Int && q.Type <= driver.Uint64
		e.t = q.Type
	case opLen:
		ok = q.Slice && q.Dims == 0
	case opExt:
		ok = q.Dims >= 2 && e.d >= 0 && e.d < q.Dims
	}
	if !ok {
		return fmt.Errorf("%s(%d): parameter %s is not of that kind", word, e.k, q.Name)
	}
	return nil
}

func (p *factParser) int() (int64, error) {
	i := strings.IndexAny(p.s, ",)")
	if i < 0 {
		return 0, fmt.Errorf("unterminated")
	}
	n, err := strconv.ParseInt(p.s[:i], 10, 64)
	if err != nil {
		return 0, fmt.Errorf("%q is no integer", p.s[:i])
	}
	p.s = p.s[i:]
	return n, nil
}

func (p *factParser) eat(c byte) error {
	if p.s == "" || p.s[0] != c {
		return fmt.Errorf("want %q at %q", c, p.s)
	}
	p.s = p.s[1:]
	return nil
}

// Hold reports whether every fact holds for a launch over r in groups
// of group with args (ka's device arguments, one per parameter). A fact
// whose computing overflows does not hold.
func (f *Facts) Hold(r, group driver.NDRange, args []driver.Arg) bool {
	env := &launch{r, group, args}
	for _, fc := range f.facts {
		a, ok := env.eval(fc.a)
		if !ok {
			return false
		}
		b, ok := env.eval(fc.b)
		if !ok || a > b {
			return false
		}
	}
	return true
}

// launch is what the facts' leaves read.
type launch struct {
	r, group driver.NDRange
	args     []driver.Arg
}

func (l *launch) eval(e *expr) (int64, bool) {
	switch e.code {
	case opConst:
		return e.k, true
	case opArg:
		return intValue(e.t, l.args[e.k].Value)
	case opLen:
		return int64(l.args[e.k].Len), true
	case opExt:
		return int64(l.args[e.k].Shape[e.d]), true
	case opRange:
		return int64(l.r.Size[e.k]), true
	case opGroup:
		return int64(l.group.Size[e.k]), true
	case opGroups, opPadded:
		r, g := int64(l.r.Size[e.k]), int64(l.group.Size[e.k])
		if g <= 0 {
			return 0, false
		}
		n := r/g + min(r%g, 1)
		if e.code == opPadded {
			return evalCode(opMul, n, g)
		}
		return n, true
	}
	x, ok := l.eval(e.a)
	if !ok {
		return 0, false
	}
	y, ok := l.eval(e.b)
	if !ok {
		return 0, false
	}
	return evalCode(e.code, x, y)
}

// intValue is v, an argument of integer type t, as an int64; false for a
// value of another type or a uint64 above MaxInt64.
func intValue(t driver.ScalarType, v any) (int64, bool) {
	bits, ok := driver.ScalarBits(t, v)
	if !ok {
		return 0, false
	}
	if t >= driver.Uint { // zero-extended by ScalarBits
		return int64(bits), bits <= math.MaxInt64
	}
	shift := 64 - 8*t.Size() // sign-extend the low t.Size() bytes
	return int64(bits<<shift) >> shift, true
}

// EvalOp computes the facts' operation op ("add", "sub", "mul", "div",
// "shr", "min", "max") on x and y exactly: false when the result
// overflows an int64, or for a division by zero or a shift outside
// [0, 63]. codegen folds constants with it.
func EvalOp(op string, x, y int64) (int64, bool) {
	c, ok := opcodes[op]
	if !ok || c < opAdd || c > opMax {
		return 0, false
	}
	return evalCode(c, x, y)
}

// evalCode is EvalOp by opcode.
func evalCode(op opcode, x, y int64) (int64, bool) {
	switch op {
	case opAdd:
		r := x + y
		return r, (y >= 0) == (r >= x)
	case opSub:
		r := x - y
		return r, (y >= 0) == (r <= x)
	case opMul:
		if x == 0 || y == 0 {
			return 0, true
		}
		r := x * y
		return r, r/y == x && !(x == -1 && y == math.MinInt64) && !(y == -1 && x == math.MinInt64)
	case opDiv:
		if y == 0 || x == math.MinInt64 && y == -1 {
			return 0, false
		}
		return x / y, true
	case opShr:
		if y < 0 || y > 63 {
			return 0, false
		}
		return x >> y, true
	case opMin:
		return min(x, y), true
	case opMax:
		return max(x, y), true
	}
	return 0, false
}
