package ka

import "fmt"

// Printf prints from a kernel: format is a constant, args are bools,
// integers, floats and constant strings. On the native backend it is
// fmt.Printf, to standard output. On devices it is the device's printf
// (OpenCL C and SPIR-V printf, CUDA's vprintf), whose output reaches the
// process's standard output by the time the next synchronizing call
// (Synchronize, Read, Task.Wait) returns; Go's verbs become C's, so
// floats print as C prints them (docs/kernel-language.md, "Printing").
// Output of different work-items comes in no particular order.
func Printf(format string, args ...any) {
	fmt.Printf(format, args...)
}
