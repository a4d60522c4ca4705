package unroll

// This file computes a loop's trip count by running its header: the exit
// condition and the header phis it depends on, simulated from their
// constant starting values.

import (
	"github.com/kago-dev/kago/codegen/internal/cfg"
	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/value"
)

// tripCount returns how many times the body of loop l runs, whose header
// leaves to exit when cond is exitWhen, entered from pre and closed by
// latch; false when that is not a constant of at most MaxTrips.
//
// The condition must be computed by pure integer instructions (see pure)
// of the loop from constants and header phis; each of those phis must
// start from a constant (its value from pre) and get from latch a value
// computed in the same way. Then the header is run, up to MaxTrips+1
// times, on those phis alone: a division by zero, MinInt / -1 or an
// oversized shift on the way gives up, as does a loop that has not left
// after MaxTrips turns.
func tripCount(l *cfg.Loop, cond value.Value, exitWhen bool, pre, latch *ir.Block) (int, bool) {
	// Collect the phis the condition depends on, checking the shape.
	phis := map[*ir.InstPhi]bool{}
	var order []*ir.InstPhi
	var work []*ir.InstPhi
	seen := map[value.Value]bool{}
	var deps func(v value.Value) bool
	deps = func(v value.Value) bool {
		if _, ok := constInt(v); ok {
			return true
		}
		if seen[v] {
			return true
		}
		seen[v] = true
		if p, ok := v.(*ir.InstPhi); ok && l.IsHeaderPhi(p) {
			if !phis[p] {
				phis[p] = true
				order = append(order, p)
				work = append(work, p)
			}
			return true
		}
		if !pure(v) || !l.Defines(v) {
			return false
		}
		for _, op := range v.(value.User).Operands() {
			if !deps(*op) {
				return false
			}
		}
		return true
	}
	if !deps(cond) {
		return 0, false
	}
	for len(work) > 0 {
		p := work[len(work)-1]
		work = work[:len(work)-1]
		start, next := incoming(p, pre), incoming(p, latch)
		if _, ok := constInt(start); !ok || next == nil || !deps(next) {
			return 0, false
		}
	}
	// Run the header.
	env := map[*ir.InstPhi]uint64{}
	for _, p := range order {
		env[p], _ = constInt(incoming(p, pre))
	}
	for trip := 0; ; trip++ {
		memo := map[value.Value]uint64{}
		var get func(v value.Value) (uint64, bool)
		get = func(v value.Value) (uint64, bool) {
			if c, ok := constInt(v); ok {
				return c, true
			}
			if p, ok := v.(*ir.InstPhi); ok && phis[p] {
				return env[p], true
			}
			if r, ok := memo[v]; ok {
				return r, true
			}
			r, ok := eval(v, get)
			if ok {
				memo[v] = r
			}
			return r, ok
		}
		c, ok := get(cond)
		if !ok {
			return 0, false
		}
		if (c == 1) == exitWhen {
			return trip, true
		}
		if trip == MaxTrips {
			return 0, false
		}
		next := make(map[*ir.InstPhi]uint64, len(order))
		for _, p := range order {
			if next[p], ok = get(incoming(p, latch)); !ok {
				return 0, false
			}
		}
		env = next
	}
}

// incoming returns phi's value from pred, nil if it has none.
func incoming(phi *ir.InstPhi, pred *ir.Block) value.Value {
	for _, inc := range phi.Incs {
		if inc.Pred == pred {
			return inc.X
		}
	}
	return nil
}
