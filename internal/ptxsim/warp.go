package ptxsim

// This file implements the warp-level instructions, shfl.sync and
// vote.sync, and the special register %laneid.
//
// A block's threads form warps of 32 in the order of their linear index
// tid.x + ntid.x*(tid.y + ntid.y*tid.z), as on NVIDIA GPUs; the last warp
// is partial when the block's size is not a multiple of 32. A thread that
// executes a warp instruction waits (state atWarp) like one at a barrier.
// When no thread of the block can run any longer, every waiting thread's
// membermask is checked and each group of threads waiting at the same
// opcode with the same membermask exchanges its values at once and runs
// on (block, in run.go; warps, below).
//
// The ISA has the executing thread wait for the non-exited threads of
// membermask that have executed the instruction "with the same qualifiers
// and same membermask value"; anything else is undefined, which a GPU shows
// as a hang or garbage. The simulator reports it as a fault
// (FaultIllegalInstruction) instead:
//
//   - a thread outside its own membermask, when it executes the
//     instruction;
//   - a lane of membermask that has not exited and cannot arrive: it waits
//     at a barrier, or at a warp instruction with other qualifiers or
//     another membermask.
//
// Exited lanes, and lanes past the end of a partial warp, are absent, as
// the ISA's "non-exited threads" allows: shfl.sync reads an unpredictable
// value from them (the simulator's poison, 0xA5A5A5A5, so that a use
// shows) and vote.sync counts them as not voting.

import "fmt"

// warpSize is the number of threads of a warp.
const warpSize = 32

// warpOp is a decoded warp instruction.
type warpOp struct {
	name string // the opcode with its qualifiers: threads meet only at the same one
	mask getter // membermask
	// give returns what t contributes to the exchange (shfl: a; vote: the
	// predicate).
	give func(t *thread) uint64
	// take sets t's results, t being lane lane of the group w.
	take func(t *thread, lane int, w *warpGroup)
}

// warpGroup is one exchange: the lanes that take part and their values.
type warpGroup struct {
	in  uint32 // bit l: lane l takes part
	val [warpSize]uint64
}

// has reports whether lane l takes part.
func (w *warpGroup) has(l int) bool { return l >= 0 && l < warpSize && w.in&(1<<uint(l)) != 0 }

// lane returns t's lane in its warp.
func (t *thread) lane() int { return t.lin % warpSize }

// arrive makes t wait at the warp instruction in.
func (op *warpOp) arrive(t *thread, in *inst) {
	m := uint32(op.mask.get(t))
	if m&(1<<uint(t.lane())) == 0 {
		t.fault(in, FaultIllegalInstruction, fmt.Sprintf("lane %d is not in its membermask %#x", t.lane(), m))
		return
	}
	t.state, t.wait, t.waitMask, t.waitIn = atWarp, op, m, in
}

// warps completes the warp instructions that threads wait at, once no
// thread of the block can run: every waiting thread's membermask must name
// only lanes that wait at the same opcode with the same membermask, or have
// exited. A group that does not complete now never would: its lanes are
// held at barriers or at other warp instructions, so that is a fault.
func (rs *runState) warps(threads []thread) error {
	for base := 0; base < len(threads); base += warpSize {
		lanes := threads[base:min(base+warpSize, len(threads))]
		for l := range lanes {
			if t := &lanes[l]; t.state == atWarp {
				if detail := missing(t, lanes); detail != "" {
					t.fault(t.waitIn, FaultIllegalInstruction, detail)
					return rs.fault
				}
			}
		}
		for l := range lanes {
			t := &lanes[l]
			if t.state != atWarp {
				continue
			}
			var w warpGroup
			for j := range lanes {
				if u := &lanes[j]; u.state == atWarp && t.waitMask&(1<<uint(j)) != 0 {
					w.in |= 1 << uint(j)
					w.val[j] = u.wait.give(u)
				}
			}
			for j := range lanes {
				if w.has(j) {
					u := &lanes[j]
					u.wait.take(u, j, &w)
					u.state, u.wait, u.waitIn = running, nil, nil
				}
			}
		}
	}
	return nil
}

// missing says which lane of t's membermask cannot take part in t's warp
// instruction, and why; "" when all can.
func missing(t *thread, lanes []thread) string {
	for j := range lanes {
		if t.waitMask&(1<<uint(j)) == 0 {
			continue
		}
		u := &lanes[j]
		switch {
		case u.state == exited:
		case u.state == atWarp && u.wait.name == t.wait.name && u.waitMask == t.waitMask:
		case u.state == atWarp:
			return fmt.Sprintf("membermask %#x names lane %d, which waits at %s with membermask %#x (line %d)",
				t.waitMask, j, u.wait.name, u.waitMask, u.waitIn.line)
		case u.state == atBarrier:
			return fmt.Sprintf("membermask %#x names lane %d, which waits at a barrier", t.waitMask, j)
		default:
			return fmt.Sprintf("membermask %#x names lane %d, which does not arrive", t.waitMask, j)
		}
	}
	return ""
}

// poison32 is what a lane that takes no part in a shuffle gives.
const poison32 = poison * 0x01010101

// shfl decodes shfl.sync.{up,down,bfly,idx}.b32 d[|p], a, b, c,
// membermask with the ISA's semantics: b is the source lane or the lane
// offset (its low 5 bits), c packs the clamp value (bits 0-4) and the
// segment mask (bits 8-12); a lane whose computed source is out of range
// gets its own a and p false.
func (d *decoder) shfl(op opcode) (func(*thread, *inst), error) {
	if len(op.mods) != 2 || op.mods[0] != "sync" || len(op.types) != 1 || op.types[0] != (ptype{'b', 32}) {
		return nil, d.unsupported("shuffle form " + op.text + " (only shfl.sync.mode.b32)")
	}
	mode := op.mods[1]
	switch mode {
	case "up", "down", "bfly", "idx":
	default:
		return nil, d.unsupported("shfl mode ." + mode)
	}
	if err := d.nargs(5); err != nil {
		return nil, err
	}
	ty := op.types[0]
	dst, pred, hasP := d.s.args[0], arg{}, false
	if dst.kind == argPair {
		dst, pred, hasP = dst.elems[0], dst.elems[1], true
	}
	dv, err := d.dst(dst)
	if err != nil {
		return nil, err
	}
	if err := d.typeCheck(dv.i, ty); err != nil {
		return nil, err
	}
	var pv setter
	if hasP {
		if pv, err = d.predDst(pred); err != nil {
			return nil, err
		}
	}
	var src [4]getter
	for i := range src {
		if src[i], err = d.src(d.s.args[1+i], ty); err != nil {
			return nil, err
		}
	}
	a, b, c := src[0], src[1], src[2]
	wop := &warpOp{name: op.text, mask: src[3]}
	wop.give = func(t *thread) uint64 { return mask(a.get(t), 32) }
	wop.take = func(t *thread, lane int, w *warpGroup) {
		bval, cv := int(b.get(t)&31), c.get(t)
		cval, seg := int(cv&31), int(cv>>8&31)
		maxLane := lane&seg | cval&^seg
		minLane := lane & seg
		var j int
		var ok bool
		switch mode {
		case "up":
			j = lane - bval
			ok = j >= maxLane
		case "down":
			j = lane + bval
			ok = j <= maxLane
		case "bfly":
			j = lane ^ bval
			ok = j <= maxLane
		case "idx":
			j = minLane | bval&^seg
			ok = j <= maxLane
		}
		if !ok {
			j = lane
		}
		v := uint64(poison32)
		if w.has(j) {
			v = w.val[j]
		}
		dv.set(t, v)
		if hasP {
			pv.set(t, b2u(ok))
		}
	}
	return wop.arrive, nil
}

// vote decodes vote.sync.ballot.b32 d, {!}a, membermask (bit l of d: lane
// l takes part and its a is true) and vote.sync.{all,any,uni}.pred d,
// {!}a, membermask (a is true for every lane that takes part, for one, or
// the same for all).
func (d *decoder) vote(op opcode) (func(*thread, *inst), error) {
	if len(op.mods) != 2 || op.mods[0] != "sync" || len(op.types) != 1 {
		return nil, d.unsupported("vote form " + op.text + " (only vote.sync)")
	}
	mode, ty := op.mods[1], op.types[0]
	switch {
	case mode == "ballot" && ty == ptype{'b', 32}:
	case (mode == "all" || mode == "any" || mode == "uni") && ty.kind == 'p':
	default:
		return nil, d.unsupported("vote form " + op.text)
	}
	if err := d.nargs(3); err != nil {
		return nil, err
	}
	var dv setter
	var err error
	if ty.kind == 'p' {
		dv, err = d.predDst(d.s.args[0])
	} else if dv, err = d.dst(d.s.args[0]); err == nil {
		err = d.typeCheck(dv.i, ty)
	}
	if err != nil {
		return nil, err
	}
	a := d.s.args[1]
	if i, ok := d.k.regs[a.name]; a.kind != argName || !ok || d.k.regBits[i] != 1 {
		return nil, d.errorf("vote operand %s is not a predicate register", a)
	}
	p, err := d.src(a, ptype{'p', 1})
	if err != nil {
		return nil, err
	}
	m, err := d.src(d.s.args[2], ptype{'b', 32})
	if err != nil {
		return nil, err
	}
	wop := &warpOp{name: op.text, mask: m}
	wop.give = func(t *thread) uint64 { return p.get(t) & 1 }
	wop.take = func(t *thread, lane int, w *warpGroup) {
		var ballot uint32
		for j := range w.val {
			if w.has(j) && w.val[j] != 0 {
				ballot |= 1 << uint(j)
			}
		}
		switch mode {
		case "ballot":
			dv.set(t, uint64(ballot))
		case "all":
			dv.set(t, b2u(ballot == w.in))
		case "any":
			dv.set(t, b2u(ballot != 0))
		case "uni":
			dv.set(t, b2u(ballot == w.in || ballot == 0))
		}
	}
	return wop.arrive, nil
}

// predDst compiles a predicate destination.
func (d *decoder) predDst(a arg) (setter, error) {
	s, err := d.dst(a)
	if err != nil {
		return setter{}, err
	}
	if s.bits != 1 {
		return setter{}, d.errorf("destination %s is not a predicate register", a)
	}
	return s, nil
}

func b2u(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}
