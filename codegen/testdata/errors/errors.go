// Package errors holds kernels that use Go that kernels cannot. Each line
// with an ERROR comment must get a diagnostic containing the comment's
// text, and no other line may get one (codegen's TestErrors).
package errors

import (
	"fmt"
	"math"
	"strings"

	"github.com/kago-dev/kago/ka"
)

var table = []int32{1, 2, 3}

//ka:kernel
func Map(it ka.Item, out []int32) {
	m := map[int]int32{} // ERROR: map is not supported in kernels
	out[0] = m[1]        // the same construct again: reported once, above
}

//ka:kernel
func String(it ka.Item, out []int32) {
	s := "hello"
	out[0] = int32(len(s)) // ERROR: string is not supported in kernels
}

//ka:kernel
func Interface(it ka.Item, out []int32) {
	if v, ok := any(out[0]).(int32); ok { // ERROR: interface is not supported in kernels
		out[1] = v
	}
}

//ka:kernel
func Closure(it ka.Item, out []int32) {
	k := int32(3)
	f := func() int32 { return k } // ERROR: closure is not supported in kernels
	out[0] = f()                   // its call: reported once, at the literal
}

//ka:kernel
func Goroutine(it ka.Item, out []int32) {
	go clear(out) // ERROR: go statement (goroutine) is not supported in kernels
}

//ka:kernel
func Channel(it ka.Item, out []int32) {
	c := make(chan int32, 1) // ERROR: channel is not supported in kernels
	c <- 1                   // the same construct again: reported once, above
}

//ka:kernel
func Select(it ka.Item, c chan int32) { // ERROR: channel parameter is not supported in kernels
}

//ka:kernel
func Defer(it ka.Item, out []int32) {
	defer clear(out) // ERROR: defer is not supported in kernels
}

//ka:kernel
func Recover(it ka.Item, out []int32) {
	if recover() != nil { // ERROR: recover is not supported in kernels
		out[0] = 1
	}
}

//ka:kernel
func Panic(it ka.Item, out []int32) {
	if len(out) == 0 {
		panic(out) // ERROR: this panic value is not supported in kernels
	}
}

//ka:kernel
func PanicBarrier(it ka.Item, out []int32) {
	it.Barrier()
	if len(out) == 0 {
		panic("empty") // ERROR: panic in a kernel that uses barriers
	}
}

//ka:kernel
func Make(it ka.Item, n int, out []int32) {
	s := make([]int32, n) // ERROR: heap allocation (make) is not supported in kernels
	out[0] = s[1]
}

//ka:kernel
func Append(it ka.Item, out []int32) {
	out = append(out, 1) // ERROR: append is not supported in kernels
}

//ka:kernel
func OtherPackage(it ka.Item, out []int32) {
	out[0] = int32(strings.Count("aaa", "a")) // ERROR: call of strings.Count
}

//ka:kernel
func Print(it ka.Item, out []int32) {
	if n, _ := fmt.Println(out[0]); n > 0 { // ERROR: the results of fmt.Println
		out[0] = 1
	}
	_ = fmt.Sprint(out[0]) // ERROR: call of fmt.Sprint
}

func fact(n int32) int32 {
	if n <= 1 {
		return 1
	}
	return n * fact(n-1) // ERROR: recursion
}

//ka:kernel
func Recursion(it ka.Item, out []int32) {
	out[0] = fact(out[1])
}

func twice(x int32) int32 { return 2 * x }

func thrice(x int32) int32 { return 3 * x }

//ka:kernel
func FuncValue(it ka.Item, out []int32) {
	f := twice // ERROR: function value is not supported in kernels
	if len(out) > 1 {
		f = thrice
	}
	out[0] = f(1) // ERROR: call of a function value is not supported in kernels
}

type named struct {
	x    int32
	name string
}

type linked struct {
	v    float32
	next *linked
}

//ka:kernel
func StructString(it ka.Item, out []int32) {
	var n named // ERROR: local variable with field name of errors.named: string is not supported in kernels
	out[0] = n.x
}

//ka:kernel
func StructParamString(it ka.Item, n named, out []int32) { // ERROR: parameter n: field name of errors.named: string is not supported in kernels
	out[0] = n.x
}

//ka:kernel
func StructSlice(it ka.Item, ls []linked, out []float32) { // ERROR: parameter ls: field next of errors.linked: pointer is not supported in kernels
	out[0] = ls[0].v
}

//ka:kernel
func StructPointer(it ka.Item, out []float32) {
	l := linked{v: 1} // ERROR: local variable with field next of errors.linked: pointer is not supported in kernels
	out[0] = l.v
}

//ka:kernel
func MatrixChosen(it ka.Item, a, b ka.Matrix[float32]) {
	m := a // ERROR: ka.Matrix[float32] chosen at run time or stored (pass the parameter itself to At, Set and helpers) is not supported in kernels
	if it.Global() > 3 {
		m = b
	}
	m.Set(0, 0, 1)
}

//ka:kernel
func Global(it ka.Item, out []int32) {
	out[0] = table[1] // ERROR: package-level variable table is not supported in kernels
}

//ka:kernel
func Complex(it ka.Item, out []float64) {
	c := complex(out[0], out[1]) // ERROR: complex number is not supported in kernels
	out[2] = real(c)             // the same construct again: reported once, above
}

//ka:kernel
func NoMath(it ka.Item, out []float64) {
	out[0] = math.J0(out[1]) // ERROR: math.J0 (no device equivalent) is not supported in kernels
}

//ka:kernel
func Copy(it ka.Item, dst, src []int32) {
	copy(dst, src) // ERROR: copy is not supported in kernels
}

//ka:kernel
func StringParam(it ka.Item, s string) { // ERROR: string parameter is not supported in kernels
}

//ka:kernel
func Dimension(it ka.Item, d int, out []int) {
	out[0] = it.GlobalID(d) // ERROR: the dimension of a work-item query must be a constant 0, 1 or 2
}

//ka:kernel
func LocalLen(it ka.Item, n int, out []int32) {
	s := ka.LocalArray[int32](it, n) // ERROR: the length of ka.LocalArray must be a positive constant
	out[0] = s[0]
}

//ka:kernel
func Results(it ka.Item) int { // ERROR: kernels return nothing
	return 0
}

//ka:kernel
func NoItem(out []int32) { // ERROR: the first parameter of a kernel must be ka.Item
}

//ka:kernel
func PrivateAtomic(it ka.Item, out []int32) {
	var x int32
	ka.AtomicAdd(&x, 1) // ERROR: atomic on a local variable
	out[0] = x
}

//ka:kernel
func Many(it ka.Item, out []int32) {
	m := map[int32]bool{} // ERROR: map is not supported in kernels
	defer clear(out)      // ERROR: defer is not supported in kernels
	go clear(out)         // ERROR: go statement (goroutine) is not supported in kernels
	_ = m
}

//ka:kernel
func LocalInLoop(it ka.Item, out []int32) {
	for i := 0; i < 2; i++ {
		t := ka.LocalArray[int32](it, 8) // ERROR: ka.LocalArray inside a loop is not supported in kernels
		t[it.Local()] = int32(i)
		it.Barrier()
		out[it.Global()] += t[0]
	}
}

func localHelper(it ka.Item) []float32 {
	return ka.LocalArray[float32](it, 4) // ERROR: ka.LocalArray inside a loop is not supported in kernels
}

//ka:kernel
func LocalInLoopHelper(it ka.Item, out []float32) {
	for i := 0; i < 2; i++ {
		out[i] = localHelper(it)[0]
	}
}

//ka:kernel
func LocalOnce(it ka.Item, out []float32) {
	t := localHelper2(it) // a helper called once, outside any loop: fine
	out[0] = t[0]
}

func localHelper2(it ka.Item) []float32 { return ka.LocalArray[float32](it, 4) }

//ka:kernel
func PrintBad(it ka.Item, out []int32, n int) {
	println(out)              // ERROR: printing a value of type slice of type int32
	ka.Printf("%q\n", out[0]) // ERROR: the verb %q of ka.Printf
	ka.Printf("%d %d\n", n)   // ERROR: ka.Printf: %d has no argument
}

//ka:kernel
func GotoIntoLoop(it ka.Item, out []int32) {
	x := out[0]
	if x > 5 {
		goto inside
	}
top:
	x++
inside:
	x -= 2 // ERROR: goto into a loop is not supported in kernels (instead: break and continue, or a goto out of the loop)
	if x > 0 {
		goto top
	}
	out[0] = x
}

//ka:kernel
func GotoLoops(it ka.Item, out []int32) {
	i := 0
again: // a loop made of gotos, entered at its head only: fine
	if out[i] > 0 {
		i++
		if i < len(out) {
			goto again
		}
	}
	for j := range out {
		if out[j] < 0 {
			goto done // out of the loop: fine
		}
	}
done:
	out[0] = int32(i)
}
