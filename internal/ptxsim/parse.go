package ptxsim

import (
	"fmt"
	"strconv"
	"strings"
)

// argKind is the syntactic form of an instruction operand.
type argKind int

const (
	argName argKind = iota // a register, special register, symbol or label
	argNum                 // a number literal (integer, 0f/0d float bits, 0x hex)
	argAddr                // [base], [base+off], [off]
	argVec                 // {a, b, ...}
	argList                // (a, b, ...) of call
	argPair                // p|q, setp's two destinations
)

// arg is an operand as written.
type arg struct {
	kind  argKind
	name  string // argName; argAddr's base ("" for an absolute address)
	not   bool   // !name (a negated predicate)
	num   string // argNum, with its sign
	off   int64  // argAddr
	elems []arg  // argVec, argList, argPair
}

func (a arg) String() string {
	switch a.kind {
	case argNum:
		return a.num
	case argAddr:
		return fmt.Sprintf("[%s%+d]", a.name, a.off)
	case argVec, argList, argPair:
		var s []string
		for _, e := range a.elems {
			s = append(s, e.String())
		}
		return "{" + strings.Join(s, ",") + "}"
	}
	if a.not {
		return "!" + a.name
	}
	return a.name
}

// stmt is one instruction as written.
type stmt struct {
	guard    string // predicate register, "" if none
	guardNot bool
	op       string // "add.s64"
	args     []arg
	line     int
}

func (s stmt) String() string {
	var b strings.Builder
	if s.guard != "" {
		b.WriteString("@")
		if s.guardNot {
			b.WriteString("!")
		}
		b.WriteString(s.guard + " ")
	}
	b.WriteString(s.op)
	for i, a := range s.args {
		if i == 0 {
			b.WriteString(" ")
		} else {
			b.WriteString(", ")
		}
		b.WriteString(a.String())
	}
	return b.String()
}

// parser walks the tokens of a module.
type parser struct {
	toks []token
	pos  int
}

func (p *parser) eof() bool { return p.pos >= len(p.toks) }

func (p *parser) peek() string {
	if p.eof() {
		return ""
	}
	return p.toks[p.pos].text
}

func (p *parser) line() int {
	if p.eof() {
		if len(p.toks) == 0 {
			return 0
		}
		return p.toks[len(p.toks)-1].line
	}
	return p.toks[p.pos].line
}

func (p *parser) next() string {
	t := p.peek()
	p.pos++
	return t
}

func (p *parser) errorf(format string, args ...any) error {
	return fmt.Errorf("ptxsim: line %d: %s", p.line(), fmt.Sprintf(format, args...))
}

func (p *parser) expect(t string) error {
	if got := p.peek(); got != t {
		return p.errorf("expected %q, found %q", t, got)
	}
	p.pos++
	return nil
}

// Parse parses a PTX module and decodes its kernels. An instruction,
// modifier or directive the simulator does not implement is an error
// naming it.
func Parse(src string) (*Module, error) {
	toks, err := lex(src)
	if err != nil {
		return nil, fmt.Errorf("ptxsim: %w", err)
	}
	p := &parser{toks: toks}
	m := &Module{kernels: map[string]*Kernel{}, externs: map[string]bool{}}
	type pending struct {
		k     *Kernel
		body  []stmt
		decls []decl
	}
	var todo []pending
	for !p.eof() {
		switch t := p.next(); t {
		case ".version":
			m.Version = p.next()
		case ".target":
			m.Target = p.next()
			for p.peek() == "," {
				p.next()
				m.Target += "," + p.next()
			}
		case ".address_size":
			n, err := strconv.Atoi(p.next())
			if err != nil || n != 64 {
				return nil, p.errorf(".address_size must be 64")
			}
			m.AddressSize = n
		case ".visible", ".extern", ".weak":
			if t == ".extern" && p.peek() == ".func" {
				name, err := p.externFunc()
				if err != nil {
					return nil, err
				}
				m.externs[name] = true
				continue
			}
			if t == ".extern" && p.peek() == ".shared" {
				p.next()
				if err := p.dynamicShared(m); err != nil {
					return nil, err
				}
				continue
			}
			if p.peek() != ".entry" {
				return nil, p.errorf("unsupported directive %s %s (only .entry kernels, .extern .func declarations and .extern .shared arrays)", t, p.peek())
			}
			fallthrough
		case ".entry":
			if t != ".entry" {
				p.next()
			}
			k, body, decls, err := p.entry()
			if err != nil {
				return nil, err
			}
			k.mod = m
			m.kernels[k.Name] = k
			todo = append(todo, pending{k, body, decls})
		case ".shared":
			d, err := p.varDecl("shared")
			if err != nil {
				return nil, err
			}
			m.shared = append(m.shared, &variable{name: d.name, space: "shared", align: d.align, size: d.size})
		case ".global":
			d, err := p.varDecl("global")
			if err != nil {
				return nil, err
			}
			m.globals = append(m.globals, &variable{name: d.name, space: "global", align: d.align, size: d.size, init: d.init})
		case ".func":
			return nil, p.errorf("unsupported directive .func (device functions with bodies)")
		default:
			return nil, p.errorf("unsupported directive or token %q at module scope", t)
		}
	}
	if m.AddressSize != 64 {
		return nil, fmt.Errorf("ptxsim: missing .address_size 64")
	}
	for _, t := range todo {
		if err := t.k.build(t.decls, t.body); err != nil {
			return nil, err
		}
	}
	return m, nil
}

// externFunc parses ".func (.param .b64 r) name (.param .b32 a, ...);" after
// .extern and returns the name.
func (p *parser) externFunc() (string, error) {
	p.next() // .func
	if p.peek() == "(" {
		if err := p.skipParens(); err != nil {
			return "", err
		}
	}
	name := p.next()
	if p.peek() == "(" {
		if err := p.skipParens(); err != nil {
			return "", err
		}
	}
	return name, p.expect(";")
}

func (p *parser) skipParens() error {
	depth := 0
	for !p.eof() {
		switch p.next() {
		case "(":
			depth++
		case ")":
			depth--
			if depth == 0 {
				return nil
			}
		}
	}
	return p.errorf("unbalanced parentheses")
}

// decl is a declaration in a kernel's body (or a module-scope .shared).
type decl struct {
	dir   string // ".reg", ".local", ".shared", ".param"
	typ   string // "b32", "pred", ...
	name  string
	count int // .reg %r<count>: registers name0..name(count-1); 0 for one register
	align int
	size  int    // bytes (arrays)
	init  []byte // .global initializer
	line  int
}

// typeSize is the size in bytes of a PTX fundamental type name without its
// dot ("u32"), or 0 if it is not one.
func typeSize(t string) int {
	switch t {
	case "b8", "u8", "s8":
		return 1
	case "b16", "u16", "s16", "f16":
		return 2
	case "b32", "u32", "s32", "f32":
		return 4
	case "b64", "u64", "s64", "f64":
		return 8
	}
	return 0
}

// varDecl parses "[.align N] .type name[ [n] ] ;" after .shared, .local or
// .param.
func (p *parser) varDecl(space string) (decl, error) {
	d := decl{dir: "." + space, line: p.line()}
	if p.peek() == ".align" {
		p.next()
		n, err := strconv.Atoi(p.next())
		if err != nil {
			return d, p.errorf("bad .align")
		}
		d.align = n
	}
	t := p.next()
	if !strings.HasPrefix(t, ".") || typeSize(t[1:]) == 0 {
		return d, p.errorf("unsupported .%s variable type %q", space, t)
	}
	d.typ = t[1:]
	d.name = p.next()
	d.size = typeSize(d.typ)
	if d.align == 0 {
		d.align = d.size
	}
	if p.peek() == "[" {
		p.next()
		n, err := strconv.Atoi(p.next())
		if err != nil || n < 0 {
			return d, p.errorf("bad array size in .%s %s", space, d.name)
		}
		d.size *= n
		if err := p.expect("]"); err != nil {
			return d, err
		}
	}
	if p.peek() == "=" {
		if space != "global" {
			return d, p.errorf("unsupported initializer of .%s %s", space, d.name)
		}
		p.next()
		init, err := p.initializer(d)
		if err != nil {
			return d, err
		}
		d.init = init
	}
	return d, p.expect(";")
}

// initializer parses "{n, n, ...}" (or one n) of integers for a variable
// of integer type, little-endian, zero-filled to its size.
func (p *parser) initializer(d decl) ([]byte, error) {
	elem := typeSize(d.typ)
	if d.typ[0] == 'f' {
		return nil, p.errorf("unsupported float initializer of %s", d.name)
	}
	out := make([]byte, d.size)
	braced := p.peek() == "{"
	if braced {
		p.next()
	}
	for i := 0; ; i++ {
		neg := false
		if p.peek() == "-" {
			p.next()
			neg = true
		}
		v, err := parseInt(p.next())
		if err != nil {
			return nil, p.errorf("bad initializer of %s: %v", d.name, err)
		}
		if neg {
			v = -v
		}
		if (i+1)*elem > len(out) {
			return nil, p.errorf("initializer of %s is longer than its %d bytes", d.name, d.size)
		}
		for b := 0; b < elem; b++ {
			out[i*elem+b] = byte(v >> (8 * b))
		}
		if !braced || p.peek() != "," {
			break
		}
		p.next()
	}
	if braced {
		if err := p.expect("}"); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// entry parses ".entry name (params) [performance directives] { body }".
func (p *parser) entry() (*Kernel, []stmt, []decl, error) {
	k := &Kernel{Name: p.next()}
	if err := p.expect("("); err != nil {
		return nil, nil, nil, err
	}
	off := 0
	for p.peek() != ")" {
		if err := p.expect(".param"); err != nil {
			return nil, nil, nil, err
		}
		d, err := p.paramDecl()
		if err != nil {
			return nil, nil, nil, err
		}
		off = (off + d.align - 1) / d.align * d.align
		k.Params = append(k.Params, Param{Name: d.name, Type: d.typ, Size: d.size, Offset: off})
		off += d.size
		if p.peek() == "," {
			p.next()
		}
	}
	p.next() // )
	k.paramSize = off
	for p.peek() != "{" {
		switch t := p.next(); t {
		case ".maxntid", ".reqntid", ".minnctapersm", ".maxnreg":
			for p.peek() != "{" && !strings.HasPrefix(p.peek(), ".") {
				p.next()
			}
		default:
			return nil, nil, nil, p.errorf("unsupported kernel directive %q", t)
		}
	}
	body, decls, err := p.body()
	return k, body, decls, err
}

// paramDecl parses "[.align N] .type name[ [n] ]" of a parameter list.
func (p *parser) paramDecl() (decl, error) {
	d := decl{dir: ".param", line: p.line()}
	if p.peek() == ".align" {
		p.next()
		n, err := strconv.Atoi(p.next())
		if err != nil {
			return d, p.errorf("bad .align")
		}
		d.align = n
	}
	t := p.next()
	if !strings.HasPrefix(t, ".") || typeSize(t[1:]) == 0 {
		return d, p.errorf("unsupported parameter type %q", t)
	}
	d.typ, d.name, d.size = t[1:], p.next(), typeSize(t[1:])
	if d.align == 0 {
		d.align = d.size
	}
	if p.peek() == "[" {
		p.next()
		n, err := strconv.Atoi(p.next())
		if err != nil {
			return d, p.errorf("bad parameter array size")
		}
		d.size *= n
		if err := p.expect("]"); err != nil {
			return d, err
		}
	}
	return d, nil
}

// body parses "{ ... }": declarations, labels and instructions; nested
// blocks (llc's call sequences) are flattened.
func (p *parser) body() ([]stmt, []decl, error) {
	if err := p.expect("{"); err != nil {
		return nil, nil, err
	}
	var body []stmt
	var decls []decl
	// Names declared in a nested block are that block's: llc declares
	// each call's .param variables (param0, retval0, with the sizes of that
	// call) in a block of its own. They are renamed name#n, unique in the
	// function, and operands resolve through the enclosing blocks.
	scopes := []map[string]string{{}}
	renamed := 0
	scoped := func(name string) string {
		if len(scopes) == 1 {
			return name
		}
		renamed++
		u := fmt.Sprintf("%s#%d", name, renamed)
		scopes[len(scopes)-1][name] = u
		return u
	}
	resolve := func(name string) string {
		for i := len(scopes) - 1; i > 0; i-- {
			if u, ok := scopes[i][name]; ok {
				return u
			}
		}
		return name
	}
	for len(scopes) > 0 {
		if p.eof() {
			return nil, nil, p.errorf("unterminated function body")
		}
		t := p.peek()
		switch {
		case t == "{":
			p.next()
			scopes = append(scopes, map[string]string{})
		case t == "}":
			p.next()
			scopes = scopes[:len(scopes)-1]
		case t == ".reg":
			p.next()
			ds, err := p.regDecl()
			if err != nil {
				return nil, nil, err
			}
			for i := range ds {
				if ds[i].count == 0 {
					ds[i].name = scoped(ds[i].name)
				}
			}
			decls = append(decls, ds...)
		case t == ".local" || t == ".shared" || t == ".param":
			p.next()
			d, err := p.varDecl(t[1:])
			if err != nil {
				return nil, nil, err
			}
			d.name = scoped(d.name)
			decls = append(decls, d)
		case t == ".pragma":
			p.next()
			p.next()
			if err := p.expect(";"); err != nil {
				return nil, nil, err
			}
		case strings.HasPrefix(t, "."):
			return nil, nil, p.errorf("unsupported directive %q in a function body", t)
		case p.pos+1 < len(p.toks) && p.toks[p.pos+1].text == ":":
			body = append(body, stmt{op: ":", args: []arg{{kind: argName, name: t}}, line: p.line()})
			p.pos += 2
		default:
			s, err := p.instruction()
			if err != nil {
				return nil, nil, err
			}
			if len(scopes) > 1 {
				if s.guard != "" {
					s.guard = resolve(s.guard)
				}
				for i := range s.args {
					s.args[i] = renameArg(s.args[i], resolve)
				}
			}
			body = append(body, s)
		}
	}
	return body, decls, nil
}

// renameArg applies resolve to the names in a.
func renameArg(a arg, resolve func(string) string) arg {
	if a.name != "" {
		a.name = resolve(a.name)
	}
	if len(a.elems) > 0 {
		elems := make([]arg, len(a.elems))
		for i, e := range a.elems {
			elems[i] = renameArg(e, resolve)
		}
		a.elems = elems
	}
	return a
}

// regDecl parses ".type %r<n>;" or ".type %a, %b;" after .reg.
func (p *parser) regDecl() ([]decl, error) {
	t := p.next()
	typ := strings.TrimPrefix(t, ".")
	if typ != "pred" && typeSize(typ) == 0 {
		return nil, p.errorf("unsupported register type %q", t)
	}
	var ds []decl
	for {
		d := decl{dir: ".reg", typ: typ, name: p.next(), line: p.line()}
		if p.peek() == "<" {
			p.next()
			n, err := strconv.Atoi(p.next())
			if err != nil || n < 0 {
				return nil, p.errorf("bad register count")
			}
			d.count = n
			if err := p.expect(">"); err != nil {
				return nil, err
			}
		}
		ds = append(ds, d)
		if p.peek() != "," {
			break
		}
		p.next()
	}
	return ds, p.expect(";")
}

// instruction parses "[@[!]%p] opcode operands ;".
func (p *parser) instruction() (stmt, error) {
	s := stmt{line: p.line()}
	if p.peek() == "@" {
		p.next()
		if p.peek() == "!" {
			p.next()
			s.guardNot = true
		}
		s.guard = p.next()
	}
	s.op = p.next()
	if s.op == "" || !identChar(s.op[0]) {
		return s, p.errorf("expected an instruction, found %q", s.op)
	}
	for p.peek() != ";" {
		if p.eof() {
			return s, p.errorf("unterminated instruction %s", s.op)
		}
		a, err := p.operand()
		if err != nil {
			return s, err
		}
		if p.peek() == "|" {
			p.next()
			b, err := p.operand()
			if err != nil {
				return s, err
			}
			a = arg{kind: argPair, elems: []arg{a, b}}
		}
		s.args = append(s.args, a)
		if p.peek() == "," {
			p.next()
		}
	}
	p.next() // ;
	return s, nil
}

// operand parses one operand.
func (p *parser) operand() (arg, error) {
	switch t := p.peek(); {
	case t == "[":
		p.next()
		a := arg{kind: argAddr}
		if x := p.peek(); x != "-" && x != "+" && !(x[0] >= '0' && x[0] <= '9') {
			a.name = p.next()
		}
		for p.peek() == "+" || p.peek() == "-" || (a.name == "" && p.peek() != "]") {
			sign := int64(1)
			for p.peek() == "+" || p.peek() == "-" {
				if p.next() == "-" {
					sign = -sign
				}
			}
			n, err := parseInt(p.next())
			if err != nil {
				return a, p.errorf("bad address offset: %v", err)
			}
			a.off += sign * int64(n)
		}
		return a, p.expect("]")
	case t == "{" || t == "(":
		close := "}"
		kind := argVec
		if t == "(" {
			close, kind = ")", argList
		}
		p.next()
		a := arg{kind: kind}
		for p.peek() != close {
			if p.eof() {
				return a, p.errorf("unterminated operand list")
			}
			e, err := p.operand()
			if err != nil {
				return a, err
			}
			a.elems = append(a.elems, e)
			if p.peek() == "," {
				p.next()
			}
		}
		p.next()
		return a, nil
	case t == "!":
		p.next()
		a, err := p.operand()
		a.not = true
		return a, err
	case t == "-":
		p.next()
		a, err := p.operand()
		if a.kind != argNum {
			return a, p.errorf("unsupported negated operand %s", a)
		}
		a.num = "-" + a.num
		return a, err
	case t != "" && t[0] >= '0' && t[0] <= '9':
		p.next()
		return arg{kind: argNum, num: t}, nil
	case t != "" && identChar(t[0]):
		p.next()
		return arg{kind: argName, name: t}, nil
	}
	return arg{}, p.errorf("unexpected %q in operands", p.peek())
}

// parseInt parses a PTX integer literal: decimal, 0x hex, 0 octal, 0b
// binary, with an optional U suffix.
func parseInt(s string) (uint64, error) {
	s = strings.TrimSuffix(s, "U")
	switch {
	case strings.HasPrefix(s, "0x") || strings.HasPrefix(s, "0X"):
		return strconv.ParseUint(s[2:], 16, 64)
	case strings.HasPrefix(s, "0b") || strings.HasPrefix(s, "0B"):
		return strconv.ParseUint(s[2:], 2, 64)
	case len(s) > 1 && s[0] == '0':
		return strconv.ParseUint(s[1:], 8, 64)
	}
	return strconv.ParseUint(s, 10, 64)
}

// dynamicShared parses "[.align N] .type name[];" after .extern .shared:
// the module's dynamic shared array, whose size each launch gives
// (Launch.Shared).
func (p *parser) dynamicShared(m *Module) error {
	align := 0
	if p.peek() == ".align" {
		p.next()
		n, err := strconv.Atoi(p.next())
		if err != nil || n <= 0 {
			return p.errorf("bad .align")
		}
		align = n
	}
	t := p.next()
	if !strings.HasPrefix(t, ".") || typeSize(t[1:]) == 0 {
		return p.errorf("unsupported .extern .shared type %q", t)
	}
	if align == 0 {
		align = typeSize(t[1:])
	}
	name := p.next()
	if err := p.expect("["); err != nil {
		return err
	}
	if err := p.expect("]"); err != nil {
		return p.errorf(".extern .shared %s must be an array of unspecified size", name)
	}
	if err := p.expect(";"); err != nil {
		return err
	}
	if m.dynShared != nil {
		return p.errorf("a second .extern .shared array %s (the simulator supports one, %s)", name, m.dynShared.name)
	}
	m.dynShared = &variable{name: name, space: "shared", align: align}
	return nil
}
