package groupfn_test

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kago-dev/kago/codegen/groupfn"
)

// Stubs of ka and kernel with the declarations group functions use, so
// that the tests type-check kernels and generated code without the go
// command.
const kaStub = `package ka
type Item struct{}
func (Item) Global() int { return 0 }
func (Item) Global2() (int, int) { return 0, 0 }
func (Item) Global3() (int, int, int) { return 0, 0, 0 }
func (Item) Local() int { return 0 }
func (Item) Group() int { return 0 }
func (Item) GlobalID(int) int { return 0 }
func (Item) LocalID(int) int { return 0 }
func (Item) GroupID(int) int { return 0 }
func (Item) GroupSize(int) int { return 0 }
func (Item) NumGroups(int) int { return 0 }
func (Item) GlobalSize(int) int { return 0 }
func (Item) Barrier() {}
func (Item) InRange() bool { return true }
func (Item) SubgroupSize() int { return 1 }
func LocalArray[T any](Item, int) []T { return nil }
type Number interface{ int | int32 | uint8 | float32 | float64 }
func GroupSum[T Number](Item, T) T { var z T; return z }
func GroupMin[T Number](Item, T) T { var z T; return z }
func GroupMax[T Number](Item, T) T { var z T; return z }
func GroupInclusiveSum[T Number](Item, T) T { var z T; return z }
func GroupExclusiveSum[T Number](Item, T) T { var z T; return z }
func GroupInclusiveMin[T Number](Item, T) T { var z T; return z }
func GroupExclusiveMin[T Number](Item, T) T { var z T; return z }
func GroupInclusiveMax[T Number](Item, T) T { var z T; return z }
func GroupExclusiveMax[T Number](Item, T) T { var z T; return z }
func GroupBroadcast[T any](Item, T, int) T { var z T; return z }
func GroupAll(Item, bool) bool { return false }
func GroupAny(Item, bool) bool { return false }
func MaxOf[T Number]() T { var z T; return z }
func MinOf[T Number]() T { var z T; return z }
func Sqrt[T float32 | float64](x T) T { return x }
func AtomicAdd[T int32 | uint32 | float32](p *T, v T) T { return v }
type Local[T any] struct{ n int }
func (l Local[T]) Slice(Item) []T { return nil }
func (l Local[T]) Len() int { return l.n }
type Matrix[T any] struct{ d []T }
func (Matrix[T]) Rows() int { return 0 }
func (Matrix[T]) Cols() int { return 0 }
func (Matrix[T]) Stride() int { return 0 }
func (m Matrix[T]) At(i, j int) T { return m.d[0] }
func (m Matrix[T]) Set(i, j int, v T) {}
func (m Matrix[T]) Ptr(i, j int) *T { return nil }
func (m Matrix[T]) View() ([]T, []struct{}, []struct{}, int) { return nil, nil, nil, 0 }
type Volume[T any] struct{ d []T }
func (Volume[T]) Depth() int { return 0 }
func (Volume[T]) Rows() int { return 0 }
func (Volume[T]) Cols() int { return 0 }
func (Volume[T]) PlaneStride() int { return 0 }
func (Volume[T]) Stride() int { return 0 }
func (v Volume[T]) At(i, j, k int) T { return v.d[0] }
func (v Volume[T]) Ptr(i, j, k int) *T { return nil }
func (v Volume[T]) View() ([]T, []struct{}, []struct{}, []struct{}, int, int) { return nil, nil, nil, nil, 0, 0 }
func SubgroupShuffle[T any](v T, lane int) T { return v }
func SubgroupSum[T Number](Item, T) T { var z T; return z }
func Helper(Item) int { return 0 }
`

const kernelStub = `package kernel
type WorkGroup struct {
	ID, Size, Count, GlobalSize [3]int
	Linear, Items int
}
func (*WorkGroup) Stopped() bool { return false }
func StripEnd[T ~int | ~int32 | ~uint32 | ~int64](from, bound T) T { return bound }
func GroupLocal[T any](*WorkGroup, int, int) []T { return nil }
func GroupPrivate[T any](*WorkGroup, int) []T { return nil }
type number interface{ ~int | ~int32 | ~uint8 | ~float32 | ~float64 }
func ReduceSum[T number](a []T) T { return a[0] }
func ReduceMin[T number](a []T) T { return a[0] }
func ReduceMax[T number](a []T) T { return a[0] }
func ReduceAll(a []bool) bool { return a[0] }
func ReduceAny(a []bool) bool { return a[0] }
func ScanSum[T number](a []T, exclusive bool) {}
func ScanMin[T number](a []T, exclusive bool, identity T) {}
func ScanMax[T number](a []T, exclusive bool, identity T) {}
func Broadcast[T any](a []T, from ...int) T { return a[from[0]] }
func At2[T any](d []T, r, c []struct{}, s, i, j int) T { return d[0] }
func Set2[T any](d []T, r, c []struct{}, s, i, j int, v T) {}
func Ptr2[T any](d []T, r, c []struct{}, s, i, j int) *T { return nil }
func At3[T any](d []T, dd, r, c []struct{}, ps, s, i, j, k int) T { return d[0] }
func Ptr3[T any](d []T, dd, r, c []struct{}, ps, s, i, j, k int) *T { return nil }
`

type stubImporter struct {
	fset *token.FileSet
	pkgs map[string]*types.Package
}

func (s *stubImporter) Import(path string) (*types.Package, error) {
	if p := s.pkgs[path]; p != nil {
		return p, nil
	}
	return importer.Default().Import(path)
}

func newImporter(t *testing.T) *stubImporter {
	s := &stubImporter{fset: token.NewFileSet(), pkgs: map[string]*types.Package{}}
	for path, src := range map[string]string{
		"github.com/kago-dev/kago/ka":        kaStub,
		"github.com/kago-dev/kago/ka/kernel": kernelStub,
	} {
		f, err := parser.ParseFile(s.fset, path+".go", src, 0)
		require.NoError(t, err)
		p, err := (&types.Config{Importer: s}).Check(path, s.fset, []*ast.File{f}, nil)
		require.NoError(t, err)
		s.pkgs[path] = p
	}
	return s
}

// generate type-checks a package with the kernel body (written into a
// file, as Generate reads sources from disk) and returns Generate's
// result for the kernel K.
func generate(t *testing.T, imp *stubImporter, src string) (*groupfn.Func, error) {
	src = "package k\n\nimport \"github.com/kago-dev/kago/ka\"\n\n" + src
	path := filepath.Join(t.TempDir(), "k.go")
	require.NoError(t, os.WriteFile(path, []byte(src), 0o644))
	f, err := parser.ParseFile(imp.fset, path, src, parser.ParseComments)
	require.NoError(t, err)
	info := &types.Info{Types: map[ast.Expr]types.TypeAndValue{}, Defs: map[*ast.Ident]types.Object{}, Uses: map[*ast.Ident]types.Object{}}
	pkg, err := (&types.Config{Importer: imp}).Check("example.com/k", imp.fset, []*ast.File{f}, info)
	require.NoError(t, err)
	for _, d := range f.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok && fd.Name.Name == "K" {
			return groupfn.Generate(imp.fset, info, pkg, fd)
		}
	}
	require.FailNow(t, "no kernel K")
	return nil, nil
}

// generated returns the group function of src's kernel K, after checking
// that its source contains each of has and none of hasNot and that it
// compiles.
func generated(t *testing.T, imp *stubImporter, src string, has, hasNot []string) *groupfn.Func {
	t.Helper()
	fn, err := generate(t, imp, src)
	require.NoError(t, err)
	for _, s := range has {
		assert.Contains(t, fn.Source, s)
	}
	for _, s := range hasNot {
		assert.NotContains(t, fn.Source, s)
	}
	compiles(t, imp, "", fn)
	return fn
}

// compiles type-checks a group function in a package of its own.
func compiles(t *testing.T, imp *stubImporter, rest string, fn *groupfn.Func) {
	var b strings.Builder
	b.WriteString("package k\n\nimport (\n\"github.com/kago-dev/kago/ka/kernel\"\n")
	for _, spec := range fn.Imports {
		b.WriteString(spec + "\n")
	}
	b.WriteString(")\n\n" + rest + "\n" + fn.Source)
	f, err := parser.ParseFile(imp.fset, "gen.go", b.String(), 0)
	require.NoError(t, err, b.String())
	_, err = (&types.Config{Importer: imp}).Check("example.com/k", imp.fset, []*ast.File{f}, nil)
	require.NoError(t, err, b.String())
}

func TestGenerate(t *testing.T) {
	imp := newImporter(t)
	for _, c := range []struct {
		name, src, rest string
		has             []string
	}{
		{"saxpy", `func K(it ka.Item, a float32, x, y []float32) {
	if i := it.Global(); i < len(y) {
		y[i] = a*x[i] + y[i]
	}
}`, "", []string{"func kagoGroupK(kg *kernel.WorkGroup, a float32, x, y []float32)",
			"m0 := kg.GlobalSize[0] - b0\n\tif m0 > n0 {", "for i := lo; i < hi; i++ {"}},
		{"return", `func K(it ka.Item, x []int32) {
	i := it.GlobalID(0)
	if i >= len(x) {
		return
	}
	x[i] = int32(it.LocalID(0) + it.GroupID(0) + it.Group())
}`, "", []string{"continue items"}},
		{"names taken", `func K(it ka.Item, kg, lx, n0 []int32) {
	l := it.Local()
	kg[l], lx[l], n0[l] = 1, 2, 3
}`, "", []string{"kg1 *kernel.WorkGroup", "lx1 := range m0", "if m0 > n01 {"}},
		{"assigned parameter", `func K(it ka.Item, n int, x []int) {
	n += it.Global()
	x[it.Global()] = n
}`, "", []string{"n := n"}},
		{"generic and math", `func K[T float32 | float64](it ka.Item, x []T) {
	x[it.Global()] = T(math.Sqrt(float64(x[it.Global()])))
}`, "", []string{"func kagoGroupK[T float32 | float64]"}},
		{"barrier in loop and if", `const G = 64

func K(it ka.Item, n int, x []int32) {
	tmp := ka.LocalArray[int32](it, G)
	l := it.Local()
	acc := int32(0)
	for s := G / 2; s > 0; s /= 2 {
		v := tmp[l]
		it.Barrier()
		acc += v
		it.Barrier()
	}
	if n > 1 && it.GroupID(0) == 0 {
		it.Barrier()
	} else {
		x[l] = acc
	}
}`, "", []string{"accPerItem := kernel.GroupPrivate[int32](kg, 0)", "vPerItem := kernel.GroupPrivate[int32](kg, 1)",
			"tmp := kernel.GroupLocal[int32](kg, 0, G)", "for s := G / 2; s > 0; s /= 2 {", "if n > 1 && kg.ID[0] == 0 {"}},
		{"barrier and InRange: whole groups", `func K(it ka.Item, x []int32) {
	it.Barrier()
	if it.InRange() {
		x[it.Global()] = 1
	}
}`, "", []string{"for lx := range n0", "if gx < kg.GlobalSize[0] && gy < kg.GlobalSize[1] && gz < kg.GlobalSize[2] {"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			fn, err := generate(t, imp, withMath(c.src))
			require.NoError(t, err)
			for _, s := range c.has {
				assert.Contains(t, fn.Source, s)
			}
			compiles(t, imp, c.rest+constsOf(c.src), fn)
		})
	}
}

// withMath adds the import of math to a source that uses it.
func withMath(src string) string {
	if !strings.Contains(src, "math.") {
		return src
	}
	return "import \"math\"\n\n" + src
}

// constsOf returns the constant declarations of src, which the generated
// code refers to.
func constsOf(src string) string {
	var b strings.Builder
	for _, line := range strings.Split(src, "\n") {
		if strings.HasPrefix(line, "const ") {
			b.WriteString(line + "\n")
		}
	}
	return b.String()
}

func TestRefused(t *testing.T) {
	imp := newImporter(t)
	for _, c := range []struct{ name, src, says string }{
		{"switch", `func K(it ka.Item, m int) {
	switch m {
	case 1:
		it.Barrier()
	}
}`, "inside a switch statement"},
		{"divergent if", `func K(it ka.Item) {
	if it.Local() < 4 {
		it.Barrier()
	}
}`, "may differ between the work-items"},
		{"divergent loop", `func K(it ka.Item, x []int32) {
	for i := 0; i < int(x[0]); i++ {
		it.Barrier()
	}
}`, "may differ between the work-items"},
		{"return before barrier", `func K(it ka.Item, x []int32) {
	if it.Global() >= len(x) {
		return
	}
	it.Barrier()
}`, "return before a barrier"},
		{"item passed on", `func help(it ka.Item) int { return it.Global() }

func K(it ka.Item, x []int32) { x[help(it)] = 1 }`, "other than by calling its methods"},
		{"local array in a loop", `func K(it ka.Item) {
	for i := 0; i < 2; i++ {
		t := ka.LocalArray[int32](it, 8)
		t[it.Local()] = 1
		it.Barrier()
	}
}`, "ka.LocalArray not at the top level"},
		{"break out of a stretch", `func K(it ka.Item, x []int32) {
	for i := 0; i < 4; i++ {
		if x[it.Global()] > 0 {
			break
		}
		it.Barrier()
	}
}`, "break out of a stretch between barriers"},
		{"assigned parameter", `func K(it ka.Item, n int) {
	n += it.Local()
	it.Barrier()
	_ = n
}`, "parameter n is assigned"},
		{"loop variable assigned", `func K(it ka.Item) {
	for i := 0; i < 4; i++ {
		i += it.Local()
		it.Barrier()
	}
}`, "assigned between barriers"},
		{"address across a barrier", `func K(it ka.Item, x []int32) {
	v := int32(it.Local())
	p := &v
	it.Barrier()
	*p += 1
	x[it.Global()] = v
}`, "the address of"},
		{"array sliced across a barrier", `func K(it ka.Item, x []int32) {
	var w [4]int32
	s := w[1:]
	it.Barrier()
	s[0] = 1
	x[it.Global()] = w[1]
}`, "the address of"},
		{"goto", `func K(it ka.Item) {
	goto end
end:
}`, "goto"},
		{"dimension not constant", `func K(it ka.Item, d int, x []int) { x[0] = it.GlobalID(d) }`, "not a constant"},
		{"dot import", "import . \"math\"\n\nfunc K(it ka.Item, x []float64) { x[it.Global()] = Sqrt(2) }", "dot import"},
		{"reserved name", "import driver \"math\"\n\nfunc K(it ka.Item, x []float64) { x[it.Global()] = driver.Sqrt(2) }", "which the generated file imports"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := generate(t, imp, c.src)
			var refused *groupfn.Refused
			require.ErrorAs(t, err, &refused)
			assert.Contains(t, refused.Reason, c.says)
			assert.Equal(t, "K", refused.Kernel)
		})
	}
}
