package ptxsim

import (
	"errors"
	"fmt"
)

// Launch is one kernel launch: the grid, the parameter buffer (see
// Kernel.ParamBuffer), the memory and the functions that call may reach.
type Launch struct {
	Grid, Block [3]uint32
	Params      []byte
	Mem         *Memory
	// Externs are the functions that call instructions reach, by name.
	Externs map[string]Extern
	// Shared is the size in bytes of each block's dynamic shared memory,
	// the module's .extern .shared array (cuLaunchKernel's sharedMemBytes).
	Shared int
	// MaxSteps bounds the instructions one launch may execute (0: a
	// default of 1<<31); beyond it the launch fails with FaultTimeout.
	MaxSteps int64
	// Counts, when not nil, receives the instructions the launch
	// executed: Run adds them to *Counts once, when it returns (also when
	// the launch faults: what ran until the fault). The same kernel,
	// launch and memory give the same counts every time (counts.go).
	Counts *Counts
}

// Extern is a function called by a call instruction. It reads its
// arguments from c.Args (each parameter's bytes) and writes its results
// into c.Results.
type Extern func(c *Call) error

// Call is one call of an Extern by one thread.
type Call struct {
	Name                     string
	Tid, Ntid, Ctaid, Nctaid [3]uint32
	Params                   []byte   // the kernel's parameter buffer
	Kernel                   *Kernel  // the calling kernel
	Args                     [][]byte // each argument's bytes
	Results                  [][]byte // each result's bytes, to fill
	// Barrier, when set by the Extern, makes the thread wait at the
	// block's barrier after the call (llc's PTX calls kago's barrier
	// intrinsic as a function).
	Barrier bool

	t  *thread
	in *inst
}

// Bytes returns the n bytes at the generic address addr as the calling
// thread sees them (global memory, its block's .shared, its .local), for
// functions that take pointers (vprintf's format and arguments).
func (c *Call) Bytes(addr uint64, n int) ([]byte, error) {
	b := c.t.access(c.in, "generic", addr, n, 1)
	if b == nil {
		f := c.t.b.run.fault
		c.t.state, c.t.b.run.fault = running, nil // the caller decides
		return nil, f
	}
	return b, nil
}

// FaultKind says how a launch failed.
type FaultKind int

// The ways a launch fails, each the CUDA error a GPU would give.
const (
	FaultTrap               FaultKind = iota + 1 // trap: CUDA_ERROR_LAUNCH_FAILED
	FaultIllegalAddress                          // CUDA_ERROR_ILLEGAL_ADDRESS
	FaultMisaligned                              // CUDA_ERROR_MISALIGNED_ADDRESS
	FaultTimeout                                 // MaxSteps exceeded: CUDA_ERROR_LAUNCH_TIMEOUT
	FaultIllegalInstruction                      // a call with no Extern, a bad barrier or warp instruction (warp.go): CUDA_ERROR_ILLEGAL_INSTRUCTION
)

// String names the fault as CUDA's error description would.
func (k FaultKind) String() string {
	switch k {
	case FaultTrap:
		return "trap"
	case FaultIllegalAddress:
		return "illegal address"
	case FaultMisaligned:
		return "misaligned address"
	case FaultTimeout:
		return "launch timeout"
	case FaultIllegalInstruction:
		return "illegal instruction"
	}
	return "fault"
}

// Fault is a failed launch: what failed, where and in which thread.
type Fault struct {
	Kind   FaultKind
	Kernel string
	Line   int    // source line of the instruction
	Inst   string // the instruction
	Tid    [3]uint32
	Ctaid  [3]uint32
	Detail string
}

// Error says what failed, in which kernel, block, thread and instruction.
func (f *Fault) Error() string {
	s := fmt.Sprintf("ptxsim: %s in kernel %s, block %v thread %v, line %d: %s", f.Kind, f.Kernel, f.Ctaid, f.Tid, f.Line, f.Inst)
	if f.Detail != "" {
		s += ": " + f.Detail
	}
	return s
}

// FaultOf returns the *Fault in err's chain, or nil.
func FaultOf(err error) *Fault {
	var f *Fault
	if errors.As(err, &f) {
		return f
	}
	return nil
}

// thread states.
const (
	running = iota
	atBarrier
	atWarp // at a warp instruction (warp.go)
	exited
	faulted
)

// thread is one thread's state: registers, pc, local and call memory.
type thread struct {
	r     []uint64
	pc    int
	state int
	tid   [3]uint32
	lin   int // the linear index in the block, which places it in its warp
	local []byte
	call  []byte
	b     *block
	// The warp instruction t waits at (state atWarp), its membermask and
	// the instruction, for faults.
	wait     *warpOp
	waitMask uint32
	waitIn   *inst
}

// block is the state one block's threads share.
type block struct {
	ctaid  [3]uint32
	shared []byte
	run    *runState
}

// runState is one launch in progress.
type runState struct {
	k       *Kernel
	l       *Launch
	steps   int64
	max     int64
	fault   *Fault
	cached  *region  // the last global region hit
	globals []uint64 // addresses of the module's .global variables
	// The warp count (counts.go): instructions issued so far, a slot per
	// instruction, and the stamps of the current pass of a warp and of
	// the current thread's stretch.
	issued    uint64
	issue     []issueSlot
	pass, seg uint64
}

// poison fills memory that a GPU leaves uninitialised (.shared, .local),
// so that reading it before writing shows.
const poison = 0xA5

// Run executes the kernel over the launch's grid, block after block, and
// returns the first fault, a *Fault.
func (k *Kernel) Run(l Launch) error {
	for d := 0; d < 3; d++ {
		if l.Grid[d] == 0 || l.Block[d] == 0 {
			return fmt.Errorf("ptxsim: launch of %s with grid %v and block %v: every dimension must be at least 1", k.Name, l.Grid, l.Block)
		}
	}
	nt := int(l.Block[0]) * int(l.Block[1]) * int(l.Block[2])
	if nt > k.MaxThreads() {
		return fmt.Errorf("ptxsim: launch of %s with %d threads per block, above %d", k.Name, nt, k.MaxThreads())
	}
	if len(l.Params) < k.paramSize {
		return fmt.Errorf("ptxsim: launch of %s with %d parameter bytes, %d needed", k.Name, len(l.Params), k.paramSize)
	}
	if l.Mem == nil {
		l.Mem = NewMemory(0)
	}
	globals, err := k.mod.bind(l.Mem)
	if err != nil {
		return fmt.Errorf("ptxsim: launch of %s: the module's .global variables: %w", k.Name, err)
	}
	rs := &runState{k: k, l: &l, max: l.MaxSteps, globals: globals, issue: make([]issueSlot, len(k.code))}
	if rs.max <= 0 {
		rs.max = 1 << 31
	}
	if l.Counts != nil {
		defer func() {
			*l.Counts = l.Counts.Add(Counts{Warp: rs.issued, Thread: uint64(rs.steps)})
		}()
	}
	nr := len(k.regBits)
	regs := make([]uint64, nt*nr)
	local := make([]byte, nt*k.localSize)
	call := make([]byte, nt*k.callSize)
	threads := make([]thread, nt)
	if l.Shared < 0 {
		return fmt.Errorf("ptxsim: launch of %s with %d bytes of dynamic shared memory", k.Name, l.Shared)
	}
	shared := k.shared
	if k.dynShared != nil {
		shared = k.dynShared.offset + l.Shared
	}
	b := &block{shared: make([]byte, shared), run: rs}
	for z := uint32(0); z < l.Grid[2]; z++ {
		for y := uint32(0); y < l.Grid[1]; y++ {
			for x := uint32(0); x < l.Grid[0]; x++ {
				b.ctaid = [3]uint32{x, y, z}
				fill(b.shared, poison)
				fill(local, poison)
				clear(regs)
				i := 0
				for tz := uint32(0); tz < l.Block[2]; tz++ {
					for ty := uint32(0); ty < l.Block[1]; ty++ {
						for tx := uint32(0); tx < l.Block[0]; tx++ {
							threads[i] = thread{r: regs[i*nr : (i+1)*nr : (i+1)*nr], tid: [3]uint32{tx, ty, tz}, lin: i,
								local: local[i*k.localSize : (i+1)*k.localSize], call: call[i*k.callSize : (i+1)*k.callSize], b: b}
							i++
						}
					}
				}
				if err := rs.block(threads); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

func fill(b []byte, v byte) {
	for i := range b {
		b[i] = v
	}
}

// block runs a block's threads in lockstep between barriers and warp
// instructions.
func (rs *runState) block(threads []thread) error {
	for {
		live, warp := 0, false
		for i := range threads {
			if i%warpSize == 0 {
				rs.pass++
			}
			t := &threads[i]
			if t.state == running {
				rs.exec(t)
			}
			switch t.state {
			case faulted:
				return rs.fault
			case atWarp:
				warp = true
				live++
			case atBarrier, running:
				live++
			}
		}
		if live == 0 {
			return nil
		}
		// Warp instructions complete first: their threads run on to the
		// barrier, or to the next warp instruction.
		if warp {
			if err := rs.warps(threads); err != nil {
				return err
			}
			continue
		}
		// Every thread still running waits at the barrier (exec returns
		// only at a barrier, an exit or a fault): release them. Threads
		// that exited do not hold a barrier up, as on current GPUs.
		for i := range threads {
			if threads[i].state == atBarrier {
				threads[i].state = running
			}
		}
	}
}

// exec runs t until it waits at a barrier, exits or faults.
func (rs *runState) exec(t *thread) {
	code, issue := rs.k.code, rs.issue
	steps, limit := rs.steps, rs.max
	issued, pass := rs.issued, rs.pass
	rs.seg++
	seg := rs.seg
	// end is the end of the basic block t runs when t's entry into it
	// issued it, else 0: what to take back if t faults in it.
	end := 0
	defer func() { rs.steps, rs.issued = steps, issued }()
	for t.state == running {
		pc := t.pc
		if pc >= len(code) {
			t.state = exited
			return
		}
		in := &code[pc]
		t.pc = pc + 1
		steps++
		if steps > limit {
			steps, t.pc = limit, pc // in does not run
			if in.leads > 0 {
				end = 0 // and the block before it has run to its end
			}
			t.fault(in, FaultTimeout, fmt.Sprintf("more than %d instructions", limit))
			break
		}
		// The warp count (counts.go), a basic block at a time: the warp
		// issues the block once more when this thread enters it more
		// often in this stretch than any lane before it in this pass of
		// its warp.
		if in.leads > 0 {
			end = 0
			e := &issue[pc]
			if e.seg != seg {
				if e.pass != pass {
					e.pass, e.most = pass, 0
				}
				e.seg, e.n = seg, 0
			}
			e.n++
			if e.n > e.most {
				e.most = e.n
				issued += uint64(in.leads)
				end = pc + in.leads
			}
		}
		if in.guard >= 0 && (t.r[in.guard] != 0) == in.guardNot {
			continue
		}
		in.fn(t, in)
	}
	if t.state == faulted && end > 0 {
		issued -= uint64(end - t.pc) // the rest of the block did not run
	}
}

// fault stops t and records the launch's fault.
func (t *thread) fault(in *inst, kind FaultKind, detail string) {
	t.state = faulted
	rs := t.b.run
	if rs.fault == nil {
		rs.fault = &Fault{Kind: kind, Kernel: rs.k.Name, Line: in.line, Inst: in.text, Tid: t.tid, Ctaid: t.b.ctaid, Detail: detail}
	}
}
