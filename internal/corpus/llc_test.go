package corpus

// The independent cross-check of the PTX path: the portable IR of every
// corpus kernel also goes through LLVM's own NVPTX back end (llc, as
// codegen/ptx's TestLLCReference runs it), and llc's PTX runs on the same
// simulated CUDA driver. kago's PTX, llc's PTX and the native backend must
// agree; a misreading of the PTX ISA shared by codegen/ptx and
// internal/ptxsim would make kago's route agree with native while llc's
// (which does not share it) disagrees.
//
// What of llc's output this covers: its own lowering of everything except
// the calls it cannot select, which are renamed to external functions as
// in TestLLCReference and provided here in Go: kago's work-item intrinsics
// (ka_global_id ...; ka_barrier is a barrier) and the transcendental math
// functions (kamath_sin_f64 ..., Go's math package, so llc's route checks
// kago's math library not at all; the corpus bounds hold for it too).
// sqrt, fabs, floor, ceil, trunc, fma and copysign stay LLVM intrinsics,
// which llc lowers itself. Its PTX parses in full (call sequences, .param
// blocks, its register classes); a kernel whose llc PTX the simulator
// could not parse would be skipped with the reason in the log.

import (
	"encoding/binary"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kago-dev/kago/backends/cuda/cudasim"
	"github.com/kago-dev/kago/codegen"
	"github.com/kago-dev/kago/internal/ptxsim"
	"github.com/kago-dev/kago/ka"
	"github.com/kago-dev/kago/ka/driver"
)

func init() { ka.Register("cuda-sim-llc", llcBackend{}) }

// llcBackend is the simulated CUDA driver's device with Load taking the
// kernel's PTX from llc.
type llcBackend struct{}

func (llcBackend) Probe() ([]driver.DeviceInfo, error) { return cudasim.Backend.Probe() }

func (llcBackend) Open(i int) (driver.Device, error) {
	d, err := cudasim.Backend.Open(i)
	if err != nil {
		return nil, err
	}
	return &llcDevice{Device: d, specs: map[*driver.KernelSpec]*driver.KernelSpec{}}, nil
}

type llcDevice struct {
	driver.Device
	mu    sync.Mutex
	specs map[*driver.KernelSpec]*driver.KernelSpec // kago's spec -> the same with llc's PTX
}

func (d *llcDevice) Load(spec *driver.KernelSpec) (driver.Function, error) {
	d.mu.Lock()
	s, ok := d.specs[spec]
	if !ok {
		k, found := llc.kernels[spec.Entry]
		if !found {
			d.mu.Unlock()
			return nil, fmt.Errorf("no llc PTX for %s", spec.Entry)
		}
		c := *spec
		c.Code = driver.CodeMap{driver.PTX: k.ptx}
		s = &c
		d.specs[spec] = s
	}
	d.mu.Unlock()
	return d.Device.Load(s)
}

// llcKernel is one kernel's PTX from llc, or why there is none.
type llcKernel struct {
	ptx   []byte
	err   error // llc failed, or ptxsim cannot parse its PTX
	gsize [3]int
}

var llc struct {
	once    sync.Once
	err     error
	kernels map[string]*llcKernel // by entry
}

// llcCompile compiles the corpus package's kernels to IR and each IR to
// PTX with llc, once.
func llcCompile(t *testing.T, llcPath string) {
	llc.once.Do(func() {
		p, err := codegen.Load(codegen.Config{}, ".")
		if err != nil {
			llc.err = err
			return
		}
		ks, err := p.Compile()
		if err != nil {
			llc.err = err
			return
		}
		dir, err := os.MkdirTemp("", "kago-llc")
		if err != nil {
			llc.err = err
			return
		}
		defer os.RemoveAll(dir)
		llc.kernels = map[string]*llcKernel{}
		for _, k := range ks {
			lk := &llcKernel{gsize: [3]int{-1, -1, -1}}
			llc.kernels[k.Entry] = lk
			for i, dp := range k.DeviceParams {
				if dp.Kind == driver.ParamGlobalSize {
					lk.gsize[dp.Dim] = i
				}
				if dp.Kind == driver.ParamLocalBuffer && lk.err == nil {
					lk.err = fmt.Errorf("a ka.Local parameter: kago's PTX takes an offset in its .extern .shared memory, llc's a .shared pointer")
				}
			}
			if lk.err != nil {
				continue
			}
			in, out := filepath.Join(dir, k.Entry+".ll"), filepath.Join(dir, k.Entry+".ptx")
			if lk.err = os.WriteFile(in, []byte(llcModule(k.Module.String())), 0o644); lk.err != nil {
				continue
			}
			if msg, err := exec.Command(llcPath, "-march=nvptx64", "-mcpu=sm_80", "-o", out, in).CombinedOutput(); err != nil {
				lk.err = fmt.Errorf("llc: %v\n%s", err, msg)
				continue
			}
			if lk.ptx, lk.err = os.ReadFile(out); lk.err != nil {
				continue
			}
			_, lk.err = ptxsim.Parse(string(lk.ptx))
		}
	})
	require.NoError(t, llc.err)
}

// llcNative are the LLVM math intrinsics that llc lowers itself.
var llcNative = map[string]bool{"sqrt": true, "fabs": true, "floor": true, "ceil": true, "trunc": true, "fma": true, "copysign": true}

var (
	llvmMathRE = regexp.MustCompile(`@llvm\.(\w+)\.(f32|f64)\b`)
	kaRE       = regexp.MustCompile(`@ka\.(math\.)?(\w+)(\.(f32|f64))?`)
)

// llcModule turns portable IR into a module llc's NVPTX back end takes
// (see codegen/ptx's llcModule): NVPTX triple and data layout,
// ptx_kernel, and the calls it cannot select renamed to external functions.
func llcModule(src string) string {
	src = strings.ReplaceAll(src, "spir_kernel", "ptx_kernel")
	src = llvmMathRE.ReplaceAllStringFunc(src, func(s string) string {
		m := llvmMathRE.FindStringSubmatch(s)
		if llcNative[m[1]] {
			return s
		}
		return "@kamath_" + m[1] + "_" + m[2]
	})
	src = kaRE.ReplaceAllStringFunc(src, func(s string) string {
		if strings.HasPrefix(s, "@ka.local.") {
			return s
		}
		m := kaRE.FindStringSubmatch(s)
		if m[1] != "" {
			return "@kamath_" + m[2] + "_" + m[4]
		}
		return "@ka_" + m[2]
	})
	return "target datalayout = \"e-i64:64-i128:128-v16:16-v32:32-n16:32:64\"\n" +
		"target triple = \"nvptx64-nvidia-cuda\"\n\n" + src
}

// llcExterns are the functions llc's PTX calls.
func llcExterns() map[string]ptxsim.Extern {
	dim := func(c *ptxsim.Call) int { return int(binary.LittleEndian.Uint32(c.Args[0])) % 3 }
	ret64 := func(c *ptxsim.Call, v uint64) { binary.LittleEndian.PutUint64(c.Results[0], v) }
	fns := map[string]ptxsim.Extern{
		"ka_barrier":    func(c *ptxsim.Call) error { c.Barrier = true; return nil },
		"ka_local_id":   func(c *ptxsim.Call) error { ret64(c, uint64(c.Tid[dim(c)])); return nil },
		"ka_group_id":   func(c *ptxsim.Call) error { ret64(c, uint64(c.Ctaid[dim(c)])); return nil },
		"ka_group_size": func(c *ptxsim.Call) error { ret64(c, uint64(c.Ntid[dim(c)])); return nil },
		"ka_num_groups": func(c *ptxsim.Call) error { ret64(c, uint64(c.Nctaid[dim(c)])); return nil },
		"ka_global_id": func(c *ptxsim.Call) error {
			d := dim(c)
			ret64(c, uint64(c.Ctaid[d])*uint64(c.Ntid[d])+uint64(c.Tid[d]))
			return nil
		},
		"ka_global_size": globalSize,
	}
	one := map[string]func(float64) float64{"sin": math.Sin, "cos": math.Cos, "tan": math.Tan, "exp": math.Exp, "exp2": math.Exp2,
		"expm1": math.Expm1, "log": math.Log, "log2": math.Log2, "log10": math.Log10, "log1p": math.Log1p, "asin": math.Asin,
		"acos": math.Acos, "atan": math.Atan, "sinh": math.Sinh, "cosh": math.Cosh, "tanh": math.Tanh, "asinh": math.Asinh,
		"acosh": math.Acosh, "atanh": math.Atanh, "cbrt": math.Cbrt, "round": math.Round, "rint": math.RoundToEven}
	two := map[string]func(float64, float64) float64{"pow": math.Pow, "atan2": math.Atan2, "hypot": math.Hypot,
		"minimum": math.Min, "maximum": math.Max}
	arg := func(b []byte) float64 {
		if len(b) == 4 {
			return float64(math.Float32frombits(binary.LittleEndian.Uint32(b)))
		}
		return math.Float64frombits(binary.LittleEndian.Uint64(b))
	}
	put := func(b []byte, v float64) {
		if len(b) == 4 {
			binary.LittleEndian.PutUint32(b, math.Float32bits(float32(v)))
			return
		}
		binary.LittleEndian.PutUint64(b, math.Float64bits(v))
	}
	for _, ty := range []string{"f32", "f64"} {
		for name, f := range one {
			fns["kamath_"+name+"_"+ty] = func(c *ptxsim.Call) error { put(c.Results[0], f(arg(c.Args[0]))); return nil }
		}
		for name, f := range two {
			fns["kamath_"+name+"_"+ty] = func(c *ptxsim.Call) error {
				put(c.Results[0], f(arg(c.Args[0]), arg(c.Args[1])))
				return nil
			}
		}
	}
	return fns
}

// globalSize reads the launch's global size from the kernel's hidden
// parameter, as kago's PTX does.
func globalSize(c *ptxsim.Call) error {
	d := int(binary.LittleEndian.Uint32(c.Args[0])) % 3
	k := llc.kernels[c.Kernel.Name]
	if k == nil || k.gsize[d] < 0 || k.gsize[d] >= len(c.Kernel.Params) {
		return fmt.Errorf("no global size parameter %d for %s", d, c.Kernel.Name)
	}
	p := c.Kernel.Params[k.gsize[d]]
	binary.LittleEndian.PutUint64(c.Results[0], binary.LittleEndian.Uint64(c.Params[p.Offset:]))
	return nil
}

func TestCorpusNativeVsLLCPTX(t *testing.T) {
	path, err := exec.LookPath("llc")
	if err != nil {
		t.Skip("llc not found: the cross-check needs LLVM's llc (Debian package llvm-14)")
	}
	llcCompile(t, path)
	cudasim.Default.SetExterns(llcExterns())
	defer cudasim.Default.SetExterns(nil)
	var run []corpusCase
	for _, c := range cases {
		entry := strings.NewReplacer("[", "_", "]", "").Replace(c.name)
		k := llc.kernels[entry]
		switch {
		case k == nil:
			assert.Fail(t, "no kernel in the compiled corpus", "%s: no kernel %s", c.name, entry)
		case k.err != nil:
			t.Logf("%s: skipped, llc's PTX does not run on ptxsim: %v", c.name, k.err)
		default:
			run = append(run, c)
		}
	}
	t.Logf("%d of %d corpus cases run from llc's PTX", len(run), len(cases))
	native, err := runCases(t, "native", run)
	require.NoError(t, err)
	other, err := runCases(t, "cuda-sim-llc", run)
	require.NoError(t, err)
	for _, c := range run {
		if !assert.Equal(t, len(native[c.name]), len(other[c.name]), "%s: outputs on native, then from llc's PTX", c.name) {
			continue
		}
		for i := range native[c.name] {
			err := compare(native[c.name][i], other[c.name][i], c.ulp)
			why, known := llcWrong[fmt.Sprintf("%s/%d", c.name, i)]
			switch {
			case err != nil && known:
				t.Logf("%s, output %d: llc's PTX differs, as known: %s (%v)", c.name, i, why, err)
			case err != nil:
				assert.NoError(t, err, "%s, output %d: native vs llc's PTX", c.name, i)
			case known:
				t.Logf("%s, output %d: llc's PTX agrees here (another LLVM?); llcWrong may be out of date", c.name, i)
			}
		}
	}
}

// llcWrong are the outputs where llc's PTX is wrong by the PTX ISA, which
// the simulator follows.
var llcWrong = map[string]string{
	// i[1] &= ^(1 << (x % 63)): LLVM turns it into a rotate of -2 by
	// x + x/63 (equal to x % 63 modulo 64), which NVPTX (LLVM 14) lowers
	// to shl.b64 and shr.b64 by that amount and 64 minus it, unreduced.
	// PTX clamps shift amounts to the width, so for amounts of 64 or more
	// both halves are 0 and the mask is 0 instead of a rotation. kago's
	// PTX computes the remainder and shifts by it.
	"BitAtomics/1": "LLVM 14's NVPTX lowering of a 64-bit rotate by an unreduced amount",
	// math.Mod is frem, which NVPTX (LLVM 14) lowers as x - trunc(x/y)*y:
	// NaN for an infinite y (fmod gives x) and inexact for large
	// quotients. kago's PTX computes the exact remainder (codegen/ptx/frem.go).
	"MathExact/0": "LLVM 14's NVPTX lowering of frem (x - trunc(x/y)*y, not fmod)",
}

// runCases is runAll for some of the cases.
func runCases(t *testing.T, backend string, cs []corpusCase) (map[string][]any, error) {
	dev, err := ka.Open(backend)
	if err != nil {
		return nil, err
	}
	defer dev.Close()
	res := map[string][]any{}
	for _, c := range cs {
		h := &harness{t: t, ctx: t.Context(), dev: dev}
		c.run(h)
		for _, o := range h.outs {
			res[c.name] = append(res[c.name], o())
		}
	}
	return res, nil
}
