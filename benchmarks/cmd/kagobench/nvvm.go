package main

// The LLVM side of the -ptxcount mode: kago's portable IR (docs/ir.md)
// rewritten for NVPTX and compiled by opt -O3 and llc, and the CUDA C
// twins compiled by clang; ../shared/ptx-analysis/tonvvm.py is the
// original of toNVVM.

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
)

// The LLVM tools the -ptxcount mode runs, by the names Ubuntu's llvm-14
// and clang-15 packages install.
const (
	optTool   = "opt-14"
	llcTool   = "llc-14"
	clangTool = "clang-15"
)

// nvvmHeader is the data layout and triple of the NVPTX modules that
// toNVVM writes.
const nvvmHeader = `target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"
`

var (
	// A work-item query of the portable IR: "%v = call i64 @ka.fn(i32 d)".
	kaQueryRe   = regexp.MustCompile(`^\s*(%[\w.]+) = call i64 @ka\.(\w+)\(i32 (\d)\)\s*$`)
	kaBarrierRe = regexp.MustCompile(`^\s*call void @ka\.barrier\(\)\s*$`)
	kaDeclRe    = regexp.MustCompile(`^declare .* @ka\.`)
	kaCallRe    = regexp.MustCompile(`@ka\.\w+\(`)
)

// nvvmSreg maps the work-item queries that are one PTX special register
// to that register.
var nvvmSreg = map[string]string{"local_id": "tid", "group_size": "ntid", "group_id": "ctaid", "num_groups": "nctaid"}

// toNVVM rewrites kago's portable IR into an NVPTX module that llc
// accepts: the work-item queries become llvm.nvvm.read.ptx.sreg.*
// intrinsics (global_id their ctaid*ntid+tid, global_size the kernel's
// hidden %ka.gsizeN parameter), ka.barrier llvm.nvvm.barrier0,
// spir_kernel ptx_kernel, with NVPTX's data layout and triple. A call of
// any other ka.* function is an error.
func toNVVM(src string) (string, error) {
	const dims = "xyz"
	var out []string
	used := map[string]bool{}
	sreg := func(name string, d int) string {
		r := "llvm.nvvm.read.ptx.sreg." + name + "." + dims[d:d+1]
		used[r] = true
		return r
	}
	for _, line := range strings.Split(src, "\n") {
		if m := kaQueryRe.FindStringSubmatch(line); m != nil {
			v, fn, d := m[1], m[2], int(m[3][0]-'0')
			if d > 2 {
				return "", fmt.Errorf("toNVVM: dimension %d in %q", d, strings.TrimSpace(line))
			}
			t := "%t_" + v[1:]
			switch {
			case nvvmSreg[fn] != "":
				out = append(out,
					fmt.Sprintf("\t%s = call i32 @%s()", t, sreg(nvvmSreg[fn], d)),
					fmt.Sprintf("\t%s = zext i32 %s to i64", v, t))
			case fn == "global_id":
				for _, s := range []string{"ctaid", "ntid", "tid"} {
					out = append(out,
						fmt.Sprintf("\t%s_%s = call i32 @%s()", t, s, sreg(s, d)),
						fmt.Sprintf("\t%s_%s64 = zext i32 %s_%s to i64", t, s, t, s))
				}
				out = append(out,
					fmt.Sprintf("\t%s_m = mul nuw i64 %s_ctaid64, %s_ntid64", t, t, t),
					fmt.Sprintf("\t%s = add nuw i64 %s_m, %s_tid64", v, t, t))
			case fn == "global_size":
				out = append(out, fmt.Sprintf("\t%s = add i64 %%ka.gsize%d, 0", v, d))
			default:
				return "", fmt.Errorf("toNVVM: unknown work-item query ka.%s", fn)
			}
			continue
		}
		if kaBarrierRe.MatchString(line) {
			out = append(out, "\tcall void @llvm.nvvm.barrier0()")
			continue
		}
		if kaDeclRe.MatchString(line) {
			continue
		}
		if m := kaCallRe.FindString(line); m != "" {
			return "", fmt.Errorf("toNVVM: no NVVM form for %s...) in %q", m, strings.TrimSpace(line))
		}
		out = append(out, line)
	}
	var b strings.Builder
	b.WriteString(nvvmHeader)
	b.WriteString(strings.ReplaceAll(strings.Join(out, "\n"), "spir_kernel", "ptx_kernel"))
	b.WriteString("\ndeclare void @llvm.nvvm.barrier0()\n")
	rs := make([]string, 0, len(used))
	for r := range used {
		rs = append(rs, r)
	}
	slices.Sort(rs)
	for _, r := range rs {
		fmt.Fprintf(&b, "declare i32 @%s()\n", r)
	}
	return b.String(), nil
}

// missingTools returns why the tools cannot run ("opt-14 is not on
// PATH"), or "" when they all can.
func missingTools(tools ...string) string {
	var miss []string
	for _, t := range tools {
		if _, err := exec.LookPath(t); err != nil {
			miss = append(miss, t)
		}
	}
	switch len(miss) {
	case 0:
		return ""
	case 1:
		return miss[0] + " is not on PATH"
	}
	return strings.Join(miss, ", ") + " are not on PATH"
}

// runTool runs a tool, its standard error in the error when it fails.
func runTool(name string, args ...string) error {
	cmd := exec.Command(name, args...)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("%s %s: %w\n%s", name, strings.Join(args, " "), err, stderr.String())
	}
	return nil
}

// optLLC compiles kago's portable IR for NVPTX as LLVM would: toNVVM, then
// opt-14 -O3 and llc-14 -march=nvptx64 -mcpu=sm_80 -O3. It returns the
// PTX.
func optLLC(portable string) ([]byte, error) {
	if why := missingTools(optTool, llcTool); why != "" {
		return nil, errors.New(why)
	}
	nvvm, err := toNVVM(portable)
	if err != nil {
		return nil, err
	}
	dir, err := os.MkdirTemp("", "kagobench-ptxcount")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	in, opt, ptx := filepath.Join(dir, "k.nvvm.ll"), filepath.Join(dir, "k.opt.ll"), filepath.Join(dir, "k.ptx")
	if err := os.WriteFile(in, []byte(nvvm), 0o644); err != nil {
		return nil, err
	}
	if err := runTool(optTool, "-O3", "-S", in, "-o", opt); err != nil {
		return nil, err
	}
	if err := runTool(llcTool, "-march=nvptx64", "-mcpu=sm_80", "-O3", opt, "-o", ptx); err != nil {
		return nil, err
	}
	return os.ReadFile(ptx)
}

// clangTwins compiles benchmarks/twins/cuda/twins.cu (root is the
// repository's root) to PTX with clang-15, without the CUDA SDK: its
// builtins come from cudashim.h beside it, and -ffp-contract=off keeps
// a*b+c two roundings, as kago's code and nvcc -fmad=false.
func clangTwins(root string) ([]byte, error) {
	if why := missingTools(clangTool); why != "" {
		return nil, errors.New(why)
	}
	dir := filepath.Join(root, "benchmarks", "twins", "cuda")
	tmp, err := os.MkdirTemp("", "kagobench-ptxcount")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	ptx := filepath.Join(tmp, "twins.ptx")
	if err := runTool(clangTool, "-x", "cuda", "--cuda-device-only", "--cuda-gpu-arch=sm_80", "-nocudainc", "-nocudalib",
		"-include", filepath.Join(dir, "cudashim.h"), "-O3", "-ffp-contract=off", "-S",
		filepath.Join(dir, "twins.cu"), "-o", ptx); err != nil {
		return nil, err
	}
	return os.ReadFile(ptx)
}

// repoRoot returns the root of the kago repository: the nearest
// directory, from the working directory up, whose go.mod is kago's.
func repoRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		b, err := os.ReadFile(filepath.Join(dir, "go.mod"))
		if err == nil && regexp.MustCompile(`(?m)^module github\.com/kago-dev/kago\s*$`).Match(b) {
			return dir, nil
		}
		up := filepath.Dir(dir)
		if up == dir {
			return "", errors.New("kagobench: not inside the kago repository (no go.mod of github.com/kago-dev/kago above the working directory)")
		}
		dir = up
	}
}
