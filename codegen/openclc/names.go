package openclc

// This file turns LLVM names into C identifiers that cannot collide with
// each other, with OpenCL C keywords and types, or with the built-in
// functions and macros the generated code calls.

import (
	"regexp"
	"strconv"
	"strings"
)

// namer hands out unique C identifiers.
//
// Variables and labels are always "<hint>_<n>" with a number unique in the
// kernel: no OpenCL C keyword, type, built-in function or macro ends in an
// underscore and digits, so such a name can never shadow what the generated
// code calls (a Go variable named exp or max stays harmless). Kernel
// parameters keep their plain name where it is safe, for readable
// signatures (see param).
type namer struct {
	used map[string]bool
	n    int
}

func newNamer() *namer {
	return &namer{used: map[string]bool{
		// The hidden parameters' names are fixed (see param).
		"ka_gsize0": true, "ka_gsize1": true, "ka_gsize2": true,
	}}
}

// fresh returns a new identifier "<hint>_<n>" from an LLVM name, or from
// fallback where the LLVM name is empty or a number.
func (n *namer) fresh(llvmName, fallback string) string {
	hint := sanitize(llvmName)
	if hint == "" {
		hint = fallback
	}
	for {
		name := hint + "_" + strconv.Itoa(n.n)
		n.n++
		if !n.used[name] {
			n.used[name] = true
			return name
		}
	}
}

// param returns the identifier of a kernel parameter: its sanitized LLVM
// name, unless that is reserved in OpenCL C, looks like a macro, ends like
// the generated names or is taken, in which case fresh decides.
func (n *namer) param(llvmName string) string {
	hint := sanitize(llvmName)
	if n.used[hint] && strings.HasPrefix(llvmName, "ka.") {
		// A hidden parameter (%ka.gsize0 is ka_gsize0): its name is
		// reserved for it, and no Go name has a '.'.
		return hint
	}
	if hint == "" || reserved(hint) || generatedShape.MatchString(hint) || strings.HasPrefix(hint, "ka_") || n.used[hint] {
		return n.fresh(llvmName, "p")
	}
	n.used[hint] = true
	return hint
}

// generatedShape matches names of the fresh form, which params must avoid.
var generatedShape = regexp.MustCompile(`_[0-9]+$`)

// sanitize maps an LLVM name to identifier characters: anything but
// letters, digits and '_' becomes '_', runs of '_' collapse, leading and
// trailing '_' go (a leading "__" is reserved in OpenCL C), and a name that
// is empty or starts with a digit (LLVM's unnamed %0, %1, ...) gives "".
func sanitize(s string) string {
	var b strings.Builder
	prevUnderscore := true
	for _, r := range s {
		ok := r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9'
		if !ok || r == '_' {
			if !prevUnderscore {
				b.WriteByte('_')
			}
			prevUnderscore = true
			continue
		}
		b.WriteRune(r)
		prevUnderscore = false
	}
	out := strings.TrimRight(b.String(), "_")
	if out == "" || out[0] >= '0' && out[0] <= '9' {
		return ""
	}
	return out
}

// reserved reports whether a plain identifier must not name a parameter:
// a C99 or OpenCL C keyword, a type name, a built-in the generated code
// calls, or an all-caps name (the OpenCL C headers' macros are all caps,
// apart from the few listed).
func reserved(s string) bool {
	if strings.ToUpper(s) == s {
		return true
	}
	if vectorType.MatchString(s) {
		return true
	}
	return reservedWords[s]
}

// reservedKernel reports whether a kernel, which keeps its name, must not
// be called s: a keyword, type or built-in as for parameters, or a macro
// of OpenCL C 1.2 and its headers (limits, math constants, fences, and
// C's reserved _X and __x). Other all-caps names (K, SAXPY) are free: the
// kernel cannot be renamed as a variable can, so only the macros that
// exist are refused.
func reservedKernel(s string) bool {
	if vectorType.MatchString(s) || reservedWords[s] || macros[s] {
		return true
	}
	for _, p := range []string{"__", "CL_", "CLK_", "FLT_", "DBL_", "HALF_", "M_", "FP_"} {
		if strings.HasPrefix(s, p) {
			return true
		}
	}
	return len(s) > 1 && s[0] == '_' && s[1] >= 'A' && s[1] <= 'Z'
}

// macros are OpenCL C 1.2's predefined macros outside the prefixes of
// reservedKernel.
var macros = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`
		MAXFLOAT HUGE_VALF HUGE_VAL INFINITY NAN NULL
		CHAR_BIT CHAR_MAX CHAR_MIN INT_MAX INT_MIN LONG_MAX LONG_MIN
		SCHAR_MAX SCHAR_MIN SHRT_MAX SHRT_MIN UCHAR_MAX UINT_MAX ULONG_MAX USHRT_MAX
		FP_CONTRACT OPENCL EXTENSION
	`) {
		m[w] = true
	}
	return m
}()

var vectorType = regexp.MustCompile(`^(u?(char|short|int|long)|float|double|half|bool)(2|3|4|8|16)$`)

var reservedWords = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`
		auto break case char const continue default do double else enum extern
		float for goto if inline int long register restrict return short signed
		sizeof static struct switch typedef union unsigned void volatile while
		bool true false _Bool _Complex _Imaginary
		uchar ushort uint ulong half size_t ptrdiff_t intptr_t uintptr_t
		image1d_t image1d_array_t image1d_buffer_t image2d_t image2d_array_t image3d_t
		sampler_t event_t cl_mem_fence_flags
		global local constant private kernel read_only write_only read_write
		kernel_exec vec_step
		get_global_id get_local_id get_group_id get_local_size get_num_groups get_global_size
		get_work_dim get_global_offset barrier mem_fence printf
		atomic_add atomic_sub atomic_xchg atomic_min atomic_max atomic_and atomic_or atomic_xor
		atomic_cmpxchg atom_add atom_sub atom_xchg atom_min atom_max atom_and atom_or atom_xor
		atom_cmpxchg as_float as_double as_uint as_ulong as_int as_long
		isnan isordered isunordered islessgreater fmod
		sqrt exp exp2 log log2 log10 sin cos pow fabs fma floor ceil trunc round copysign
		tan asin acos atan atan2 sinh cosh tanh asinh acosh atanh cbrt hypot expm1 log1p
		fmin fmax min max
	`) {
		m[w] = true
	}
	return m
}()
