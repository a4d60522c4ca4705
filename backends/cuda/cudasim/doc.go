// Package cudasim is a simulated CUDA driver for tests: the driver API
// calls that backends/cuda makes, implemented in Go over internal/ptxsim,
// behind the seam of backends/cuda/internal/cu. Importing it registers the
// backend "cuda-sim": backends/cuda's own code, unchanged, on the
// simulated driver.
//
//	import _ "github.com/kago-dev/kago/backends/cuda/cudasim"
//	dev, err := ka.Open("cuda-sim")
//
// What it simulates, as the CUDA driver API documentation describes it:
//
//   - one device ("kago ptxsim", compute capability 8.0, 1 GiB) and its
//     primary context, retained and released (the last release destroys
//     it, so a new retain starts clean);
//   - module loading: PTX parsed and decoded by ptxsim
//     (CUDA_ERROR_INVALID_PTX with the parser's message as the JIT error
//     log), functions by name, the function attribute kago reads;
//   - launches: grid and block checked against the device's limits, each
//     parameter's value read through kernelParams (as many bytes as the
//     PTX declares) during the call, the kernel run later in stream order;
//   - streams with priorities: one executor, the device, runs commands one
//     at a time; among the streams whose next command is ready, the one of
//     the highest priority (numerically least) goes first, ties in
//     submission order;
//   - events, recorded on a stream and waited for by another
//     (cuStreamWaitEvent waits for the record current at the call);
//   - memory: cuMemAlloc/cuMemFree (which waits for the device, like the
//     real driver's implicit synchronisation), stream-ordered
//     cuMemAllocAsync/cuMemFreeAsync (memory freed earlier in a stream's
//     order is reused in it; beyond the device's memory an allocation fails
//     with CUDA_ERROR_OUT_OF_MEMORY), copies from and to pageable host
//     memory (a host-to-device copy is staged during the call; a
//     device-to-host copy returns once the data is there) and
//     cuMemsetD32Async, which on an idle stream run at once, beside a
//     running kernel, as a copy engine does;
//   - device-side printf (the vprintf that codegen/ptx calls), written
//     to standard output or SetOutput's writer, one call's text at a time;
//   - host functions (cuLaunchHostFunc) called from a C thread that Go
//     does not own, holding the stream until they return, as the driver's
//     own thread does;
//   - instruction counts, which the CUDA driver does not have: Executed
//     returns what the kernels launched so far executed, per warp and per
//     thread, exact and deterministic, so that a test or a benchmark can
//     measure the PTX a launch runs without a GPU;
//   - errors: a kernel that traps or faults fails with the CUDA error a
//     GPU gives (CUDA_ERROR_LAUNCH_FAILED for trap,
//     CUDA_ERROR_ILLEGAL_ADDRESS, CUDA_ERROR_MISALIGNED_ADDRESS, ...), and
//     like those errors it is sticky: every later call in the context
//     returns it until the context is destroyed.
//
// It does not simulate the real driver's timing, concurrency between
// kernels, or the legacy default stream; see docs/backends.md.
package cudasim
