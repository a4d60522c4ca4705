package main

// The -ptxcount mode: the PTX instructions that each kernel of the -twins
// pairs executes, counted exactly on the simulated CUDA driver
// ("cuda-sim", internal/ptxsim), so without a GPU. One launch each of
// three codes of the kernel, from the same inputs:
//
//   - kago: the generated kernel as ka loads it (the PTX that kago gen
//     committed in benchmarks/kernels/kago_kernels);
//   - optllc: the same kernel's portable IR (compiled in-process by
//     package codegen) rewritten for NVPTX (toNVVM) and compiled by opt-14
//     -O3 and llc-14 -mcpu=sm_80 -O3: what LLVM makes of kago's IR;
//   - twin: the hand-written CUDA C twin, benchmarks/twins/cuda/twins.cu,
//     compiled by clang-15 -O3 -ffp-contract=off.
//
// The outputs of the three are compared bit for bit. benchmarks/README.md,
// "Executed PTX instructions (no GPU)", explains the table.

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/kago-dev/kago/backends/cuda/cudasim"
	"github.com/kago-dev/kago/benchmarks/twins"
	"github.com/kago-dev/kago/codegen"
	"github.com/kago-dev/kago/ka"
	"github.com/kago-dev/kago/ka/driver"
	"github.com/kago-dev/kago/ka/kgen"
)

var (
	ptxcountMode    = flag.Bool("ptxcount", false, "instead of the tables, the PTX instructions each twins kernel executes on cuda-sim (no GPU): kago's PTX, kago's IR through opt -O3 and llc, and the CUDA C twin through clang (benchmarks/README.md)")
	ptxcountKernels = flag.String("ptxcount-kernels", "", "-ptxcount: comma-separated kernels to count, by -twins' names or the one-token names of the ptxcount lines (default all)")
)

// ptxcountSizes are the -ptxcount mode's sizes, small for the simulator.
var ptxcountSizes = twinSizes{vec: 1 << 16, transpose: 128, matmul: 128, tiledMatmul: 128, stencil: 32}

// The -ptxcount table's markers in the README.
const ptxcountBegin, ptxcountEnd = "<!-- kagobench-ptxcount:begin -->", "<!-- kagobench-ptxcount:end -->"

// kernelsPkg is the import path of the generated kernels, whose IR the
// optllc column compiles.
const kernelsPkg = "github.com/kago-dev/kago/benchmarks/kernels"

// The columns of the -ptxcount table.
const (
	colKago = iota
	colOptLLC
	colTwin
	nCols
)

var colNames = [nCols]string{"kago", "optllc", "twin"}

// simCount is what one launch executed on cuda-sim: instructions issued
// per warp and executed per thread.
type simCount struct{ warp, thread uint64 }

// countLaunch returns the PTX instructions that launch executes on dev,
// which must be open on cuda-sim (as checkcost's simCounts): it waits for
// dev's earlier work, so that only what launch enqueues on dev.Stream()
// counts, and for the launch after. Nothing else may launch on cuda-sim
// meanwhile.
func countLaunch(dev *ka.Device, launch func(*ka.Stream) error) (simCount, error) {
	if b := dev.Backend(); b != "cuda-sim" {
		return simCount{}, fmt.Errorf("kagobench: executed instructions are counted on cuda-sim only, not on %s", b)
	}
	ctx := context.Background()
	if err := dev.Synchronize(ctx); err != nil {
		return simCount{}, err
	}
	w0, t0 := cudasim.Default.Executed()
	s := dev.Stream()
	if err := launch(s); err != nil {
		return simCount{}, err
	}
	if err := s.Synchronize(ctx); err != nil {
		return simCount{}, err
	}
	w1, t1 := cudasim.Default.Executed()
	return simCount{w1 - w0, t1 - t0}, nil
}

// ptxByEntry is the PTX of a kernel's entries, one module per entry.
type ptxByEntry map[string][]byte

// ptxCode is device code with PTX only, from a ptxByEntry; it records the
// entries a backend asked for, which tells which variant of a kernel
// with a lean one a launch ran: ka loads the lean variant at NewKernel
// and the checked kernel only at the first launch that needs it
// (ka/lean.go).
type ptxCode struct {
	ptx   ptxByEntry
	mu    sync.Mutex
	asked []string
}

func (c *ptxCode) PTX(entry string) ([]byte, error) {
	c.mu.Lock()
	c.asked = append(c.asked, entry)
	c.mu.Unlock()
	if b, ok := c.ptx[entry]; ok {
		return b, nil
	}
	return nil, fmt.Errorf("no PTX for entry %s: %w", entry, fs.ErrNotExist)
}

// loaded reports whether a backend asked for entry's code.
func (c *ptxCode) loaded(entry string) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return slices.Contains(c.asked, entry)
}

// ptxCounter holds what the columns other than kago need: the loaded
// kernels package and the twins' PTX, or why a column is unavailable.
type ptxCounter struct {
	pkg       *codegen.Package
	why       [nCols]string // why a column is unavailable, "" when it is not
	optLLCPTX map[string]ptxByEntry
}

// newPTXCounter prepares the columns: it loads the kernels package for
// optllc and compiles the twins with clang for twin (and gives the twins
// that PTX, twins.SetHandPTX), each column unavailable, with its reason,
// when its tools are missing or fail.
func newPTXCounter() (*ptxCounter, error) {
	pc := &ptxCounter{optLLCPTX: map[string]ptxByEntry{}}
	root, err := repoRoot()
	if err != nil {
		return nil, err
	}
	if why := missingTools(optTool, llcTool); why != "" {
		pc.why[colOptLLC] = why
	} else if pc.pkg, err = codegen.Load(codegen.Config{Dir: root}, kernelsPkg); err != nil {
		pc.why[colOptLLC] = fmt.Sprintf("loading %s: %v", kernelsPkg, err)
	}
	if ptx, err := clangTwins(root); err != nil {
		pc.why[colTwin] = err.Error()
	} else {
		twins.SetHandPTX(ptx)
	}
	return pc, nil
}

// optLLCSpec returns a copy of spec whose code is kago's IR of the
// kernel, compiled now, through opt and llc: the checked entry and, when
// spec has a lean variant, the lean one, so that ka picks between them as
// for spec itself. fn is the kernel function.
func (pc *ptxCounter) optLLCSpec(spec *driver.KernelSpec, fn any) (*driver.KernelSpec, *ptxCode, error) {
	ptx, ok := pc.optLLCPTX[spec.Name]
	if !ok {
		k, err := pc.pkg.CompileKernel(spec.Name)
		if err != nil {
			return nil, nil, err
		}
		if k.Entry != spec.Entry || !reflect.DeepEqual(k.DeviceParams, spec.DeviceParams) {
			return nil, nil, fmt.Errorf("%s: the IR compiled now has other entry or parameters than the committed PTX (stale kago_kernels? run go generate ./benchmarks/kernels)", spec.Name)
		}
		ptx = ptxByEntry{}
		variants := []*codegen.Kernel{k}
		if spec.Lean != nil {
			if k.Lean == nil || k.Lean.Entry != spec.Lean.Entry || !slices.Equal(k.Lean.Facts, spec.Lean.Facts) {
				return nil, nil, fmt.Errorf("%s: the committed lean variant %s is not the one compiled now (stale kago_kernels? run go generate ./benchmarks/kernels)", spec.Name, spec.Lean.Entry)
			}
			variants = append(variants, k.Lean)
			if spec.Lean.Exact != nil {
				if k.Lean.Exact == nil || k.Lean.Exact.Entry != spec.Lean.Exact.Entry {
					return nil, nil, fmt.Errorf("%s: the committed exact entry %s is not the one compiled now (stale kago_kernels? run go generate ./benchmarks/kernels)", spec.Name, spec.Lean.Exact.Entry)
				}
				variants = append(variants, k.Lean.Exact)
			}
		}
		for _, v := range variants {
			p, err := optLLC(v.Module.String())
			if err != nil {
				return nil, nil, fmt.Errorf("%s: %w", v.Entry, err)
			}
			ptx[v.Entry] = p
		}
		pc.optLLCPTX[spec.Name] = ptx
	}
	code := &ptxCode{ptx: ptx}
	s := *spec
	s.Code = code
	s.Func = reflect.TypeOf(fn)
	if spec.Lean != nil {
		l := *spec.Lean
		l.Code = code
		if l.Exact != nil {
			l.Exact = &driver.Exact{Entry: l.Exact.Entry, Code: code}
		}
		s.Lean = &l
	}
	return &s, code, nil
}

// ptxRow is one kernel's counts: ok[i] tells whether column i was
// counted, same[i] whether its output has kago's bits.
type ptxRow struct {
	name, size string
	lean       bool   // the kernel has a lean variant
	ran        string // the variant that ran: "exact", "lean", "checked", "?" (unknown without optllc) or "–" (no lean variant)
	count      [nCols]simCount
	ok, same   [nCols]bool
}

// token is the row's kernel as one word: "tiled-matmul".
func (r ptxRow) token() string { return strings.ReplaceAll(r.name, " ", "-") }

// count counts one launch of each column's code of c on dev (cuda-sim),
// each from c's inputs reset, and compares the outputs with kago's.
func (pc *ptxCounter) count(dev *ka.Device, c twinCase) (ptxRow, error) {
	row := ptxRow{name: c.name, size: c.size}
	spec, err := kgen.LookupKernel(c.gen)
	if err != nil || spec == nil {
		return row, fmt.Errorf("%s: no generated spec (%v)", c.name, err)
	}
	row.lean = spec.Lean != nil
	row.ran = "–"
	if row.lean {
		row.ran = "?"
	}
	var outs [nCols][]byte
	var code *ptxCode
	for col := range nCols {
		if pc.why[col] != "" {
			continue
		}
		var fn any
		switch col {
		case colKago:
			fn = c.gen
		case colOptLLC:
			if fn, code, err = pc.optLLCSpec(spec, c.gen); err != nil {
				return row, fmt.Errorf("%s, optllc: %w", c.name, err)
			}
		case colTwin:
			fn = c.hand
		}
		k, err := ka.NewKernel(dev, fn, ka.WithGroupSize(c.group...))
		if err != nil {
			return row, fmt.Errorf("%s, %s: %w", c.name, colNames[col], err)
		}
		if err := c.reset(); err != nil {
			return row, err
		}
		var before []byte
		if col == colKago {
			if before, err = c.output(); err != nil {
				return row, err
			}
		}
		if row.count[col], err = countLaunch(dev, func(s *ka.Stream) error { return k.Launch(s, c.r, c.args...) }); err != nil {
			return row, fmt.Errorf("%s, %s: %w", c.name, colNames[col], err)
		}
		if outs[col], err = c.output(); err != nil {
			return row, err
		}
		if col == colKago && bytes.Equal(outs[col], before) {
			return row, fmt.Errorf("%s, kago: the launch left its output as it was, nothing to compare", c.name)
		}
		row.ok[col] = true
		row.same[col] = bytes.Equal(outs[col], outs[colKago])
		if col == colOptLLC && row.lean {
			// ka decides by the spec's facts and the launch, the same
			// for kago's spec and this copy of it.
			switch {
			case code.loaded(spec.Entry):
				row.ran = "checked"
			case code.loaded(spec.Lean.Entry) || spec.Lean.Exact == nil:
				row.ran = "lean"
			default:
				row.ran = "exact" // the lean variant without its range test (codegen/exact.go)
			}
		}
	}
	return row, nil
}

// selectCases keeps the cases that only names (comma-separated, by name
// or token), all when only is empty.
func selectCases(cs []twinCase, only string) ([]twinCase, error) {
	if only == "" {
		return cs, nil
	}
	var out []twinCase
	for _, w := range strings.Split(only, ",") {
		i := slices.IndexFunc(cs, func(c twinCase) bool {
			return c.name == w || strings.ReplaceAll(c.name, " ", "-") == w
		})
		if i < 0 {
			return nil, fmt.Errorf("kagobench: -ptxcount-kernels: no kernel %q", w)
		}
		out = append(out, cs[i])
	}
	return out, nil
}

// ptxcountRows counts the selected kernels at sizes sz on a cuda-sim
// device of its own; pc says which columns it has.
func ptxcountRows(sz twinSizes, only string) ([]ptxRow, *ptxCounter, error) {
	pc, err := newPTXCounter()
	if err != nil {
		return nil, nil, err
	}
	dev, err := ka.Open("cuda-sim")
	if err != nil {
		return nil, nil, err
	}
	defer dev.Close()
	cs, free, err := twinCases(dev, sz)
	defer free()
	if err != nil {
		return nil, nil, err
	}
	if cs, err = selectCases(cs, only); err != nil {
		return nil, nil, err
	}
	var rows []ptxRow
	for _, c := range cs {
		row, err := pc.count(dev, c)
		if err != nil {
			return nil, nil, err
		}
		rows = append(rows, row)
	}
	return rows, pc, nil
}

// ptxcountMarkdown writes the rows as the mode's Markdown table, with
// its notes.
func ptxcountMarkdown(rows []ptxRow, pc *ptxCounter, sz twinSizes, elapsed time.Duration) string {
	var b strings.Builder
	fmt.Fprintf(&b, "### Executed PTX instructions (cuda-sim), %s\n\n", time.Now().UTC().Format("2006-01-02 15:04 UTC"))
	fmt.Fprintf(&b, "- Machine: %s, %d CPUs; the simulated CUDA driver (cuda-sim, internal/ptxsim); one launch per kernel and column, %.1f s in all\n", cpuModel(), runtime.NumCPU(), elapsed.Seconds())
	fmt.Fprintf(&b, "- Sizes: vectors of %s (saxpy, memcopy, reduction, histogram), transposes %d², matmul %d², tiled matmul %d², stencil %d³; groups as in -twins\n",
		vecLabel(sz.vec), sz.transpose, sz.matmul, sz.tiledMatmul, sz.stencil)
	b.WriteString("- kago: benchmarks/kernels/kago_kernels/*.ptx as ka loads it; optllc: the kernel's kago IR (codegen, now) → NVVM intrinsics → `opt-14 -O3` → `llc-14 -march=nvptx64 -mcpu=sm_80 -O3`; twin: benchmarks/twins/cuda/twins.cu → `clang-15 --cuda-device-only --cuda-gpu-arch=sm_80 -O3 -ffp-contract=off`\n")
	var leans []string
	for _, r := range rows {
		if r.lean {
			leans = append(leans, r.name)
		}
	}
	if len(leans) == 0 {
		b.WriteString("- Lean variants: none of these kernels has one; each column counts its one entry\n")
	} else {
		fmt.Fprintf(&b, "- Lean variants (%s): ka picks the variant per launch by the spec's facts, for kago and optllc alike (optllc has both entries, each from its variant's IR); column \"ran\" says which ran (\"exact\": the lean variant without its range test, for a range of whole groups; \"?\" without optllc); the twins have one entry each\n", strings.Join(leans, ", "))
	}
	for col := range nCols {
		if pc.why[col] != "" {
			fmt.Fprintf(&b, "- No %s column: %s\n", colNames[col], pc.why[col])
		}
	}
	b.WriteString("- Instructions executed, summed over all threads (warp: issued, summed over warps); ratio = kago / min(optllc, twin), above 1 kago executes more; same bits: the outputs of the columns equal kago's\n\n")
	b.WriteString("| kernel | size | ran | kago | optllc | twin | kago / min | warp: kago | optllc | twin | same bits |\n|---|---|---|--:|--:|--:|--:|--:|--:|--:|---|\n")
	for _, r := range rows {
		var th, wp [nCols]string
		for col := range nCols {
			th[col], wp[col] = "–", "–"
			if r.ok[col] {
				th[col], wp[col] = fmt.Sprint(r.count[col].thread), fmt.Sprint(r.count[col].warp)
			}
		}
		fmt.Fprintf(&b, "| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", r.name, r.size, r.ran,
			th[colKago], th[colOptLLC], th[colTwin], r.ratio(), wp[colKago], wp[colOptLLC], wp[colTwin], r.sameBits())
	}
	b.WriteString("\n")
	return b.String()
}

// ratio is kago's thread instructions over the fewest of the others.
func (r ptxRow) ratio() string {
	var least uint64
	for _, col := range []int{colOptLLC, colTwin} {
		if r.ok[col] && (least == 0 || r.count[col].thread < least) {
			least = r.count[col].thread
		}
	}
	if !r.ok[colKago] || least == 0 {
		return "–"
	}
	return fmt.Sprintf("%.3f", float64(r.count[colKago].thread)/float64(least))
}

// sameBits says whether the counted columns' outputs equal kago's.
func (r ptxRow) sameBits() string {
	var differ, cmp []string
	for _, col := range []int{colOptLLC, colTwin} {
		switch {
		case !r.ok[col]:
		case r.same[col]:
			cmp = append(cmp, colNames[col])
		default:
			differ = append(differ, colNames[col])
		}
	}
	if len(differ) > 0 {
		return "**no** (" + strings.Join(differ, ", ") + " differ)"
	}
	if len(cmp) == 0 {
		return "–"
	}
	return "yes"
}

// ptxcountLines are the rows as "ptxcount KERNEL kago=N optllc=N twin=N",
// "-" for a column not counted.
func ptxcountLines(rows []ptxRow) string {
	var b strings.Builder
	for _, r := range rows {
		fmt.Fprintf(&b, "ptxcount %s", r.token())
		for col := range nCols {
			v := "-"
			if r.ok[col] {
				v = fmt.Sprint(r.count[col].thread)
			}
			fmt.Fprintf(&b, " %s=%s", colNames[col], v)
		}
		b.WriteString("\n")
	}
	return b.String()
}

// runPTXCount runs the -ptxcount mode: it prints the table and the lines,
// replaces the table between the ptxcount markers of readme when set,
// and fails when an output differs from kago's.
func runPTXCount(readme string) int {
	t0 := time.Now()
	rows, pc, err := ptxcountRows(ptxcountSizes, *ptxcountKernels)
	if err != nil {
		fatal(err)
	}
	md := ptxcountMarkdown(rows, pc, ptxcountSizes, time.Since(t0))
	fmt.Print(md)
	fmt.Print(ptxcountLines(rows))
	if readme != "" {
		if err := replacePTXCount(readme, md); err != nil {
			fatal(err)
		}
	}
	for _, r := range rows {
		if strings.HasPrefix(r.sameBits(), "**no**") {
			fmt.Fprintf(os.Stderr, "kagobench: -ptxcount: %s: outputs differ from kago's\n", r.name)
			return 1
		}
	}
	return 0
}

// replacePTXCount replaces the text between the ptxcount markers of the
// Markdown file at path with md.
func replacePTXCount(path, md string) error {
	b, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	s := string(b)
	i, j := strings.Index(s, ptxcountBegin), strings.Index(s, ptxcountEnd)
	if i < 0 || j < i {
		return fmt.Errorf("%s has no %s ... %s markers", path, ptxcountBegin, ptxcountEnd)
	}
	return os.WriteFile(path, []byte(s[:i]+ptxcountBegin+"\n\n"+md+s[j:]), 0o644)
}
