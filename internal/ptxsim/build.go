package ptxsim

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"
)

// inst is one decoded instruction.
type inst struct {
	guard    int // predicate register, -1 if unguarded
	guardNot bool
	fn       func(t *thread, in *inst)
	text     string
	line     int
	// leads is, for the first instruction of a basic block, the block's
	// length, which the warp count (counts.go) adds at once; else 0.
	leads int
}

// getter reads an operand's value (raw bits, low bits significant): a
// register (xor'd with x, 1 for a negated predicate), an immediate, or
// what f computes (special registers). get is small enough to inline,
// which matters: it runs several times per instruction.
type getter struct {
	reg int // -1: not a register
	x   uint64
	imm uint64
	f   func(t *thread) uint64
}

func (g *getter) get(t *thread) uint64 {
	if g.reg >= 0 {
		return t.r[g.reg] ^ g.x
	}
	if g.f != nil {
		return g.f(t)
	}
	return g.imm
}

// constant is a getter of an immediate value.
func constant(v uint64) getter { return getter{reg: -1, imm: v} }

// setter writes a destination register, truncated to its declared width.
type setter struct {
	i, bits int
}

func (s setter) set(t *thread, v uint64) { t.r[s.i] = mask(v, s.bits) }

// decoder decodes one kernel's instructions.
type decoder struct {
	k *Kernel
	s stmt
}

func (d *decoder) errorf(format string, args ...any) error {
	return fmt.Errorf("ptxsim: kernel %s, line %d: %s: %s", d.k.Name, d.s.line, d.s.op, fmt.Sprintf(format, args...))
}

// unsupported is the error for an instruction, modifier or form the
// simulator does not implement.
func (d *decoder) unsupported(what string) error {
	return d.errorf("unsupported %s (ptxsim implements what codegen/ptx emits; see internal/ptxsim/doc.go)", what)
}

func align(off, a int) int {
	if a <= 1 {
		return off
	}
	return (off + a - 1) / a * a
}

// build lays out the kernel's registers and variables and decodes its
// body.
func (k *Kernel) build(decls []decl, body []stmt) error {
	k.regs = map[string]int{}
	k.vars = map[string]*variable{}
	k.labels = map[string]int{}
	for _, v := range k.mod.shared {
		k.shared = align(k.shared, v.align)
		k.vars[v.name] = &variable{name: v.name, space: "shared", align: v.align, size: v.size, offset: k.shared}
		k.shared += v.size
	}
	if d := k.mod.dynShared; d != nil {
		// After the static arrays (its offset is set below, once the
		// kernel's own are laid out); the launch gives its size.
		k.dynShared = &variable{name: d.name, space: "shared", align: d.align}
		k.vars[d.name] = k.dynShared
	}
	for _, p := range k.Params {
		k.vars[p.Name] = &variable{name: p.Name, space: "kparam", size: p.Size, offset: p.Offset}
	}
	for i, v := range k.mod.globals {
		k.vars[v.name] = &variable{name: v.name, space: "global", align: v.align, size: v.size, offset: i}
	}
	for _, dc := range decls {
		switch dc.dir {
		case ".reg":
			bits, kind := 1, byte('p')
			if dc.typ != "pred" {
				bits, kind = 8*typeSize(dc.typ), dc.typ[0]
			}
			add := func(name string) {
				if _, ok := k.regs[name]; !ok {
					k.regs[name] = len(k.regBits)
					k.regBits = append(k.regBits, bits)
					k.regKind = append(k.regKind, kind)
				}
			}
			if dc.count == 0 {
				add(dc.name)
			}
			for i := 0; i < dc.count; i++ {
				add(dc.name + strconv.Itoa(i))
			}
		case ".local", ".shared", ".param":
			if _, ok := k.vars[dc.name]; ok {
				return fmt.Errorf("ptxsim: kernel %s, line %d: %s declared twice", k.Name, dc.line, dc.name)
			}
			v := &variable{name: dc.name, space: dc.dir[1:], align: dc.align, size: dc.size}
			switch dc.dir {
			case ".local":
				v.offset = align(k.localSize, dc.align)
				k.localSize = v.offset + dc.size
			case ".shared":
				v.offset = align(k.shared, dc.align)
				k.shared = v.offset + dc.size
			case ".param":
				v.offset = align(k.callSize, max(dc.align, 8))
				k.callSize = v.offset + dc.size
			}
			k.vars[dc.name] = v
		}
	}
	if k.dynShared != nil {
		k.dynShared.offset = align(k.shared, k.dynShared.align)
	}
	n := 0
	for _, s := range body {
		if s.op == ":" {
			if _, dup := k.labels[s.args[0].name]; dup {
				return fmt.Errorf("ptxsim: kernel %s, line %d: label %s defined twice", k.Name, s.line, s.args[0].name)
			}
			k.labels[s.args[0].name] = n
			continue
		}
		n++
	}
	var ends []bool // ends[pc]: code[pc] may leave the straight line
	for _, s := range body {
		if s.op == ":" {
			continue
		}
		switch splitOpcode(s.op).base {
		case "bra", "ret", "exit", "trap", "bar", "barrier", "call", "shfl", "vote":
			ends = append(ends, true)
		default:
			ends = append(ends, false)
		}
		d := &decoder{k: k, s: s}
		in := inst{guard: -1, guardNot: s.guardNot, text: s.String(), line: s.line}
		if s.guard != "" {
			g, ok := k.regs[s.guard]
			if !ok || k.regBits[g] != 1 {
				return d.errorf("guard %s is not a predicate register", s.guard)
			}
			in.guard = g
		}
		fn, err := d.decode()
		if err != nil {
			return err
		}
		in.fn = fn
		k.code = append(k.code, in)
	}
	k.blocks(ends)
	return nil
}

// blocks marks the first instruction of each basic block with the block's
// length (inst.leads): a block starts at the kernel's entry, at a label
// and after an instruction that may branch or stop the thread (ends), the
// only places where a thread's run can start; it runs to its end unless
// the thread faults.
func (k *Kernel) blocks(ends []bool) {
	first := make([]bool, len(k.code)+1)
	first[0], first[len(k.code)] = true, true
	for _, pc := range k.labels {
		first[pc] = true
	}
	for pc, e := range ends {
		if e {
			first[pc+1] = true
		}
	}
	start := 0
	for pc := 1; pc <= len(k.code); pc++ {
		if first[pc] {
			k.code[start].leads = pc - start
			start = pc
		}
	}
}

// reg returns the index of register name, or an error.
func (d *decoder) reg(name string) (int, error) {
	i, ok := d.k.regs[name]
	if !ok {
		return 0, d.errorf("undeclared register %s", name)
	}
	return i, nil
}

// dst compiles a destination register operand.
func (d *decoder) dst(a arg) (setter, error) {
	if a.kind != argName || a.not {
		return setter{}, d.errorf("destination %s is not a register", a)
	}
	i, err := d.reg(a.name)
	if err != nil {
		return setter{}, err
	}
	return setter{i, d.k.regBits[i]}, nil
}

// specials are the special registers the simulator provides.
var specials = map[string]func(t *thread) uint64{
	"%tid.x":    func(t *thread) uint64 { return uint64(t.tid[0]) },
	"%tid.y":    func(t *thread) uint64 { return uint64(t.tid[1]) },
	"%tid.z":    func(t *thread) uint64 { return uint64(t.tid[2]) },
	"%ntid.x":   func(t *thread) uint64 { return uint64(t.b.run.l.Block[0]) },
	"%ntid.y":   func(t *thread) uint64 { return uint64(t.b.run.l.Block[1]) },
	"%ntid.z":   func(t *thread) uint64 { return uint64(t.b.run.l.Block[2]) },
	"%ctaid.x":  func(t *thread) uint64 { return uint64(t.b.ctaid[0]) },
	"%ctaid.y":  func(t *thread) uint64 { return uint64(t.b.ctaid[1]) },
	"%ctaid.z":  func(t *thread) uint64 { return uint64(t.b.ctaid[2]) },
	"%nctaid.x": func(t *thread) uint64 { return uint64(t.b.run.l.Grid[0]) },
	"%nctaid.y": func(t *thread) uint64 { return uint64(t.b.run.l.Grid[1]) },
	"%nctaid.z": func(t *thread) uint64 { return uint64(t.b.run.l.Grid[2]) },
	"%laneid":   func(t *thread) uint64 { return uint64(t.lane()) },
	// %globaltimer is nanoseconds of the host's clock, which a GPU's
	// timer also counts.
	"%globaltimer": func(*thread) uint64 { return uint64(time.Now().UnixNano()) },
}

// src compiles a source operand read as type ty: a register (a predicate
// may be negated), a special register, an immediate or, for mov and
// address arithmetic, the address of a .shared or .local variable in its
// state space.
func (d *decoder) src(a arg, ty ptype) (getter, error) {
	switch a.kind {
	case argName:
		if i, ok := d.k.regs[a.name]; ok {
			if a.not {
				if d.k.regBits[i] != 1 {
					return getter{}, d.errorf("!%s: not a predicate", a.name)
				}
				return getter{reg: i, x: 1}, nil
			}
			if err := d.typeCheck(i, ty); err != nil {
				return getter{}, err
			}
			return getter{reg: i}, nil
		}
		if a.not {
			return getter{}, d.errorf("!%s: not a predicate register", a.name)
		}
		if f, ok := specials[a.name]; ok {
			return getter{reg: -1, f: f}, nil
		}
		if v, ok := d.k.vars[a.name]; ok && (v.space == "shared" || v.space == "local") {
			addr := uint64(v.offset)
			return constant(addr), nil
		}
		if v, ok := d.k.vars[a.name]; ok && v.space == "global" {
			return globalAddr(v.offset), nil
		}
		if strings.HasPrefix(a.name, "%") {
			return getter{}, d.unsupported("register or special register " + a.name)
		}
		return getter{}, d.errorf("unknown symbol %s", a.name)
	case argNum:
		v, err := d.imm(a.num, ty)
		if err != nil {
			return getter{}, err
		}
		return constant(v), nil
	}
	return getter{}, d.errorf("operand %s cannot be a source here", a)
}

// imm parses an immediate for an operand of type ty: integers (masked to
// the width), 0fXXXXXXXX (f32 bits) and 0dXXXXXXXXXXXXXXXX (f64 bits),
// converted exactly to ty's width when they differ, and decimal floats.
func (d *decoder) imm(s string, ty ptype) (uint64, error) {
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	if ty.kind == 'f' {
		var f float64
		switch {
		case strings.HasPrefix(s, "0f") || strings.HasPrefix(s, "0F"):
			b, err := strconv.ParseUint(s[2:], 16, 32)
			if err != nil {
				return 0, d.errorf("bad f32 literal %s", s)
			}
			if ty.bits == 32 && !neg {
				return b, nil
			}
			f = float64(math.Float32frombits(uint32(b)))
		case strings.HasPrefix(s, "0d") || strings.HasPrefix(s, "0D"):
			b, err := strconv.ParseUint(s[2:], 16, 64)
			if err != nil {
				return 0, d.errorf("bad f64 literal %s", s)
			}
			if ty.bits == 64 && !neg {
				return b, nil
			}
			f = math.Float64frombits(b)
		default:
			var err error
			if f, err = strconv.ParseFloat(s, 64); err != nil {
				return 0, d.errorf("bad float literal %s", s)
			}
		}
		if neg {
			f = -f
		}
		if ty.bits == 32 {
			return uint64(math.Float32bits(float32(f))), nil
		}
		return math.Float64bits(f), nil
	}
	v, err := parseInt(s)
	if err != nil {
		return 0, d.errorf("bad integer literal %s", s)
	}
	if neg {
		v = -v
	}
	return mask(v, max(ty.bits, 1)), nil
}

// nargs checks the operand count.
func (d *decoder) nargs(n int) error {
	if len(d.s.args) != n {
		return d.errorf("%d operands, want %d", len(d.s.args), n)
	}
	return nil
}

// oneType returns the opcode's single type, or an error.
func (d *decoder) oneType(op opcode) (ptype, error) {
	if len(op.types) != 1 {
		return ptype{}, d.errorf("want one type, have %d", len(op.types))
	}
	return op.types[0], nil
}

// decode compiles the statement into its function.
func (d *decoder) decode() (func(*thread, *inst), error) {
	op := splitOpcode(d.s.op)
	switch op.base {
	case "add", "sub", "mul", "mad", "div", "rem", "abs", "neg", "min", "max",
		"and", "or", "xor", "not", "cnot", "shl", "shr", "bfe", "popc", "clz", "brev",
		"fma", "sqrt", "rcp", "copysign":
		return d.arith(op)
	case "shf":
		return d.shf(op)
	case "setp":
		return d.setp(op)
	case "selp":
		return d.selp(op)
	case "mov":
		return d.mov(op)
	case "cvt":
		return d.cvt(op)
	case "cvta":
		return d.cvta(op)
	case "ld", "st":
		return d.ldst(op)
	case "atom", "red":
		return d.atom(op)
	case "bra":
		return d.bra(op)
	case "ret", "exit":
		if len(op.mods) > 0 && op.only("uni") != "" {
			return nil, d.unsupported("modifier ." + op.only("uni") + " of " + op.base)
		}
		return func(t *thread, _ *inst) { t.state = exited }, nil
	case "trap":
		return func(t *thread, in *inst) { t.fault(in, FaultTrap, "") }, nil
	case "bar", "barrier":
		return d.barrier(op)
	case "membar", "fence":
		// Threads run one at a time: every access is already ordered.
		return func(*thread, *inst) {}, nil
	case "call":
		return d.call(op)
	case "shfl":
		return d.shfl(op)
	case "vote":
		return d.vote(op)
	}
	return nil, d.unsupported("instruction " + d.s.op)
}

// globalAddr is a getter of the address of the module's .global variable
// i, known once the launch has bound the module to its memory.
func globalAddr(i int) getter {
	return getter{reg: -1, f: func(t *thread) uint64 { return t.b.run.globals[i] }}
}
