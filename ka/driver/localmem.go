package driver

import (
	"fmt"
	"math"
)

// This file sizes the local memory of a ka.Local argument, which a backend
// allocates for a launch (ParamLocalBuffer, ParamLocalLength: abi.go).

// LocalBytes is the size in bytes of the local memory of a ka.Local
// argument a of a parameter of element type t. A size that overflows
// int64 is an error; the device's limit is ka's to check, for all the
// launch's arguments together.
func LocalBytes(a Arg, t ScalarType) (int64, error) {
	size := max(int64(t.Size()), 1)
	if a.Len < 0 || int64(a.Len) > math.MaxInt64/size {
		return 0, fmt.Errorf("ka.Local of %d %s elements: not a size in bytes: %w", a.Len, t, ErrBadLaunch)
	}
	return int64(a.Len) * int64(t.Size()), nil
}
