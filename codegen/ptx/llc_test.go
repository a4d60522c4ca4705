package ptx

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// llcModule turns a portable module's text into one llc's NVPTX back end
// accepts: NVPTX triple and data layout, ptx_kernel, and every intrinsic
// that llc cannot lower (ka.*, and llvm.* math) renamed to an external
// function, which llc emits as an .extern .func call. Entry points, parameters and .shared arrays are what
// the comparison looks at; the code itself differs by design. The subgroup
// shuffle and ballot become NVVM's own intrinsics (subgroupNVVM), so that
// llc's warp instructions can be compared with kago's.
func llcModule(src string) string {
	src = strings.ReplaceAll(src, "spir_kernel", "ptx_kernel")
	for _, r := range subgroupNVVM {
		src = r.re.ReplaceAllString(src, r.with)
	}
	// Intrinsics llc cannot select become external functions.
	src = regexp.MustCompile(`@llvm\.(\w+)\.(f32|f64)\b`).ReplaceAllString(src, "@kamath_${1}_${2}")
	src = regexp.MustCompile(`@ka\.(math\.)?(\w+)`).ReplaceAllStringFunc(src, func(s string) string {
		if strings.HasPrefix(s, "@ka.local.") {
			return s
		}
		return "@ka_" + strings.ReplaceAll(strings.TrimPrefix(s, "@ka."), ".", "_")
	})
	return "target datalayout = \"e-i64:64-i128:128-v16:16-v32:32-n16:32:64\"\n" +
		"target triple = \"nvptx64-nvidia-cuda\"\n\n" + src
}

// subgroupNVVM rewrites the subgroup shuffle and ballot as the NVVM
// intrinsics that CUDA's __shfl_sync and __ballot_sync are, with a full
// membermask: llc then lowers them to the same shfl.sync.idx and
// vote.sync.ballot that codegen/ptx writes (with the warp's own mask).
// The size, id and lane queries stay external functions.
var subgroupNVVM = []struct {
	re   *regexp.Regexp
	with string
}{
	{regexp.MustCompile(`declare i32 @ka\.subgroup_shuffle\(i32, i32\)`), "declare i32 @llvm.nvvm.shfl.sync.idx.i32(i32, i32, i32, i32)"},
	{regexp.MustCompile(`@ka\.subgroup_shuffle\((i32 [^,]+), (i32 [^)]+)\)`), "@llvm.nvvm.shfl.sync.idx.i32(i32 -1, $1, $2, i32 31)"},
	{regexp.MustCompile(`declare i32 @ka\.subgroup_ballot\(i1\)`), "declare i32 @llvm.nvvm.vote.ballot.sync(i32, i1)"},
	{regexp.MustCompile(`@ka\.subgroup_ballot\((i1 [^)]+)\)`), "@llvm.nvvm.vote.ballot.sync(i32 -1, $1)"},
}

// ptxShape is what must agree between two PTX texts of one kernel.
type ptxShape struct {
	entries []string            // entry names
	params  map[string][]string // entry -> parameter sizes/kinds ("4f", "8i", ...)
	shared  []string            // .shared array sizes in bytes
	// warp lists the warp instructions in order: the opcode, its operand
	// count and, for shfl.sync, the clamp and segment mask operand c.
	warp []string
}

var (
	entryRE  = regexp.MustCompile(`\.visible \.entry (\w+)\(([^)]*)\)`)
	paramRE  = regexp.MustCompile(`\.param \.([a-z]+)(\d+) `)
	sharedRE = regexp.MustCompile(`\.shared \.align \d+ \.b8 [\w$]+\[(\d+)\]`)
	warpRE   = regexp.MustCompile(`\b((?:shfl|vote)\.sync\.[\w.]+)\s+([^;]*);`)
)

func shapeOf(ptx string) ptxShape {
	s := ptxShape{params: map[string][]string{}}
	for _, m := range entryRE.FindAllStringSubmatch(ptx, -1) {
		s.entries = append(s.entries, m[1])
		for _, p := range paramRE.FindAllStringSubmatch(m[2], -1) {
			kind := "i"
			if p[1] == "f" {
				kind = "f"
			}
			s.params[m[1]] = append(s.params[m[1]], p[2]+kind)
		}
	}
	for _, m := range sharedRE.FindAllStringSubmatch(ptx, -1) {
		s.shared = append(s.shared, m[1])
	}
	sort.Strings(s.shared)
	for _, m := range warpRE.FindAllStringSubmatch(ptx, -1) {
		ops := strings.Split(m[2], ",")
		w := fmt.Sprintf("%s/%d", m[1], len(ops))
		if strings.HasPrefix(m[1], "shfl.") && len(ops) == 5 {
			w += " c=" + strings.TrimSpace(ops[3])
		}
		s.warp = append(s.warp, w)
	}
	return s
}

// TestLLCReference compiles each testdata kernel with LLVM's own NVPTX back
// end (`llc -march=nvptx64 -mcpu=sm_80`) and checks that kago's PTX has the
// same entry points, the same parameters (count, width, int/float) and the
// same .shared sizes, and the same warp instructions (subgroupNVVM).
// Skips when llc is absent.
func TestLLCReference(t *testing.T) {
	llc, err := exec.LookPath("llc")
	if err != nil {
		t.Skip("llc not found: the NVPTX reference comparison needs LLVM's llc")
	}
	dir := t.TempDir()
	for _, path := range kernels(t) {
		name := strings.TrimSuffix(filepath.Base(path), ".ll")
		t.Run(name, func(t *testing.T) {
			src, err := os.ReadFile(path)
			require.NoError(t, err)
			in := filepath.Join(dir, name+".ll")
			out := filepath.Join(dir, name+".ptx")
			require.NoError(t, os.WriteFile(in, []byte(llcModule(string(src))), 0o644))
			msg, err := exec.Command(llc, "-march=nvptx64", "-mcpu=sm_80", "-o", out, in).CombinedOutput()
			require.NoError(t, err, "llc:\n%s", msg)
			ref, err := os.ReadFile(out)
			require.NoError(t, err)
			ours, err := Emit(parse(t, path), Options{})
			require.NoError(t, err)
			want, got := shapeOf(string(ref)), shapeOf(string(ours))
			require.Len(t, want.entries, 1, "llc's entries")
			require.Equal(t, strings.Join(want.entries, ","), strings.Join(got.entries, ","), "entries: llc's, then kago's")
			e := want.entries[0]
			assert.Equal(t, strings.Join(want.params[e], " "), strings.Join(got.params[e], " "), "parameters of %s: llc's, then kago's", e)
			assert.Equal(t, strings.Join(want.shared, " "), strings.Join(got.shared, " "), ".shared sizes: llc's, then kago's")
			assert.Equal(t, strings.Join(want.warp, "; "), strings.Join(got.warp, "; "), "warp instructions: llc's, then kago's")
		})
	}
}
