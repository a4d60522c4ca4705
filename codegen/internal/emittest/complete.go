package emittest

// This file is the completeness test of the emitters: Dialect makes, for
// every instruction of docs/ir.md (ircheck.Opcodes) and every intrinsic of
// emitutil's table, the forms of it that ircheck accepts among all the
// ones it could take (every scalar and pointer type, predicate, operation,
// address space, conversion pair, dimension, math function), and Complete
// has an emitter translate all of them. A form ircheck accepts is one
// every emitter must handle: Complete fails on an emitter's error (the
// default case of its dispatch), and each emitter's test hands the code to
// its checker (spirv-val, the PTX simulator's parser, PoCL's compiler).

import (
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/kago-dev/kago/codegen/internal/emitutil"
	"github.com/kago-dev/kago/codegen/internal/ircheck"
	"github.com/llir/llvm/asm"
	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/enum"
	"github.com/stretchr/testify/require"
)

// Sample is one module of Dialect: every accepted form of one opcode or
// intrinsic ("add", "call @ka.barrier") that fits in one block, or one
// form that needs control flow of its own (a phi).
type Sample struct {
	Name string // the opcode or intrinsic, with the form for one of its own
	IR   string
}

// scalars are the dialect's scalar types and some that are not in it.
var scalars = []string{"i1", "i8", "i16", "i32", "i64", "float", "double"}

// ints and floats are the integer and float types among them.
var ints, floats = scalars[:5], scalars[5:]

// spaces are the address spaces of the sample kernel's pointers: an
// alloca's (0), a global parameter's (1), a workgroup parameter's (3).
var spaces = []string{"", " addrspace(1)", " addrspace(3)"}

// form is one candidate: body lines for the entry block, or, when blocks
// is set, a body of its own that ends the entry block and adds blocks.
type form struct {
	key    string   // the opcode or intrinsic
	lines  []string // in the entry block, after the preamble
	blocks bool     // lines end the entry block and add blocks: a module of its own
	decls  []string // declarations of intrinsics
}

// operand returns the sample kernel's value of type t: a parameter, a
// bool made from one, an alloca, a global.
func operand(t string) string {
	name := strings.NewReplacer(" addrspace(1)*", ".g", " addrspace(3)*", ".l", "*", ".a", "[4 x ", "arr.", "]", "").Replace(t)
	return t + " %v." + name
}

// preamble is the sample kernel's signature and the entry block's first
// lines, which give every operand of operand; globals are its workgroup
// arrays.
func preamble() (sig string, lines, globals []string) {
	var params []string
	for _, t := range scalars {
		if t != "i1" {
			params = append(params, operand(t))
			params = append(params, operand(t+" addrspace(1)*"), operand(t+" addrspace(3)*"))
		}
		lines = append(lines, fmt.Sprintf("  %%v.%s.a = alloca %s", t, t), fmt.Sprintf("  %%v.arr.%s.a = alloca [4 x %s]", t, t))
		if t != "i1" {
			globals = append(globals, fmt.Sprintf("@ka.local.%s = internal addrspace(3) global [4 x %s] undef", t, t))
		}
	}
	lines = append([]string{"  %v.i1 = trunc i8 %v.i8 to i1"}, lines...)
	params = append(params, "i64 %ka.gsize0", "i64 %ka.gsize1", "i64 %ka.gsize2")
	return "define spir_kernel void @Sample(" + strings.Join(params, ", ") + ")", lines, globals
}

// module makes the text of a module of forms that share the entry block,
// or of one form with blocks of its own.
func module(forms []form) string {
	sig, pre, globals := preamble()
	var b strings.Builder
	for _, g := range globals {
		b.WriteString(g + "\n")
	}
	b.WriteString(sig + " {\nentry:\n" + strings.Join(pre, "\n") + "\n")
	decls := map[string]bool{}
	own := false
	for i, f := range forms {
		for _, l := range f.lines {
			b.WriteString(strings.ReplaceAll(l, "%r", fmt.Sprintf("%%r%d.", i)) + "\n")
		}
		own = own || f.blocks
		for _, d := range f.decls {
			decls[d] = true
		}
	}
	if !own {
		b.WriteString("  ret void\n")
	}
	b.WriteString("}\n")
	sorted := make([]string, 0, len(decls))
	for d := range decls {
		sorted = append(sorted, d)
	}
	sort.Strings(sorted)
	for _, d := range sorted {
		b.WriteString(d + "\n")
	}
	return b.String()
}

// pointers are the pointer types of the sample kernel's operands.
func pointers() []string {
	var ps []string
	for _, t := range scalars {
		for _, s := range spaces {
			if t != "i1" || s == "" {
				ps = append(ps, t+s+"*")
			}
		}
	}
	return ps
}

// candidates are the forms Dialect tries: the dialect's and many outside
// it, all well-typed LLVM.
func candidates() []form {
	var fs []form
	add := func(key string, lines ...string) { fs = append(fs, form{key: key, lines: lines}) }
	for _, op := range []string{"add", "sub", "mul", "sdiv", "udiv", "srem", "urem", "shl", "lshr", "ashr", "and", "or", "xor"} {
		for _, t := range ints {
			add(op, fmt.Sprintf("  %%r = %s %s, %s", op, operand(t), name(t)))
			add(op, fmt.Sprintf("  %%r = %s %s, 1", op, operand(t)))
		}
		switch op {
		case "add", "sub", "mul", "shl":
			add(op, fmt.Sprintf("  %%r = %s nuw i32 %%v.i32, 1", op))
		case "sdiv", "udiv", "lshr", "ashr":
			add(op, fmt.Sprintf("  %%r = %s exact i32 %%v.i32, 1", op))
		}
	}
	for _, op := range []string{"fadd", "fsub", "fmul", "fdiv", "frem"} {
		for _, t := range floats {
			add(op, fmt.Sprintf("  %%r = %s %s, %s", op, operand(t), name(t)))
			add(op, fmt.Sprintf("  %%r = %s fast %s, 1.0", op, operand(t)))
		}
	}
	for _, t := range floats {
		add("fneg", fmt.Sprintf("  %%r = fneg %s", operand(t)))
	}
	for _, p := range []string{"eq", "ne", "ugt", "uge", "ult", "ule", "sgt", "sge", "slt", "sle"} {
		for _, t := range append(append([]string{}, ints...), pointers()...) {
			add("icmp", fmt.Sprintf("  %%r = icmp %s %s, %s", p, operand(t), name(t)))
		}
	}
	for _, p := range []string{"false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord", "ueq", "ugt", "uge", "ult", "ule", "une", "uno", "true"} {
		for _, t := range floats {
			add("fcmp", fmt.Sprintf("  %%r = fcmp %s %s, %s", p, operand(t), name(t)))
		}
	}
	for _, t := range append(append([]string{}, scalars...), pointers()...) {
		add("select", fmt.Sprintf("  %%r = select i1 %%v.i1, %s, %s", operand(t), operand(t)))
	}
	conv := func(op string, from, to []string) {
		for _, f := range from {
			for _, t := range to {
				add(op, fmt.Sprintf("  %%r = %s %s to %s", op, operand(f), t))
			}
		}
	}
	for _, op := range []string{"trunc", "zext", "sext"} {
		conv(op, ints, ints)
	}
	conv("fptrunc", floats, floats)
	conv("fpext", floats, floats)
	conv("fptoui", floats, ints)
	conv("fptosi", floats, ints)
	conv("uitofp", ints, floats)
	conv("sitofp", ints, floats)
	conv("bitcast", []string{"i32", "i64", "float", "double"}, []string{"i32", "i64", "float", "double"})
	conv("bitcast", pointers(), pointers())
	for _, t := range scalars {
		add("alloca", fmt.Sprintf("  %%r = alloca %s", t))
		add("alloca", fmt.Sprintf("  %%r = alloca [8 x %s], align 8", t))
	}
	for _, p := range pointers() {
		t := strings.TrimSuffix(strings.TrimSuffix(strings.TrimSuffix(p, "*"), " addrspace(1)"), " addrspace(3)")
		add("load", fmt.Sprintf("  %%r = load %s, %s", t, operand(p)))
		add("load", fmt.Sprintf("  %%r = load volatile %s, %s", t, operand(p)))
		add("store", fmt.Sprintf("  store %s, %s", operand(t), operand(p)))
		add("getelementptr", fmt.Sprintf("  %%r = getelementptr %s, %s, i64 %%v.i64", t, operand(p)))
		add("getelementptr", fmt.Sprintf("  %%r = getelementptr %s, %s, i64 3", t, operand(p)))
		add("getelementptr", fmt.Sprintf("  %%r = getelementptr %s, %s, i32 %%v.i32", t, operand(p)))
	}
	for _, t := range scalars {
		at := "[4 x " + t + "]"
		add("getelementptr", fmt.Sprintf("  %%r = getelementptr %s, %s, i64 0, i64 %%v.i64", at, operand(at+"*")))
		if t != "i1" {
			add("getelementptr", fmt.Sprintf("  %%r = getelementptr %s, %s addrspace(3)* @ka.local.%s, i64 0, i64 2", at, at, t))
		}
	}
	for op := enum.AtomicOpAdd; op <= enum.AtomicOpXor; op++ {
		for _, t := range []string{"i8", "i32", "i64", "float", "double"} {
			for _, s := range spaces {
				add("atomicrmw", fmt.Sprintf("  %%r = atomicrmw %s %s, %s monotonic", op, operand(t+s+"*"), operand(t)))
			}
		}
	}
	for _, t := range []string{"i16", "i32", "i64"} {
		for _, s := range spaces {
			add("cmpxchg", fmt.Sprintf("  %%r = cmpxchg %s, %s, %s monotonic monotonic", operand(t+s+"*"), operand(t), operand(t)))
			for i := range 2 {
				add("extractvalue", fmt.Sprintf("  %%r.x = cmpxchg %s, %s, %s monotonic monotonic", operand(t+s+"*"), operand(t), operand(t)),
					fmt.Sprintf("  %%r = extractvalue { %s, i1 } %%r.x, %d", t, i))
			}
		}
	}
	for _, t := range append(append([]string{}, scalars...), pointers()...) {
		fs = append(fs, form{key: "phi", blocks: true, lines: []string{
			"  br i1 %v.i1, label %a, label %b", "a:", "  br label %m", "b:", "  br label %m",
			"m:", fmt.Sprintf("  %%r = phi %s [ %s, %%a ], [ %s, %%b ]", t, name(t), name(t)),
			"  ret void"}})
	}
	fs = append(fs, form{key: "ret", blocks: true, lines: []string{"  ret void"}})
	fs = append(fs, form{key: "br", blocks: true, lines: []string{"  br label %next", "next:", "  br i1 %v.i1, label %x, label %x", "x:", "  ret void"}})
	fs = append(fs, form{key: "unreachable", blocks: true, lines: []string{"  call void @llvm.trap()", "  unreachable"}, decls: []string{"declare void @llvm.trap()"}})
	return append(fs, calls()...)
}

// name is the name of operand(t).
func name(t string) string {
	f := strings.Fields(operand(t))
	return f[len(f)-1]
}

// calls are the forms of every intrinsic of emitutil's table, by its
// signature, and of every math function.
func calls() []form {
	var fs []form
	for op := emitutil.Op(1); int(op) < len(emitutil.Intrinsics); op++ {
		in := emitutil.Intrinsics[op]
		key := "call @" + in.Name
		switch {
		case op == emitutil.MathFunc:
			continue
		case op == emitutil.Printf:
			fs = append(fs, form{key: key, decls: []string{"declare void @ka.printf(...)"}, lines: []string{
				`  call void (...) @ka.printf([11 x i8] c"%ld %f %s\0A\00", i64 %v.i64, double %v.double)`,
				`  call void (...) @ka.printf([3 x i8] c"x\0A\00")`}})
			continue
		}
		var f form
		switch in.Sig {
		case emitutil.SigVoid:
			f = form{lines: []string{"  call void @" + in.Name + "()"}, decls: []string{"declare void @" + in.Name + "()"}}
		case emitutil.SigQuery:
			f = form{decls: []string{"declare i64 @" + in.Name + "(i32)"}}
			for d := 0; d < 3; d++ {
				f.lines = append(f.lines, fmt.Sprintf("  %%r.%d = call i64 @%s(i32 %d)", d, in.Name, d))
			}
		case emitutil.SigLane:
			f = form{lines: []string{"  %r = call i64 @" + in.Name + "()"}, decls: []string{"declare i64 @" + in.Name + "()"}}
		case emitutil.SigShuffle:
			f = form{lines: []string{"  %r = call i32 @" + in.Name + "(i32 %v.i32, i32 0)"}, decls: []string{"declare i32 @" + in.Name + "(i32, i32)"}}
		case emitutil.SigBallot:
			f = form{lines: []string{"  %r = call i32 @" + in.Name + "(i1 %v.i1)"}, decls: []string{"declare i32 @" + in.Name + "(i1)"}}
		default:
			panic(fmt.Sprintf("emittest: no form of signature %d (%s): add one to calls", in.Sig, in.Name))
		}
		f.key = key
		fs = append(fs, f)
	}
	for _, name := range emitutil.MathFuncs() {
		m, _ := emitutil.ParseMath(name)
		t := floats[m.Bits/64]
		args := make([]string, m.Arity)
		types := make([]string, m.Arity)
		for i := range args {
			args[i], types[i] = operand(t), t
		}
		fs = append(fs, form{key: "call @" + name,
			lines: []string{fmt.Sprintf("  %%r = call %s @%s(%s)", t, name, strings.Join(args, ", "))},
			decls: []string{fmt.Sprintf("declare %s @%s(%s)", t, name, strings.Join(types, ", "))}})
	}
	return fs
}

// Dialect returns the samples: for each opcode and intrinsic, a module of
// the forms of it that ircheck accepts, and one module per form with
// control flow of its own. It fails the test if an opcode of
// ircheck.Opcodes or an intrinsic has no accepted form (a gap of the
// candidates, or a verifier that refuses its own dialect), or if ircheck
// accepts an instruction that ircheck.Opcodes does not list.
func Dialect(t testing.TB) []Sample {
	t.Helper()
	accepted := map[string][]form{}
	var keys []string
	for _, f := range candidates() {
		m, err := asm.ParseString(f.key+".ll", module([]form{f}))
		require.NoError(t, err, "a candidate does not parse:\n%s", module([]form{f}))
		if _, err := ircheck.Check("emittest", m); err != nil {
			continue
		}
		if accepted[f.key] == nil {
			keys = append(keys, f.key)
		}
		accepted[f.key] = append(accepted[f.key], f)
	}
	known := map[string]bool{}
	for _, op := range ircheck.Opcodes {
		known[op] = true
		if op != "call" {
			require.NotEmpty(t, accepted[op], "ircheck.Opcodes has %s, but ircheck accepts none of its candidates: add them to emittest's candidates", op)
		}
	}
	for _, f := range calls() {
		require.NotEmpty(t, accepted[f.key], "ircheck refuses %s, an intrinsic of emitutil's table", f.key)
	}
	var samples []Sample
	for _, k := range keys {
		require.True(t, known[strings.Fields(k)[0]], "ircheck accepts %s, which ircheck.Opcodes does not list", k)
		var shared []form
		for i, f := range accepted[k] {
			if f.blocks {
				samples = append(samples, Sample{Name: fmt.Sprintf("%s/%d", k, i), IR: module([]form{f})})
			} else {
				shared = append(shared, f)
			}
		}
		if len(shared) > 0 {
			samples = append(samples, Sample{Name: k, IR: module(shared)})
		}
	}
	return samples
}

// Complete emits every sample of Dialect with emit, which must succeed,
// and hands the code to check (nil for none), for the target's own
// checker.
func Complete(t *testing.T, emit func(m *ir.Module) ([]byte, error), check func(t *testing.T, name string, code []byte)) {
	for _, s := range Dialect(t) {
		t.Run(s.Name, func(t *testing.T) {
			m, err := asm.ParseString(s.Name+".ll", s.IR)
			require.NoError(t, err)
			code, err := emit(m)
			require.NoError(t, err, "a form of the dialect the emitter does not translate:\n%s", s.IR)
			if check != nil {
				check(t, s.Name, code)
			}
		})
	}
}
