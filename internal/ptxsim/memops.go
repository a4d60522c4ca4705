package ptxsim

import (
	"encoding/binary"
	"fmt"
	"math"
	"slices"
	"sync/atomic"
	"unsafe"
)

// address is a compiled [base+offset] operand in a state space.
type address struct {
	space string  // "global", "shared", "local", "generic", "kparam" (kernel), "cparam" (call)
	base  *getter // nil: offset only
	off   uint64
}

func (a address) at(t *thread) uint64 {
	if a.base == nil {
		return a.off
	}
	return a.base.get(t) + a.off
}

// ignoredMods are memory-order, scope and cache qualifiers: with one thread
// running at a time every access is already sequentially consistent and
// there is no cache.
var ignoredMods = map[string]bool{
	"weak": true, "volatile": true, "relaxed": true, "acquire": true, "release": true, "acq_rel": true,
	"cta": true, "gpu": true, "sys": true, "nc": true, "ca": true, "cg": true, "cs": true, "lu": true, "cv": true,
	"wb": true, "wt": true,
}

// space returns the state space among op's modifiers ("generic" when none)
// and the remaining modifiers.
func (d *decoder) space(op opcode) (string, []string, error) {
	space := "generic"
	var rest []string
	for _, m := range op.mods {
		switch m {
		case "global", "shared", "local", "param":
			space = m
		case "const", "tex", "surf":
			return "", nil, d.unsupported("state space ." + m)
		default:
			if !ignoredMods[m] {
				rest = append(rest, m)
			}
		}
	}
	return space, rest, nil
}

// addr compiles an address operand of an access in space.
func (d *decoder) addr(a arg, space string) (address, error) {
	if a.kind != argAddr {
		return address{}, d.errorf("operand %s is not an address", a)
	}
	ad := address{space: space, off: uint64(a.off)}
	if a.name == "" {
		return ad, nil
	}
	if i, ok := d.k.regs[a.name]; ok {
		ad.base = &getter{reg: i}
		return ad, nil
	}
	v, ok := d.k.vars[a.name]
	if !ok {
		return ad, d.errorf("unknown symbol %s", a.name)
	}
	if v.space == "global" {
		if space != "global" && space != "generic" {
			return ad, d.errorf("%s is a .global variable, accessed as .%s", a.name, space)
		}
		g := globalAddr(v.offset)
		ad.base = &g
		return ad, nil
	}
	ad.off += uint64(v.offset)
	switch {
	case v.space == "kparam" && space == "param":
		ad.space = "kparam"
	case v.space == "param" && space == "param":
		ad.space = "cparam"
	case v.space == space:
	case space == "generic" && v.space == "shared":
		ad.off += sharedWindow
	case space == "generic" && v.space == "local":
		ad.off += localWindow
	default:
		return ad, d.errorf("%s is a .%s variable, accessed as .%s", a.name, v.space, space)
	}
	return ad, nil
}

// access returns the n bytes at addr in space, or nil after faulting t:
// an address outside its allocation (or the block's .shared, the thread's
// .local) is an illegal address, one not a multiple of align a misaligned
// address, as on a GPU.
func (t *thread) access(in *inst, space string, addr uint64, n, align int) []byte {
	if space != "kparam" && space != "cparam" && addr%uint64(align) != 0 {
		t.fault(in, FaultMisaligned, fmt.Sprintf("%d-byte access at %s address %#x", n, space, addr))
		return nil
	}
	if space == "generic" {
		switch {
		case addr >= sharedWindow && addr < sharedWindow+windowSize:
			space, addr = "shared", addr-sharedWindow
		case addr >= localWindow && addr < localWindow+windowSize:
			space, addr = "local", addr-localWindow
		default:
			space = "global"
		}
	}
	var mem []byte
	switch space {
	case "global":
		rs := t.b.run
		if r := rs.cached; r != nil && addr >= r.base && addr+uint64(n) <= r.base+uint64(len(r.data)) {
			off := addr - r.base
			return r.data[off : off+uint64(n)]
		}
		r := rs.l.Mem.find(addr, n)
		if r == nil {
			t.fault(in, FaultIllegalAddress, fmt.Sprintf("%d bytes at global address %#x are outside every allocation", n, addr))
			return nil
		}
		rs.cached = r
		off := addr - r.base
		return r.data[off : off+uint64(n)]
	case "shared":
		mem = t.b.shared
	case "local":
		mem = t.local
	case "kparam":
		mem = t.b.run.l.Params
	case "cparam":
		mem = t.call
	}
	if addr > uint64(len(mem)) || uint64(n) > uint64(len(mem))-addr {
		t.fault(in, FaultIllegalAddress, fmt.Sprintf("%d bytes at %s address %#x, outside its %d bytes", n, space, addr, len(mem)))
		return nil
	}
	return mem[addr : addr+uint64(n)]
}

func getLE(b []byte) uint64 {
	switch len(b) {
	case 1:
		return uint64(b[0])
	case 2:
		return uint64(binary.LittleEndian.Uint16(b))
	case 4:
		return uint64(binary.LittleEndian.Uint32(b))
	}
	return binary.LittleEndian.Uint64(b)
}

func putLE(b []byte, v uint64) {
	switch len(b) {
	case 1:
		b[0] = byte(v)
	case 2:
		binary.LittleEndian.PutUint16(b, uint16(v))
	case 4:
		binary.LittleEndian.PutUint32(b, uint32(v))
	default:
		binary.LittleEndian.PutUint64(b, v)
	}
}

// ldst decodes ld and st: ld[.space][.vN].type d, [a] loads, zero- or (for
// .s types) sign-extending to the destination register's width; st writes
// the low bytes of the source.
func (d *decoder) ldst(op opcode) (func(*thread, *inst), error) {
	ty, err := d.oneType(op)
	if err != nil {
		return nil, err
	}
	if ty.kind == 'p' {
		return nil, d.unsupported(op.base + ".pred")
	}
	space, rest, err := d.space(op)
	if err != nil {
		return nil, err
	}
	vec := 1
	for _, m := range rest {
		switch m {
		case "v2":
			vec = 2
		case "v4":
			vec = 4
		default:
			return nil, d.unsupported("modifier ." + m + " of " + op.base)
		}
	}
	if err := d.nargs(2); err != nil {
		return nil, err
	}
	n := ty.bits / 8
	load := op.base == "ld"
	// A volatile load of a word is atomic, so that a kernel polling a word
	// that the host changes while it runs (cudasim's copies and memsets
	// on an idle stream, with atomic stores) is race-free, as the
	// hardware's volatile access is a single load.
	atomicWord := load && vec == 1 && (n == 4 || n == 8) && slices.Contains(op.mods, "volatile")
	aArg, vArg := d.s.args[1], d.s.args[0]
	if !load {
		aArg, vArg = d.s.args[0], d.s.args[1]
	}
	ad, err := d.addr(aArg, space)
	if err != nil {
		return nil, err
	}
	if !load && ad.space == "kparam" {
		return nil, d.errorf("st to a kernel parameter")
	}
	elems := []arg{vArg}
	if vec > 1 {
		if vArg.kind != argVec || len(vArg.elems) != vec {
			return nil, d.errorf("want a vector of %d registers", vec)
		}
		elems = vArg.elems
	}
	if load {
		dsts := make([]setter, vec)
		for i, e := range elems {
			if e.kind == argName && e.name == "_" {
				dsts[i] = setter{i: -1}
				continue
			}
			if dsts[i], err = d.dst(e); err != nil {
				return nil, err
			}
		}
		if atomicWord {
			dst := dsts[0]
			return func(t *thread, in *inst) {
				b := t.access(in, ad.space, ad.at(t), n, n)
				if b == nil || dst.i < 0 {
					return
				}
				var v uint64
				if n == 4 {
					v = uint64(atomic.LoadUint32((*uint32)(unsafe.Pointer(&b[0]))))
				} else {
					v = atomic.LoadUint64((*uint64)(unsafe.Pointer(&b[0])))
				}
				dst.set(t, ty.value(v))
			}, nil
		}
		return func(t *thread, in *inst) {
			b := t.access(in, ad.space, ad.at(t), n*vec, n*vec)
			if b == nil {
				return
			}
			for i, s := range dsts {
				if s.i >= 0 {
					s.set(t, ty.value(getLE(b[i*n:(i+1)*n])))
				}
			}
		}, nil
	}
	srcs := make([]getter, vec)
	for i, e := range elems {
		if srcs[i], err = d.src(e, ty); err != nil {
			return nil, err
		}
	}
	return func(t *thread, in *inst) {
		b := t.access(in, ad.space, ad.at(t), n*vec, n*vec)
		if b == nil {
			return
		}
		for i, g := range srcs {
			putLE(b[i*n:(i+1)*n], g.get(t))
		}
	}, nil
}

// atom decodes atom[.space].op.type d, [a], b[, c] and red (no d): an
// indivisible read-modify-write returning the old value. add.f32 rounds to
// nearest even and, on global memory, flushes subnormal inputs and results
// to sign-preserving zero, as the ISA specifies for atom.add.f32 without
// .noftz (on shared memory it keeps them); add.f64 keeps subnormals.
func (d *decoder) atom(op opcode) (func(*thread, *inst), error) {
	ty, err := d.oneType(op)
	if err != nil {
		return nil, err
	}
	space, rest, err := d.space(op)
	if err != nil {
		return nil, err
	}
	if space == "local" || space == "param" {
		return nil, d.unsupported(op.base + " on ." + space)
	}
	if len(rest) != 1 {
		return nil, d.errorf("want one operation among %v", rest)
	}
	aop := rest[0]
	w := ty.bits
	if w != 32 && w != 64 {
		return nil, d.unsupported(op.base + " of ." + ty.String())
	}
	var f func(old, b, c uint64) uint64
	switch {
	case aop == "add" && ty.kind == 'f' && w == 32:
		// Flushing is decided per access below: on global memory only.
		f = func(old, b, _ uint64) uint64 { return bits32(f32(old) + f32(b)) }
	case aop == "add" && ty.kind == 'f':
		f = func(old, b, _ uint64) uint64 { return bits64(f64(old) + f64(b)) }
	case aop == "add":
		f = func(old, b, _ uint64) uint64 { return old + b }
	case aop == "exch":
		f = func(_, b, _ uint64) uint64 { return b }
	case aop == "cas":
		f = func(old, b, c uint64) uint64 {
			if old == mask(b, w) {
				return c
			}
			return old
		}
	case aop == "and":
		f = func(old, b, _ uint64) uint64 { return old & b }
	case aop == "or":
		f = func(old, b, _ uint64) uint64 { return old | b }
	case aop == "xor":
		f = func(old, b, _ uint64) uint64 { return old ^ b }
	case (aop == "min" || aop == "max") && ty.kind != 'f':
		isMax := aop == "max"
		f = func(old, b, _ uint64) uint64 {
			less := mask(b, w) < old
			if ty.kind == 's' {
				less = sext(b, w) < sext(old, w)
			}
			if less != isMax {
				return mask(b, w)
			}
			return old
		}
	case aop == "inc" && ty.kind == 'u' && w == 32:
		f = func(old, b, _ uint64) uint64 {
			if old >= mask(b, w) {
				return 0
			}
			return old + 1
		}
	case aop == "dec" && ty.kind == 'u' && w == 32:
		f = func(old, b, _ uint64) uint64 {
			if old == 0 || old > mask(b, w) {
				return b
			}
			return old - 1
		}
	default:
		return nil, d.unsupported(op.base + "." + aop + "." + ty.String())
	}
	nsrc := 1
	if aop == "cas" {
		nsrc = 2
	}
	args := d.s.args
	var dst setter
	hasDst := op.base == "atom"
	if hasDst {
		if err := d.nargs(2 + nsrc); err != nil {
			return nil, err
		}
		if dst, err = d.dst(args[0]); err != nil {
			return nil, err
		}
		args = args[1:]
	} else if err := d.nargs(1 + nsrc); err != nil {
		return nil, err
	}
	ad, err := d.addr(args[0], space)
	if err != nil {
		return nil, err
	}
	b, err := d.src(args[1], ty)
	if err != nil {
		return nil, err
	}
	c := constant(0)
	if nsrc == 2 {
		if c, err = d.src(args[2], ty); err != nil {
			return nil, err
		}
	}
	n := w / 8
	if aop == "add" && ty.kind == 'f' && w == 32 {
		add := f
		return func(t *thread, in *inst) {
			addr := ad.at(t)
			m := t.access(in, ad.space, addr, n, n)
			if m == nil {
				return
			}
			raw := getLE(m)
			old, v := raw, b.get(t)
			global := ad.space == "global" || (ad.space == "generic" && (addr < sharedWindow || addr >= localWindow+windowSize))
			if global {
				old, v = bits32(ftz32(f32(old))), bits32(ftz32(f32(v)))
			}
			r := add(old, v, 0)
			if global {
				r = bits32(ftz32(f32(r)))
			}
			putLE(m, r)
			if hasDst {
				dst.set(t, raw)
			}
		}, nil
	}
	return func(t *thread, in *inst) {
		m := t.access(in, ad.space, ad.at(t), n, n)
		if m == nil {
			return
		}
		old := getLE(m)
		putLE(m, mask(f(old, b.get(t), c.get(t)), w))
		if hasDst {
			dst.set(t, old)
		}
	}, nil
}

// ftz32 flushes a float32 subnormal to zero of the same sign.
func ftz32(f float32) float32 {
	if f != 0 && math.Abs(float64(f)) < 0x1p-126 {
		return float32(math.Copysign(0, float64(f)))
	}
	return f
}
