package ptxsim

import "fmt"

// bra decodes bra[.uni] label.
func (d *decoder) bra(op opcode) (func(*thread, *inst), error) {
	if m := op.only("uni"); m != "" {
		return nil, d.unsupported("modifier ." + m + " of bra")
	}
	if err := d.nargs(1); err != nil {
		return nil, err
	}
	target, ok := d.k.labels[d.s.args[0].name]
	if !ok {
		return nil, d.errorf("unknown label %s", d.s.args[0])
	}
	return func(t *thread, _ *inst) { t.pc = target }, nil
}

// barrier decodes bar.sync a[, b] and barrier.sync[.aligned] a[, b]: the
// thread waits until every thread of the block that has not exited
// arrives. A thread count b must be the whole block.
func (d *decoder) barrier(op opcode) (func(*thread, *inst), error) {
	if len(op.mods) == 0 || op.mods[0] != "sync" || op.only("sync", "aligned") != "" || len(op.types) > 0 {
		return nil, d.unsupported("barrier form " + op.text)
	}
	if len(d.s.args) < 1 || len(d.s.args) > 2 || d.s.args[0].kind != argNum {
		return nil, d.unsupported("barrier operands of " + d.s.String())
	}
	if len(d.s.args) == 1 {
		return func(t *thread, _ *inst) { t.state = atBarrier }, nil
	}
	count, err := d.src(d.s.args[1], ptype{'u', 32})
	if err != nil {
		return nil, err
	}
	return func(t *thread, in *inst) {
		l := t.b.run.l
		if n := l.Block[0] * l.Block[1] * l.Block[2]; uint32(count.get(t)) != n {
			t.fault(in, FaultIllegalInstruction, fmt.Sprintf("barrier of %d threads in a block of %d", count.get(t), n))
			return
		}
		t.state = atBarrier
	}, nil
}

// call decodes call[.uni] [(results),] name[, (arguments)]: the function
// must be one of Launch.Externs, given each call-site .param's bytes.
func (d *decoder) call(op opcode) (func(*thread, *inst), error) {
	if m := op.only("uni"); m != "" {
		return nil, d.unsupported("modifier ." + m + " of call")
	}
	args := d.s.args
	var rets, params []arg
	if len(args) > 0 && args[0].kind == argList {
		rets = args[0].elems
		args = args[1:]
	}
	if len(args) == 0 || args[0].kind != argName {
		return nil, d.errorf("call without a function name")
	}
	name := args[0].name
	args = args[1:]
	if len(args) > 0 {
		if len(args) != 1 || args[0].kind != argList {
			return nil, d.unsupported("call form " + d.s.String())
		}
		params = args[0].elems
	}
	if !d.k.mod.externs[name] {
		return nil, d.unsupported("call of " + name + ", which is not an .extern .func")
	}
	vars := func(as []arg) ([]*variable, error) {
		var vs []*variable
		for _, a := range as {
			v, ok := d.k.vars[a.name]
			if a.kind != argName || !ok || v.space != "param" {
				return nil, d.errorf("call operand %s is not a .param variable", a)
			}
			vs = append(vs, v)
		}
		return vs, nil
	}
	rv, err := vars(rets)
	if err != nil {
		return nil, err
	}
	pv, err := vars(params)
	if err != nil {
		return nil, err
	}
	k := d.k
	return func(t *thread, in *inst) {
		l := t.b.run.l
		fn := l.Externs[name]
		if fn == nil {
			t.fault(in, FaultIllegalInstruction, "no implementation of "+name+" (Launch.Externs)")
			return
		}
		c := &Call{Name: name, Tid: t.tid, Ntid: l.Block, Ctaid: t.b.ctaid, Nctaid: l.Grid, Params: l.Params, Kernel: k, t: t, in: in}
		for _, v := range pv {
			c.Args = append(c.Args, t.call[v.offset:v.offset+v.size])
		}
		for _, v := range rv {
			c.Results = append(c.Results, t.call[v.offset:v.offset+v.size])
		}
		if err := fn(c); err != nil {
			t.fault(in, FaultTrap, err.Error())
			return
		}
		if c.Barrier {
			t.state = atBarrier
		}
	}, nil
}
