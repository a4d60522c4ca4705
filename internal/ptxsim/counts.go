package ptxsim

// This file counts the instructions a launch executes, at the two levels a
// GPU's profiler counts them: issued per warp (CUDA's inst_executed) and
// executed per thread (thread_inst_executed). Both count an instruction
// whose guard predicate is false, as a GPU does: it is issued, and its
// lanes are active, only their results discarded.
//
// The thread count is the launch's step count. The warp count needs a
// model, since the simulator runs a block's threads one after another
// between barriers and warp instructions, not a warp's lanes in lockstep.
// It is: within each stretch that a warp's lanes run between barriers and
// warp instructions (a pass of block, in run.go), each instruction is
// issued as many times as the lane that executes it most often executes
// it. That is exact for straight-line code, for branches where the lanes
// diverge (each side is issued once, for the lanes that take it) and for
// loops whose trip counts differ between lanes (the body is issued as
// often as the longest-running lane runs it). It is a lower bound
// otherwise: where the lanes of a warp take a branch
// inside a loop on different iterations, a GPU issues the branch's
// instructions once per iteration in which any lane takes it, the model
// as often as the lane that takes it most.
//
// The instructions of a basic block run together (a thread's run starts
// only at a block's first instruction, and leaves the block only at its
// end or by a fault), so the warp count is kept per block: a few loads and
// stores of one slot each time a thread enters a block, all in the
// goroutine that runs the launch, with no atomics; the totals reach
// Launch.Counts once, at the end. A thread that faults takes back the
// rest of its block.

// Counts are the instructions a launch executed (see Launch.Counts).
type Counts struct {
	// Warp is the number of instructions issued for warps: one per
	// instruction that a warp executes with any lane active (CUDA's
	// inst_executed).
	Warp uint64
	// Thread is the number of instructions executed by threads, summed
	// over the threads (CUDA's thread_inst_executed): at least Warp, at
	// most 32 times Warp.
	Thread uint64
}

// Add returns the sum of c and o.
func (c Counts) Add(o Counts) Counts {
	return Counts{Warp: c.Warp + o.Warp, Thread: c.Thread + o.Thread}
}

// issueSlot is one basic block's state in the warp count, at its first
// instruction: how often the running thread has entered it in its current
// stretch (n, for segment seg) and how often the lane that entered it most
// in the current pass of its warp did (most, for pass pass). Each time n
// exceeds most, the warp issues the block once more.
type issueSlot struct {
	seg, n     uint64
	pass, most uint64
}
