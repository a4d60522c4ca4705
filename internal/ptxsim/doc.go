// Package ptxsim is a PTX simulator: it parses the PTX text that
// codegen/ptx emits (and the subset of llc's NVPTX output that kago's
// cross-check uses) and executes a grid on the CPU with the semantics of
// the PTX ISA. It is test infrastructure, not user API: the simulated CUDA
// driver (backends/cuda/cudasim) loads modules through it so that kago's PTX
// and the CUDA backend run in every test run, without a GPU.
//
//	m, err := ptxsim.Parse(src)
//	k := m.Kernel("Saxpy")
//	err = k.Run(ptxsim.Launch{Grid: g, Block: b, Params: k.ParamBuffer(slots), Mem: mem})
//
// # What it executes
//
// State spaces .reg, .param (kernel and call parameters), .global (a
// Memory of allocations, every access bounds- and alignment-checked;
// module-scope .global variables with their initialisers live there too),
// .shared (per block), .local (per thread) and generic addresses (cvta).
// Integer, bit and float arithmetic of 16/32/64-bit types with PTX's rules
// (integer division by zero, shift amounts clamped to the width, bfe, IEEE
// round-to-nearest-even float operations without flushing subnormals, fma
// rounded once), every form of cvt (integer widening, narrowing and .sat;
// float to integer with .rni/.rzi/.rmi/.rpi, saturating, NaN by the ISA's rule; integer
// to float and float to float with .rn/.rz/.rm/.rp; round to integral),
// setp with every comparison and boolean combination, selp, predicated
// execution, bra, ret/exit, trap, bar.sync, atom/red on global and shared
// memory, the warp instructions shfl.sync (.idx, .up, .down, .bfly, with
// the clamp and segment mask and the optional predicate) and vote.sync
// (.ballot, .all, .any, .uni) (warp.go), the special registers %tid,
// %ntid, %ctaid, %nctaid, %laneid and %globaltimer, and call of functions
// the caller provides (Launch.Externs: llc's PTX calls kago's intrinsics
// that way; Vprintf is CUDA's device printf, which codegen/ptx calls for
// ka.Printf). Registers are checked against the instruction's type as
// ptxas checks them. Notes on the semantics are with each instruction's
// implementation; where the ISA leaves a result unspecified (integer
// division by zero, a shuffle from an absent lane) the simulator picks a
// value and says which (arith.go, warp.go).
//
// An instruction, modifier, type or directive the simulator does not know
// is an error naming it, at Parse time, so its coverage follows the
// emitter's: a new instruction in codegen/ptx fails the corpus test until
// the simulator learns it.
//
// # Scheduling
//
// Blocks run one after another. Within a block the threads run in
// lockstep between barriers: each thread runs until it reaches bar.sync, a
// warp instruction or exits, then the next. When none can run, the warp
// instructions complete first: the threads of each warp (32 consecutive
// linear thread ids) that wait at the same one exchange their values and
// run on; a lane of a membermask that has not exited and waits elsewhere
// would hang a GPU, and is a fault (warp.go). When every thread that has
// not exited waits at the barrier, all are released. That is one of the
// schedules PTX allows between barriers, deterministic and free of data
// races, and fast enough that the corpus runs in well under a second. It
// cannot run kernels whose threads wait for each other outside barriers
// and warp instructions (spin locks, flags set by another block or another
// kernel): those exceed Launch.MaxSteps and fail as a launch timeout.
//
// # Counting
//
// Launch.Counts receives the instructions a launch executed, issued per
// warp and executed per thread, as CUDA's profiler counts them
// (inst_executed, thread_inst_executed; counts.go says how a warp's
// issues are derived from threads that run one after another). The counts
// are exact and deterministic: the same kernel, launch and memory give the
// same numbers every run. They measure PTX, not time: an instruction is
// one whatever it does, and nothing models latency, memory or occupancy.
//
// # What it does not prove
//
// It says nothing about whether ptxas accepts the PTX (register limits,
// target features), about performance, or about the timing of a real GPU;
// races between threads that a GPU could expose are not detected.
package ptxsim
