// Package unroll fully unrolls the loops of a kernel's portable IR
// (docs/ir.md) whose trip count is a small constant: the tiled matmul's
// 16-step product over local memory (for k := 0; k < 16; k++) and a
// reduction's tree (for s := 128; s > 0; s /= 2, with its barrier). On a
// GPU such a loop pays its counter, compare and branch every turn and
// computes its indices at run time; unrolled, the counter is a constant
// in each copy, folded into the indices, which is what nvcc does with the
// hand-written twins.
//
// # What is unrolled
//
// A natural loop (loops.go: a back edge L→H where H dominates L; its
// blocks are H and those that reach L without passing through H) with:
//
//   - H its only entry (the other blocks' predecessors are all in the
//     loop), one predecessor of H outside the loop (the preheader) and
//     one inside (the latch);
//   - H ending in a conditional br with one target inside the loop and
//     one outside (the exit); other blocks may leave the loop too (a
//     bounds check to the kernel's fault block, the stop check's
//     ret void, a break), and the phis of the blocks they leave to then
//     get one entry per copy of the block that leaves;
//   - an exit condition computed in the loop by pure integer instructions
//     (add sub mul sdiv udiv srem urem shl lshr ashr and or xor, icmp,
//     trunc zext sext, select) from constants and header phis that start
//     from constants and whose latch values are computed the same way.
//     The pass runs the header on those phis (trips.go), at their width
//     and wrapping as Go does (eval.go); a division by zero, MinInt / -1
//     or a shift by the width or more gives up rather than guess;
//   - at most MaxTrips turns, and turns × (the loop's instructions)
//     within MaxSize (see there for the numbers and why);
//   - body values used outside the loop only by the phis of the blocks
//     they leave to, and header values used outside only where every
//     path from the loop comes through the header's exit (not in a block
//     that a body block's exit reaches).
//
// Innermost loops first; a loop that contains another is considered only
// once its inner loops are gone, so an outer loop is unrolled when its
// inner loops were and it is within the caps itself (its size counting
// the unrolled inner code). Everything else is left as it is: a runtime
// bound (k < n), start or step, a loop over the caps, several latches,
// several entries into the header, a bottom-tested loop (its header does
// not leave). So are the loops that the stop checks of //ka:cancel
// kernels without barriers have strip-mined (the inner loop's bound is
// the strip's end, a phi of the strip loop): to unroll those, run the
// pass before the stop checks, which then find no loop to check there,
// like the native backend's short loops (docs/ir.md, "Stop checks").
//
// # The transformation
//
// A loop of N turns becomes N copies of the header and the body, then a
// last copy of the header: copy i's header phis are replaced by that
// turn's values (the preheader's for the first, then the previous copy's
// latch values), each header copy but the last branches straight to its
// body copy, each latch copy to the next header copy, and the last
// header copy to the exit. A zero-trip loop keeps one copy of its header,
// which branches to the exit. Uses of header values after the loop read
// the last copy's. Blocks that only the body reached (a fault block of a
// zero-trip loop) are dropped, and so are their entries in later phis.
// Straight chains of blocks through the copies (a block whose one
// predecessor branches only to it) are joined, so that a loop without
// inner control flow becomes one block; named blocks (fault, exit...)
// keep their names and are not joined.
//
// The copies' integer instructions whose operands have become constants
// are folded as they are copied (the counter, its compare, k*16, the
// halvings), and so are trivial identities (x+0, x-0, x*1, x|0, x^0,
// x&-1, shifts by 0, divisions by 1; x*0 and x&0 are 0) and selects on
// a constant; nothing else is, but the copies' commutative operations
// and compares get their constant operand second (add i64 %lx, 16,
// icmp ugt i64 %n, 0). Instructions outside the loop that read a
// header value which has become a constant keep their constant operand;
// so does a body block's conditional branch on a folded compare; common
// subexpressions of the copies (the loop-invariant ly*16 computed in
// every copy) stay too. Those are for a later scalar pass. Floats are
// never folded (0.0 + x is not x for x = -0.0).
//
// # Barriers and memory
//
// Barriers, loads, stores, atomics, cmpxchg, calls (printf, work-item
// queries) and the stop flag's volatile load are copied once per turn,
// in their order, and never moved, merged or dropped: a reduction tree of
// 8 turns has 8 barriers where its loop had one, each between the same
// accesses as before. Unrolling changes only which copy of the code runs
// each turn, never what runs or in which order, so the work-items of a
// group meet the same barriers in the same sequence. The stop checks at
// barriers (docs/ir.md) are copied with their barrier when the pass runs
// after them, and made for each copied barrier when it runs before.
//
// Partial (partial.go) unrolls the counted loops that stay (k < n, n
// known at run time) by Factor, with the original loop as the remainder.
//
// # Use
//
// Func works on one *ir.Func. It lays the blocks out again
// (ircheck.Layout); the copies' values and blocks are unnamed with ID 0,
// and the caller numbers the function (ircheck.Renumber and
// AssignIDs), as after every pass, then checks it with ircheck.Check.
// The tests check the result with ircheck and the three emitters, and
// run the kernel before and after on a small interpreter of the IR
// (interp_test.go), which must record the same loads, stores, barriers
// and atomics in the same order.
package unroll
