package codegen

// This file implements the compiler's diagnostics: positioned errors that
// name the kernel, collected in a list so that one run reports every
// unsupported construct instead of stopping at the first.

import (
	"fmt"
	"go/token"
	"sort"
	"strings"
)

// Error is one diagnostic: a position in the Go source, the kernel being
// compiled (empty for errors that concern the package) and a message.
type Error struct {
	Pos    token.Position
	Kernel string
	Msg    string
}

// Error formats the diagnostic as "file:line:col: kernel K: msg".
func (e *Error) Error() string {
	var b strings.Builder
	if e.Pos.IsValid() {
		b.WriteString(e.Pos.String())
		b.WriteString(": ")
	}
	if e.Kernel != "" {
		b.WriteString("kernel ")
		b.WriteString(e.Kernel)
		b.WriteString(": ")
	}
	b.WriteString(e.Msg)
	return b.String()
}

// ErrorList is every diagnostic of one compilation, sorted by position. It
// is the error type Compile returns.
type ErrorList []*Error

// Error prints one diagnostic per line.
func (l ErrorList) Error() string {
	lines := make([]string, len(l))
	for i, e := range l {
		lines[i] = e.Error()
	}
	return strings.Join(lines, "\n")
}

// Unwrap returns the diagnostics, so errors.As finds each *Error.
func (l ErrorList) Unwrap() []error {
	errs := make([]error, len(l))
	for i, e := range l {
		errs[i] = e
	}
	return errs
}

// sort orders the list by file, line and column, then by message, and
// drops exact duplicates (the same construct reached twice, for example
// through two calls of one helper).
func (l *ErrorList) sort() {
	s := *l
	sort.SliceStable(s, func(i, j int) bool {
		a, b := s[i], s[j]
		if a.Pos.Filename != b.Pos.Filename {
			return a.Pos.Filename < b.Pos.Filename
		}
		if a.Pos.Line != b.Pos.Line {
			return a.Pos.Line < b.Pos.Line
		}
		if a.Pos.Column != b.Pos.Column {
			return a.Pos.Column < b.Pos.Column
		}
		if a.Kernel != b.Kernel {
			return a.Kernel < b.Kernel
		}
		return a.Msg < b.Msg
	})
	out := s[:0]
	for i, e := range s {
		if i > 0 && *e == *s[i-1] {
			continue
		}
		out = append(out, e)
	}
	*l = out
}

// err returns the list as an error, or nil when it is empty.
func (l ErrorList) err() error {
	if len(l) == 0 {
		return nil
	}
	l.sort()
	return l
}

// unsupported is the message for a Go construct kernels cannot use, with
// what to write instead where insteadOf knows it.
func unsupported(construct string) string {
	msg := construct + " is not supported in kernels"
	for _, in := range insteadOf {
		if strings.HasPrefix(construct, in.construct) {
			if in.instead != "" {
				msg += " (instead: " + in.instead + ")"
			}
			break
		}
	}
	return msg
}

// insteadOf is what to write instead of the constructs kernels cannot use,
// by the start of the construct's name in the message, the first match
// counting: the "instead" column of docs/kernel-language.md's table ("Compile
// errors"), which TestInsteadMatchesDocs holds it to.
var insteadOf = []struct{ construct, instead string }{
	{"map", "slices indexed by key"},
	{"range over a string or map", "slices indexed by key, byte slices"},
	{"string", "byte slices"},
	{"interface", "concrete types, generics"},
	{"type assertion", "concrete types, generics"},
	{"closure", "top-level helper functions"},
	{"function value", "top-level helper functions"},
	{"call of a function value", "top-level helper functions"},
	{"go statement", "one work-item per task; barriers"},
	{"channel", "one work-item per task; barriers"},
	{"select", "one work-item per task; barriers"},
	{"defer", "early return"},
	{"recover", "early return"},
	{"this panic value", `the forms of "When a kernel fails"; a flag in an array`},
	{"panic in a kernel that uses barriers", `the forms of "When a kernel fails"; a flag in an array`},
	{"heap allocation", "buffers passed in, local arrays, loops"},
	{"append", "buffers passed in, local arrays, loops"},
	{"copy", "buffers passed in, local arrays, loops"},
	{"package-level variable", "parameters or constants"},
	{"complex number", "pairs of floats"},
	{"recursion", "loops"},
	{"goto into a loop", "break and continue, or a goto out of the loop"},
	{"atomic on a local variable", "an element of a slice or local array"},
	{"call of ", ""}, // its message says what kernels may call
}

// errorf records a diagnostic at pos for the kernel being compiled.
func (c *compiler) errorf(pos token.Pos, format string, args ...any) {
	if !pos.IsValid() {
		pos = c.pos
	}
	c.errs = append(c.errs, &Error{Pos: c.fset.Position(pos), Kernel: c.kernel.name, Msg: fmt.Sprintf(format, args...)})
}

// unsupportedAt records that construct is not supported, at pos.
// A construct is reported once per kernel, at its first use: one map
// used on three lines is one mistake.
func (c *compiler) unsupportedAt(pos token.Pos, construct string) {
	if c.reported == nil {
		c.reported = map[string]bool{}
	}
	if c.reported[construct] {
		return
	}
	c.reported[construct] = true
	c.errorf(pos, "%s", unsupported(construct))
}
