package ircheck_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/kago-dev/kago/codegen/internal/emitutil"
	"github.com/kago-dev/kago/codegen/internal/ircheck"
	"github.com/llir/llvm/asm"
	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/types"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// gsize are the hidden parameters every kernel ends with.
const gsize = "i64 %ka.gsize0, i64 %ka.gsize1, i64 %ka.gsize2"

// kernel is a module whose kernel @K takes params, then the hidden
// parameters, and whose entry block is body.
func kernel(params, body string) string {
	if params != "" {
		params += ", "
	}
	return "define spir_kernel void @K(" + params + gsize + ") {\nentry:\n" + body + "\n}\n"
}

func check(t *testing.T, src string) error {
	t.Helper()
	m, err := asm.ParseString("k.ll", src)
	require.NoError(t, err, "the test's IR does not parse:\n%s", src)
	_, err = ircheck.Check("test", m)
	return err
}

// TestAccepts checks modules inside the dialect that are easy to get
// wrong: the hidden parameters with a fault record, a phi whose
// predecessor is listed twice, a value used in a loop's header phi from
// its latch, the stop flag's volatile load, the bitcasts of docs/ir.md.
func TestAccepts(t *testing.T) {
	for name, src := range map[string]string{
		"fault record": "define spir_kernel void @K(" + gsize + ", i32 addrspace(1)* %ka.fault, i32 %ka.launch) {\nentry:\n" +
			"  %f = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 6\n  %s = load volatile i32, i32 addrspace(1)* %f, align 4\n" +
			"  %p = bitcast i32 addrspace(1)* %ka.fault to i64 addrspace(1)*\n  ret void\n}\n",
		"twice": kernel("i64 %n", "  %c = icmp eq i64 %n, 0\n  br i1 %c, label %a, label %a\na:\n  %x = phi i32 [ 1, %entry ], [ 1, %entry ]\n  ret void"),
		"loop": kernel("i64 %n", "  br label %h\nh:\n  %i = phi i64 [ 0, %entry ], [ %j, %h ]\n  %j = add i64 %i, 1\n"+
			"  %c = icmp slt i64 %j, %n\n  br i1 %c, label %h, label %x\nx:\n  ret void"),
		"unreachable": kernel("", "  ret void\ndead:\n  %a = add i32 1, 2\n  br label %dead2\ndead2:\n  %b = add i32 %a, 1\n  unreachable"),
		"casts": kernel("float addrspace(1)* %p, i8 addrspace(1)* %q", "  %i = bitcast float addrspace(1)* %p to i32 addrspace(1)*\n"+
			"  %r = bitcast i8 addrspace(1)* %q to double addrspace(1)*\n  %x = load float, float addrspace(1)* %p\n  %b = bitcast float %x to i32\n  ret void"),
		"local array": "@ka.local.0 = internal addrspace(3) global [4 x float] undef\n" + kernel("",
			"  %p = getelementptr [4 x float], [4 x float] addrspace(3)* @ka.local.0, i64 0, i64 1\n  store float 1.0, float addrspace(3)* %p\n  ret void"),
		"cmpxchg": kernel("i32 addrspace(1)* %p", "  %c = cmpxchg i32 addrspace(1)* %p, i32 0, i32 1 monotonic monotonic\n"+
			"  %o = extractvalue { i32, i1 } %c, 0\n  %ok = extractvalue { i32, i1 } %c, 1\n  br i1 %ok, label %a, label %a\na:\n  ret void"),
	} {
		t.Run(name, func(t *testing.T) {
			assert.NoError(t, check(t, src))
		})
	}
}

// TestRejects checks that modules outside the dialect get an error of the
// right kind naming the problem, never a panic.
func TestRejects(t *testing.T) {
	two := "define spir_kernel void @K(" + gsize + ") {\nentry:\n  ret void\n}\ndefine void @L() {\nentry:\n  ret void\n}\n"
	for _, c := range []struct {
		name, src, mention string
		kind               error
	}{
		{"no kernel", "declare void @ka.barrier()\n", "module defines no function", emitutil.ErrBadIR},
		{"two kernels", two, "module defines more than one function (@K and @L)", emitutil.ErrBadIR},
		{"returns", "define i32 @K(" + gsize + ") {\nentry:\n  ret i32 0\n}\n", "kernel K: a kernel returns void, not i32", emitutil.ErrBadIR},
		{"name", strings.Replace(kernel("", "  ret void"), "@K", "@\"K-1\"", 1), "not an identifier", emitutil.ErrBadIR},
		{"no hidden", "define spir_kernel void @K(i64 %n) {\nentry:\n  ret void\n}\n", "end with the hidden i64 %ka.gsize0", emitutil.ErrBadIR},
		{"hidden order", "define spir_kernel void @K(i64 %ka.gsize1, i64 %ka.gsize0, i64 %ka.gsize2) {\nentry:\n  ret void\n}\n", "end with the hidden", emitutil.ErrBadIR},
		{"bool param", kernel("i1 %b", "  ret void"), "parameter %b: i1 at the kernel boundary", emitutil.ErrBadIR},
		{"private param", kernel("float* %p", "  ret void"), "parameter %p: a pointer parameter is global", emitutil.ErrBadIR},
		{"wide param", kernel("i128 %w", "  ret void"), "parameter %w: unsupported type i128", emitutil.ErrBadIR},
		{"half", kernel("half %h", "  ret void"), "unsupported type half", emitutil.ErrBadIR},
		{"addrspace", kernel("float addrspace(2)* %p", "  ret void"), "not float addrspace(2)*", emitutil.ErrBadIR},
		{"vector param", kernel("<2 x float> addrspace(1)* %p", "  ret void"), "points to a scalar other than i1", emitutil.ErrBadIR},
		{"global", "@g = global i32 0\n" + kernel("", "  ret void"), "global @g: the only globals are the workgroup arrays", emitutil.ErrBadIR},
		{"initialized", "@ka.local.0 = internal addrspace(3) global [2 x i32] [i32 1, i32 2]\n" + kernel("", "  ret void"), "cannot be initialized", emitutil.ErrBadIR},
		{"fence", kernel("", "  fence seq_cst\n  ret void"), "block %entry: fence seq_cst: instruction fence is not in docs/ir.md", emitutil.ErrBadIR},
		{"switch", kernel("i32 %x", "  switch i32 %x, label %a [ i32 0, label %a ]\na:\n  ret void"), "terminator switch is not in docs/ir.md", emitutil.ErrBadIR},
		{"nsw", kernel("i64 %n", "  %a = add nsw i64 %n, 1\n  ret void"), "add nsw i64 %n, 1: nsw, nuw and exact flags", emitutil.ErrBadIR},
		{"exact", kernel("i64 %n", "  %a = udiv exact i64 %n, 2\n  ret void"), "exact flags", emitutil.ErrBadIR},
		{"i1 div", kernel("i1 %b", "  %a = udiv i1 %b, %b\n  ret void"), "udiv on i1", emitutil.ErrBadIR},
		{"i128", kernel("i64 %n", "  %a = zext i64 %n to i128\n  ret void"), "result of type i128", emitutil.ErrBadIR},
		{"fast", kernel("float %a", "  %b = fadd fast float %a, %a\n  ret void"), "fadd fast float %a, %a: fast-math", emitutil.ErrBadIR},
		{"pointer order", kernel("i32 addrspace(1)* %p", "  %c = icmp ult i32 addrspace(1)* %p, %p\n  ret void"), "compared with eq and ne only", emitutil.ErrBadIR},
		{"fptosi i1", kernel("float %a", "  %b = fptosi float %a to i1\n  ret void"), "fptosi from float to i1", emitutil.ErrBadIR},
		{"ptrtoint", kernel("i32 addrspace(1)* %p", "  %b = ptrtoint i32 addrspace(1)* %p to i64\n  ret void"), "instruction ptrtoint is not in docs/ir.md", emitutil.ErrBadIR},
		{"cross space", kernel("i32 addrspace(1)* %p", "  %b = bitcast i32 addrspace(1)* %p to i32 addrspace(3)*\n  ret void"), "bitcast from i32 addrspace(1)* to i32 addrspace(3)*", emitutil.ErrBadIR},
		{"late alloca", kernel("", "  br label %b\nb:\n  %a = alloca i32\n  ret void"), "alloca outside the entry block", emitutil.ErrBadIR},
		{"alloca count", kernel("", "  %a = alloca i32, i32 4\n  ret void"), "alloca of a count of elements", emitutil.ErrBadIR},
		{"atomic load", kernel("i32 addrspace(1)* %p", "  %a = load atomic i32, i32 addrspace(1)* %p monotonic, align 4\n  ret void"), "atomic load", emitutil.ErrBadIR},
		{"volatile store", kernel("i32 addrspace(1)* %p", "  store volatile i32 0, i32 addrspace(1)* %p\n  ret void"), "atomic or volatile store", emitutil.ErrBadIR},
		{"alignment", kernel("i32 addrspace(1)* %p", "  %a = load i32, i32 addrspace(1)* %p, align 16\n  ret void"), "alignment 16 of a i32", emitutil.ErrBadIR},
		{"gep index", kernel("", "  %p = alloca [4 x i32]\n  %a = getelementptr [4 x i32], [4 x i32]* %p, i64 1, i64 2\n  ret void"), "getelementptr form not in docs/ir.md", emitutil.ErrBadIR},
		{"gep i32 index", kernel("i32 addrspace(1)* %p, i32 %i", "  %a = getelementptr i32, i32 addrspace(1)* %p, i32 %i\n  ret void"), "getelementptr form", emitutil.ErrBadIR},
		{"constant expression", "@ka.local.0 = internal addrspace(3) global [4 x float] undef\n" + kernel("",
			"  store float 1.0, float addrspace(3)* getelementptr ([4 x float], [4 x float] addrspace(3)* @ka.local.0, i64 0, i64 1)\n  ret void"),
			"is not in docs/ir.md", emitutil.ErrBadIR},
		{"seq_cst", kernel("i32 addrspace(1)* %p", "  %o = atomicrmw add i32 addrspace(1)* %p, i32 1 seq_cst\n  ret void"), "atomic ordering seq_cst: docs/ir.md has monotonic only", emitutil.ErrBadIR},
		{"private atomic", kernel("", "  %a = alloca i32\n  %o = atomicrmw add i32* %a, i32 1 monotonic\n  ret void"), "atomic on i32*: only global or workgroup pointers", emitutil.ErrBadIR},
		{"fsub atomic", kernel("float addrspace(1)* %p", "  %o = atomicrmw fsub float addrspace(1)* %p, float 1.0 monotonic\n  ret void"), "atomicrmw fsub on float is not in docs/ir.md", emitutil.ErrBadIR},
		{"i16 atomic", kernel("i16 addrspace(1)* %p", "  %o = atomicrmw add i16 addrspace(1)* %p, i16 1 monotonic\n  ret void"), "atomic on i16: 32- and 64-bit atomics only", emitutil.ErrUnsupported},
		{"float cmpxchg", kernel("float addrspace(1)* %p", "  %o = cmpxchg float addrspace(1)* %p, float 1.0, float 2.0 monotonic monotonic\n  ret void"), "cmpxchg on float: the front end compares the integer bits", emitutil.ErrBadIR},
		{"weak", kernel("i32 addrspace(1)* %p", "  %o = cmpxchg weak i32 addrspace(1)* %p, i32 1, i32 2 monotonic monotonic\n  ret void"), "weak cmpxchg", emitutil.ErrBadIR},
		{"pair used", kernel("i32 addrspace(1)* %p", "  %o = cmpxchg i32 addrspace(1)* %p, i32 1, i32 2 monotonic monotonic\n  %x = insertvalue { i32, i1 } %o, i32 0, 0\n  ret void"), "insertvalue is not in docs/ir.md", emitutil.ErrBadIR},
		{"unknown call", kernel("", "  call void @helper()\n  ret void") + "declare void @helper()\n", "call void @helper(): call of @helper, which is not an intrinsic of docs/ir.md", emitutil.ErrBadIR},
		{"defined call", kernel("", "  call void @L()\n  ret void") + "define void @L() {\nentry:\n  ret void\n}\n", "more than one function", emitutil.ErrBadIR},
		{"llvm.tan", kernel("float %a", "  %b = call float @llvm.tan.f32(float %a)\n  ret void") + "declare float @llvm.tan.f32(float)\n", "call of @llvm.tan.f32, which is not an intrinsic", emitutil.ErrBadIR},
		{"llvm.erf", kernel("", "  %y = call double @llvm.erf.f64(double 1.0)\n  ret void") + "declare double @llvm.erf.f64(double)\n", "call of @llvm.erf.f64, which is not an intrinsic", emitutil.ErrBadIR},
		{"math operand", kernel("double %a", "  %b = call float @llvm.sqrt.f32(double %a)\n  ret void") + "declare float @llvm.sqrt.f32(double)\n", "@llvm.sqrt.f32: operand of type double", emitutil.ErrBadIR},
		{"math arity", kernel("float %a", "  %b = call float @llvm.pow.f32(float %a)\n  ret void") + "declare float @llvm.pow.f32(float)\n", "@llvm.pow.f32 takes 2 float32 operand(s)", emitutil.ErrBadIR},
		{"variable dimension", kernel("i32 %d", "  %x = call i64 @ka.global_id(i32 %d)\n  ret void") + "declare i64 @ka.global_id(i32)\n", "@ka.global_id: the dimension must be a constant 0, 1 or 2", emitutil.ErrBadIR},
		{"dimension 3", kernel("", "  %x = call i64 @ka.global_size(i32 3)\n  ret void") + "declare i64 @ka.global_size(i32)\n", "@ka.global_size: the dimension must be a constant 0, 1 or 2", emitutil.ErrBadIR},
		{"no hidden parameters", "define spir_kernel void @K() {\nentry:\n  %x = call i64 @ka.global_size(i32 1)\n  ret void\n}\ndeclare i64 @ka.global_size(i32)\n",
			"@ka.global_size(1) reads the hidden parameter i64 %ka.gsize1, which the kernel lacks", emitutil.ErrBadIR},
		{"barrier argument", kernel("", "  call void @ka.barrier(i32 1)\n  ret void") + "declare void @ka.barrier(i32)\n", "@ka.barrier takes no arguments and returns void", emitutil.ErrBadIR},
		{"shuffle", kernel("i64 %v", "  %x = call i32 @ka.subgroup_shuffle(i64 %v, i32 0)\n  ret void") + "declare i32 @ka.subgroup_shuffle(i64, i32)\n", "@ka.subgroup_shuffle is i32 (i32, i32)", emitutil.ErrBadIR},
		{"ballot", kernel("i32 %v", "  %x = call i32 @ka.subgroup_ballot(i32 %v)\n  ret void") + "declare i32 @ka.subgroup_ballot(i32)\n", "@ka.subgroup_ballot is i32 (i1)", emitutil.ErrBadIR},
		{"lane", kernel("", "  %x = call i32 @ka.subgroup_size()\n  ret void") + "declare i32 @ka.subgroup_size()\n", "@ka.subgroup_size is i64 ()", emitutil.ErrBadIR},
		{"printf format", kernel("i64 %v", "  call void (...) @ka.printf(i64 %v)\n  ret void") + "declare void @ka.printf(...)\n", "the format must be a constant", emitutil.ErrBadIR},
		{"printf argument", kernel("i32 %v", "  call void (...) @ka.printf([3 x i8] c\"%d\\00\", i32 %v)\n  ret void") + "declare void @ka.printf(...)\n", "argument 1 is i32, not i64 or double", emitutil.ErrBadIR},
		{"char array", kernel("", "  call void @ka.barrier()\n  %x = extractvalue [2 x i8] c\"a\\00\", 0\n  ret void") + "declare void @ka.barrier()\n", "extractvalue other than", emitutil.ErrBadIR},
		{"use before def", kernel("", "  br label %b\nb:\n  %x = add i32 %y, 1\n  %y = add i32 1, 1\n  ret void"), "operand %y is used before its definition", emitutil.ErrBadIR},
		{"not dominated", kernel("i1 %c", "  br i1 %c, label %a, label %b\na:\n  %x = add i32 1, 1\n  br label %b\nb:\n  %y = add i32 %x, 1\n  ret void"),
			"operand %x is used before its definition (in %a) along some path", emitutil.ErrBadIR},
		{"phi value", kernel("i1 %c", "  br i1 %c, label %a, label %b\na:\n  %x = add i32 1, 1\n  br label %b\nb:\n  %y = phi i32 [ %x, %entry ], [ 0, %a ]\n  ret void"),
			"operand %x is used before its definition", emitutil.ErrBadIR},
		{"phi missing", kernel("i1 %c", "  br i1 %c, label %a, label %b\na:\n  br label %b\nb:\n  %y = phi i32 [ 0, %a ]\n  ret void"), "phi has no incoming value for predecessor %entry", emitutil.ErrBadIR},
		{"phi stranger", kernel("", "  br label %a\na:\n  br label %b\nb:\n  %y = phi i32 [ 0, %a ], [ 1, %entry ]\n  ret void"), "incoming block %entry is not a predecessor", emitutil.ErrBadIR},
		{"phi twice", kernel("i1 %c", "  br i1 %c, label %a, label %a\na:\n  %y = phi i32 [ 0, %entry ], [ 1, %entry ]\n  ret void"), "two different values for predecessor %entry", emitutil.ErrBadIR},
		{"phi late", kernel("", "  br label %a\na:\n  %x = add i32 1, 1\n  %y = phi i32 [ 0, %entry ]\n  ret void"), "phi after a non-phi instruction", emitutil.ErrBadIR},
		{"entry target", kernel("", "  br label %entry"), "the entry block is a branch target", emitutil.ErrBadIR},
		{"order", kernel("", "  br label %b\na:\n  ret void\nb:\n  br label %a"), "block is listed before its immediate dominator %b", emitutil.ErrBadIR},
		{"unreachable first", kernel("", "  br label %b\ndead:\n  ret void\nb:\n  ret void"), "listed after an unreachable block", emitutil.ErrBadIR},
	} {
		t.Run(c.name, func(t *testing.T) {
			err := check(t, c.src)
			require.Error(t, err)
			assert.ErrorIs(t, err, c.kind)
			var e *emitutil.Error
			require.True(t, errors.As(err, &e), "%T is not an *emitutil.Error", err)
			assert.Equal(t, "test", e.Target)
			assert.Contains(t, err.Error(), c.mention)
		})
	}
}

// TestPositions checks that an error names the kernel, the block and the
// instruction, in the emitters' format.
func TestPositions(t *testing.T) {
	err := check(t, kernel("i64 %n", "  br label %b\nb:\n  %a = add nuw i64 %n, 1\n  ret void"))
	require.Error(t, err)
	assert.Equal(t, "test: kernel K: block %b: %a = add nuw i64 %n, 1: nsw, nuw and exact flags are not in docs/ir.md: Go integers wrap", err.Error())
}

// TestBuilt checks modules that llir can hold but not print or parse, as a
// pass could make them: a block without a terminator, an operand from
// another function, a missing operand.
func TestBuilt(t *testing.T) {
	build := func(body func(m *ir.Module, f *ir.Func, b *ir.Block)) *ir.Module {
		m := ir.NewModule()
		f := m.NewFunc("K", types.Void, ir.NewParam("ka.gsize0", types.I64), ir.NewParam("ka.gsize1", types.I64), ir.NewParam("ka.gsize2", types.I64))
		body(m, f, f.NewBlock("entry"))
		return m
	}
	for name, c := range map[string]struct {
		m       *ir.Module
		mention string
	}{
		"no terminator": {build(func(_ *ir.Module, _ *ir.Func, b *ir.Block) {
			b.NewAdd(constant.NewInt(types.I32, 1), constant.NewInt(types.I32, 2))
		}), "block has no terminator"},
		"stranger": {build(func(_ *ir.Module, _ *ir.Func, b *ir.Block) {
			g := ir.NewFunc("G", types.Void)
			x := g.NewBlock("").NewAdd(constant.NewInt(types.I32, 1), constant.NewInt(types.I32, 2))
			b.NewAdd(x, x)
			b.NewRet(nil)
		}), "is not an instruction of the kernel"},
		"foreign parameter": {build(func(_ *ir.Module, _ *ir.Func, b *ir.Block) {
			b.NewAdd(ir.NewParam("p", types.I32), constant.NewInt(types.I32, 2))
			b.NewRet(nil)
		}), "is not a parameter of the kernel"},
		"missing operand": {build(func(_ *ir.Module, _ *ir.Func, b *ir.Block) {
			b.Insts = append(b.Insts, &ir.InstStore{Src: constant.NewInt(types.I32, 1)})
			b.NewRet(nil)
		}), "missing operand"},
		"foreign block": {build(func(m *ir.Module, _ *ir.Func, b *ir.Block) {
			b.NewBr(ir.NewBlock("elsewhere"))
		}), "branch to a block that is not the kernel's"},
	} {
		t.Run(name, func(t *testing.T) {
			var err error
			require.NotPanics(t, func() { _, err = ircheck.Check("test", c.m) })
			require.ErrorIs(t, err, emitutil.ErrBadIR)
			assert.Contains(t, err.Error(), c.mention)
		})
	}
}
