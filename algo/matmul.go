package algo

import (
	"fmt"

	"github.com/kago-dev/kago/ka"
)

// The blocking of kMatMul: a group of mmGroup×mmGroup work-items
// computes a block of mmBlock×mmBlock elements of C, each
// work-item a 4×4 micro-tile of it (rows ly, ly+16, …; columns lx,
// lx+16, …, so that neighbouring work-items touch neighbouring elements),
// from tiles of mmK columns of op(A) and rows of op(B) in local memory.
const (
	mmGroup = 16
	mmBlock = 4 * mmGroup
	mmK     = 16
)

// kMatMul computes c = alpha·op(a)·op(b) + beta·c, op(x) being x or its
// transpose (ta, tb), for one block of c per group; kk is the inner
// dimension. Each element's products are added in the order of k from 0,
// one rounding each, to a sum that starts at 0: the host's sequential
// loop, so the result has the same bits on every target. Where beta is 0,
// c is not read.
//
//ka:kernel
func kMatMul[T float32 | float64](it ka.Item, ta, tb bool, kk int, alpha T, a, b ka.Matrix[T], beta T, c ka.Matrix[T]) {
	as := ka.LocalArray[T](it, mmBlock*mmK) // as[r*mmK+x]: op(a)[row0+r][k0+x]
	bs := ka.LocalArray[T](it, mmK*mmBlock) // bs[x*mmBlock+j]: op(b)[k0+x][col0+j]
	lx, ly := it.LocalID(0), it.LocalID(1)
	l := ly*mmGroup + lx
	row0, col0 := it.GroupID(1)*mmBlock, it.GroupID(0)*mmBlock
	m, n := c.Rows(), c.Cols()
	var acc [4][4]T
	for k0 := 0; k0 < kk; k0 += mmK {
		for q := 0; q < 4; q++ {
			e := l + mmGroup*mmGroup*q
			r, x := e/mmK, e%mmK
			var v T
			if i, k := row0+r, k0+x; i < m && k < kk {
				v = opAt(a, ta, i, k)
			}
			as[r*mmK+x] = v
			x, j := e/mmBlock, e%mmBlock
			var w T
			if k, jj := k0+x, col0+j; k < kk && jj < n {
				w = opAt(b, tb, k, jj)
			}
			bs[x*mmBlock+j] = w
		}
		it.Barrier()
		for x := 0; x < mmK; x++ {
			var av, bv [4]T
			for q := 0; q < 4; q++ {
				av[q] = as[(ly+mmGroup*q)*mmK+x]
				bv[q] = bs[x*mmBlock+lx+mmGroup*q]
			}
			for q := 0; q < 4; q++ {
				for p := 0; p < 4; p++ {
					acc[q][p] += av[q] * bv[p]
				}
			}
		}
		it.Barrier()
	}
	for q := 0; q < 4; q++ {
		for p := 0; p < 4; p++ {
			if i, j := row0+ly+mmGroup*q, col0+lx+mmGroup*p; i < m && j < n {
				v := alpha * acc[q][p]
				if beta != 0 {
					v += beta * c.At(i, j)
				}
				c.Set(i, j, v)
			}
		}
	}
}

// opAt is op(x)[i][j]: x's element (i, j), or (j, i) when transposed.
func opAt[T float32 | float64](x ka.Matrix[T], transposed bool, i, j int) T {
	if transposed {
		return x.At(j, i)
	}
	return x.At(i, j)
}

// matMulTiledOnCPU makes MatMul run the tiled kernel on CPU devices too,
// for the tests of both kernels.
var matMulTiledOnCPU = false

// The blocking of kMatMulRows: each work-item computes a block of
// mmItemRows×mmItemCols neighbouring elements of C. Measured on PoCL at 1024³
// (docs/algorithms.md), 8×32 beat 1×16, 4×16, 8×16, 4×32, 12×32 and
// 16×32 for both element types; 8×64 was no faster beyond the noise and
// would send twice as many edge columns down the checked path.
const (
	mmItemRows = 8
	mmItemCols = 32
)

// kMatMulRows is kMatMul for CPU devices, with the same order: each
// work-item computes an mmItemRows×mmItemCols block of C, adding the products of
// each p into mmItemRows×mmItemCols accumulators, p from 0. Each element of
// op(A) it loads serves mmItemCols products and each of op(B) mmItemRows, and
// without barriers or local memory the CPU compiler keeps the
// accumulators in vector registers and loads each row of op(B)'s block as
// vectors. A block inside C with B not transposed takes a loop whose
// indices the compiler proves in range; the edges and a transposed B
// take the loop that checks each element (5–6× slower at 1024³).
//
//ka:kernel
func kMatMulRows[T float32 | float64](it ka.Item, ta, tb bool, kk int, alpha T, a, b ka.Matrix[T], beta T, c ka.Matrix[T]) {
	i0, j0 := it.GlobalID(1)*mmItemRows, it.GlobalID(0)*mmItemCols
	m, n := c.Rows(), c.Cols()
	if i0 >= m || j0 >= n {
		return
	}
	var acc [mmItemRows][mmItemCols]T
	// Inside C with B not transposed, the guards let the compiler prove
	// every index of the loop in range (b.Cols() is n, and a.Rows() or
	// a.Cols() is m; written so, docs/kernel-language.md); the two loops
	// differ only in how they read op(A).
	switch {
	case !tb && !ta && i0 <= a.Rows()-mmItemRows && j0 <= b.Cols()-mmItemCols:
		for p := 0; p < kk; p++ {
			var av [mmItemRows]T
			for r := range mmItemRows {
				av[r] = a.At(i0+r, p)
			}
			for jj := range mmItemCols {
				bv := b.At(p, j0+jj)
				for r := range mmItemRows {
					acc[r][jj] += av[r] * bv
				}
			}
		}
	case !tb && ta && i0 <= a.Cols()-mmItemRows && j0 <= b.Cols()-mmItemCols:
		for p := 0; p < kk; p++ {
			var av [mmItemRows]T
			for r := range mmItemRows {
				av[r] = a.At(p, i0+r)
			}
			for jj := range mmItemCols {
				bv := b.At(p, j0+jj)
				for r := range mmItemRows {
					acc[r][jj] += av[r] * bv
				}
			}
		}
	default: // the edges, and a transposed B
		for p := 0; p < kk; p++ {
			var av [mmItemRows]T
			for r := range mmItemRows {
				if i0+r < m {
					av[r] = opAt(a, ta, i0+r, p)
				}
			}
			for jj := range mmItemCols {
				if j0+jj < n {
					bv := opAt(b, tb, p, j0+jj)
					for r := range mmItemRows {
						acc[r][jj] += av[r] * bv
					}
				}
			}
		}
	}
	for r := range mmItemRows {
		for jj := range mmItemCols {
			if i, j := i0+r, j0+jj; i < m && j < n {
				v := alpha * acc[r][jj]
				if beta != 0 {
					v += beta * c.At(i, j)
				}
				c.Set(i, j, v)
			}
		}
	}
}

// matMulInstances are the instances of kMatMul and kMatMulRows.
var matMulInstances = []any{kMatMul[float32], kMatMul[float64], kMatMulRows[float32], kMatMulRows[float64]}

// MatMul computes C = alpha·op(A)·op(B) + beta·C on s, as BLAS's GEMM
// does: op(X) is X, or its transpose when transA (transB) is set; op(A)
// is m×k, op(B) k×n and C m×n, of any sizes (views included). Each
// element of C is alpha·sum + beta·C (one rounding each; where beta is 0
// C is not read, so its NaNs do not propagate), sum being the products
// op(A)[i][p]·op(B)[p][j] added in the order of p from 0 to a sum that
// starts at 0, one rounding each, as a sequential Go loop adds them: the
// result has the same bits on every device and backend. Mismatched
// shapes, a nil matrix, one of another device than s, and a C that shares
// memory with A or B (a view of the same allocation, even a disjoint one)
// are errors wrapping ka.ErrInvalid, before anything is enqueued.
func MatMul[T float32 | float64](s *ka.Stream, transA, transB bool, alpha T, a, b *ka.Matrix[T], beta T, c *ka.Matrix[T]) error {
	if s == nil {
		return fmt.Errorf("algo.MatMul on a nil stream: %w", ka.ErrInvalid)
	}
	for i, x := range []*ka.Matrix[T]{a, b, c} {
		switch d := x.Device(); {
		case d == nil:
			return fmt.Errorf("algo.MatMul: matrix %c is nil, or not made by ka.AllocMatrix: %w", "ABC"[i], ka.ErrInvalid)
		case d != s.Device():
			return fmt.Errorf("algo.MatMul: matrix %c is on %s, the stream on %s: %w", "ABC"[i], d, s.Device(), ka.ErrInvalid)
		}
	}
	m, k := a.Rows(), a.Cols()
	if transA {
		m, k = k, m
	}
	kb, n := b.Rows(), b.Cols()
	if transB {
		kb, n = n, kb
	}
	if k != kb || c.Rows() != m || c.Cols() != n {
		return fmt.Errorf("algo.MatMul: op(A) is %d×%d, op(B) %d×%d, C %d×%d: want m×k, k×n and m×n: %w", m, k, kb, n, c.Rows(), c.Cols(), ka.ErrInvalid)
	}
	if c.Array() == a.Array() || c.Array() == b.Array() {
		return fmt.Errorf("algo.MatMul: C shares memory with A or B: %w", ka.ErrInvalid)
	}
	if m == 0 || n == 0 {
		return nil
	}
	if s.Device().Kind() == ka.CPU && !matMulTiledOnCPU {
		// Groups of one work-item: each has a whole 8×32 block to compute,
		// and ka's default of 256 work-items per group left a 256×256 C in
		// one group, on one core (measured 1.45–1.95× slower at 256³ on
		// PoCL, 1.5–2.5× on native; 1.05–1.22× at 1024³ on PoCL).
		kern, err := newKMatMulRowsKernel[T](s.Device(), ka.WithGroupSize(1, 1))
		if err != nil {
			return err
		}
		return kern.Launch(s, ka.Range2((m+mmItemRows-1)/mmItemRows, (n+mmItemCols-1)/mmItemCols), transA, transB, k, alpha, a, b, beta, c)
	}
	kern, err := newKMatMulKernel[T](s.Device(), ka.WithGroupSize(mmGroup, mmGroup))
	if err != nil {
		return err
	}
	blocks := func(x int) int { return (x + mmBlock - 1) / mmBlock * mmGroup }
	return kern.Launch(s, ka.Range2(blocks(m), blocks(n)), transA, transB, k, alpha, a, b, beta, c)
}
