package algo

import (
	"fmt"

	"github.com/kago-dev/kago/ka"
)

// array is what checkArgs needs of a *ka.Array of any element type.
type array interface {
	Len() int
	Device() *ka.Device
}

// checkArgs validates a call's stream and arrays as package ka validates
// its own: a nil stream, a nil array (or one ka did not make), or an array
// of another device than the stream's, is an error wrapping ka.ErrInvalid,
// returned before anything is enqueued.
func checkArgs(op string, s *ka.Stream, arrays ...array) error {
	if s == nil {
		return fmt.Errorf("algo.%s on a nil stream: %w", op, ka.ErrInvalid)
	}
	for i, a := range arrays {
		switch d := a.Device(); {
		case d == nil:
			return fmt.Errorf("algo.%s: array %d is nil, or not made by ka.Alloc: %w", op, i+1, ka.ErrInvalid)
		case d != s.Device():
			return fmt.Errorf("algo.%s: array %d is on %s, the stream on %s: %w", op, i+1, d, s.Device(), ka.ErrInvalid)
		}
	}
	return nil
}

// checkLens fails, wrapping ka.ErrInvalid, when two arrays that must have
// the same length do not.
func checkLens(op string, a, b array) error {
	if a.Len() != b.Len() {
		return fmt.Errorf("algo.%s: lengths %d and %d differ: %w", op, a.Len(), b.Len(), ka.ErrInvalid)
	}
	return nil
}
