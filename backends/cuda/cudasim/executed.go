package cudasim

import "github.com/kago-dev/kago/internal/ptxsim"

// Executed returns the instructions that the kernels launched through d
// have executed since d was made, in every context: issued per warp and
// executed per thread, as CUDA's profiler counts inst_executed and
// thread_inst_executed (internal/ptxsim counts them; see its Counts). A
// kernel adds its counts when it completes, before a synchronizing call
// that waits for it returns; a kernel that faults adds what ran until the
// fault.
//
// It is a measuring aid of the simulator, with no counterpart in the CUDA
// driver: the counts are exact and the same for the same launch every
// run, so the difference of two readings around a launch and a
// synchronize is the PTX that launch executed, provided nothing else
// launches on d in between. They count instructions, not time.
func (d *Driver) Executed() (warp, thread uint64) {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.executed.Warp, d.executed.Thread
}

// addExecuted adds a launch's counts to d's.
func (d *Driver) addExecuted(n ptxsim.Counts) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.executed = d.executed.Add(n)
}
